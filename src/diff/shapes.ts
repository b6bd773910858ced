// Mutual recursion, on purpose (as in unions.ts): comparing two types compares a union through
// unions.ts (compareTypes -> compareUnion), which compares the union's paired members through this file.
import type { NumberType, ObjectType, Property, StringType, TypeNode } from "../model/types.js";
import { compareConstraints } from "./constraints.js";
import { join, REASONS, type Compare, type Effect } from "./findings.js";
import { code, typeText } from "./text.js";
import { compareUnion } from "./unions.js";
import { admits, isAnyObject, isAnyValue, objectShape, resolve, sameShape } from "./values.js";

const where = (path: string) => (path ? `type of ${code(path)}` : "type");

/**
 * Differences between two types on the wire. References to the same declaration on both sides
 * stop here (that declaration reports its own changes); anything else is compared by
 * structure, so renaming a type or naming an inline shape finds nothing.
 */
export function compareTypes(cx: Compare, path: string, a: TypeNode, b: TypeNode, declaration = false): void {
  if (a.kind === "ref" && b.kind === "ref" && a.name === b.name && cx.before.has(a.name) && cx.after.has(b.name)) return;
  if (a.kind !== "ref" && b.kind !== "ref") return compareResolved(cx, path, a, b, declaration);
  // Recursive shapes compared through different names meet the same pair again further down.
  const key = `${a.kind === "ref" ? a.name : `@${path}`}>${b.kind === "ref" ? b.name : `@${path}`}`;
  if (cx.active.has(key)) return;
  cx.active.add(key);
  try {
    compareResolved(cx, path, a, b, declaration);
  } finally {
    cx.active.delete(key);
  }
}

function compareResolved(cx: Compare, path: string, a: TypeNode, b: TypeNode, declaration: boolean): void {
  if ((isAnyValue(a, cx.before) && isAnyValue(b, cx.after)) || (isAnyObject(a, cx.before) && isAnyObject(b, cx.after))) return retyped(cx, path, a, b);
  const [ra, rb] = [resolve(a, cx.before), resolve(b, cx.after)];
  if (ra.kind === "literal" && rb.kind === "literal" && ra.value === rb.value) return;
  if (ra.kind === "union" || rb.kind === "union" || (ra.kind === "literal" && rb.kind === "literal")) return compareUnion(cx, path, a, b, declaration);
  const [oa, ob] = [objectShape(ra), objectShape(rb)];
  if (oa && ob) return compareObjects(cx, path, oa, ob);
  if (ra.kind === "array" && rb.kind === "array") {
    constraints(cx, path, ra, rb);
    return compareTypes(cx, `${path}[]`, ra.items, rb.items);
  }
  if ((ra.kind === "string" && rb.kind === "string") || (ra.kind === "number" && rb.kind === "number")) return comparePrimitives(cx, path, ra, rb);
  compareLeaves(cx, path, a, b);
}

/** Two spellings of the same set of values (`object` → `JSONObject`): a type-level note at most. */
function retyped(cx: Compare, path: string, a: TypeNode, b: TypeNode): void {
  const [before, after] = [typeText(a), typeText(b)];
  // A name given to (or taken from) the very same structure is not worth a note.
  if (before === after || sameShape({ node: a, decls: cx.before }, { node: b, decls: cx.after })) return;
  cx.out.push({ kind: "property-type", path, summary: `${where(path)} respelled, same values`, before, after, effect: "type", reason: REASONS.same });
}

/** Types that cannot be compared part by part: judged by which one admits the other's values. */
function compareLeaves(cx: Compare, path: string, a: TypeNode, b: TypeNode): void {
  const A = { node: a, decls: cx.before };
  const B = { node: b, decls: cx.after };
  const [wider, narrower] = [admits(B, A), admits(A, B)];
  if (wider && narrower) return retyped(cx, path, a, b);
  const [verb, effect, reason]: [string, Effect, string] = wider
    ? ["widened", "receivers", REASONS.wider]
    : narrower
      ? ["narrowed", "senders", REASONS.narrower]
      : ["changed", "both", REASONS.incompatible];
  cx.out.push({ kind: "property-type", path, summary: `${where(path)} ${verb}`, before: typeText(a), after: typeText(b), effect, reason });
}

function comparePrimitives(cx: Compare, path: string, a: StringType | NumberType, b: StringType | NumberType): void {
  if (a.kind === "number" && b.kind === "number" && a.integer !== b.integer) {
    const widened = a.integer;
    cx.out.push({
      kind: "property-type",
      path,
      summary: `${where(path)} ${widened ? "widened" : "narrowed"}`,
      before: a.integer ? "integer" : "number",
      after: b.integer ? "integer" : "number",
      effect: widened ? "receivers" : "senders",
      reason: widened ? `${REASONS.wider} (fractions)` : `${REASONS.narrower} (fractions)`,
    });
  }
  constraints(cx, path, a, b);
}

function constraints(cx: Compare, path: string, a: TypeNode, b: TypeNode): void {
  const change = compareConstraints(a, b);
  if (!change) return;
  const [verb, effect, reason]: [string, Effect, string] =
    change.tighter && change.looser
      ? ["changed", "both", "some limits tighter (breaks senders), some looser (breaks receivers)"]
      : change.tighter
        ? ["tightened", "senders", "tighter limits: values senders sent may no longer be valid"]
        : ["loosened", "receivers", "looser limits: receivers may get values outside the old ones"];
  const subject = path ? `constraints of ${code(path)}` : "constraints";
  cx.out.push({ kind: "property-constraints", path, summary: `${subject} ${verb}`, before: change.before, after: change.after, effect, reason });
}

/** Differences between two object shapes: properties by name, then the index signatures. */
export function compareObjects(cx: Compare, path: string, a: ObjectType, b: ObjectType): void {
  const after = new Map(b.properties.map((p) => [p.name, p]));
  const before = new Map(a.properties.map((p) => [p.name, p]));
  for (const property of a.properties) {
    const next = after.get(property.name);
    if (next) compareProperty(cx, join(path, property.name), property, next);
    else if (property.optional && b.indexSignature) intoIndexSignature(cx, join(path, property.name), property, b.indexSignature);
    else cx.out.push(removed(join(path, property.name), property));
  }
  for (const property of b.properties) if (!before.has(property.name)) cx.out.push(added(join(path, property.name), property));
  compareIndexSignatures(cx, join(path, "[key: string]"), a.indexSignature, b.indexSignature);
}

function compareIndexSignatures(cx: Compare, path: string, a: TypeNode | undefined, b: TypeNode | undefined): void {
  // No index signature means extra keys with any value: the same as `[key: string]: unknown`.
  if (!a && !b) return;
  if ((!a && isAnyValue(b!, cx.after)) || (!b && isAnyValue(a!, cx.before))) return;
  compareTypes(cx, path, a ?? { kind: "unknown" }, b ?? { kind: "unknown" });
}

/**
 * An optional property that the newer shape no longer declares, where that shape has an index
 * signature: the key is still welcome, with the index signature's values (`Tool.inputSchema.properties`
 * → `[key: string]: unknown`). Into an open index signature that is a widening (or nothing, when
 * the property admitted any value already); into a typed one, the two types are compared.
 */
function intoIndexSignature(cx: Compare, path: string, property: Property, index: TypeNode): void {
  const subject = `property ${code(path)} folded into the index signature`;
  if (isAnyValue(index, cx.after)) {
    if (isAnyValue(property.type, cx.before)) return;
    cx.out.push({ kind: "property-type", path, summary: `${subject}, widened`, before: typeText(property.type), after: typeText(index), effect: "receivers", reason: REASONS.wider });
    return;
  }
  const start = cx.out.length;
  compareTypes(cx, path, property.type, index);
  for (let i = start; i < cx.out.length; i++) cx.out[i] = { ...cx.out[i]!, summary: `${subject}: ${cx.out[i]!.summary}` };
}

function added(path: string, property: Property) {
  const after = typeText(property.type);
  return property.optional
    ? { kind: "property-added" as const, path, summary: `optional property ${code(path)} added`, after, effect: "none" as const, reason: "optional: existing senders stay valid, receivers may ignore it" }
    : { kind: "property-added" as const, path, summary: `required property ${code(path)} added`, after, effect: "senders" as const, reason: "required: senders must now include it" };
}

function removed(path: string, property: Property) {
  const reason = "receivers can no longer rely on it (senders may still send it: objects are open)";
  return { kind: "property-removed" as const, path, summary: `property ${code(path)} removed`, before: typeText(property.type), effect: "receivers" as const, reason };
}

function compareProperty(cx: Compare, path: string, a: Property, b: Property): void {
  if (a.optional !== b.optional) {
    cx.out.push(
      b.optional
        ? { kind: "property-optionality", path, summary: `property ${code(path)} became optional`, before: "required", after: "optional", effect: "receivers", reason: "receivers can no longer assume it is present" }
        : { kind: "property-optionality", path, summary: `property ${code(path)} became required`, before: "optional", after: "required", effect: "senders", reason: "senders must now include it" },
    );
  }
  const deprecation = deprecationFinding(`property ${code(path)}`, a.doc.deprecated, b.doc.deprecated);
  if (deprecation) cx.out.push({ ...deprecation, path });
  compareTypes(cx, path, a.type, b.type);
}

/** `@deprecated` added or removed: informational, breaks nobody. */
export function deprecationFinding(subject: string, before: string | undefined, after: string | undefined) {
  if ((before !== undefined) === (after !== undefined)) return undefined;
  const now = after !== undefined;
  const note = now && after ? { after: after.split("\n")[0]! } : {};
  return {
    kind: now ? ("deprecated-added" as const) : ("deprecated-removed" as const),
    path: "",
    summary: `${subject} ${now ? "deprecated" : "no longer deprecated"}`,
    ...note,
    effect: "none" as const,
    reason: now ? "still valid; plan to stop using it" : "informational",
  };
}
