// A JSON Schema as a model type node. Every construct the model cannot state exactly is read more
// loosely, never more strictly, with a warning naming the JSON pointer: the generated validators
// accept every value the schema accepts.
import type { ArrayType, NumberType, StringType, TypeNode } from "../../model/types.js";
import { alternativesOf, partsOf, type Alternative } from "./combine.js";
import { superLinear } from "./patterns.js";
import { CHECKED_FORMATS, MAX_INLINE_DEPTH, UNKNOWN, unionOf, type ReadContext } from "./context.js";
import { isObject, joinPointer, valueAt, type JsonObject } from "./document.js";
import { mergeSchemas } from "./merge.js";
import { objectNode } from "./objects.js";

type Kind = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";
const KINDS: Kind[] = ["string", "number", "integer", "boolean", "null", "array", "object"];
const KIND_KEYWORDS: Record<string, Kind> = {
  minLength: "string", maxLength: "string", pattern: "string", format: "string",
  minimum: "number", maximum: "number", exclusiveMinimum: "number", exclusiveMaximum: "number", multipleOf: "number",
  items: "array", prefixItems: "array", additionalItems: "array", contains: "array", minItems: "array", maxItems: "array", uniqueItems: "array", unevaluatedItems: "array",
  properties: "object", required: "object", additionalProperties: "object", patternProperties: "object", propertyNames: "object",
  minProperties: "object", maxProperties: "object", dependentRequired: "object", dependentSchemas: "object", dependencies: "object", unevaluatedProperties: "object",
};
const UNSUPPORTED: Record<string, string> = {
  not: "`not` is not checked",
  if: "`if`/`then`/`else` are not checked",
  multipleOf: "`multipleOf` is not checked",
  contains: "`contains` is not checked",
  uniqueItems: "`uniqueItems` is not checked",
  propertyNames: "`propertyNames` is not checked",
  minProperties: "`minProperties` is not checked",
  maxProperties: "`maxProperties` is not checked",
  dependentRequired: "`dependentRequired` is not checked",
  dependentSchemas: "`dependentSchemas` is not checked",
  dependencies: "`dependencies` is not checked",
};

/** The type node of a schema value at `pointer`. */
export function typeNode(schema: unknown, pointer: string, ctx: ReadContext, depth: number): TypeNode {
  if (depth > MAX_INLINE_DEPTH) {
    ctx.warn(pointer, `nested more than ${MAX_INLINE_DEPTH} levels deep: read as accepting any value`);
    return UNKNOWN;
  }
  const nodes = alternativesOf(schema, pointer, ctx).map((alternative) => alternativeNode(alternative, pointer, ctx, depth));
  const node = unionOf(nodes);
  if (node) return node;
  ctx.warn(pointer, "accepts no value at all: read as accepting any value");
  return UNKNOWN;
}

/**
 * One conjunction: a reference alone is a reference to its declaration; plain parts merge; a
 * reference combined with constraints is inlined (its target read in place), except on a cycle,
 * where the reference stands alone and the constraints beside it are not checked.
 */
function alternativeNode(alternative: Alternative, pointer: string, ctx: ReadContext, depth: number): TypeNode {
  const { schemas, refs } = partsOf(alternative);
  if (refs.length === 1 && schemas.length === 0) return { kind: "ref", name: ctx.refNames.get(refs[0]!.target) ?? ctx.declare(refs[0]!.target) };
  if (refs.length === 0) {
    const merged = schemas.reduce((a, b) => mergeSchemas(a, b.schema, pointer, ctx), {} as JsonObject);
    return plainNode(merged, schemas[0]?.pointer ?? pointer, ctx, depth);
  }
  const [ref] = refs;
  if (ctx.inlining.has(ref!.target)) {
    ctx.warn(ref!.pointer, "constraints beside a recursive $ref are not checked");
    return { kind: "ref", name: ctx.refNames.get(ref!.target) ?? ctx.declare(ref!.target) };
  }
  ctx.inlining.add(ref!.target);
  try {
    const rest = alternative.filter((part) => part !== ref);
    const inlined = alternativesOf(valueAt(ctx.doc.root, ref!.target), ref!.target, ctx).map((target) => alternativeNode([...rest, ...target], pointer, ctx, depth + 1));
    return unionOf(inlined) ?? UNKNOWN;
  } finally {
    ctx.inlining.delete(ref!.target);
  }
}

/** A merged schema without combinators: one node per type it allows, or its literals. */
export function plainNode(schema: JsonObject, pointer: string, ctx: ReadContext, depth: number): TypeNode {
  for (const [key, message] of Object.entries(UNSUPPORTED)) {
    if (Object.hasOwn(schema, key) && !vacuous(key, schema[key])) ctx.warn(joinPointer(pointer, key), `${message} (the value is accepted either way)`);
  }
  const kinds = kindsOf(schema, pointer, ctx);
  const literals = literalsOf(schema, pointer, ctx);
  if (literals) return unionOf(literals.filter((v) => fits(v, kinds)).map((v) => literalNode(v, pointer, ctx))) ?? impossible(pointer, ctx);
  if (!Object.hasOwn(schema, "type") && !Object.keys(schema).some((k) => Object.hasOwn(KIND_KEYWORDS, k))) return UNKNOWN;
  const list = kinds.includes("number") ? kinds.filter((k) => k !== "integer") : kinds;
  return unionOf(list.map((kind) => kindNode(kind, schema, pointer, ctx, depth))) ?? impossible(pointer, ctx);
}

/** Keywords that constrain nothing as written (`uniqueItems: false`, `propertyNames: { type: "string" }`). */
function vacuous(key: string, value: unknown): boolean {
  if (key === "uniqueItems") return value !== true;
  if (key === "propertyNames") return value === true || (isObject(value) && Object.keys(value).every((k) => k === "type" && value[k] === "string"));
  return false;
}

function impossible(pointer: string, ctx: ReadContext): TypeNode {
  ctx.warn(pointer, "accepts no value at all: read as accepting any value");
  return UNKNOWN;
}

function kindsOf(schema: JsonObject, pointer: string, ctx: ReadContext): Kind[] {
  const declared = schema["type"];
  if (declared === undefined) return KINDS;
  const listed = (Array.isArray(declared) ? declared : [declared]).filter((t): t is Kind => {
    const known = typeof t === "string" && (KINDS as string[]).includes(t);
    if (!known) ctx.warn(joinPointer(pointer, "type"), `unknown type ${JSON.stringify(t)}: ignored`);
    return known;
  });
  if (!listed.length && !(Array.isArray(declared) && declared.length === 0)) return KINDS;
  // OpenAPI's `nullable: true` (also written by some JSON Schema generators) adds null.
  return schema["nullable"] === true && !listed.includes("null") ? [...listed, "null"] : listed;
}

function literalsOf(schema: JsonObject, pointer: string, ctx: ReadContext): unknown[] | undefined {
  const list = Object.hasOwn(schema, "enum") ? schema["enum"] : undefined;
  if (list !== undefined && !Array.isArray(list)) ctx.warn(joinPointer(pointer, "enum"), "enum must be an array: ignored");
  const values = Array.isArray(list) ? list : undefined;
  if (!Object.hasOwn(schema, "const")) return values;
  const constant = schema["const"];
  return values ? values.filter((v) => JSON.stringify(v) === JSON.stringify(constant)) : [constant];
}

function fits(value: unknown, kinds: Kind[]): boolean {
  if (value === null) return kinds.includes("null");
  if (Array.isArray(value)) return kinds.includes("array");
  if (typeof value === "number") return kinds.includes("number") || (kinds.includes("integer") && Number.isInteger(value));
  return kinds.includes(typeof value as Kind);
}

function literalNode(value: unknown, pointer: string, ctx: ReadContext): TypeNode {
  if (value === null) return { kind: "null" };
  if (typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return { kind: "literal", value };
  ctx.warn(pointer, `the ${Array.isArray(value) ? "array" : "object"} value ${JSON.stringify(value)?.slice(0, 40)} of enum/const is read as any ${Array.isArray(value) ? "array" : "object"}`);
  return Array.isArray(value) ? { kind: "array", items: UNKNOWN } : { kind: "nonPrimitive" };
}

function kindNode(kind: Kind, schema: JsonObject, pointer: string, ctx: ReadContext, depth: number): TypeNode {
  switch (kind) {
    case "string":
      return stringNode(schema, pointer, ctx);
    case "number":
    case "integer":
      return numberNode(schema, kind === "integer", pointer, ctx);
    case "boolean":
    case "null":
      return { kind };
    case "array":
      return arrayNode(schema, pointer, ctx, depth);
    case "object":
      return objectNode(schema, pointer, ctx, depth, typeNode);
  }
}

/** A non-negative integer keyword, or undefined (with a warning when it is something else). */
export function count(schema: JsonObject, key: string, pointer: string, ctx: ReadContext): number | undefined {
  const value = schema[key];
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  ctx.warn(joinPointer(pointer, key), `${key} must be a non-negative integer: ignored`);
  return undefined;
}

function stringNode(schema: JsonObject, pointer: string, ctx: ReadContext): StringType {
  const node: StringType = { kind: "string" };
  const [min, max] = [count(schema, "minLength", pointer, ctx), count(schema, "maxLength", pointer, ctx)];
  if (min) node.minLength = min;
  if (max !== undefined) node.maxLength = max;
  const pattern = schema["pattern"];
  const risk = typeof pattern === "string" && validPattern(pattern) ? superLinear(pattern) : undefined;
  if (risk) ctx.warn(joinPointer(pointer, "pattern"), `pattern ${JSON.stringify(pattern)?.slice(0, 60)} may take exponential time to match (${risk}): not checked`);
  else if (typeof pattern === "string" && validPattern(pattern)) node.pattern = pattern;
  else if (pattern !== undefined) ctx.warn(joinPointer(pointer, "pattern"), `pattern ${JSON.stringify(pattern)?.slice(0, 60)} is not an ECMAScript regular expression (with the u flag): not checked`);
  const format = schema["format"];
  if (typeof format === "string" && CHECKED_FORMATS.has(format)) node.format = format;
  return node;
}

function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Bounds are inclusive in the model: an exclusive bound is exact for integers (`> 0` is `>= 1`)
 * and read inclusively for other numbers (the bound itself is accepted, with a warning).
 */
function numberNode(schema: JsonObject, integer: boolean, pointer: string, ctx: ReadContext): NumberType {
  let minimum = finite(schema["minimum"]) ? schema["minimum"] : undefined;
  let maximum = finite(schema["maximum"]) ? schema["maximum"] : undefined;
  const exclusive = (key: "exclusiveMinimum" | "exclusiveMaximum", bound: number | undefined): number | undefined => {
    const value = schema[key];
    const at = typeof value === "boolean" ? (value ? bound : undefined) : finite(value) ? value : undefined;
    if (at === undefined) return undefined;
    if (integer) return key === "exclusiveMinimum" ? Math.floor(at) + 1 : Math.ceil(at) - 1;
    ctx.warn(joinPointer(pointer, key), `${key} ${at} is read as inclusive: ${at} itself is accepted`);
    return at;
  };
  const low = exclusive("exclusiveMinimum", minimum);
  const high = exclusive("exclusiveMaximum", maximum);
  if (low !== undefined) minimum = minimum === undefined || typeof schema["exclusiveMinimum"] === "boolean" ? low : Math.max(minimum, low);
  if (high !== undefined) maximum = maximum === undefined || typeof schema["exclusiveMaximum"] === "boolean" ? high : Math.min(maximum, high);
  const node: NumberType = { kind: "number", integer };
  // JSON Schema's integer is any integral number; inside safe bounds it is exactly z.int()'s.
  if (integer && !(minimum !== undefined && maximum !== undefined && minimum >= -Number.MAX_SAFE_INTEGER && maximum <= Number.MAX_SAFE_INTEGER)) node.largeIntegers = true;
  if (minimum !== undefined) node.minimum = minimum;
  if (maximum !== undefined) node.maximum = maximum;
  return node;
}

/**
 * Arrays; a tuple (`prefixItems`, or `items: [...]` before 2020-12) is read as an array of its
 * positions' types (each position accepts any of them), bounded when no more items may follow.
 */
function arrayNode(schema: JsonObject, pointer: string, ctx: ReadContext, depth: number): ArrayType {
  const prefixKey = Array.isArray(schema["prefixItems"]) ? "prefixItems" : Array.isArray(schema["items"]) ? "items" : undefined;
  let items: TypeNode;
  let bound: number | undefined;
  if (prefixKey) {
    const prefix = schema[prefixKey] as unknown[];
    const restKey = prefixKey === "prefixItems" ? "items" : "additionalItems";
    const rest = schema[restKey];
    const members = prefix.map((item, i) => typeNode(item, joinPointer(pointer, prefixKey, i), ctx, depth + 1));
    if (rest === false) bound = prefix.length;
    else members.push(rest === undefined ? UNKNOWN : typeNode(rest, joinPointer(pointer, restKey), ctx, depth + 1));
    if (prefix.length > 1) ctx.warn(joinPointer(pointer, prefixKey), "a tuple is read as an array of its items' types: positions are not checked");
    items = unionOf(members) ?? UNKNOWN;
  } else {
    items = schema["items"] === undefined ? UNKNOWN : typeNode(schema["items"], joinPointer(pointer, "items"), ctx, depth + 1);
  }
  const node: ArrayType = { kind: "array", items };
  const min = count(schema, "minItems", pointer, ctx);
  const max = count(schema, "maxItems", pointer, ctx);
  if (min) node.minItems = min;
  const upper = bound === undefined ? max : max === undefined ? bound : Math.min(max, bound);
  if (upper !== undefined) node.maxItems = upper;
  if (isObject(schema["unevaluatedItems"]) || schema["unevaluatedItems"] === false) ctx.warn(joinPointer(pointer, "unevaluatedItems"), "`unevaluatedItems` is not checked");
  return node;
}
