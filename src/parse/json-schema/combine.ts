// `allOf`, `anyOf`, `oneOf` and `$ref` as alternatives of conjunctions: a schema stands for the
// union of its alternatives, each the intersection of its parts (plain schemas without
// combinators, and references). Plain parts are merged keyword by keyword (merge.ts); a reference
// alone stays a reference to its declaration.
import { joinPointer, isObject, type JsonObject } from "./document.js";
import { hasAssertions, type ReadContext } from "./context.js";

export type Part = { kind: "schema"; schema: JsonObject; pointer: string } | { kind: "ref"; target: string; pointer: string };
/** A conjunction of parts (an empty one accepts everything). */
export type Alternative = Part[];

/** More alternatives than this (allOf of anyOfs multiplies them) are not worth their code. */
export const MAX_ALTERNATIVES = 32;

const COMBINATORS = new Set(["allOf", "anyOf", "oneOf", "$ref"]);

/** The alternatives a schema value stands for: none for `false`, one empty conjunction for `true`. */
export function alternativesOf(schema: unknown, pointer: string, ctx: ReadContext): Alternative[] {
  if (schema === true) return [[]];
  if (schema === false) return [];
  if (!isObject(schema)) {
    ctx.warn(pointer, `not a schema (${JSON.stringify(schema)?.slice(0, 40)}): read as accepting any value`);
    return [[]];
  }
  const groups: Alternative[][] = [[[{ kind: "schema", schema: baseOf(schema, ctx), pointer }]]];
  const ref = refPart(schema, pointer, ctx);
  if (ref) groups.push([[ref]]);
  const allOf = listOf(schema, "allOf", pointer, ctx);
  allOf?.forEach((item, i) => groups.push(alternativesOf(item, joinPointer(pointer, "allOf", i), ctx)));
  for (const key of ["anyOf", "oneOf"] as const) {
    // oneOf is read as anyOf: a value matching several branches is accepted (never less than the schema).
    const items = listOf(schema, key, pointer, ctx);
    if (items) groups.push(items.flatMap((item, i) => alternativesOf(item, joinPointer(pointer, key, i), ctx)));
  }
  return product(groups, pointer, ctx);
}

/**
 * The schema without its combinators. Before 2019-09 the siblings of `$ref` are ignored by
 * validators: only their annotations (description, default…) are kept, for the docs.
 */
function baseOf(schema: JsonObject, ctx: ReadContext): JsonObject {
  const ignoreSiblings = ctx.doc.dialect === "draft-07" && typeof schema["$ref"] === "string";
  const base: JsonObject = {};
  for (const key of Object.keys(schema)) {
    if (COMBINATORS.has(key) || (ignoreSiblings && hasAssertions({ [key]: schema[key] }))) continue;
    Object.defineProperty(base, key, { value: schema[key], enumerable: true, writable: true, configurable: true });
  }
  return base;
}

function refPart(schema: JsonObject, pointer: string, ctx: ReadContext): Part | undefined {
  for (const key of ["$dynamicRef", "$recursiveRef"]) {
    if (Object.hasOwn(schema, key)) ctx.warn(joinPointer(pointer, key), `${key} is not supported: read as accepting any value`);
  }
  const ref = schema["$ref"];
  if (ref === undefined) return undefined;
  const target = typeof ref === "string" ? ctx.doc.resolve(ref) : undefined;
  if (target === undefined) {
    ctx.warn(joinPointer(pointer, "$ref"), `cannot resolve $ref ${JSON.stringify(ref)} inside the schema: read as accepting any value`);
    return undefined;
  }
  return { kind: "ref", target, pointer: joinPointer(pointer, "$ref") };
}

function listOf(schema: JsonObject, key: string, pointer: string, ctx: ReadContext): unknown[] | undefined {
  const value = schema[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value) && value.length) return value;
  ctx.warn(joinPointer(pointer, key), `${key} must be a non-empty array: ignored`);
  return undefined;
}

/**
 * Every combination of one alternative per group. Past MAX_ALTERNATIVES, the largest groups
 * (after the schema's own keywords) are dropped: fewer constraints, never fewer values.
 */
function product(groups: Alternative[][], pointer: string, ctx: ReadContext): Alternative[] {
  const kept = [...groups];
  const size = () => kept.reduce((n, g) => n * Math.max(g.length, 1), 1);
  while (size() > MAX_ALTERNATIVES && kept.length > 1) {
    const largest = kept.slice(1).reduce((a, b) => (b.length > a.length ? b : a));
    kept.splice(kept.indexOf(largest), 1);
    ctx.warn(pointer, `allOf/anyOf/oneOf combine into more than ${MAX_ALTERNATIVES} alternatives: one of the combined lists is not checked`);
  }
  let result: Alternative[] = [[]];
  for (const group of kept) result = result.flatMap((prefix) => group.map((alternative) => [...prefix, ...alternative]));
  return result;
}

/** The plain parts of an alternative that constrain anything, and its references. */
export function partsOf(alternative: Alternative): { schemas: Array<Extract<Part, { kind: "schema" }>>; refs: Array<Extract<Part, { kind: "ref" }>> } {
  const schemas = alternative.filter((p): p is Extract<Part, { kind: "schema" }> => p.kind === "schema" && hasAssertions(p.schema));
  const refs = alternative.filter((p): p is Extract<Part, { kind: "ref" }> => p.kind === "ref");
  return { schemas, refs };
}
