import {
  Node,
  type ExpressionWithTypeArguments,
  type InterfaceDeclaration as TsInterface,
  type TypeAliasDeclaration as TsAlias,
  type VariableStatement,
} from "ts-morph";
import type { AliasDeclaration, Constant, Heritage, InterfaceDeclaration, ObjectType, Property } from "../model/types.js";
import { applyTags, warnConstraintsIgnored } from "./constraints.js";
import { excerpt, fail, locate, type ParseContext } from "./context.js";
import { readDoc } from "./jsdoc.js";
import { literalValue } from "./numbers.js";
import { intersectShapes, omitKeys, shapeOfDeclaration } from "./shapes.js";
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
  const bases = node.getExtends().map((clause, i) => baseShape(ctx, clause, heritage[i]!));
  const own = convertMembers(ctx, node, node.getMembers());
  const { doc, tags } = readDoc(ctx, node);
  warnConstraintsIgnored(ctx, tags, "an interface");
  return {
    kind: "interface",
    name: node.getName(),
    exported: node.isExported(),
    doc,
    location: locate(ctx, node),
    heritage,
    type: overrideShape(intersectShapes(ctx, node, bases), own),
    ownPropertyNames: own.properties.map((p) => p.name),
    ownIndexSignature: own.indexSignature !== undefined,
  };
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

function baseShape(ctx: ParseContext, clause: ExpressionWithTypeArguments, heritage: Heritage): ObjectType {
  const shape = shapeOfDeclaration(ctx, clause, heritage.name);
  return heritage.omit ? omitKeys(ctx, clause, shape, heritage.omit) : shape;
}

/**
 * An interface's own members replace inherited ones of the same name (TypeScript checks that
 * they are compatible); an overriding property keeps the inherited position, so flattened
 * properties read in the order a reader of the base interfaces expects.
 */
function overrideShape(base: ObjectType, own: ObjectType): ObjectType {
  const ownByName = new Map(own.properties.map((p) => [p.name, p]));
  const properties: Property[] = base.properties.map((inherited) => {
    const mine = ownByName.get(inherited.name);
    if (!mine) return inherited;
    ownByName.delete(inherited.name);
    return mine.doc.text || mine.doc.deprecated !== undefined ? mine : { ...mine, doc: inherited.doc };
  });
  for (const property of ownByName.values()) properties.push(property);
  const indexSignature = own.indexSignature ?? base.indexSignature;
  return indexSignature ? { kind: "object", properties, indexSignature } : { kind: "object", properties };
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
