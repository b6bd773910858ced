// Zod's own API on 2026-07-28's generated schemas: object schemas expose `.shape`, `.extend`,
// `.pick`; unions their `.options`; `z.input`/`z.output` agree with the spec's own types.
// Each fact has a positive case and a `@ts-expect-error` negative one (compiled by test/spec/types.test.ts).
import type * as Spec from "@spec/2026-07-28";
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  CallToolResultSchema,
  ClientCapabilitiesSchema,
  ClientRequestSchema,
  ImplementationSchema,
  ListToolsRequestSchema,
} from "@gen/2026-07-28";
import { z } from "zod";
import type { Assert, Equal, Extends, Same } from "./assert.js";

/**
 * The known keys of a type, deeply: `z.looseObject` adds `[key: string]: unknown` at every level
 * (unknown keys are kept), which an interface of the spec does not declare, so the two are
 * mutually assignable once index signatures are set aside on both sides.
 */
type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Known<T[K]> }
    : T;

// ---- .shape.params is the params schema itself, with its object API ----
export type ShapeParamsIsParamsSchema = Assert<Equal<typeof CallToolRequestSchema.shape.params, typeof CallToolRequestParamsSchema>>;
export const argumentsSchema = CallToolRequestSchema.shape.params.shape.arguments;
export type ShapeKeys = Assert<Equal<keyof typeof CallToolRequestSchema.shape, "method" | "params" | "jsonrpc" | "id">>;
// @ts-expect-error: a request's shape has no `result`
export const noResult = CallToolRequestSchema.shape.result;
// @ts-expect-error: the params schema is an object schema, not a string schema
export const paramsIsNotString: z.ZodString = CallToolRequestSchema.shape.params;

// ---- .extend({...}) keeps the object type, and the checker sees the new and the replaced keys ----
export const Traced = CallToolRequestSchema.extend({ trace: z.string() });
export type TracedTrace = Assert<Equal<z.output<typeof Traced>["trace"], string>>;
export type TracedKeepsTheRest = Assert<Same<Omit<Known<z.output<typeof Traced>>, "trace">, Known<Spec.CallToolRequest>>>;
export const traceLength = (value: unknown): number => Traced.parse(value).trace.length;
// @ts-expect-error: `trace` is a string, not a number
export const traceFixed = (value: unknown): string => Traced.parse(value).trace.toFixed();
export const Renamed = CallToolRequestSchema.extend({ method: z.literal("tools/call-v2") });
export type RenamedMethod = Assert<Equal<z.output<typeof Renamed>["method"], "tools/call-v2">>;
// @ts-expect-error: with `method` replaced, the output is no longer a spec CallToolRequest
export type RenamedIsNotCallTool = Assert<Extends<z.output<typeof Renamed>, Spec.CallToolRequest>>;

// ---- .pick keeps exactly the picked keys, and only known keys can be picked ----
export const MethodAndParams = CallToolRequestSchema.pick({ method: true, params: true });
export type PickedKeys = Assert<Equal<keyof typeof MethodAndParams.shape, "method" | "params">>;
export type PickedOutput = Assert<Same<Known<z.output<typeof MethodAndParams>>, Known<Pick<Spec.CallToolRequest, "method" | "params">>>>;
// @ts-expect-error: `result` is not a key of CallToolRequest
export const pickUnknown = CallToolRequestSchema.pick({ result: true });

// ---- a union's .options: the member schemas, one per request the spec's ClientRequest lists ----
export type OptionCount = Assert<Equal<(typeof ClientRequestSchema.options)["length"], 10>>;
export type OptionMethods = Assert<Equal<z.output<(typeof ClientRequestSchema.options)[number]>["method"], Spec.ClientRequest["method"]>>;
export const callToolOption: (typeof ClientRequestSchema.options)[number] = CallToolRequestSchema;
export const listToolsOption: (typeof ClientRequestSchema.options)[number] = ListToolsRequestSchema;
// @ts-expect-error: a result schema is not one of the client requests
export const resultOption: (typeof ClientRequestSchema.options)[number] = CallToolResultSchema;

// ---- z.input / z.output agree with the spec's types ----
// A parse result is a spec X as it is (index signatures included), and X and the schema's input
// and output are mutually assignable on their known keys, at every level.
export type OutputIsSpec = Assert<Extends<z.output<typeof CallToolRequestSchema>, Spec.CallToolRequest>>;
export type InputIsSpec = Assert<Extends<z.input<typeof CallToolRequestSchema>, Spec.CallToolRequest>>;
export type OutputSameAsSpec = Assert<Same<Known<z.output<typeof CallToolRequestSchema>>, Known<Spec.CallToolRequest>>>;
export type InputSameAsSpec = Assert<Same<Known<z.input<typeof CallToolRequestSchema>>, Known<Spec.CallToolRequest>>>;
export type UnionOutputSameAsSpec = Assert<Same<Known<z.output<typeof ClientRequestSchema>>, Known<Spec.ClientRequest>>>;
export type ResultOutputSameAsSpec = Assert<Same<Known<z.output<typeof CallToolResultSchema>>, Known<Spec.CallToolResult>>>;
export type ImplementationInputSameAsSpec = Assert<Same<Known<z.input<typeof ImplementationSchema>>, Known<Spec.Implementation>>>;
// A value typed by the spec's interfaces is an input as it is (issue 17): the input of an object
// whose type declares no index signature has the declared keys only, at every level.
declare const request: Spec.CallToolRequest;
export const requestAsInput: z.input<typeof CallToolRequestSchema> = request;
export type InputIsSameAsSpec = Assert<Same<z.input<typeof CallToolRequestSchema>, Spec.CallToolRequest>>;
export type CapabilitiesInputIsSameAsSpec = Assert<Same<z.input<typeof ClientCapabilitiesSchema>, Spec.ClientCapabilities>>;
// @ts-expect-error: a CallToolResult is no CallToolRequest input
export const resultAsInput: z.input<typeof CallToolRequestSchema> = {} as Spec.CallToolResult;
// @ts-expect-error: the output has a place for unknown keys (`[key: string]: unknown`) that the interface has not
export type SpecIsOutput = Assert<Extends<Spec.ClientCapabilities, z.output<typeof ClientCapabilitiesSchema>>>;
// Unknown keys are kept: the output has a place for them (the spec's interface has not).
export type UnknownKeysKept = Assert<Equal<z.output<typeof CallToolRequestSchema>["x-extension"], unknown>>;
// @ts-expect-error: a number is not a tool name, in the input as in the output
export const numericName: z.input<typeof CallToolRequestParamsSchema>["name"] = 1;
// @ts-expect-error: the output's method is the literal "tools/call"
export const otherMethod: z.output<typeof CallToolRequestSchema>["method"] = "tools/list";
// @ts-expect-error: a CallToolRequest's output is not a CallToolResult, even on known keys
export type RequestIsNotResult = Assert<Same<Known<z.output<typeof CallToolRequestSchema>>, Known<Spec.CallToolResult>>>;
// @ts-expect-error: `Known` keeps optionality: Implementation's output is not one with every key required
export type OptionalityKept = Assert<Same<Known<z.output<typeof ImplementationSchema>>, Required<Known<Spec.Implementation>>>>;
