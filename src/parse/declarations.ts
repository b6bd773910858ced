import {
  Node,
  type ExpressionWithTypeArguments,
  type InterfaceDeclaration as TsInterface,
  type TypeAliasDeclaration as TsAlias,
  type VariableStatement,
} from "ts-morph";
import { flatShape, heirShape, objectOfType, omitKeys } from "../model/shapes.js";
import type { AliasDeclaration, Constant, Heritage, InterfaceDeclaration } from "../model/types.js";
import { applyTags, warnConstraintsIgnored } from "./constraints.js";
import { excerpt, fail, locate, type ParseContext } from "./context.js";
import { readDoc } from "./jsdoc.js";
import { literalValue } from "./numbers.js";
import { parseShapes } from "./shapes.js";
import { convertMembers, convertType, keyList } from "./type-nodes.js";

export function convertAlias(ctx: ParseContext, node: TsAlias): AliasDeclaration {
  if (node.getTypeParameters().length > 0) fail(ctx, node, `unsupported generic type alias \`${node.getName()}\``);
  const { doc, tags } = readDoc(ctx, node);
  const type = applyTags(ctx, convertType(ctx, node.getTypeNodeOrThrow()), tags);
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

function heritageOf(ctx: ParseContext, clause: ExpressionWithTypeArguments): Heritage {
  const name = clause.getExpression().getText();
  const args = clause.getTypeArguments();
  if (args.length === 0) return { name };
  if (name !== "Omit" || args.length !== 2 || !Node.isTypeReference(args[0]!)) {
    return fail(ctx, clause, `unsupported base type \`${excerpt(clause)}\` (an interface may extend declarations and Omit<Declaration, "keys">)`);
  }
  return { name: args[0]!.getTypeName().getText(), omit: keyList(ctx, args[1]!) };
}

/** A base must be an object declaration (an interface, or an alias of an object), and an omitted key one of its properties. */
function checkBase(ctx: ParseContext, clause: ExpressionWithTypeArguments, heritage: Heritage): void {
  const shapes = parseShapes(ctx, clause);
  const holder = shapes.holder(heritage.name);
  if (holder.kind === "alias") objectOfType(holder.type, excerpt(clause), shapes);
  if (heritage.omit) omitKeys(heirShape(heritage.name, shapes), heritage.omit, excerpt(clause), shapes);
}

/** `export const NAME = <literal>` (also `as const`); anything else is not translatable. */
export function convertConstants(ctx: ParseContext, statement: VariableStatement): Constant[] {
  const { doc, tags } = readDoc(ctx, statement);
  warnConstraintsIgnored(ctx, tags, "a constant");
  return statement.getDeclarations().map((declaration) => {
    let init = declaration.getInitializer();
    if (init && Node.isAsExpression(init)) init = init.getExpression();
    const value = init ? literalValue(ctx, init) : undefined;
    if (value === undefined || value === null) {
      return fail(ctx, declaration, `unsupported constant \`${excerpt(declaration)}\`: only string, number and boolean literals are translated`);
    }
    return { name: declaration.getName(), value, exported: statement.isExported(), doc, location: locate(ctx, declaration) };
  });
}
