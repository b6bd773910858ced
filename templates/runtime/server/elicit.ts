// Typed elicitation for multi round-trip handlers, the same on both eras: `elicitForm` builds the
// input request of a form from a flat Zod object or Standard Schema (checked against the
// revision's own schema of elicitation params when it is made), and `accepted` reads the answer
// back, typed and validated.
import { z } from "zod";
import type { Parser, ZodObjectSchema } from "./define.js";
import type { JsonObject, RevisionBinding, Validator } from "./types.js";
import { issueData } from "../shared/messages.js";
import { isStandardSchema, isThenable, isZodSchema, standardJsonSchema, standardParser, type StandardObjectSchema } from "./standard-schema.js";

/** What a form's content may be declared with: a Zod object schema, or a Standard Schema of an object. */
export type FormSchema = ZodObjectSchema | StandardObjectSchema;

/** The input request method a form goes out as (the spec's name for it, in every revision that has forms). */
export const ELICIT_METHOD = "elicitation/create";

/** An elicitation form: an input request, and the schema its accepted content is read with. */
export interface ElicitForm<S extends FormSchema = FormSchema, Params = { mode: "form"; message: string; requestedSchema: JsonObject }> {
  readonly method: typeof ELICIT_METHOD;
  readonly params: Params;
  /** The schema of the accepted content (for `ctx.accepted`); not enumerable, so never sent. */
  readonly schema: S;
}

/** The JSON Schema dialect of a revision's schemas, as Zod names its targets. */
export type JsonSchemaDialect = "draft-2020-12" | "draft-07";

/** A Zod (or Standard) schema as the JSON Schema a revision expects (`io`: what is sent in, or what comes out). */
export function jsonSchemaOf(schema: object, dialect: JsonSchemaDialect, io: "input" | "output"): JsonObject {
  if (!isZodSchema(schema) && isStandardSchema(schema)) return standardJsonSchema(schema, io, dialect, "a Standard Schema");
  return z.toJSONSchema(schema as never, { target: dialect, io, unrepresentable: "any" }) as JsonObject;
}

/**
 * A form for `elicitation/create`, checked now with the revision's schema of its params: a schema
 * outside the elicitation subset of JSON Schema (a nested object, an array of objects…) throws.
 */
export function elicitFormFor(binding: RevisionBinding): <S extends FormSchema>(options: { message: string; schema: S }) => ElicitForm<S> {
  return <S extends FormSchema>({ message, schema }: { message: string; schema: S }): ElicitForm<S> => {
    const dialect = binding.jsonSchemaDialect ?? "draft-2020-12";
    const standard = !isZodSchema(schema) && isStandardSchema(schema);
    if (!standard && (schema as { _zod?: { def?: { type?: unknown } } })?._zod?.def?.type !== "object") throw new TypeError("elicitForm: schema must be a Zod object schema (z.object({...})) or a Standard Schema object schema");
    const requestedSchema = standard ? standardJsonSchema(schema, "input", dialect, "elicitForm: schema") : jsonSchemaOf(schema, dialect, "input");
    delete requestedSchema["$schema"];
    const params = { mode: "form" as const, message, requestedSchema };
    const info = binding.methods(ELICIT_METHOD) as { params?: Validator } | undefined;
    if (!info?.params) throw new TypeError(`elicitForm: revision ${binding.version} has no ${ELICIT_METHOD}`);
    const checked = info.params.safeParse(params);
    if (!checked.success) {
      const issues = issueData(checked.error?.issues ?? [], params).issues;
      throw new TypeError(`elicitForm: the schema is outside what ${binding.version} lets a form ask (${issues.slice(0, 5).join("; ")})`);
    }
    const form = { method: ELICIT_METHOD, params } as ElicitForm<S>;
    Object.defineProperty(form, "schema", { value: schema, enumerable: false });
    return Object.freeze(form);
  };
}

/**
 * The accepted content of an input response, validated with the form's (or a) schema; undefined
 * when the user declined or cancelled, when nothing was answered under `key`, or when the content
 * does not fit the schema (the handler may ask again).
 */
export function acceptedContent(responses: Record<string, unknown> | undefined, key: string, form: unknown): unknown {
  const response = responses && Object.hasOwn(responses, key) ? responses[key] : undefined;
  if (response === null || typeof response !== "object" || (response as JsonObject)["action"] !== "accept") return undefined;
  const given = (form as { method?: unknown }).method === ELICIT_METHOD ? (form as ElicitForm).schema : form;
  const schema = (!isZodSchema(given) && isStandardSchema(given) ? standardParser(given) : given) as Parser;
  const parsed = schema.safeParse((response as JsonObject)["content"] ?? {});
  // accepted() answers at once, as handlers read it inline: a validator that answers later cannot serve it.
  if (isThenable(parsed)) {
    parsed.then(undefined, () => undefined); // its outcome is not read: no unhandled rejection
    throw new TypeError("ctx.accepted: the form's schema validates asynchronously (its ~standard.validate returned a Promise); give a synchronous schema");
  }
  return parsed.success ? parsed.data : undefined;
}
