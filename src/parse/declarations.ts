import type {
  ExpressionWithTypeArguments,
  VariableDeclaration,
  IntersectionTypeNode,
  TypeLiteralNode,
  TypeNode as TsTypeNode,
  InterfaceDeclaration as TsInterface,
  TypeAliasDeclaration as TsAlias,
  VariableStatement,
} from "ts-morph";
import { Node } from "./morph.js";
import { sameJson } from "../model/same.js";
import { flatShape, heirShape, intersectShapes, objectOfType, omitKeys, type ShapeContext } from "../model/shapes.js";
import type { AliasDeclaration, Constant, Heritage, InterfaceDeclaration, Property } from "../model/types.js";
import { applyTags, warnConstraintsIgnored } from "./constraints.js";
import { declared, excerpt, fail, knows, locate, warn, type ParseContext } from "./context.js";
import { readDoc } from "./jsdoc.js";
import { literalValue } from "./numbers.js";
import { parseShapes } from "./shapes.js";
import { convertMembers, convertType, keyList } from "./type-nodes.js";

export function convertAlias(ctx: ParseContext, node: TsAlias): AliasDeclaration | InterfaceDeclaration {
  if (node.getTypeParameters().length > 0) fail(ctx, node, `unsupported generic type alias \`${node.getName()}\``);
  const { doc, tags } = readDoc(ctx, node);
  const typeNode = node.getTypeNodeOrThrow();
  const extension = tags.length === 0 && Node.isIntersectionTypeNode(typeNode) ? intersectionAsExtension(ctx, node, typeNode) : undefined;
  if (extension) return { kind: "interface", name: node.getName(), exported: node.isExported(), doc, location: locate(ctx, node), ...extension };
  const type = applyTags(ctx, convertType(ctx, typeNode), tags);
  return { kind: "alias", name: node.getName(), exported: node.isExported(), doc, location: locate(ctx, node), type };
}

export function convertInterface(ctx: ParseContext, node: TsInterface): InterfaceDeclaration {
  if (node.getTypeParameters().length > 0) fail(ctx, node, `unsupported generic interface \`${node.getName()}\``);
  const heritage = node.getExtends().map((clause) => heritageOf(ctx, clause));
  node.getExtends().forEach((clause, i) => checkBase(ctx, clause, heritage[i]!));
  const own = convertMembers(ctx, node, node.getMembers());
  const { doc, tags } = readDoc(ctx, node);
  warnConstraintsIgnored(ctx, tags, "an interface");
  const declaration: InterfaceDeclaration = { kind: "interface", name: node.getName(), exported: node.isExported(), doc, location: locate(ctx, node), heritage, own };
  // Several bases are merged property by property, which may fail here (and only here). One
  // plain base needs no merging: the shape stays unbuilt, so a deep chain costs nothing.
  if (heritage.length > 1) flatShape(declaration, parseShapes(ctx, node));
  return declaration;
}

/**
 * `type X = A & Omit<B, "k"> & { … }` is `interface X extends A, Omit<B, "k"> { … }` when the
 * two mean the same: declarations first, then object literals, and no key written twice with
 * different meanings (an intersection merges such keys, an interface would replace or refuse
 * them). As an interface it keeps its own members only, so a chain of such aliases is linear in
 * the model and the output (model/links.ts), like a chain of `extends`. Undefined otherwise: the
 * alias is then translated as the object its intersection makes.
 */
function intersectionAsExtension(ctx: ParseContext, node: TsAlias, intersection: IntersectionTypeNode): Pick<InterfaceDeclaration, "heritage" | "own"> | undefined {
  const parts = intersection.getTypeNodes();
  const firstLiteral = parts.findIndex((part) => Node.isTypeLiteral(part));
  const references = firstLiteral === -1 ? parts : parts.slice(0, firstLiteral);
  const literals = firstLiteral === -1 ? [] : parts.slice(firstLiteral);
  if (!references.length || !literals.every((part) => Node.isTypeLiteral(part))) return undefined;
  const heritage = references.map((part) => referenceHeritage(ctx, part));
  if (!heritage.every((h): h is Heritage => h !== undefined) || new Set(heritage.map((h) => h.name)).size < heritage.length) return undefined;
  const shapes = parseShapes(ctx, node);
  // A base that stands for a union distributes the intersection (type-nodes.ts): no interface says that.
  if (heritage.some((h, i) => unionHolder(parseShapes(ctx, references[i]!).holder(h.name)))) return undefined;
  heritage.forEach((h, i) => checkBase(ctx, references[i]!, h));
  const own = intersectShapes(literals.map((part) => convertMembers(ctx, part, (part as TypeLiteralNode).getMembers())), shapes);
  const bases = heritage.map((h) => ({ name: h.name, omit: h.omit ?? [] }));
  if (own.properties.some((p) => bases.some((b) => !b.omit.includes(p.name) && baseHas(ctx, node, b.name, p.name)))) return undefined;
  if (bases.length > 1 && !agreeingBases(heritage, shapes)) return undefined;
  return { heritage, own };
}

function unionHolder(holder: AliasDeclaration | InterfaceDeclaration): boolean {
  return holder.kind === "alias" && holder.type.kind === "union";
}

/** `A` or `Omit<A, "k">` as a heritage entry; undefined for any other part. */
function referenceHeritage(ctx: ParseContext, part: TsTypeNode): Heritage | undefined {
  if (!Node.isTypeReference(part)) return undefined;
  const name = declared(ctx, part.getTypeName().getText());
  const args = part.getTypeArguments();
  if (args.length === 0) return knows(ctx, name) ? { name } : undefined;
  if (name !== "Omit" || args.length !== 2 || !Node.isTypeReference(args[0]!) || args[0]!.getTypeArguments().length) return undefined;
  const base = declared(ctx, args[0]!.getTypeName().getText());
  return knows(ctx, base) ? { name: base, omit: keyList(ctx, args[1]!) } : undefined;
}

/** Several bases agree: a key present in more than one has the same type and optionality in each. */
function agreeingBases(heritage: Heritage[], shapes: ShapeContext): boolean {
  const seen = new Map<string, Property>();
  for (const h of heritage) {
    for (const property of heirShape(h.name, shapes).properties) {
      if (h.omit?.includes(property.name)) continue;
      const other = seen.get(property.name);
      if (other && (other.optional !== property.optional || !sameJson(other.type, property.type))) return false;
      seen.set(property.name, property);
    }
  }
  return true;
}

/**
 * Whether the object `name` stands for has `key`, walking `extends` without building shapes
 * (a chain of such aliases asks this at every level).
 */
function baseHas(ctx: ParseContext, node: Node, name: string, key: string): boolean {
  const shapes = parseShapes(ctx, node);
  const pending = [name];
  const seen = new Set<string>();
  while (pending.length) {
    const holder = shapes.holder(pending.pop()!);
    if (seen.has(holder.name)) continue;
    seen.add(holder.name);
    if (holder.kind === "alias") {
      if (holder.type.kind === "object" && holder.type.properties.some((p) => p.name === key)) return true;
      continue;
    }
    if (holder.own.properties.some((p) => p.name === key)) return true;
    for (const h of holder.heritage) if (!h.omit?.includes(key)) pending.push(h.name);
  }
  return false;
}

function heritageOf(ctx: ParseContext, clause: ExpressionWithTypeArguments): Heritage {
  const name = declared(ctx, clause.getExpression().getText());
  const args = clause.getTypeArguments();
  if (args.length === 0) return { name };
  if (name !== "Omit" || args.length !== 2 || !Node.isTypeReference(args[0]!)) {
    return fail(ctx, clause, `unsupported base type \`${excerpt(clause)}\` (an interface may extend declarations and Omit<Declaration, "keys">)`);
  }
  return { name: declared(ctx, args[0]!.getTypeName().getText()), omit: keyList(ctx, args[1]!) };
}

/** A base must be an object declaration (an interface, or an alias of an object), and an omitted key one of its properties. */
function checkBase(ctx: ParseContext, clause: Node, heritage: Heritage): void {
  const shapes = parseShapes(ctx, clause);
  const holder = shapes.holder(heritage.name);
  if (holder.kind === "alias") objectOfType(holder.type, excerpt(clause), shapes);
  if (heritage.omit) omitKeys(heirShape(heritage.name, shapes), heritage.omit, excerpt(clause), shapes);
}

/**
 * `export const NAME = <literal>` (also `as const`); anything else is not translatable. An ambient
 * constant of a `.d.ts` (`export declare const NAME: T`, no value) is carried when TypeScript reads
 * its type as one literal (`Request["method"]` of a literal `method`), and skipped with a warning
 * otherwise: it declares a value that lives elsewhere, nothing a schema must translate.
 */
export function convertConstants(ctx: ParseContext, statement: VariableStatement): Constant[] {
  const { doc, tags } = readDoc(ctx, statement);
  warnConstraintsIgnored(ctx, tags, "a constant");
  return statement.getDeclarations().flatMap((declaration) => {
    let init = declaration.getInitializer();
    if (init && Node.isAsExpression(init)) init = init.getExpression();
    const value = init ? literalValue(ctx, init) : statement.hasDeclareKeyword() ? ambientValue(declaration) : undefined;
    if (!init && value === undefined && statement.hasDeclareKeyword()) {
      warn(ctx, declaration, `ambient constant \`${excerpt(declaration)}\` skipped: its type is not one string, number or boolean literal`);
      return [];
    }
    if (value === undefined || value === null) {
      return fail(ctx, declaration, `unsupported constant \`${excerpt(declaration)}\`: only string, number and boolean literals are translated`);
    }
    return [{ name: declaration.getName(), value, exported: statement.isExported(), doc, location: locate(ctx, declaration) }];
  });
}

/** The one literal TypeScript reads as an ambient constant's type, if it is one. */
function ambientValue(declaration: VariableDeclaration): string | number | boolean | undefined {
  if (!declaration.getTypeNode()) return undefined;
  const type = declaration.getType();
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.getLiteralValue() as string | number;
  if (type.isBooleanLiteral()) return type.getText() === "true";
  return undefined;
}
