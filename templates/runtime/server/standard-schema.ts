// Standard Schema v1 (Valibot, ArkType, any library that implements it) beside Zod, for what
// tools, prompts and forms are declared with. A schema is validated through its
// `~standard.validate` and listed through its own Standard JSON Schema converter
// (`~standard.jsonSchema`). Zod keeps its own path (its parser and z.toJSONSchema), which this
// module never takes. The interfaces below are the small part of @standard-schema/spec the
// runtime reads, written here as the spec asks implementers to (generated code depends on zod alone).
import type { JsonObject } from "../shared/messages.js";

/** A Standard Schema v1 validator whose input and output types are `Input` and `Output`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaProps<Input, Output>;
}

export interface StandardSchemaProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined) => StandardResult<Output> | Promise<StandardResult<Output>>;
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** A Standard Schema of an object (what a tool's arguments, a prompt's args or a form's content are). */
export type StandardObjectSchema = StandardSchemaV1<object, object>;

/** The input type of a Standard Schema (`StandardSchemaV1.InferInput`). */
export type StandardInput<S extends StandardSchemaV1> = NonNullable<S["~standard"]["types"]>["input"];
/** The output type of a Standard Schema (`StandardSchemaV1.InferOutput`). */
export type StandardOutput<S extends StandardSchemaV1> = NonNullable<S["~standard"]["types"]>["output"];

/** The Standard JSON Schema converter (StandardJSONSchemaV1's `jsonSchema`). */
interface JsonSchemaConverter {
  readonly input: (options: { readonly target: string }) => Record<string, unknown>;
  readonly output: (options: { readonly target: string }) => Record<string, unknown>;
}

/** A parse verdict in the shape the runtime reads Zod's (`safeParse`). */
export type ParseResult = { success: true; data: unknown } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };

/** Whether `value` is a Zod schema: Zod keeps its own path even though it also implements Standard Schema. */
export const isZodSchema = (value: unknown): boolean => (typeof value === "object" || typeof value === "function") && value !== null && "_zod" in value;

/** Whether `value` implements Standard Schema v1 (an ArkType type is a function, hence both kinds). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  const props = (value as { "~standard"?: { version?: unknown; validate?: unknown } })["~standard"];
  return typeof props === "object" && props !== null && props.version === 1 && typeof props.validate === "function";
}

/** A Standard Schema as the runtime's parser: `safeParse` answers at once, or a Promise when the library's validate does. */
export function standardParser(schema: StandardSchemaV1): { safeParse(value: unknown): ParseResult | Promise<ParseResult> } {
  const validate = schema["~standard"].validate;
  return {
    safeParse(value) {
      const result = validate(value);
      return isThenable(result) ? Promise.resolve(result).then(verdict) : verdict(result);
    },
  };
}

function verdict(result: StandardResult<unknown>): ParseResult {
  if (!result.issues) return { success: true, data: (result as { value: unknown }).value };
  const issues = result.issues.map((issue) => ({ message: String(issue.message), path: (issue.path ?? []).map((segment) => (typeof segment === "object" && segment !== null ? segment.key : segment)) }));
  return { success: false, error: { issues } };
}

export const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === "function";

/** Converted schemas, per schema, per `io` and dialect: a tool is converted when it is made, and listed from here. */
const converted = new WeakMap<object, Map<string, JsonObject>>();

/**
 * The JSON Schema of a Standard Schema object schema in `dialect` (without `$schema`: a tool's
 * schema is listed in its revision's default dialect). Throws a TypeError naming `what` when the
 * library cannot produce JSON Schema for it, or when that is not an object schema.
 */
export function standardJsonSchema(schema: StandardSchemaV1, io: "input" | "output", dialect: string, what: string): JsonObject {
  let byTarget = converted.get(schema);
  if (!byTarget) converted.set(schema, (byTarget = new Map()));
  const key = `${io} ${dialect}`;
  const known = byTarget.get(key);
  if (known) return structuredClone(known);
  const vendor = schema["~standard"].vendor;
  const converter = (schema["~standard"] as { jsonSchema?: Partial<JsonSchemaConverter> }).jsonSchema;
  if (typeof converter?.[io] !== "function") {
    throw new TypeError(`${what}: this ${vendor} schema cannot produce JSON Schema (it has no ~standard.jsonSchema, the Standard JSON Schema interface), and a schema is listed as JSON Schema; ${vendor === "valibot" ? "wrap it with toStandardJsonSchema(schema) of @valibot/to-json-schema" : "use a library (or version) that implements Standard JSON Schema, or give raw JSON Schema"}`);
  }
  let json: Record<string, unknown>;
  try {
    json = converter[io]!({ target: dialect });
  } catch (error) {
    throw new TypeError(`${what}: this ${vendor} schema cannot be converted to JSON Schema (${dialect}, ${io}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (json === null || typeof json !== "object" || json["type"] !== "object") throw new TypeError(`${what} must be an object schema (its JSON Schema has type "object")`);
  const { $schema: _dialect, ...listed } = json;
  byTarget.set(key, listed);
  return structuredClone(listed);
}
