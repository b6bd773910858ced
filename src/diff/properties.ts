import { literalValuesOf } from "../model/derive.js";
import type { Declaration, ObjectType, Property, TypeNode } from "../model/types.js";
import { constraintTags } from "../emit/common.js";
import { tsType as renderType } from "../emit/types.js";
import type { Change } from "./types.js";
import type { Impact } from "./impact.js";

/** A type as one line of TypeScript, for summaries. */
export function tsType(type: TypeNode): string {
  return renderType(type).replace(/\s*\n\s*/g, " ").replace(/\{ /g, "{ ").replace(/; \}/g, " }");
}

/** A change found in one type, before aggregation across types. */
export type Finding = Omit<Change, "group" | "types" | "breaking"> & { breaking: (types: string[]) => string[] };

export interface Sides {
  before: Map<string, Declaration>;
  after: Map<string, Declaration>;
  impact: Impact;
  /** Pairs of shapes being compared on the current path (recursion guard). */
  entered: Set<string>;
}

const senders = (sides: Sides) => (types: string[]) => sides.impact.of(types, { senders: true });
const receivers = (sides: Sides) => (types: string[]) => sides.impact.of(types, { receivers: true });
const both = (sides: Sides) => (types: string[]) => sides.impact.of(types, { senders: true, receivers: true });
const nobody = () => (): string[] => [];

/** Differences between two object shapes, recursing into inline objects and arrays. */
export function compareObjects(path: string, a: ObjectType, b: ObjectType, sides: Sides, out: Finding[]): void {
  const before = new Map(a.properties.map((p) => [p.name, p]));
  const after = new Map(b.properties.map((p) => [p.name, p]));
  for (const [name, property] of before) {
    const at = join(path, name);
    const next = after.get(name);
    if (!next) out.push(removed(at, property, sides));
    else compareProperty(at, property, next, sides, out);
  }
  for (const [name, property] of after) if (!before.has(name)) out.push(added(join(path, name), property, sides));
  const open: TypeNode = { kind: "unknown" };
  if (a.indexSignature || b.indexSignature) compareTypes(join(path, "[key: string]"), a.indexSignature ?? open, b.indexSignature ?? open, sides, out);
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function added(path: string, property: Property, sides: Sides): Finding {
  const text = `${property.optional ? "optional" : "required"} property \`${path}: ${tsType(property.type)}\` added`;
  return property.optional
    ? { kind: "property-added", path, summary: text, after: tsType(property.type), breaking: nobody(), reason: "optional: existing senders stay valid, receivers may ignore it" }
    : { kind: "property-added", path, summary: text, after: tsType(property.type), breaking: senders(sides), reason: "required: senders must now include it" };
}

function removed(path: string, property: Property, sides: Sides): Finding {
  return { kind: "property-removed", path, summary: `property \`${path}\` removed`, before: tsType(property.type), breaking: receivers(sides), reason: "receivers can no longer rely on it (senders may still send it: objects are open)" };
}

function compareProperty(path: string, a: Property, b: Property, sides: Sides, out: Finding[]): void {
  if (a.optional !== b.optional) {
    out.push(
      b.optional
        ? { kind: "property-optionality", path, summary: `property \`${path}\` became optional`, before: "required", after: "optional", breaking: receivers(sides), reason: "receivers can no longer assume it is present" }
        : { kind: "property-optionality", path, summary: `property \`${path}\` became required`, before: "optional", after: "required", breaking: senders(sides), reason: "senders must now include it" },
    );
  }
  if ((a.doc.deprecated !== undefined) !== (b.doc.deprecated !== undefined)) {
    const now = b.doc.deprecated !== undefined;
    out.push({ kind: now ? "deprecated-added" : "deprecated-removed", path, summary: `property \`${path}\` ${now ? "deprecated" : "no longer deprecated"}`, ...(now && b.doc.deprecated ? { after: b.doc.deprecated.split("\n")[0] } : {}), breaking: nobody(), reason: now ? "still valid; plan to stop using it" : "informational" });
  }
  compareTypes(path, a.type, b.type, sides, out);
}

/** Differences between two property types. */
export function compareTypes(path: string, a: TypeNode, b: TypeNode, sides: Sides, out: Finding[]): void {
  if (a.kind === "object" && b.kind === "object") return compareObjects(path, a, b, sides, out);
  if (a.kind === "array" && b.kind === "array") {
    compareConstraints(path, a, b, sides, out);
    return compareTypes(`${path}[]`, a.items, b.items, sides, out);
  }
  const literalsA = a.kind === "ref" ? undefined : literalValuesOf(a, sides.before);
  const literalsB = b.kind === "ref" ? undefined : literalValuesOf(b, sides.after);
  if (literalsA && literalsB) return compareLiterals(path, literalsA, literalsB, sides, out);
  if (sameRef(a, b)) return; // the referenced declaration reports its own changes
  const [shapeA, shapeB] = [objectOf(a, sides.before), objectOf(b, sides.after)];
  if (shapeA && shapeB) {
    const key = `${path}\u0000${tsType(a)}\u0000${tsType(b)}`;
    if (!sides.entered.has(key)) {
      sides.entered.add(key); // a recursive type compares each pair once per path
      compareObjects(path, shapeA, shapeB, sides, out);
      sides.entered.delete(key);
      return;
    }
  }
  const [typeA, typeB] = [canonical(a, sides.before), canonical(b, sides.after)];
  if (typeA !== typeB && (a.kind === "union" || b.kind === "union")) return compareUnion(path, a, b, sides, out);
  if (typeA !== typeB) {
    const widened = isIntegerWidening(a, b);
    out.push({ kind: "property-type", path, summary: path ? `type of \`${path}\` changed` : "type changed", before: tsType(a), after: tsType(b), breaking: widened ? receivers(sides) : both(sides), reason: widened ? "widened: receivers must accept more" : "senders and receivers must both adapt" });
    return;
  }
  compareConstraints(path, a, b, sides, out);
}

function isIntegerWidening(a: TypeNode, b: TypeNode): boolean {
  return a.kind === "number" && b.kind === "number" && a.integer && !b.integer;
}

function compareLiterals(path: string, a: unknown[], b: unknown[], sides: Sides, out: Finding[]): void {
  const key = (v: unknown) => JSON.stringify(v);
  const change = setChange(a.map(key), b.map(key), sides, "values");
  if (!change) return;
  const summary = `${path ? `values of \`${path}\`` : "values"}: ${change.summary}`;
  out.push({ kind: "property-values", path, ...change, summary, before: a.map(key).join(" | "), after: b.map(key).join(" | ") });
}

function compareConstraints(path: string, a: TypeNode, b: TypeNode, sides: Sides, out: Finding[]): void {
  const [tagsA, tagsB] = [constraintTags(a), constraintTags(b)];
  if (tagsA.join() === tagsB.join()) return;
  out.push({ kind: "property-constraints", path, summary: path ? `constraints of \`${path}\` changed` : "constraints changed", before: tagsA.join(" ") || "(none)", after: tagsB.join(" ") || "(none)", breaking: both(sides), reason: "tighter limits break senders, looser ones receivers" });
}

function sameRef(a: TypeNode, b: TypeNode): boolean {
  return a.kind === "ref" && b.kind === "ref" && a.name === b.name;
}

/** The object shape behind an inline object or a reference (followed through aliases). */
function objectOf(type: TypeNode, declarations: Map<string, Declaration>, depth = 0): ObjectType | undefined {
  if (type.kind === "object") return type;
  if (type.kind !== "ref" || depth > 8) return undefined;
  const target = declarations.get(type.name);
  return target ? objectOf(target.type, declarations, depth + 1) : undefined;
}

/** TypeScript text with aliases of non-interface types expanded, so renames compare equal. */
function canonical(type: TypeNode, declarations: Map<string, Declaration>, depth = 0): string {
  if (type.kind === "ref" && depth < 8) {
    const target = declarations.get(type.name);
    if (target?.kind === "alias") return canonical(target.type, declarations, depth + 1);
  }
  return tsType(type);
}

/** A union gained or lost members: widening breaks receivers, narrowing breaks senders. */
function compareUnion(path: string, a: TypeNode, b: TypeNode, sides: Sides, out: Finding[]): void {
  const members = (t: TypeNode, d: Map<string, Declaration>) => (t.kind === "union" ? t.members : [t]).map((m) => canonical(m, d));
  const change = setChange(members(a, sides.before), members(b, sides.after), sides, "members");
  if (!change) return;
  const where = path ? `type of \`${path}\`` : "type";
  out.push({ kind: "property-type", path, ...change, summary: `${where}: ${change.summary}`, before: tsType(a), after: tsType(b) });
}

/**
 * A set of values or members that changed: added ones break receivers (they must handle them),
 * removed ones break senders (they may no longer send them), both break both.
 */
export function setChange(before: string[], after: string[], sides: Sides, noun: string): Pick<Finding, "summary" | "breaking" | "reason"> | undefined {
  const fresh = after.filter((m) => !before.includes(m));
  const gone = before.filter((m) => !after.includes(m));
  if (!fresh.length && !gone.length) return undefined;
  const summary = [fresh.length ? `added ${fresh.join(", ")}` : "", gone.length ? `removed ${gone.join(", ")}` : ""].filter(Boolean).join("; ");
  if (fresh.length && gone.length) return { summary, breaking: both(sides), reason: `${noun} added and removed: both sides must adapt` };
  return fresh.length
    ? { summary, breaking: receivers(sides), reason: `receivers must handle the new ${noun}` }
    : { summary, breaking: senders(sides), reason: `senders may no longer send the removed ${noun}` };
}
