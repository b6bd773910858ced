import type { Declaration, InterfaceDeclaration, ObjectType, Property, SchemaModel, TypeNode } from "../model/types.js";
import { constraintTags, jsDoc, propertyKey } from "./common.js";

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
  if (indexSignature) members.push(`[key: string]: ${tsType(indexSignature)};`);
  return members.length ? `{\n${members.join("\n")}\n}` : "{}";
}

function tsProperty(property: Property): string {
  const doc = jsDoc(property.doc, constraintTags(property.type));
  return `${doc}${propertyKey(property.name)}${property.optional ? "?" : ""}: ${tsType(property.type)};`;
}

function tsInterface(declaration: InterfaceDeclaration): string {
  const heritage = declaration.heritage.map((h) =>
    h.omit ? `Omit<${h.name}, ${h.omit.map((k) => JSON.stringify(k)).join(" | ")}>` : h.name,
  );
  const own = new Set(declaration.ownPropertyNames);
  const ownShape: ObjectType = { kind: "object", properties: declaration.type.properties.filter((p) => own.has(p.name)) };
  const body = tsObject(ownShape.properties, declaration.ownIndexSignature ? declaration.type.indexSignature : undefined);
  const extendsClause = heritage.length ? ` extends ${heritage.join(", ")}` : "";
  return `export interface ${declaration.name}${extendsClause} ${body}`;
}

export function tsDeclaration(declaration: Declaration): string {
  const doc = jsDoc(declaration.doc, constraintTags(declaration.type));
  if (declaration.kind === "interface") return `${doc}${tsInterface(declaration)}`;
  return `${doc}export type ${declaration.name} = ${tsType(declaration.type)};`;
}

/** The body of types.ts: every declaration, in source order. */
export function emitTypeDeclarations(model: SchemaModel): string[] {
  return model.declarations.map(tsDeclaration);
}
