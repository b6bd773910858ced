// The intersection of two plain schemas (no combinators), keyword by keyword. Where a keyword's
// two values cannot be combined into one, a nested `allOf` states both (read again later); where
// the model cannot say both, the looser value is kept and a warning says so.
import { isObject, type JsonObject } from "./document.js";
import type { ReadContext } from "./context.js";

type Merger = (a: unknown, b: unknown, ctx: MergeContext) => unknown;
interface MergeContext {
  read: ReadContext;
  pointer: string;
}

const both = (a: unknown, b: unknown): JsonObject => ({ allOf: [a, b] });
const larger = (a: unknown, b: unknown) => (typeof a === "number" && typeof b === "number" ? Math.max(a, b) : typeof a === "number" ? a : b);
const smaller = (a: unknown, b: unknown) => (typeof a === "number" && typeof b === "number" ? Math.min(a, b) : typeof a === "number" ? a : b);

/** `^` then one lookahead per pattern: a string matches both. Kept only if the combination compiles. */
function patterns(a: unknown, b: unknown, ctx: MergeContext): unknown {
  if (a === b) return a;
  const combined = `^(?=[\\s\\S]*?(?:${String(a)}))(?=[\\s\\S]*?(?:${String(b)}))`;
  try {
    new RegExp(combined, "u");
    return combined;
  } catch {
    ctx.read.warn(ctx.pointer, `two patterns apply here; only ${JSON.stringify(a)} is checked`);
    return a;
  }
}

function types(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === "string");
  const [left, right] = [list(a), list(b)];
  // integer is a number: number ∩ integer = integer.
  const within = (kind: string, other: string[]) => other.includes(kind) || (kind === "integer" && other.includes("number"));
  const common = [...left.filter((k) => within(k, right)), ...right.filter((k) => k === "integer" && left.includes("number") && !left.includes("integer"))];
  return [...new Set(common)];
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function enums(a: unknown, b: unknown): unknown {
  if (!Array.isArray(a) || !Array.isArray(b)) return Array.isArray(a) ? a : b;
  return a.filter((value) => b.some((other) => sameJson(value, other)));
}

function consts(a: unknown, b: unknown): unknown {
  // Two different constants accept nothing: an empty enum says so.
  return sameJson(a, b) ? a : undefined;
}

function schemaMaps(a: unknown, b: unknown): unknown {
  if (!isObject(a) || !isObject(b)) return isObject(a) ? a : b;
  const merged: JsonObject = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const value = Object.hasOwn(a, key) && Object.hasOwn(b, key) ? both(a[key], b[key]) : Object.hasOwn(a, key) ? a[key] : b[key];
    Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

function stringLists(a: unknown, b: unknown): unknown {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return [...new Set([...list(a), ...list(b)])];
}

function tuples(a: unknown, b: unknown): unknown {
  if (!Array.isArray(a) || !Array.isArray(b)) return both(a, b);
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (i < a.length && i < b.length ? both(a[i], b[i]) : i < a.length ? a[i] : b[i]));
}

/** Keeps the first value; says that the second is not checked. */
function firstOnly(name: string): Merger {
  return (a, b, ctx) => {
    if (!sameJson(a, b)) ctx.read.warn(ctx.pointer, `two values of ${name} apply here; only ${JSON.stringify(a)?.slice(0, 60)} is checked`);
    return a;
  };
}

const MERGERS: Record<string, Merger> = {
  type: types,
  enum: enums,
  const: consts,
  nullable: (a, b) => a === true && b === true,
  properties: schemaMaps,
  patternProperties: schemaMaps,
  required: stringLists,
  additionalProperties: both,
  items: (a, b) => (Array.isArray(a) || Array.isArray(b) ? tuples(a, b) : both(a, b)),
  prefixItems: tuples,
  additionalItems: both,
  unevaluatedProperties: both,
  propertyNames: both,
  minimum: larger,
  exclusiveMinimum: (a, b) => (typeof a === "boolean" || typeof b === "boolean" ? a === true || b === true : larger(a, b)),
  maximum: smaller,
  exclusiveMaximum: (a, b) => (typeof a === "boolean" || typeof b === "boolean" ? a === true || b === true : smaller(a, b)),
  minLength: larger,
  maxLength: smaller,
  minItems: larger,
  maxItems: smaller,
  minProperties: larger,
  maxProperties: smaller,
  uniqueItems: (a, b) => a === true || b === true,
  pattern: patterns,
  format: firstOnly("format"),
  multipleOf: firstOnly("multipleOf"),
};

/**
 * Properties one side declares and the other does not are, to the other side, additional: they
 * must also match its `additionalProperties` (and `false` there forbids them).
 */
function crossAdditional(merged: JsonObject, a: JsonObject, b: JsonObject): void {
  const props = (s: JsonObject) => (isObject(s["properties"]) ? s["properties"] : {});
  const extra = (s: JsonObject) => s["additionalProperties"];
  const target = merged["properties"];
  if (!isObject(target)) return;
  for (const [side, other] of [[a, b], [b, a]] as const) {
    const rule = extra(other);
    if (rule === undefined || rule === true) continue;
    for (const key of Object.keys(props(side))) {
      if (!Object.hasOwn(props(other), key)) Object.defineProperty(target, key, { value: both(target[key], rule), enumerable: true, writable: true, configurable: true });
    }
  }
}

/** The intersection of two plain schemas; annotations are the first's, else the second's. */
export function mergeSchemas(a: JsonObject, b: JsonObject, pointer: string, read: ReadContext): JsonObject {
  const merged: JsonObject = {};
  const set = (key: string, value: unknown) => Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const [inA, inB] = [Object.hasOwn(a, key), Object.hasOwn(b, key)];
    if (!inA || !inB) set(key, inA ? a[key] : b[key]);
    else if (Object.hasOwn(MERGERS, key)) set(key, MERGERS[key]!(a[key], b[key], { read, pointer }));
    // Annotations, and keywords the model cannot express (reported where the merged schema is read).
    else set(key, a[key]);
  }
  if (Object.hasOwn(merged, "const") && merged["const"] === undefined) {
    delete merged["const"];
    merged["enum"] = [];
  }
  crossAdditional(merged, a, b);
  return merged;
}
