import { componentsInDependencyOrder, recursiveDeclarations } from "../model/graph.js";
import { discriminatorOf } from "../model/derive.js";
import type { ArrayType, Declaration, NumberType, ObjectType, SchemaModel, StringType, TypeNode } from "../model/types.js";
import { jsDoc, propertyKey, schemaName } from "./common.js";

/** Formats with a dedicated Zod constructor or a runtime.ts pattern; others stay plain strings. */
const FORMAT_SCHEMAS: Record<string, string> = {
  uri: "z.string().regex(rt.URI, { error: 'Invalid URI' })",
  "uri-reference": "z.string().regex(rt.URI_REFERENCE, { error: 'Invalid URI reference' })",
  "uri-template": "z.string().regex(rt.URI_TEMPLATE, { error: 'Invalid URI template' })",
  byte: "z.base64()",
  "date-time": "z.iso.datetime({ offset: true })",
  date: "z.iso.date()",
  time: "z.iso.time()",
  email: "z.email()",
  uuid: "z.uuid()",
};

interface ZodContext {
  byName: Map<string, Declaration>;
  recursive: Set<string>;
  /** The recursive component being emitted: references into it go through z.lazy. */
  component: Set<string>;
}

/** Zod source for a type node. */
export function zodType(type: TypeNode, ctx: ZodContext): string {
  switch (type.kind) {
    case "string":
      return zodString(type);
    case "number":
      return zodNumber(type);
    case "boolean":
      return "z.boolean()";
    case "null":
      return "z.null()";
    case "unknown":
      return "z.unknown()";
    case "nonPrimitive":
      return "z.looseObject({})";
    case "literal":
      return type.value === null ? "z.null()" : `z.literal(${JSON.stringify(type.value)})`;
    case "ref":
      return zodRef(type.name, ctx);
    case "array":
      return zodArray(type, ctx);
    case "union":
      return zodUnion(type.members, ctx);
    case "object":
      return zodObject(type, ctx);
  }
}

function zodString(type: StringType): string {
  let code = (type.format && FORMAT_SCHEMAS[type.format]) || "z.string()";
  if (type.minLength !== undefined) code += `.min(${type.minLength})`;
  if (type.maxLength !== undefined) code += `.max(${type.maxLength})`;
  if (type.pattern !== undefined) code += `.regex(new RegExp(${JSON.stringify(type.pattern)}, "u"))`;
  return code;
}

function zodNumber(type: NumberType): string {
  let code = type.integer ? "z.int()" : "z.number()";
  if (type.minimum !== undefined) code += `.min(${type.minimum})`;
  if (type.maximum !== undefined) code += `.max(${type.maximum})`;
  return code;
}

/**
 * Inside a recursive component, references go to the unguarded schema (`X$`) through
 * z.lazy; from outside, to the exported schema, whose depth guard runs once on entry.
 */
function zodRef(name: string, ctx: ZodContext): string {
  if (ctx.component.has(name)) return `z.lazy(() => ${schemaName(name)}$)`;
  return schemaName(name);
}

function zodArray(type: ArrayType, ctx: ZodContext): string {
  let code = `z.array(${zodType(type.items, ctx)})`;
  if (type.minItems !== undefined) code += `.min(${type.minItems})`;
  if (type.maxItems !== undefined) code += `.max(${type.maxItems})`;
  return code;
}

function zodUnion(members: TypeNode[], ctx: ZodContext): string {
  // A literal next to its own primitive (`"complete" | string`) accepts nothing extra.
  const open = new Set(members.filter((m) => m.kind === "string" || m.kind === "number").map((m) => m.kind));
  const kept = members.filter((m) => !(m.kind === "literal" && open.has(typeof m.value as "string")));
  if (kept.length === 1) return zodType(kept[0]!, ctx);
  if (kept.every((m) => m.kind === "literal" && typeof m.value === "string")) {
    return `z.enum([${kept.map((m) => JSON.stringify((m as { value: string }).value)).join(", ")}])`;
  }
  const options = kept.map((m) => zodType(m, ctx)).join(", ");
  const discriminator = discriminatorOf(kept, ctx.byName);
  return discriminator ? `rt.taggedUnion(${JSON.stringify(discriminator)}, [${options}])` : `z.union([${options}])`;
}

/**
 * Objects are open (`z.looseObject`): unknown keys are kept. A typed index signature
 * constrains the extra keys instead (`catchall`), and an object made only of an index
 * signature is a record.
 */
function zodObject(type: ObjectType, ctx: ZodContext): string {
  const index = type.indexSignature;
  if (!type.properties.length && index && index.kind !== "unknown") return `z.record(z.string(), ${zodType(index, ctx)})`;
  const shape = type.properties.map((p) => {
    const value = zodType(p.type, ctx);
    // A required `unknown` key must be present; z.unknown() alone would accept it missing.
    const required = p.type.kind === "unknown" ? "rt.present()" : value;
    return `${propertyKey(p.name)}: ${p.optional ? `${value}.optional()` : required},`;
  });
  const object = `z.looseObject({\n${shape.join("\n")}\n})`;
  return index && index.kind !== "unknown" ? `z.object({\n${shape.join("\n")}\n}).catchall(${zodType(index, ctx)})` : object;
}

function emitDeclaration(declaration: Declaration, ctx: ZodContext): string {
  const name = schemaName(declaration.name);
  const typeName = `T.${declaration.name}`;
  const { deprecated, internal } = declaration.doc;
  const doc = jsDoc({ text: `Validates {@link ${typeName}}.`, deprecated, internal });
  const body = zodType(declaration.type, ctx);
  if (!ctx.recursive.has(declaration.name)) return `${doc}export const ${name}: z.ZodType<${typeName}> = ${body};`;
  return [
    `const ${name}$: z.ZodType<${typeName}> = ${body};`,
    `${doc}export const ${name}: z.ZodType<${typeName}> = rt.depthGuarded(${name}$);`,
  ].join("\n");
}

/** The body of schemas.ts: every declaration, dependencies before dependants. */
export function emitSchemaDeclarations(model: SchemaModel): string[] {
  const byName = new Map(model.declarations.map((d) => [d.name, d]));
  const recursive = recursiveDeclarations(model.declarations);
  return componentsInDependencyOrder(model.declarations).flatMap((component) => {
    const ctx: ZodContext = { byName, recursive, component: new Set(component.filter((n) => recursive.has(n))) };
    return component.map((name) => emitDeclaration(byName.get(name)!, ctx));
  });
}
