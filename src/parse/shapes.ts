import type { Node, TypeNode as TsTypeNode } from "ts-morph";
import type { ObjectType, Property, TypeNode } from "../model/types.js";
import { excerpt, fail, type ParseContext } from "./context.js";
import { sameJson } from "./same.js";
import { convertType } from "./type-nodes.js";

/**
 * The object shape a type node stands for, with references followed: what `extends`,
 * intersections and `Omit` operate on. Fails when the node is not an object type.
 */
export function objectShapeOf(ctx: ParseContext, node: TsTypeNode): ObjectType {
  return shapeOfType(ctx, node, convertType(ctx, node));
}

/**
 * The flattened shape of a named declaration (an interface, or an alias of an object, possibly
 * through a chain of aliases, followed in a loop). Inherited properties are marked with the
 * declaration that holds the object; a property already marked is shared, not copied, and each
 * declaration's inherited view is built once, so a deep `extends` chain or a base extended by
 * thousands of interfaces creates each property object once.
 */
export function shapeOfDeclaration(ctx: ParseContext, node: Node, name: string): ObjectType {
  const chain: string[] = [];
  const followed = new Set<string>();
  let current = name;
  for (;;) {
    if (!ctx.sources.has(current)) fail(ctx, node, `\`${current}\` is not a declaration of this schema`);
    if (followed.has(current)) failAliasCycle(ctx, chain.slice(chain.indexOf(current)));
    chain.push(current);
    followed.add(current);
    const type = ctx.declaration(current, node).type;
    if (type.kind !== "ref") return inheritedShape(ctx, node, current, type);
    current = type.name;
  }
}

/** The shape of `owner` as its heirs see it: built once per declaration, then shared. */
function inheritedShape(ctx: ParseContext, node: Node, owner: string, type: TypeNode): ObjectType {
  const known = ctx.inheritedShapes.get(owner);
  if (known) return known;
  const shape = shapeOfType(ctx, node, type);
  const properties = shape.properties.map((p) => (p.inheritedFrom === undefined ? { ...p, inheritedFrom: owner } : p));
  const inherited = { ...shape, properties };
  ctx.inheritedShapes.set(owner, inherited);
  return inherited;
}

/** An alias cycle that never reaches a type (`type A = B; type B = A`, `type A = A | string`). */
export function aliasCycleMessage(cycle: string[]): string {
  return `type alias \`${cycle[0]}\` never reaches a type: ${[...cycle, cycle[0]].join(" → ")} refers back through aliases and unions only (a recursive type must go through an array or an object property)`;
}

/** Fails at the cycle's first alias in source order, whichever way the cycle was reached. */
export function failAliasCycle(ctx: ParseContext, cycle: string[]): never {
  const names = [...ctx.sources.keys()];
  const first = cycle.reduce((a, b) => (names.indexOf(a) <= names.indexOf(b) ? a : b));
  const rotated = [...cycle.slice(cycle.indexOf(first)), ...cycle.slice(0, cycle.indexOf(first))];
  return fail(ctx, ctx.sources.get(first)!, aliasCycleMessage(rotated));
}

function shapeOfType(ctx: ParseContext, node: Node, type: TypeNode): ObjectType {
  if (type.kind === "object") return type;
  if (type.kind === "ref") return shapeOfDeclaration(ctx, node, type.name);
  if (type.kind === "nonPrimitive") return { kind: "object", properties: [], indexSignature: { kind: "unknown" } };
  return fail(ctx, node, `\`${excerpt(node)}\` is not an object type, so it cannot be extended, intersected or used with Omit`);
}

export function omitKeys(ctx: ParseContext, node: Node, shape: ObjectType, keys: string[]): ObjectType {
  const names = new Set(shape.properties.map((p) => p.name));
  for (const key of keys) {
    if (!names.has(key)) fail(ctx, node, `Omit removes \`${key}\`, which \`${excerpt(node)}\` does not have`);
  }
  const omitted = new Set(keys);
  return { ...shape, properties: shape.properties.filter((p) => !omitted.has(p.name)) };
}

/**
 * Merges object shapes the way `A & B` (and `interface X extends A, B`) combine them: a
 * property present in several shapes gets the intersection of their types and is optional
 * only if it is optional everywhere.
 */
export function intersectShapes(ctx: ParseContext, node: Node, shapes: ObjectType[]): ObjectType {
  if (shapes.length === 1) return shapes[0]!; // `extends X`: X's shape as it is (shared, never modified)
  const byName = new Map<string, Property>();
  let indexSignature: TypeNode | undefined;
  for (const shape of shapes) {
    for (const property of shape.properties) {
      const previous = byName.get(property.name);
      byName.set(property.name, previous ? mergeProperty(ctx, node, previous, property) : property);
    }
    if (shape.indexSignature) {
      indexSignature = indexSignature ? intersectTypes(ctx, node, indexSignature, shape.indexSignature) : shape.indexSignature;
    }
  }
  const properties = [...byName.values()];
  return indexSignature ? { kind: "object", properties, indexSignature } : { kind: "object", properties };
}

function mergeProperty(ctx: ParseContext, node: Node, a: Property, b: Property): Property {
  if (a === b) return a; // the same inherited property, reached through two bases
  const doc = b.doc.text || b.doc.deprecated !== undefined ? b.doc : a.doc;
  return { ...a, ...b, doc, optional: a.optional && b.optional, type: intersectTypes(ctx, node, a.type, b.type) };
}

/** The intersection of two property types, for the cases that occur in object schemas. */
export function intersectTypes(ctx: ParseContext, node: Node, a: TypeNode, b: TypeNode): TypeNode {
  if (sameJson(a, b)) return a;
  if (a.kind === "unknown") return b;
  if (b.kind === "unknown") return a;
  if (isNarrowing(b, a)) return b;
  if (isNarrowing(a, b)) return a;
  if (a.kind === "object" && b.kind === "object") return intersectShapes(ctx, node, [a, b]);
  if ((a.kind === "ref" || a.kind === "object") && (b.kind === "ref" || b.kind === "object")) {
    return intersectShapes(ctx, node, [shapeOfType(ctx, node, a), shapeOfType(ctx, node, b)]);
  }
  return fail(ctx, node, `cannot intersect property types ${a.kind} and ${b.kind} in \`${excerpt(node)}\``);
}

/** `narrow` is a literal (or literal union) of `wide`'s primitive kind. */
function isNarrowing(narrow: TypeNode, wide: TypeNode): boolean {
  const literals = narrow.kind === "union" ? narrow.members : [narrow];
  return literals.every((member) => member.kind === "literal" && member.value !== null && typeof member.value === primitiveOf(wide));
}

function primitiveOf(type: TypeNode): string | undefined {
  return type.kind === "string" || type.kind === "number" || type.kind === "boolean" ? type.kind : undefined;
}
