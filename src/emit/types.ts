import { overridesInherited } from "../model/properties.js";
import { flatShape, shapeContext } from "../model/shapes.js";
import type { Declaration, InterfaceDeclaration, Property, SchemaModel, TypeNode } from "../model/types.js";
import { constraintTags, jsDoc, propertyKey } from "./common.js";
import type { Emitter } from "./contract.js";

/** TypeScript source for a type node, as a reader would write it. */
export function tsType(type: TypeNode): string {
  switch (type.kind) {
    case "string":
    case "number":
    case "boolean":
    case "null":
      return type.kind;
    case "unknown":
      return type.any ? "any" : "unknown";
    case "nonPrimitive":
      return "object";
    case "never":
      return "never";
    case "literal":
      return JSON.stringify(type.value);
    case "ref":
      return type.name;
    case "array":
      return type.items.kind === "union" ? `(${tsType(type.items)})[]` : `${tsType(type.items)}[]`;
    case "union":
      return tsUnion(type.members);
    case "object":
      return tsObject(type.properties, type.indexSignature);
  }
}

/**
 * `"a" | "b" | string` collapses to `string` in TypeScript, losing the editor's completions;
 * `string & {}` keeps the literals visible while accepting every string.
 */
function tsUnion(members: TypeNode[]): string {
  const hasLiteralOf = (kind: string) => members.some((m) => m.kind === "literal" && typeof m.value === kind);
  return members
    .map((m) => ((m.kind === "string" || m.kind === "number") && hasLiteralOf(m.kind) ? `(${m.kind} & {})` : tsType(m)))
    .join(" | ");
}

function tsObject(properties: Property[], indexSignature: TypeNode | undefined): string {
  const members = properties.map(tsProperty);
  // No other key (`never`) beside listed properties: TypeScript would hold the properties to `never`
  // too; an object type without an index signature says as much (its literals take no other key).
  if (indexSignature && !(indexSignature.kind === "never" && properties.length)) members.push(`[key: string]: ${tsType(indexSignature)};`);
  return members.length ? `{\n${members.join("\n")}\n}` : "{}";
}

function tsProperty(property: Property): string {
  const doc = jsDoc(property.doc, constraintTags(property.type));
  return `${doc}${propertyKey(property.name)}${property.optional ? "?" : ""}: ${tsType(property.type)};`;
}

/** Which declarations an interface's members are looked up in, to tell overrides apart. */
interface Inheritance {
  byName: ReadonlyMap<string, Declaration>;
  declarers: ReadonlyMap<string, number>;
}

function tsInterface(declaration: InterfaceDeclaration, inheritance: Inheritance): string {
  const heritage = declaration.heritage.map((h) =>
    h.omit ? `Omit<${h.name}, ${h.omit.map((k) => JSON.stringify(k)).join(" | ")}>` : h.name,
  );
  const body = tsObject(ownMembers(declaration, inheritance), declaration.own.indexSignature);
  const extendsClause = heritage.length ? ` extends ${heritage.join(", ")}` : "";
  return `export interface ${declaration.name}${extendsClause} ${body}`;
}

/**
 * The members an interface writes, as the full shape has them: an override stands where the
 * inherited property did, with its doc when it has none of its own.
 */
function ownMembers(declaration: InterfaceDeclaration, { byName, declarers }: Inheritance): Property[] {
  if (!overridesInherited(declaration, byName, declarers)) return declaration.own.properties;
  const own = new Set(declaration.own.properties.map((p) => p.name));
  return flatShape(declaration, shapeContext(byName)).properties.filter((p) => own.has(p.name));
}

function tsDeclaration(declaration: Declaration, inheritance: Inheritance): string {
  if (declaration.kind === "interface") return `${jsDoc(declaration.doc)}${tsInterface(declaration, inheritance)}`;
  return `${jsDoc(declaration.doc, constraintTags(declaration.type))}export type ${declaration.name} = ${tsType(declaration.type)};`;
}

/** types.ts: every declaration as a TypeScript type, in source order. */
export const emitTypes: Emitter = ({ model, byName, declarers }, { render }) => {
  const declarations = model.declarations.map((d) => tsDeclaration(d, { byName, declarers }));
  return [{ path: "types.ts", content: render("types.ts", { declarations }) }];
};
