// Mutual recursion, on purpose (as in shapes.ts): converting an intersection or an `Omit<…>`
// reads its parts' object shapes through shapes.ts (convertType -> objectShapeOf), which converts
// the shape's member types through this file.
import type { TypeNode as TsTypeNode } from "ts-morph";
import { Node, SyntaxKind } from "./morph.js";
import type { Property, TypeNode } from "../model/types.js";
import { excerpt, fail, locate, type ParseContext } from "./context.js";
import { readDoc } from "./jsdoc.js";
import { applyTags } from "./constraints.js";
import { asJsonNumbers, literalValue } from "./numbers.js";
import { intersectShapes, omitKeys } from "../model/shapes.js";
import { objectShapeOf, parseShapes } from "./shapes.js";

const KEYWORDS = new Map<SyntaxKind, () => TypeNode>([
  [SyntaxKind.StringKeyword, () => ({ kind: "string" })],
  [SyntaxKind.NumberKeyword, () => ({ kind: "number", integer: true })],
  [SyntaxKind.BooleanKeyword, () => ({ kind: "boolean" })],
  [SyntaxKind.NullKeyword, () => ({ kind: "null" })],
  [SyntaxKind.UnknownKeyword, () => ({ kind: "unknown" })],
  [SyntaxKind.AnyKeyword, () => ({ kind: "unknown", any: true })],
  [SyntaxKind.ObjectKeyword, () => ({ kind: "nonPrimitive" })],
]);

/** Translates a TypeScript type node into a model type node, or fails with its location. */
export function convertType(ctx: ParseContext, node: TsTypeNode): TypeNode {
  const keyword = KEYWORDS.get(node.getKind());
  if (keyword) return keyword();
  if (node.getKind() === SyntaxKind.UndefinedKeyword) {
    return fail(ctx, node, "`undefined` has no JSON form (an optional property may add it: `x?: T | undefined` is read as `x?: T`)");
  }
  if (Node.isParenthesizedTypeNode(node)) return convertType(ctx, node.getTypeNode());
  if (Node.isLiteralTypeNode(node)) return literalOf(ctx, node);
  if (Node.isTypeQuery(node)) return constantLiteral(ctx, node);
  if (Node.isArrayTypeNode(node)) {
    return { kind: "array", items: convertType(ctx, node.getElementTypeNode()) };
  }
  if (Node.isUnionTypeNode(node)) return convertUnion(ctx, node.getTypeNodes());
  if (Node.isIntersectionTypeNode(node)) {
    return intersectShapes(node.getTypeNodes().map((part) => objectShapeOf(ctx, part)), parseShapes(ctx, node));
  }
  if (Node.isTypeLiteral(node)) return convertMembers(ctx, node, node.getMembers());
  if (Node.isTypeReference(node)) return convertReference(ctx, node);
  return fail(ctx, node, `unsupported type construct (${describeKind(node)}): \`${excerpt(node)}\``);
}

function convertUnion(ctx: ParseContext, parts: TsTypeNode[]): TypeNode {
  if (!parts.length) throw new Error("convertUnion: a union needs members");
  const members: TypeNode[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const converted = convertType(ctx, part);
    for (const member of converted.kind === "union" ? converted.members : [converted]) {
      const key = JSON.stringify(member);
      if (!seen.has(key)) members.push(member);
      seen.add(key);
    }
  }
  return members.length === 1 ? members[0]! : { kind: "union", members };
}

function convertReference(ctx: ParseContext, node: Node & { getTypeName(): Node; getTypeArguments(): TsTypeNode[] }): TypeNode {
  const name = node.getTypeName().getText();
  const args = node.getTypeArguments();
  if (name === "Array" && args.length === 1) return { kind: "array", items: convertType(ctx, args[0]!) };
  if (name === "Record" && args.length === 2) {
    const key = convertType(ctx, args[0]!);
    if (key.kind !== "string") fail(ctx, args[0]!, `unsupported Record key type \`${excerpt(args[0]!)}\` (only string keys map to JSON objects)`);
    return { kind: "object", properties: [], indexSignature: asJsonNumbers(convertType(ctx, args[1]!)) };
  }
  if (name === "Omit" && args.length === 2) {
    return omitKeys(objectShapeOf(ctx, args[0]!), keyList(ctx, args[1]!), excerpt(args[0]!), parseShapes(ctx, node));
  }
  if (args.length > 0 || !ctx.sources.has(name)) {
    fail(ctx, node, `unsupported type reference \`${excerpt(node)}\`: not a declaration of this schema${args.length ? " (generic types other than Array, Record and Omit are not translated)" : ""}`);
  }
  return { kind: "ref", name };
}

/** Converts the members of an interface body or a type literal into an object type. */
export function convertMembers(ctx: ParseContext, owner: Node, members: Node[]): TypeNode & { kind: "object" } {
  const properties: Property[] = [];
  let indexSignature: TypeNode | undefined;
  for (const member of members) {
    if (Node.isPropertySignature(member)) properties.push(convertProperty(ctx, member));
    else if (Node.isIndexSignatureDeclaration(member)) indexSignature = convertIndexSignature(ctx, member);
    else fail(ctx, member, `unsupported member in \`${excerpt(owner)}\`: only properties and string index signatures translate to JSON`);
  }
  return indexSignature ? { kind: "object", properties, indexSignature } : { kind: "object", properties };
}

function convertProperty(ctx: ParseContext, member: Node & { getNameNode(): Node; hasQuestionToken(): boolean; getTypeNode(): TsTypeNode | undefined }): Property {
  const nameNode = member.getNameNode();
  const name = Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText();
  if (!Node.isStringLiteral(nameNode) && !Node.isIdentifier(nameNode)) {
    fail(ctx, nameNode, `unsupported property name \`${nameNode.getText()}\` (computed names have no JSON key)`);
  }
  const typeNode = member.getTypeNode() ?? fail(ctx, member, `property \`${name}\` has no type annotation`);
  const { doc, tags } = readDoc(ctx, member);
  const type = applyTags(ctx, stripUndefined(ctx, name, typeNode, member.hasQuestionToken()), tags);
  return { name, optional: member.hasQuestionToken(), type, doc, location: locate(ctx, member) };
}

/**
 * `x?: T | undefined` is the same JSON as `x?: T`; `undefined` anywhere else has no JSON form,
 * and neither has an optional property whose only type is `undefined` (it could never be sent).
 */
function stripUndefined(ctx: ParseContext, name: string, node: TsTypeNode, optional: boolean): TypeNode {
  const parts = unionParts(node);
  if (!optional || !parts.some(isUndefined)) return convertType(ctx, node);
  const kept = parts.filter((part) => !isUndefined(part));
  if (!kept.length) {
    return fail(ctx, node, `property \`${name}\` can only be \`undefined\`, which has no JSON form: remove it or give it a JSON type`);
  }
  return convertUnion(ctx, kept);
}

/** The members of a (possibly parenthesized, possibly nested) union, or the node itself. */
function unionParts(node: TsTypeNode): TsTypeNode[] {
  const inner = unparenthesize(node);
  return Node.isUnionTypeNode(inner) ? inner.getTypeNodes().flatMap(unionParts) : [inner];
}

function unparenthesize(node: TsTypeNode): TsTypeNode {
  let inner = node;
  while (Node.isParenthesizedTypeNode(inner)) inner = inner.getTypeNode();
  return inner;
}

function isUndefined(node: TsTypeNode): boolean {
  return node.getKind() === SyntaxKind.UndefinedKeyword;
}

function convertIndexSignature(ctx: ParseContext, member: Node & { getKeyTypeNode(): TsTypeNode; getReturnTypeNode(): TsTypeNode | undefined }): TypeNode {
  if (member.getKeyTypeNode().getKind() !== SyntaxKind.StringKeyword) {
    fail(ctx, member, `unsupported index signature \`${excerpt(member)}\` (only string keys map to JSON objects)`);
  }
  const valueNode = member.getReturnTypeNode() ?? fail(ctx, member, "index signature has no value type");
  // The values of an open map are the user's data (a form's answers), so a bare `number` among
  // them is any JSON number: upstream's integer convention is for named protocol fields.
  return applyTags(ctx, asJsonNumbers(convertType(ctx, valueNode)), readDoc(ctx, member).tags);
}

function literalOf(ctx: ParseContext, node: Node & { getLiteral(): Node }): TypeNode {
  const value = literalValue(ctx, node.getLiteral());
  return value === undefined ? fail(ctx, node, `unsupported literal type \`${excerpt(node)}\``) : { kind: "literal", value };
}

function constantLiteral(ctx: ParseContext, node: Node & { getExprName(): Node }): TypeNode {
  const name = node.getExprName().getText();
  const constant = ctx.constants.get(name) ?? fail(ctx, node, `\`typeof ${name}\` does not name a literal constant of this schema`);
  return { kind: "literal", value: constant.value };
}

/** `"a" | "b"` as the key argument of `Omit`. */
export function keyList(ctx: ParseContext, node: TsTypeNode): string[] {
  const keys = convertType(ctx, node);
  const members = keys.kind === "union" ? keys.members : [keys];
  return members.map((member) =>
    member.kind === "literal" && typeof member.value === "string"
      ? member.value
      : fail(ctx, node, `Omit keys must be string literals, found \`${excerpt(node)}\``),
  );
}

function describeKind(node: Node): string {
  return node.getKindName().replace(/(Node|Type)$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase() + " type";
}
