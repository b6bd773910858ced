import type { Doc, TypeNode } from "../../model/types.js";
import { isObject, type JsonObject, type SchemaDocument } from "./document.js";

/**
 * How deep inline schemas may nest (objects in arrays in objects…) before the rest reads as
 * `unknown`: the emitters and the validators they write recurse over inline types.
 */
export const MAX_INLINE_DEPTH = 48;

/** What reading one document needs: where it is, how `$ref` targets are named, where findings go. */
export interface ReadContext {
  doc: SchemaDocument;
  /** Who the schema belongs to, for warnings (`tool "get-sum" inputSchema`). */
  owner: string;
  /** The declared name of each `$ref` target (a pointer into the document; "" is the root). */
  refNames: Map<string, string>;
  /** Names a new `$ref` target and queues it to be declared. */
  declare(pointer: string): string;
  /** `$ref` targets being inlined (a reference combined with other constraints): a cycle keeps the reference. */
  inlining: Set<string>;
  warn(pointer: string, message: string): void;
}

/** Keywords that constrain values; every other keyword (description, title, default, x-…) only annotates. */
export const ASSERTIONS = new Set([
  "type", "enum", "const", "nullable",
  "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties",
  "dependentRequired", "dependentSchemas", "dependencies", "unevaluatedProperties",
  "items", "prefixItems", "additionalItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems", "unevaluatedItems",
  "minLength", "maxLength", "pattern", "format",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "not", "if", "then", "else", "allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "$recursiveRef",
]);

export function hasAssertions(schema: JsonObject): boolean {
  return Object.keys(schema).some((key) => ASSERTIONS.has(key) && !(key === "nullable" && schema[key] !== true));
}

/**
 * Formats whose runtime check (templates/runtime/shared/formats.ts) accepts every string Ajv's
 * ajv-formats accepts (test/parse/json-schema/formats.test.ts holds them to it). Other formats
 * stay in the docs, unchecked: checking them with a stricter grammar would refuse values the
 * server accepts.
 */
export const CHECKED_FORMATS = new Set(["uri-template", "date", "uuid"]);

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** JSDoc for a schema: its description (else its title), default, examples' absence, unchecked format. */
export function docOf(schema: unknown): Doc {
  if (!isObject(schema)) return { text: "" };
  const lines: string[] = [];
  const description = text(schema["description"]) ?? text(schema["title"]);
  if (description) lines.push(description);
  if (Object.hasOwn(schema, "default")) lines.push(`@default ${JSON.stringify(schema["default"])}`);
  const format = typeof schema["format"] === "string" ? schema["format"] : undefined;
  if (format !== undefined && !CHECKED_FORMATS.has(format)) lines.push(`Format \`${format}\` (not checked by the generated validators).`);
  const doc: Doc = { text: lines.join("\n") };
  if (schema["deprecated"] === true) doc.deprecated = "";
  return doc;
}

/** Members flattened and deduplicated; `unknown` absorbs the rest; undefined when there are none. */
export function unionOf(members: TypeNode[]): TypeNode | undefined {
  const flat: TypeNode[] = [];
  const seen = new Set<string>();
  for (const member of members.flatMap((m) => (m.kind === "union" ? m.members : [m]))) {
    if (member.kind === "unknown") return { kind: "unknown" };
    const key = JSON.stringify(member);
    if (seen.has(key)) continue;
    seen.add(key);
    flat.push(member);
  }
  if (flat.length <= 1) return flat[0];
  return { kind: "union", members: flat };
}

export const UNKNOWN: TypeNode = { kind: "unknown" };
