// Mutual recursion, on purpose (as in shapes.ts): comparing a union compares its paired members
// through shapes.ts (compareUnion -> compareTypes), which compares a nested union through this file.
import type { TypeNode } from "../model/types.js";
import { REASONS, type Compare, type Effect, type Finding, type MemberChange } from "./findings.js";
import { compareTypes } from "./shapes.js";
import { code, typeText } from "./text.js";
import { admits, equivalent, objectShape, resolve, unionLeaves, type Decls, type Typed } from "./values.js";

interface Pairing {
  pairs: Array<[TypeNode, TypeNode]>;
  removed: TypeNode[];
  added: TypeNode[];
}

/**
 * Two unions (or a union and a single type), member by member. Unions written through aliases
 * are spread out first, so `A | B` → `Blocks` (= `A | B | C`) is "added `C`". Members pair up by
 * name, by the values they admit, as a renamed replacement, by a shared tag, or as the only
 * candidate left; paired members are compared in depth. Members whose values the other side
 * still admits (a literal added beside `string`) change no message: alone, a type-level note.
 */
export function compareUnion(cx: Compare, path: string, a: TypeNode, b: TypeNode, declaration: boolean): void {
  const pairing = pairMembers(unionLeaves(a, cx.before), unionLeaves(b, cx.after), cx);
  const subject = declaration ? "union members" : path ? `type of ${code(path)}` : "type";
  for (const [x, y] of pairing.pairs) {
    if (x.kind === "ref" && y.kind === "ref" && x.name !== y.name) replaced(cx, path, subject, x, y);
    else compareTypes(cx, path, x, y);
  }
  if (!pairing.added.length && !pairing.removed.length) return;
  const whole = { before: { node: a, decls: cx.before }, after: { node: b, decls: cx.after } };
  const removed = pairing.removed.filter((m) => !admits(whole.after, { node: m, decls: cx.before }));
  const added = pairing.added.filter((m) => !admits(whole.before, { node: m, decls: cx.after }));
  const isLiteral = (decls: Decls) => (m: TypeNode) => resolve(m, decls).kind === "literal";
  const literal = unionLeaves(a, cx.before).every(isLiteral(cx.before)) && unionLeaves(b, cx.after).every(isLiteral(cx.after));
  const noun = literal ? "values" : "members";
  const listed = literal ? (path ? `values of ${code(path)}` : "values") : subject;
  const kind = literal ? "property-values" : "union-members";
  const respelled = { added: pairing.added.filter((m) => !added.includes(m)).map(typeText), removed: pairing.removed.filter((m) => !removed.includes(m)).map(typeText) };
  const members: MemberChange = { added: added.map(typeText), removed: removed.map(typeText), respelled, noun };
  cx.out.push({ kind, path, ...unionChange(listed, members), before: typeText(a), after: typeText(b), members });
}

/**
 * A member replaced by a differently named one (`JSONRPCError` → `JSONRPCErrorResponse`): one
 * finding, judged by which of the two admits the other's values. Renamed without change, it is
 * not reported here (the rename is).
 */
function replaced(cx: Compare, path: string, subject: string, x: TypeNode, y: TypeNode): void {
  const [old, now] = [{ node: x, decls: cx.before }, { node: y, decls: cx.after }];
  const [wider, narrower] = [admits(now, old), admits(old, now)];
  if (wider && narrower) return;
  const [verb, effect, reason]: [string, Effect, string] = wider
    ? ["widened", "receivers", REASONS.wider]
    : narrower
      ? ["narrowed", "senders", REASONS.narrower]
      : ["changed", "both", REASONS.incompatible];
  cx.out.push({ kind: "union-members", path, summary: `${subject}: ${code(typeText(x))} replaced by ${code(typeText(y))}, ${verb}`, before: typeText(x), after: typeText(y), effect, reason });
}

function memberText(members: MemberChange): string {
  const list = (verb: string, names: string[]) => (names.length ? `${verb} ${names.map(code).join(", ")}` : "");
  const wire = [list("added", members.added), list("removed", members.removed)].filter(Boolean).join("; ");
  const same = [list("added", members.respelled.added), list("removed", members.respelled.removed)].filter(Boolean).join(", ");
  if (!same) return wire;
  return wire ? `${wire}; also ${same} (values already admitted)` : `${same} (values already admitted)`;
}

/** Summary, effect and reason of a union-member change: added breaks receivers, removed breaks senders. */
export function unionChange(subject: string, members: MemberChange): Pick<Finding, "summary" | "effect" | "reason"> {
  const summary = `${subject}: ${memberText(members)}`;
  const [effect, reason]: [Effect, string] =
    members.added.length && members.removed.length
      ? ["both", `${members.noun} added and removed: both sides must adapt`]
      : members.added.length
        ? ["receivers", `${REASONS.added} ${members.noun}`]
        : members.removed.length
          ? ["senders", `${REASONS.removed} ${members.noun}`]
          : ["type", REASONS.subsumed];
  return { summary, effect, reason };
}

export function hasMembers(members: MemberChange): boolean {
  return !!(members.added.length || members.removed.length || members.respelled.added.length || members.respelled.removed.length);
}

function pairMembers(before: TypeNode[], after: TypeNode[], cx: Compare): Pairing {
  const left = [...before];
  const right = [...after];
  const pairs: Array<[TypeNode, TypeNode]> = [];
  const take = (match: (x: TypeNode, y: TypeNode) => boolean, score?: (x: TypeNode, y: TypeNode) => number) => {
    for (const x of [...left]) {
      let candidates = right.filter((y) => match(x, y));
      if (candidates.length > 1 && score) {
        const best = Math.max(...candidates.map((y) => score(x, y)));
        candidates = candidates.filter((y) => score(x, y) === best);
      }
      if (candidates.length !== 1) continue;
      pairs.push([x, candidates[0]!]);
      left.splice(left.indexOf(x), 1);
      right.splice(right.indexOf(candidates[0]!), 1);
    }
  };
  const typed = (node: TypeNode, decls: Decls): Typed => ({ node, decls });
  const sameKind = (x: TypeNode, y: TypeNode) => kindOf(resolve(x, cx.before)) === kindOf(resolve(y, cx.after)) && kindOf(resolve(x, cx.before)) !== "literal";
  const wider = (x: TypeNode, y: TypeNode) => sameKind(x, y) && (admits(typed(y, cx.after), typed(x, cx.before)) || admits(typed(x, cx.before), typed(y, cx.after)));
  // Members named on both sides are different types unless they share the name or the shape,
  // or one replaces the other (its name is gone, the other's is new); only then, or when a
  // member is written inline, are differently shaped members compared in depth.
  const inline = (x: TypeNode, y: TypeNode) => x.kind !== "ref" || y.kind !== "ref";
  const replacement = (x: TypeNode, y: TypeNode) => x.kind === "ref" && y.kind === "ref" && !cx.after.has(x.name) && !cx.before.has(y.name);
  const overlap = (x: TypeNode, y: TypeNode) => sharedNames(x, y, cx);
  take((x, y) => x.kind === "ref" && y.kind === "ref" && x.name === y.name);
  take((x, y) => equivalent(typed(x, cx.before), typed(y, cx.after)), overlap);
  take((x, y) => replacement(x, y) && wider(x, y), overlap);
  take((x, y) => inline(x, y) && sharedTag(x, y, before, after, cx));
  take((x, y) => inline(x, y) && wider(x, y), overlap);
  take((x, y) => inline(x, y) && sameKind(x, y) && onlyOfKind(x, left, cx.before) && onlyOfKind(y, right, cx.after));
  return { pairs, removed: left, added: right };
}

/** How many property names two object members share (to choose among equally good partners). */
function sharedNames(x: TypeNode, y: TypeNode, cx: Compare): number {
  const [a, b] = [objectShape(resolve(x, cx.before)), objectShape(resolve(y, cx.after))];
  if (!a || !b) return 0;
  const names = new Set(b.properties.map((p) => p.name));
  return a.properties.filter((p) => names.has(p.name)).length;
}

function kindOf(node: TypeNode): string {
  return objectShape(node) ? "object" : node.kind;
}

function onlyOfKind(member: TypeNode, members: TypeNode[], decls: Decls): boolean {
  const kind = kindOf(resolve(member, decls));
  return members.filter((m) => kindOf(resolve(m, decls)) === kind).length === 1;
}

/** The literal tags of an object member: required properties with one literal value. */
function tagsOf(member: TypeNode, decls: Decls): Map<string, unknown> {
  const shape = objectShape(resolve(member, decls));
  const tags = new Map<string, unknown>();
  for (const p of shape?.properties ?? []) {
    const value = resolve(p.type, decls);
    if (!p.optional && value.kind === "literal") tags.set(p.name, value.value);
  }
  return tags;
}

/** Two object members carry the same value of a tag that tells the members of each side apart (`type: "text"`). */
function sharedTag(x: TypeNode, y: TypeNode, allBefore: TypeNode[], allAfter: TypeNode[], cx: Compare): boolean {
  const [a, b] = [tagsOf(x, cx.before), tagsOf(y, cx.after)];
  const unique = (name: string, value: unknown, members: TypeNode[], decls: Decls) => members.filter((m) => tagsOf(m, decls).get(name) === value).length === 1;
  return [...a].some(([name, value]) => b.has(name) && b.get(name) === value && unique(name, value, allBefore, cx.before) && unique(name, value, allAfter, cx.after));
}
