import type { Node, TypeNode as TsTypeNode } from "ts-morph";
import type { ObjectType, Property, TypeNode } from "../model/types.js";
import { excerpt, fail, type ParseContext } from "./context.js";
import { convertType } from "./type-nodes.js";

/**
 * The object shape a type node stands for, with references followed: what `extends`,
 * intersections and `Omit` operate on. Fails when the node is not an object type.
 */
export function objectShapeOf(ctx: ParseContext, node: TsTypeNode): ObjectType {
  return shapeOfType(ctx, node, convertType(ctx, node));
}

/** The flattened shape of a named declaration (an interface, or an alias of an object). */
export function shapeOfDeclaration(ctx: ParseContext, node: Node, name: string): ObjectType {
  if (!ctx.sources.has(name)) fail(ctx, node, `\`${name}\` is not a declaration of this schema`);
  const declaration = ctx.declaration(name, node);
  const shape = shapeOfType(ctx, node, declaration.type);
  return { ...shape, properties: shape.properties.map((p) => ({ ...p, inheritedFrom: p.inheritedFrom ?? name })) };
}

function shapeOfType(ctx: ParseContext, node: Node, type: TypeNode): ObjectType {
  if (type.kind === "object") return type;
  if (type.kind === "ref") return shapeOfDeclaration(ctx, node, type.name);
  if (type.kind === "nonPrimitive") return { kind: "object", properties: [] , indexSignature: { kind: "unknown" } };
  return fail(ctx, node, `\`${excerpt(node)}\` is not an object type, so it cannot be extended, intersected or used with Omit`);
}

export function omitKeys(ctx: ParseContext, node: Node, shape: ObjectType, keys: string[]): ObjectType {
  const names = new Set(shape.properties.map((p) => p.name));
  for (const key of keys) {
    if (!names.has(key)) fail(ctx, node, `Omit removes \`${key}\`, which \`${excerpt(node)}\` does not have`);
  }
  return { ...shape, properties: shape.properties.filter((p) => !keys.includes(p.name)) };
}

/**
 * Merges object shapes the way `A & B` (and `interface X extends A, B`) combine them: a
 * property present in several shapes gets the intersection of their types and is optional
 * only if it is optional everywhere.
 */
export function intersectShapes(ctx: ParseContext, node: Node, shapes: ObjectType[]): ObjectType {
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
  const doc = b.doc.text || b.doc.deprecated !== undefined ? b.doc : a.doc;
  return { ...a, ...b, doc, optional: a.optional && b.optional, type: intersectTypes(ctx, node, a.type, b.type) };
}

/** The intersection of two property types, for the cases that occur in object schemas. */
export function intersectTypes(ctx: ParseContext, node: Node, a: TypeNode, b: TypeNode): TypeNode {
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
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

