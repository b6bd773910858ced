// Mutual recursion, on purpose (as in shapes.ts): converting an intersection or an `Omit<…>`
// reads its parts' object shapes through shapes.ts (convertType -> objectShapeOf), which converts
// the shape's member types through this file.
import type { TypeNode as TsTypeNode } from "ts-morph";
import { Node, SyntaxKind } from "./morph.js";
import type { ObjectType, Property, TypeNode } from "../model/types.js";
import { declared, excerpt, fail, knows, locate, type ParseContext } from "./context.js";
import { readDoc } from "./jsdoc.js";
import { applyTags } from "./constraints.js";
import { asJsonNumbers, literalValue } from "./numbers.js";
import { intersectShapes, objectOfType, omitKeys } from "../model/shapes.js";
import { objectShapeOf, parseShapes } from "./shapes.js";

const KEYWORDS = new Map<SyntaxKind, () => TypeNode>([
  [SyntaxKind.StringKeyword, () => ({ kind: "string" })],
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
  if (node.getKind() === SyntaxKind.NumberKeyword) return { kind: "number", integer: ctx.bareNumber === "integer" };
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
  if (Node.isIntersectionTypeNode(node)) return convertIntersection(ctx, node, node.getTypeNodes());
  if (Node.isTypeLiteral(node)) return convertMembers(ctx, node, node.getMembers());
  if (Node.isTypeReference(node)) return convertReference(ctx, node);
  return fail(ctx, node, `unsupported type construct (${describeKind(node)}): \`${excerpt(node)}\``);
}

/**
 * `A & B & { … }` as the object it makes. A part that stands for a union of objects (`A & (B | C)`,
 * or a reference to such an alias) distributes, as TypeScript reads it: `(A & B) | (A & C)`, one
 * object per member (an extension's `Result & DetailedTask & { … }`).
 */
function convertIntersection(ctx: ParseContext, node: TsTypeNode, parts: TsTypeNode[]): TypeNode {
  const shapes = parseShapes(ctx, node);
  let choices: ObjectType[][] = [[]];
  for (const part of parts) {
    const type = convertType(ctx, part);
    const members = unionMembersOf(ctx, part, type);
    const options = (members ?? [type]).map((m) => objectOfType(m, excerpt(part), parseShapes(ctx, part)));
    choices = choices.flatMap((chosen) => options.map((option) => [...chosen, option]));
  }
  const objects = choices.map((chosen) => intersectShapes(chosen, shapes));
  return objects.length === 1 ? objects[0]! : { kind: "union", members: objects };
}

/** The members of the union a part stands for (written, or behind an alias chain), or undefined. */
function unionMembersOf(ctx: ParseContext, part: TsTypeNode, type: TypeNode): TypeNode[] | undefined {
  if (type.kind === "union") return type.members;
  if (type.kind !== "ref") return undefined;
  const holder = parseShapes(ctx, part).holder(type.name);
  return holder.kind === "alias" && holder.type.kind === "union" ? holder.type.members : undefined;
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
    if (key.kind === "string") return { kind: "object", properties: [], indexSignature: mapValues(ctx, args[1]!) };
    return literalKeyRecord(ctx, args[0]!, key, args[1]!);
  }
  if (name === "Omit" && args.length === 2) {
    return omitKeys(objectShapeOf(ctx, args[0]!), keyList(ctx, args[1]!), excerpt(args[0]!), parseShapes(ctx, node));
  }
  if (args.length > 0 || !knows(ctx, declared(ctx, name))) {
    fail(ctx, node, `unsupported type reference \`${excerpt(node)}\`: not a declaration of this schema${args.length ? " (generic types other than Array, Record and Omit are not translated)" : ""}`);
  }
  return { kind: "ref", name: declared(ctx, name) };
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
 * `Record<"a" | "b", V>` (the keys written, or an alias of them): the object with those keys, as
 * TypeScript reads it: those keys and no other (a `never` index signature). A value type that
 * admits `undefined` (`Record<K, string | undefined>`) makes each key optional: JSON has no
 * `undefined`, so such a key is simply absent.
 */
function literalKeyRecord(ctx: ParseContext, keyNode: TsTypeNode, key: TypeNode, valueNode: TsTypeNode): TypeNode {
  const members = unionMembersOf(ctx, keyNode, key) ?? [key];
  const names = members.map((member) =>
    member.kind === "literal" && typeof member.value === "string"
      ? member.value
      : fail(ctx, keyNode, `unsupported Record key type \`${excerpt(keyNode)}\` (string, or a union of string literals, map to JSON objects)`),
  );
  const parts = unionParts(valueNode);
  const kept = parts.filter((part) => !isUndefined(part));
  if (!kept.length) fail(ctx, valueNode, `\`${excerpt(valueNode)}\` has no JSON form: a Record's values need a JSON type`);
  const type = convertUnion(ctx, kept);
  const properties = names.map((name) => ({ name, optional: kept.length < parts.length, type, doc: { text: "" } }));
  return { kind: "object", properties, indexSignature: { kind: "never" } };
}

/**
 * `x?: T | undefined` is the same JSON as `x?: T`; `undefined` anywhere else has no JSON form,
 * and neither has an optional property whose only type is `undefined` (it could never be sent).
 */
function stripUndefined(ctx: ParseContext, name: string, node: TsTypeNode, optional: boolean): TypeNode {
  // `x?: never`: the key must be absent (a field that belongs elsewhere, named so a sender sees why).
  if (optional && unparenthesize(node).getKind() === SyntaxKind.NeverKeyword) return { kind: "never" };
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
  return applyTags(ctx, mapValues(ctx, valueNode), readDoc(ctx, member).tags);
}

/**
 * The values of a map. They are the user's data (a form's answers), so a bare `number` among
 * them is any JSON number: upstream's integer convention is for named protocol fields. `never`
 * (`Record<string, never>`, an extension's empty capability) means no key at all.
 */
function mapValues(ctx: ParseContext, node: TsTypeNode): TypeNode {
  if (node.getKind() === SyntaxKind.NeverKeyword) return { kind: "never" };
  return asJsonNumbers(convertType(ctx, node));
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
