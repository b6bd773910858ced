// catalog.json's text: deterministic (keys sorted, except where their order is meaning: the
// property order of a JSON Schema, which becomes the order of the generated members), and
// readable back with a location for every JSON pointer (for warnings and errors).
import { GeneratorError } from "../errors.js";
import type { SourceLocation } from "../model/types.js";

type Json = unknown;

/** Schema keywords whose value maps names to schemas, in an order worth keeping. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_VALUES = new Set(["items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "not", "if", "then", "else", "contains", "propertyNames", "contentSchema"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
/** Where a catalog item holds JSON Schemas. */
const ITEM_SCHEMAS = new Set(["inputSchema", "outputSchema"]);

const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

function define(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * How deep a catalog's JSON may nest (objects and arrays): far beyond any real schema (the
 * schema reader already reads what is nested past 48 levels as any value), low enough that
 * sorting, reading and emitting it stay within the stack. Deeper is refused, at its pointer.
 */
export const MAX_CATALOG_DEPTH = 256;

/** The pointer of the first value nested deeper than MAX_CATALOG_DEPTH, or undefined (iterative: the value may be 10,000 deep). */
export function tooDeep(value: Json): string | undefined {
  const stack: Array<{ value: Json; pointer: string; depth: number }> = [{ value, pointer: "", depth: 0 }];
  while (stack.length) {
    const top = stack.pop()!;
    if (typeof top.value !== "object" || top.value === null) continue;
    if (top.depth >= MAX_CATALOG_DEPTH) return top.pointer;
    for (const [key, child] of Object.entries(top.value)) stack.push({ value: child, pointer: `${top.pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, depth: top.depth + 1 });
  }
  return undefined;
}

/** Plain JSON data with every object's keys sorted (code-unit order). */
export function sortedData(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedData);
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(value).sort()) define(out, key, sortedData(value[key]));
  return out;
}

/** A JSON Schema: keywords sorted, subschemas canonical in turn, name maps in their order. */
export function sortedSchema(schema: Json): Json {
  if (!isObject(schema)) return sortedData(schema);
  const out: Record<string, Json> = {};
  for (const key of Object.keys(schema).sort()) {
    const value = schema[key];
    let canonical: Json;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      canonical = {};
      for (const name of Object.keys(value)) define(canonical as Record<string, Json>, name, sortedSchema(value[name]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) canonical = value.map(sortedSchema);
    else if (key === "items" && Array.isArray(value)) canonical = value.map(sortedSchema);
    else if (SCHEMA_VALUES.has(key)) canonical = sortedSchema(value);
    else canonical = sortedData(value);
    define(out, key, canonical);
  }
  return out;
}

/** A catalog item (tool, prompt, resource…): sorted keys, its schemas canonical. */
export function sortedItem(item: Json): Json {
  if (!isObject(item)) return sortedData(item);
  const out: Record<string, Json> = {};
  for (const key of Object.keys(item).sort()) define(out, key, ITEM_SCHEMAS.has(key) ? sortedSchema(item[key]) : sortedData(item[key]));
  return out;
}

/** Locations of every value of a JSON text, by JSON pointer (1-based line and column). */
export function locations(text: string, file: string): (pointer: string) => SourceLocation {
  const found = scan(text);
  return (pointer) => {
    // The nearest enclosing value that exists (a pointer into a synthesised schema falls back).
    for (let p = pointer; ; p = p.slice(0, Math.max(0, p.lastIndexOf("/")))) {
      const offset = found.get(p);
      if (offset !== undefined) return { file, ...lineColumn(text, offset) };
      if (p === "") return { file, line: 1, column: 1 };
    }
  };
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

const escapeToken = (t: string) => t.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Offsets of values by pointer, for text JSON.parse accepts. Iterative (a schema may be deep):
 * a stack of open containers, each with its pointer and the key or index that comes next.
 */
function scan(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  const stack: Array<{ pointer: string; array: boolean; index: number; key?: string }> = [];
  const here = () => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    return `${top.pointer}/${top.array ? top.index : escapeToken(top.key ?? "")}`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === " " || c === "\n" || c === "\r" || c === "\t" || c === ":") continue;
    if (c === ",") {
      if (stack[stack.length - 1]?.array) stack[stack.length - 1]!.index++;
      continue;
    }
    if (c === "}" || c === "]") {
      stack.pop();
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      // A key: an object's next token before its colon.
      if (top && !top.array && top.key === undefined) {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        i = end;
        continue;
      }
      offsets.set(here(), i);
      if (top && !top.array) top.key = undefined;
      i = end;
      continue;
    }
    offsets.set(here(), i);
    if (c === "{" || c === "[") {
      const pointer = here();
      if (top && !top.array) top.key = undefined;
      stack.push({ pointer, array: c === "[", index: 0 });
      continue;
    }
    while (i + 1 < text.length && !/[\s,\]}]/.test(text[i + 1]!)) i++;
    if (top && !top.array) top.key = undefined;
  }
  return offsets;
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}

/** JSON.parse with the failure at its line and column. */
export function parseJson(text: string, file: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const location = position ? { file, ...lineColumn(text, Number(position[1])) } : { file, line: 1, column: 1 };
    throw new GeneratorError(`not valid JSON: ${message}`, location);
  }
}
