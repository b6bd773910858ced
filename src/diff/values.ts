import type { ArrayType, Declaration, ObjectType, Property, StringType, TypeNode } from "../model/types.js";
import { typeOf } from "../model/shapes.js";

/** The declarations of one side, by name: what its references resolve to. */
export type Decls = ReadonlyMap<string, Declaration>;

/** A type together with the side it belongs to. */
export interface Typed {
  node: TypeNode;
  decls: Decls;
}

/** Follows references (aliases and interfaces alike) to the node behind them; stops at cycles and unknown names. */
export function resolve(node: TypeNode, decls: Decls): TypeNode {
  const seen = new Set<string>();
  while (node.kind === "ref" && !seen.has(node.name) && decls.has(node.name)) {
    seen.add(node.name);
    node = typeOf(decls.get(node.name)!, decls);
  }
  return node;
}

/** `object`, `{}`, `{ [key: string]: unknown }`, `JSONObject`… as an object shape (`object` has no properties). */
export function objectShape(node: TypeNode): ObjectType | undefined {
  if (node.kind === "object") return node;
  return node.kind === "nonPrimitive" ? { kind: "object", properties: [] } : undefined;
}

/** Does the type admit every JSON value? (`unknown`, `any`, or a union of every kind of value, like `JSONValue`). */
export function isAnyValue(node: TypeNode, decls: Decls, assumed = new Set<string>()): boolean {
  if (node.kind === "ref") return coinductive(`value:${node.name}`, assumed, () => isAnyValue(resolve(node, decls), decls, assumed));
  if (node.kind === "unknown") return true;
  if (node.kind !== "union") return false;
  const members = unionLeaves(node, decls).map((m) => resolve(m, decls));
  const has = (test: (member: TypeNode) => boolean) => members.some(test);
  const literal = (value: unknown) => has((m) => m.kind === "literal" && m.value === value);
  return (
    has((m) => m.kind === "unknown") ||
    (has((m) => m.kind === "string" && unconstrained(m)) &&
      has((m) => m.kind === "number" && !m.integer && unconstrained(m)) &&
      (has((m) => m.kind === "boolean") || (literal(true) && literal(false))) &&
      (has((m) => m.kind === "null") || literal(null)) &&
      has((m) => isAnyObject(m, decls, assumed)) &&
      has((m) => isAnyArray(m, decls, assumed)))
  );
}

/**
 * The members of a union with nested unions (written inline or through aliases) spread out.
 * References to non-union declarations stay references, so that they keep their names.
 */
export function unionLeaves(node: TypeNode, decls: Decls, seen = new Set<string>()): TypeNode[] {
  if (node.kind === "union") return node.members.flatMap((m) => unionLeaves(m, decls, seen));
  if (node.kind !== "ref" || seen.has(node.name)) return [node];
  const target = resolve(node, decls);
  if (target.kind !== "union") return [node];
  seen.add(node.name);
  return unionLeaves(target, decls, seen);
}

/** Does the type admit every JSON object? (`object`, `{}`, `Record<string, unknown>`, `JSONObject`…). */
export function isAnyObject(node: TypeNode, decls: Decls, assumed = new Set<string>()): boolean {
  if (node.kind === "ref") return coinductive(`object:${node.name}`, assumed, () => isAnyObject(resolve(node, decls), decls, assumed));
  const shape = objectShape(node);
  return !!shape && shape.properties.length === 0 && (!shape.indexSignature || isAnyValue(shape.indexSignature, decls, assumed));
}

function isAnyArray(node: TypeNode, decls: Decls, assumed: Set<string>): boolean {
  node = resolve(node, decls);
  return node.kind === "array" && node.minItems === undefined && node.maxItems === undefined && isAnyValue(node.items, decls, assumed);
}

function unconstrained(node: TypeNode): boolean {
  return Object.keys(node).every((key) => key === "kind" || key === "integer");
}

/** Recursive types: a question asked again while answering it is assumed true (greatest fixpoint). */
function coinductive(key: string, assumed: Set<string>, answer: () => boolean): boolean {
  if (assumed.has(key)) return true;
  assumed.add(key);
  try {
    return answer();
  } finally {
    assumed.delete(key);
  }
}

/** Extra keys of this object are unconstrained: no index signature, or one that admits anything. */
function openExtras(shape: ObjectType, decls: Decls, assumed: Set<string>): boolean {
  return !shape.indexSignature || isAnyValue(shape.indexSignature, decls, assumed);
}

/**
 * Is every JSON value that `x` admits also admitted by `y`? Objects are open: a key that `x`
 * leaves unconstrained and `y` declares as optional counts as admitted (the README's rule that
 * adding an optional property breaks no sender).
 */
export function admits(y: Typed, x: Typed, assumed = new Set<string>()): boolean {
  if (isAnyValue(y.node, y.decls)) return true;
  if (x.node.kind === "ref" || y.node.kind === "ref") {
    const key = `${x.node.kind === "ref" ? x.node.name : JSON.stringify(x.node)}⊆${y.node.kind === "ref" ? y.node.name : JSON.stringify(y.node)}`;
    return coinductive(key, assumed, () => admits({ ...y, node: resolve(y.node, y.decls) }, { ...x, node: resolve(x.node, x.decls) }, assumed));
  }
  const [a, b] = [x.node, y.node];
  if (a.kind === "union") return a.members.every((m) => admits(y, { ...x, node: m }, assumed));
  if (a.kind === "boolean" && b.kind === "union") return [true, false].every((value) => admits(y, { ...x, node: { kind: "literal", value } }, assumed));
  if (b.kind === "union") return b.members.some((m) => admits({ ...y, node: m }, x, assumed));
  if (a.kind === "unknown") return false;
  if (objectShape(a) && objectShape(b)) return objectAdmits({ ...y, node: objectShape(b)! }, { ...x, node: objectShape(a)! }, assumed);
  if (a.kind === "array" && b.kind === "array") return arrayAdmits(b, a) && admits({ ...y, node: b.items }, { ...x, node: a.items }, assumed);
  if (a.kind === "literal") return literalAdmitted(a.value, b);
  if (a.kind === "string" && b.kind === "string") return stringWithin(a, b);
  if (a.kind === "number" && b.kind === "number") return (!b.integer || a.integer) && rangeWithin(a.minimum, a.maximum, b.minimum, b.maximum);
  return a.kind === b.kind && (a.kind === "boolean" || a.kind === "null");
}

function objectAdmits(y: Typed & { node: ObjectType }, x: Typed & { node: ObjectType }, assumed: Set<string>): boolean {
  const [a, b] = [x.node, y.node];
  const open = openExtras(a, x.decls, assumed);
  const own = new Map(a.properties.map((p) => [p.name, p]));
  const missing = (p: Property) => p.optional && (open || admits({ ...y, node: p.type }, { ...x, node: a.indexSignature! }, assumed));
  for (const p of b.properties) {
    const mine = own.get(p.name);
    if (!mine ? !missing(p) : (!p.optional && mine.optional) || !admits({ ...y, node: p.type }, { ...x, node: mine.type }, assumed)) return false;
  }
  if (!b.indexSignature || isAnyValue(b.indexSignature, y.decls)) return true;
  const index = { ...y, node: b.indexSignature };
  const declared = new Set(b.properties.map((p) => p.name));
  if (a.properties.some((p) => !declared.has(p.name) && !admits(index, { ...x, node: p.type }, assumed))) return false;
  return !open && admits(index, { ...x, node: a.indexSignature! }, assumed);
}

function arrayAdmits(outer: ArrayType, inner: ArrayType): boolean {
  return rangeWithin(inner.minItems, inner.maxItems, outer.minItems, outer.maxItems);
}

function rangeWithin(min: number | undefined, max: number | undefined, outerMin: number | undefined, outerMax: number | undefined): boolean {
  return (outerMin === undefined || (min !== undefined && min >= outerMin)) && (outerMax === undefined || (max !== undefined && max <= outerMax));
}

function stringWithin(a: StringType, b: StringType): boolean {
  const same = (key: "format" | "pattern") => b[key] === undefined || b[key] === a[key];
  return same("format") && same("pattern") && rangeWithin(a.minLength, a.maxLength, b.minLength, b.maxLength);
}

function literalAdmitted(value: unknown, b: TypeNode): boolean {
  if (b.kind === "literal") return b.value === value;
  if (b.kind === "null") return value === null;
  if (b.kind === "boolean") return typeof value === "boolean";
  if (b.kind === "number") return typeof value === "number" && (!b.integer || Number.isInteger(value)) && rangeWithin(value, value, b.minimum, b.maximum);
  if (b.kind !== "string" || typeof value !== "string" || b.format !== undefined) return false;
  return (b.pattern === undefined || new RegExp(b.pattern, "u").test(value)) && rangeWithin(value.length, value.length, b.minLength, b.maxLength);
}

/** The two types admit exactly the same JSON values. */
export function equivalent(a: Typed, b: Typed): boolean {
  return admits(b, a) && admits(a, b);
}

/**
 * Strictly the same structure: the same properties with the same optionality, the same union
 * members, the same constraints, whatever the declarations are called. References to the same
 * name on both sides count as the same (that declaration is compared on its own).
 */
export function sameShape(x: Typed, y: Typed, assumed = new Set<string>()): boolean {
  const [a, b] = [x.node, y.node];
  if (a.kind === "ref" && b.kind === "ref" && a.name === b.name) return true;
  if (a.kind === "ref" || b.kind === "ref") {
    const key = `${a.kind === "ref" ? a.name : JSON.stringify(a)}≡${b.kind === "ref" ? b.name : JSON.stringify(b)}`;
    return coinductive(key, assumed, () => sameShape({ ...x, node: resolve(a, x.decls) }, { ...y, node: resolve(b, y.decls) }, assumed));
  }
  const same = (p: TypeNode, q: TypeNode) => sameShape({ ...x, node: p }, { ...y, node: q }, assumed);
  const [oa, ob] = [objectShape(a), objectShape(b)];
  if (oa || ob) return !!oa && !!ob && sameObject(oa, ob, same);
  if (a.kind === "union" || b.kind === "union") {
    const [ma, mb] = [unionLeaves(a, x.decls), unionLeaves(b, y.decls)];
    return ma.length === mb.length && ma.every((m) => mb.some((n) => same(m, n))) && mb.every((n) => ma.some((m) => same(m, n)));
  }
  if (a.kind === "array" && b.kind === "array") return a.minItems === b.minItems && a.maxItems === b.maxItems && same(a.items, b.items);
  if (a.kind === "literal" && b.kind === "literal") return a.value === b.value;
  if (a.kind === "unknown" && b.kind === "unknown") return true;
  return a.kind === b.kind && a.kind !== "array" && JSON.stringify(a) === JSON.stringify(b);
}

function sameObject(a: ObjectType, b: ObjectType, same: (p: TypeNode, q: TypeNode) => boolean): boolean {
  if (a.properties.length !== b.properties.length || !!a.indexSignature !== !!b.indexSignature) return false;
  const others = new Map(b.properties.map((p) => [p.name, p]));
  const propertiesMatch = a.properties.every((p) => {
    const q = others.get(p.name);
    return !!q && q.optional === p.optional && same(p.type, q.type);
  });
  return propertiesMatch && (!a.indexSignature || same(a.indexSignature, b.indexSignature!));
}
