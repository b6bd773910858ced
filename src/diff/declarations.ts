import { byText } from "../model/order.js";
import { typeOf } from "../model/shapes.js";
import type { Declaration } from "../model/types.js";
import type { TypeFinding } from "./findings.js";
import { unframed, type Reframing } from "./framing.js";
import { compareTypes, deprecationFinding } from "./shapes.js";
import { code } from "./text.js";
import { sameShape } from "./values.js";
import { wireShape, type Revision } from "./wire.js";

/** A declaration that disappeared while one of the same structure appeared under another name. */
export interface Rename {
  from: string;
  to: string;
}

/**
 * Renames: each removed declaration pairs with an added one of strictly the same shape; among
 * several, the one whose name shares the longest prefix and suffix with it, then in code-unit order.
 */
export function findRenames(before: Revision, after: Revision): Rename[] {
  const removed = [...before.decls.keys()].filter((n) => !after.decls.has(n)).sort(byText);
  const added = new Set([...after.decls.keys()].filter((n) => !before.decls.has(n)));
  const renames: Rename[] = [];
  for (const from of removed) {
    const shape = { node: typeOf(before.decls.get(from)!, before.decls), decls: before.decls };
    const candidates = [...added].filter((to) => sameShape(shape, { node: typeOf(after.decls.get(to)!, after.decls), decls: after.decls }));
    candidates.sort((a, b) => similarity(from, b) - similarity(from, a) || byText(a, b));
    if (!candidates.length) continue;
    renames.push({ from, to: candidates[0]! });
    added.delete(candidates[0]!);
  }
  return renames;
}

function similarity(a: string, b: string): number {
  let prefix = 0;
  while (prefix < Math.min(a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < Math.min(a.length, b.length) - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return prefix + suffix;
}

/**
 * Every finding in every declaration: compared by name, added, removed (renames excluded). A
 * message whose envelope came or went with its move is compared without the envelope's keys.
 */
export function declarationFindings(before: Revision, after: Revision, renames: Rename[], reframed: Map<string, Reframing> = new Map()): TypeFinding[] {
  const renamed = new Set(renames.flatMap((r) => [r.from, r.to]));
  const findings: TypeFinding[] = [];
  for (const [name, a] of before.decls) {
    const b = after.decls.get(name);
    if (b) findings.push(...compareDeclaration(a, b, before, after, reframed.get(name)).map((f) => ({ ...f, type: name })));
    else if (!renamed.has(name)) findings.push(typeNote("type-removed", name, a));
  }
  for (const [name, b] of after.decls) if (!before.decls.has(name) && !renamed.has(name)) findings.push(typeNote("type-added", name, b));
  return findings;
}

function typeNote(kind: "type-added" | "type-removed", name: string, declaration: Declaration): TypeFinding {
  const added = kind === "type-added";
  const reason = added ? "a new declaration; any wire change it brings is reported where it is used" : "code that names it must change; any wire change is reported where it was used";
  return { type: name, kind, path: "", summary: `type ${code(name)} ${added ? "added" : "removed"}`, ...(added ? { after: declaration.kind } : { before: declaration.kind }), effect: "type", reason };
}

function compareDeclaration(a: Declaration, b: Declaration, before: Revision, after: Revision, reframing: Reframing | undefined) {
  const cx = { before: before.decls, after: after.decls, out: [] as Omit<TypeFinding, "type">[], active: new Set<string>() };
  const deprecation = deprecationFinding("type", a.doc.deprecated, b.doc.deprecated);
  if (deprecation) cx.out.push(deprecation);
  compareTypes(cx, "", unframed(wireShape(a.name, before), reframing, "before"), unframed(wireShape(b.name, after), reframing, "after"), true);
  return cx.out;
}
