// Facts of typed authoring (the root output's factories, handlers written against 2026-07-28):
// typed args, typed structuredContent, template variables from the literal, prompt args; each
// with a negative. And the results a handler may return, for every method whose response may be
// input_required in every revision that has such results.
import { z } from "zod";
import { prompt, resource, resourceTemplate, tool, type ServerHandlers, type RequestContext } from "@gen-root";
import type * as Modern from "@gen/2026-07-28";
import type * as Draft from "@gen/draft";
import type * as Spec from "@spec/2026-07-28";
import type { Assert, Equal, Extends } from "./assert.js";

// ── typed args and structuredContent ──
export const search = tool(
  "search",
  { input: z.object({ query: z.string(), severity: z.enum(["sev1", "sev2"]).optional(), limit: z.int().default(10) }), output: z.object({ ids: z.array(z.string()) }) },
  (args) => {
    type Args = typeof args;
    type _args = Assert<Equal<Args, { query: string; severity?: "sev1" | "sev2" | undefined; limit: number }>>;
    // @ts-expect-error: an argument the schema does not have
    void args.titel;
    return { structuredContent: { ids: [args.query] } };
  },
);
// @ts-expect-error: a structuredContent field the output schema does not have
export const wrongOutputField = tool("a", { output: z.object({ ids: z.array(z.string()) }) }, () => ({ structuredContent: { idz: [] } }));
// @ts-expect-error: a structuredContent field of the wrong type
export const wrongOutputType = tool("b", { output: z.object({ n: z.number() }) }, () => ({ structuredContent: { n: "one" } }));
// @ts-expect-error: without output, a result is a complete CallToolResult (content is required)
export const noContent = tool("c", {}, () => ({ contnet: [], isError: "yes" }));
// @ts-expect-error: input must be a Zod object schema, not raw JSON Schema (that is inputSchema)
export const rawAsInput = tool("d", { input: { type: "object" } }, () => "x");
export const text = tool("e", {}, () => "a string is one text block");
export const raw = tool("f", { inputSchema: { type: "object", properties: { x: { type: "string" } } } }, (args) => {
  type _raw = Assert<Equal<typeof args, { [key: string]: unknown }>>;
  return "ok";
});
// @ts-expect-error: a listing field the revision's Tool does not have
export const unknownField = tool("g", { descripton: "typo" }, () => "x");

// ── ctx.result(): the result typed where it is written (issue 29 item 5) ──
export const echo = tool("echo", { input: z.object({ text: z.string() }) }, async (args, ctx) => {
  const text = args.text.trim();
  return ctx.result({ content: [{ type: "text", text }] });
});
export const lookup = tool("lookup", { input: z.object({ id: z.string() }), output: z.object({ id: z.string(), state: z.enum(["open", "closed"]) }) }, async (args, ctx) => {
  const found = { id: args.id, state: "open" as const };
  type _result = Assert<Equal<Parameters<typeof ctx.result>[0]["structuredContent"], { id: string; state: "open" | "closed" }>>;
  return ctx.result({ structuredContent: found });
});
export const readWhole = resource("x://w", { name: "w" }, (ctx) => ctx.result({ contents: [{ text: "w" }] }));
export const templateWhole = resourceTemplate("x://{id}", { name: "t" }, (vars, ctx) => ctx.result({ contents: [{ text: vars.id, mimeType: "text/plain" }] }));
export const greetWhole = prompt("greet", { args: z.object({ name: z.string() }) }, (args, ctx) => ctx.result({ messages: [{ role: "user", content: { type: "text", text: `Hello, ${args.name}` } }] }));
// @ts-expect-error: a read's text is a string, through ctx.result too
export const wrongWholeRead = resource("x://v", { name: "v" }, (ctx) => ctx.result({ contents: [{ text: 1 }] }));

// ── template variables from the literal ──
export const template = resourceTemplate("repo://{owner}/{name}{?ref}", { name: "repo", complete: { owner: () => ["me"] } }, (vars) => {
  type _vars = Assert<Equal<typeof vars, { owner: string; name: string } & { ref?: string }>>;
  // @ts-expect-error: not a variable of the template
  void vars.branch;
  return { text: `${vars.owner}/${vars.name}@${vars.ref ?? "main"}` };
});
// @ts-expect-error: a completer for a variable the template does not have
export const wrongCompleter = resourceTemplate("x://{id}", { name: "x", complete: { other: () => [] } }, () => "x");
// @ts-expect-error: a read's text is a string
export const wrongRead = resource("x://y", { name: "y" }, () => ({ contents: [{ uri: "x://y", text: 1 }] }));
// @ts-expect-error: a resource needs a name
export const noName = resource("x://y", {}, () => "x");

// ── prompt args ──
export const postmortem = prompt("postmortem", { args: z.object({ id: z.string(), audience: z.string().optional() }), complete: { id: () => [] } }, (args) => {
  type _args = Assert<Equal<typeof args, { id: string; audience?: string | undefined }>>;
  // @ts-expect-error: not an argument of the prompt
  void args.tone;
  return `postmortem of ${args.id}`;
});
// @ts-expect-error: prompts/get needs messages
export const noMessages = prompt("p", {}, () => ({ mesages: [] }));
// @ts-expect-error: a completer for an argument the prompt does not have
export const wrongArgCompleter = prompt("q", { args: z.object({ id: z.string() }), complete: { nope: () => [] } }, () => "x");

// ── raw handlers: the three mistyped results of the issue, and a missing required field ──
export const raws: ServerHandlers<RequestContext> = {
  // @ts-expect-error: a misspelt field and isError of the wrong type
  "tools/call": () => ({ contnet: [], isError: "yes" }),
  // @ts-expect-error: text is a string (and ttlMs, cacheScope are required)
  "resources/read": () => ({ contents: [{ uri: "x://y", text: 1 }] }),
  // @ts-expect-error: messages misspelt
  "prompts/get": () => ({ mesages: [] }),
};
export const missingTtl: ServerHandlers<RequestContext> = {
  // @ts-expect-error: 2026-07-28's ReadResourceResult requires ttlMs and cacheScope
  "resources/read": () => ({ contents: [{ uri: "x://y", text: "ok" }] }),
};
export const inputRequiredOnlyThroughCtx: ServerHandlers<RequestContext> = {
  "tools/call": (_params, ctx) => ctx.inputRequired({ requestState: 1 }),
  "resources/read": (_params, ctx) => ctx.inputRequired({ requestState: 1 }),
};

// ── every method whose response may be input_required, in every revision that has one ──
type AskingMethods<Map> = { [M in keyof Map]: Map[M] extends { complete: unknown } ? M : never }[keyof Map];
/** A hand-made input_required result: it is not what ctx.inputRequired() builds. */
type HandMade = { resultType: "input_required"; inputRequests: {}; requestState: "x" };
type Accepting<Result, Methods extends PropertyKey> = { [M in Methods & keyof Result]: HandMade extends Result[M] ? M : {} extends Result[M] ? M : never }[Methods & keyof Result];
type Results<Handlers> = { [M in keyof Handlers]-?: Handlers[M] extends ((...args: never[]) => infer R) | undefined ? Awaited<R> : never };

type ModernAsking = AskingMethods<Modern.RequestMap>;
type DraftAsking = AskingMethods<Draft.RequestMap>;
// Not vacuous: in 2026-07-28 these are the methods whose response the spec types `XResult | InputRequiredResult`.
export type ModernAskingAreThree = Assert<Equal<ModernAsking, "prompts/get" | "resources/read" | "tools/call">>;
export type DraftAsksToo = Assert<Equal<[DraftAsking] extends [never] ? false : true, true>>;
// The spec's own response admits input_required for tools/call, as the generated map says.
export type SpecAdmits = Assert<Extends<Spec.InputRequiredResult, Spec.CallToolResultResponse["result"]>>;
export type NoModernHandlerTakesAHandMadeOrEmptyResult = Assert<Equal<Accepting<Results<Modern.ServerHandlers>, ModernAsking>, never>>;
export type NoDraftHandlerTakesAHandMadeOrEmptyResult = Assert<Equal<Accepting<Results<Draft.ServerHandlers>, DraftAsking>, never>>;
