// Facts of Standard Schema authoring (issue 55 item 5): a Valibot or ArkType schema is assignable
// to the runtime's own copy of the Standard Schema interface, and a tool's, a prompt's or a form's
// values are typed from its input and output types, each with negatives.
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import type { StandardSchemaV1 as Spec } from "@standard-schema/spec";
import { createClient, elicitForm, prompt, tool, type StandardSchemaV1, type Transport } from "@gen-root";
import type { Assert, Equal } from "./assert.js";

const valibotArgs = toStandardJsonSchema(v.object({ city: v.string(), days: v.optional(v.number(), 1) }));
const arkArgs = type({ city: "string", days: "string.integer.parse" });

// ── the local interface is the spec's, as far as a schema is concerned ──
export const fromValibot: StandardSchemaV1<{ city: string; days?: number | undefined }, { city: string; days: number }> = valibotArgs;
export const fromArkType: StandardSchemaV1<{ city: string; days: string }, { city: string; days: number }> = arkArgs;
export const fromSpec = <S extends Spec<object, object>>(schema: S): StandardSchemaV1<object, object> => schema;
// @ts-expect-error: a number schema is no schema of an object's input
export const wrongInput: StandardSchemaV1<{ city: string }> = v.number();

// ── handler arguments typed from the schema's output ──
export const valibotTool = tool("valibot_forecast", { input: valibotArgs, output: toStandardJsonSchema(v.object({ city: v.string(), days: v.number() })) }, (args) => {
  type _args = Assert<Equal<typeof args, { city: string; days: number }>>;
  // @ts-expect-error: a misspelt property
  void args.cty;
  // @ts-expect-error: days is a number
  const days: string = args.days;
  void days;
  return { structuredContent: { city: args.city, days: args.days } };
});
export const arkTool = tool("ark_forecast", { input: arkArgs }, (args) => {
  type _args = Assert<Equal<typeof args, { city: string; days: number }>>;
  // @ts-expect-error: a misspelt property
  void args.dayz;
  return `${args.city}: ${args.days.toFixed(0)} days`;
});
// @ts-expect-error: structuredContent of the wrong type (days is a number in the output schema)
export const wrongOutput = tool("w", { output: type({ days: "number" }) }, () => ({ structuredContent: { days: "two" } }));
// @ts-expect-error: a Standard Schema of a string is no tool input
export const scalarInput = tool("s", { input: type("string") }, () => "x");

// ── a client that knows the tools takes their input types ──
declare const transport: Transport;
export async function calls(): Promise<void> {
  const tools = [valibotTool, arkTool];
  const client = await createClient<typeof tools>(transport, { clientInfo: { name: "c", version: "1" } });
  await client.callTool({ name: "ark_forecast", arguments: { city: "Oslo", days: "3" } });
  // @ts-expect-error: ArkType's input type of days is a string (it is parsed to a number)
  await client.callTool({ name: "ark_forecast", arguments: { city: "Oslo", days: 3 } });
  // @ts-expect-error: a misspelt argument
  await client.callTool({ name: "valibot_forecast", arguments: { cty: "Oslo" } });
}

// ── prompt args and elicitation forms ──
export const trip = prompt("trip", { args: type({ city: "string", "note?": "string" }), complete: { city: () => [] } }, (args) => {
  type _args = Assert<Equal<typeof args, { city: string; note?: string }>>;
  // @ts-expect-error: not an argument of the prompt
  void args.tone;
  return `Plan a trip to ${args.city}`;
});
// @ts-expect-error: a completer for an argument the prompt does not have
export const wrongCompleter = prompt("q", { args: type({ city: "string" }), complete: { town: () => [] } }, () => "x");

const askDays = elicitForm({ message: "How many days?", schema: toStandardJsonSchema(v.object({ days: v.pipe(v.string(), v.transform(Number)) })) });
export const asking = tool("asking", {}, (_args, ctx) => {
  const answer = ctx.accepted("days", askDays);
  type _answer = Assert<Equal<typeof answer, { days: number } | undefined>>;
  // @ts-expect-error: the accepted output's days is a number
  const text: string | undefined = answer?.days;
  void text;
  return answer ? `${answer.days + 1}` : ctx.inputRequired({ inputRequests: { days: askDays } });
});
