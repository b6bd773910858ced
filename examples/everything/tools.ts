// The tools of the conformance suite's server fixture (names and texts are what its scenarios
// call and check), as handlers of the generated server: one handler set for both eras.
import type { RequestContext, ServerOptions, v2026_07_28 as M } from "../gen/index.js";

type Tool = M.Tool;
type Result = Awaited<ReturnType<NonNullable<ServerOptions["handlers"]["tools/call"]>>>;
type Args = Record<string, unknown>;
type ToolHandler = (args: Args, ctx: RequestContext) => Result | Promise<Result>;

export const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

const text = (value: string): Result => ({ content: [{ type: "text", text: value }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const object = (properties: Record<string, object> = {}, required?: string[]) => ({ type: "object" as const, properties, ...(required ? { required } : {}) });

/** What the ElicitResult of an answer holds when the user accepted; undefined otherwise. */
function accepted(ctx: RequestContext, key: string): Record<string, unknown> | undefined {
  const answer = ctx.inputResponses?.[key];
  return answer && "action" in answer && answer.action === "accept" ? answer.content : undefined;
}

function sampled(ctx: RequestContext, key: string): string | undefined {
  const answer = ctx.inputResponses?.[key];
  if (!answer || !("model" in answer)) return undefined;
  const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
  return content && content.type === "text" ? content.text : undefined;
}

const elicit = (message: string, properties: Record<string, M.PrimitiveSchemaDefinition>, required?: string[]): M.ElicitRequest => ({
  method: "elicitation/create",
  params: { mode: "form", message, requestedSchema: { type: "object", properties, ...(required ? { required } : {}) } },
});
const sample = (prompt: string, maxTokens: number): M.CreateMessageRequest => ({
  method: "sampling/createMessage",
  params: { messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens },
});
const roots: M.ListRootsRequest = { method: "roots/list", params: {} };

/** Tools in listing order (the first one must be callable with no arguments). */
export const TOOLS: Array<Tool & { run: ToolHandler }> = [
  {
    name: "test_x_mcp_header",
    description: "Mirrors its region argument into the Mcp-Param-Region header (SEP-2243)",
    inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, level: { type: "integer" } } },
    run: (args) => text(`region=${typeof args["region"] === "string" ? args["region"] : "<none>"}`),
  },
  {
    name: "test_missing_capability",
    description: "Needs the sampling client capability (an undeclared one is answered with -32021)",
    inputSchema: object(),
    run: (_args, ctx) => (sampled(ctx, "llm_answer") !== undefined ? text("sampling round-trip complete") : ctx.inputRequired({ inputRequests: { llm_answer: sample("Reply with the single word: pong", 16) } })),
  },
  { name: "test_streaming_elicitation", description: "Answers on its response stream with result frames only", inputSchema: object(), run: () => text("stream observed: result frames only") },
  {
    name: "test_logging_tool",
    description: "Logs through the request's log level (nothing without one)",
    inputSchema: object(),
    run: (_args, ctx) => (ctx.log("info", "test_logging_tool ran"), text("logged through the request-scoped log level")),
  },
  { name: "test_simple_text", description: "Tests simple text content response", inputSchema: object(), run: () => text("This is a simple text response for testing.") },
  { name: "test_image_content", description: "Tests image content response", inputSchema: object(), run: () => ({ content: [{ type: "image", data: PNG_1X1, mimeType: "image/png" }] }) },
  { name: "test_audio_content", description: "Tests audio content response", inputSchema: object(), run: () => ({ content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] }) },
  {
    name: "test_embedded_resource",
    description: "Tests embedded resource content response",
    inputSchema: object(),
    run: () => ({ content: [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }] }),
  },
  {
    name: "test_multiple_content_types",
    description: "Tests response with multiple content types (text, image, resource)",
    inputSchema: object(),
    run: () => ({
      content: [
        { type: "text", text: "Multiple content types test:" },
        { type: "image", data: PNG_1X1, mimeType: "image/png" },
        { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
      ],
    }),
  },
  {
    name: "test_tool_with_logging",
    description: "Tests tool that emits log messages during execution",
    inputSchema: object(),
    run: async (_args, ctx) => {
      for (const message of ["Tool execution started", "Tool processing data", "Tool execution completed"]) {
        ctx.log("info", message);
        await sleep(50);
      }
      return text("Tool with logging executed successfully");
    },
  },
  {
    name: "test_tool_with_progress",
    description: "Tests tool that reports progress notifications",
    inputSchema: object(),
    run: async (_args, ctx) => {
      for (const step of [0, 50, 100]) {
        ctx.progress?.(step, 100, `Completed step ${step} of 100`);
        if (step < 100) await sleep(50);
      }
      return text(String(ctx._meta["progressToken"] ?? "no-progress-token"));
    },
  },
  { name: "test_error_handling", description: "Tests error response handling", inputSchema: object(), run: () => ({ isError: true, content: [{ type: "text", text: "This tool intentionally returns an error for testing" }] }) },
  { name: "test_reconnection", description: "Answers after a short pause (SSE reconnection)", inputSchema: object(), run: async () => (await sleep(100), text("Reconnection test completed successfully.")) },
  {
    name: "test_sampling",
    description: "Tests server-initiated sampling (LLM completion request)",
    inputSchema: object({ prompt: { type: "string" } }, ["prompt"]),
    run: (args, ctx) => {
      const answer = sampled(ctx, "completion");
      return answer !== undefined ? text(`LLM response: ${answer}`) : ctx.inputRequired({ inputRequests: { completion: sample(String(args["prompt"]), 100) } });
    },
  },
  {
    name: "test_elicitation",
    description: "Tests server-initiated elicitation (user input request)",
    inputSchema: object({ message: { type: "string" } }, ["message"]),
    run: (args, ctx) => {
      const answer = ctx.inputResponses?.["user"];
      if (answer && "action" in answer) return text(`User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
      return ctx.inputRequired({ inputRequests: { user: elicit(String(args["message"]), { username: { type: "string" }, email: { type: "string" } }, ["username", "email"]) } });
    },
  },
  ...legacyElicitationTools(),
  ...mrtrTools(),
];

function legacyElicitationTools(): Array<Tool & { run: ToolHandler }> {
  const answered = (ctx: RequestContext, key: string) => {
    const answer = ctx.inputResponses?.[key];
    return answer && "action" in answer ? text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`) : undefined;
  };
  const defaults: Record<string, M.PrimitiveSchemaDefinition> = {
    name: { type: "string", description: "User name", default: "John Doe" },
    age: { type: "integer", description: "User age", default: 30 },
    score: { type: "number", description: "User score", default: 95.5 },
    status: { type: "string", description: "User status", enum: ["active", "inactive", "pending"], default: "active" },
    verified: { type: "boolean", description: "Verification status", default: true },
  };
  const enums: Record<string, M.PrimitiveSchemaDefinition> = {
    untitledSingle: { type: "string", description: "Select one option", enum: ["option1", "option2", "option3"] },
    titledSingle: { type: "string", description: "Select one option with titles", oneOf: [{ const: "value1", title: "First Option" }, { const: "value2", title: "Second Option" }, { const: "value3", title: "Third Option" }] },
    legacyEnum: { type: "string", description: "Select one option (legacy)", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
    untitledMulti: { type: "array", description: "Select multiple options", minItems: 1, maxItems: 3, items: { type: "string", enum: ["option1", "option2", "option3"] } },
    titledMulti: { type: "array", description: "Select multiple options with titles", minItems: 1, maxItems: 3, items: { anyOf: [{ const: "value1", title: "First Choice" }, { const: "value2", title: "Second Choice" }, { const: "value3", title: "Third Choice" }] } },
  };
  return [
    {
      name: "test_elicitation_sep1034_defaults",
      description: "Tests elicitation with default values per SEP-1034",
      inputSchema: object(),
      run: (_args, ctx) => answered(ctx, "form") ?? ctx.inputRequired({ inputRequests: { form: elicit("Please review and update the form fields with defaults", defaults) } }),
    },
    {
      name: "test_elicitation_sep1330_enums",
      description: "Tests elicitation with enum schema improvements per SEP-1330",
      inputSchema: object(),
      run: (_args, ctx) => answered(ctx, "form") ?? ctx.inputRequired({ inputRequests: { form: elicit("Please select options from the enum fields", enums) } }),
    },
  ];
}

import { mrtrTools } from "./mrtr.js";
export { accepted, elicit, object, roots, sample, sampled, text, type ToolHandler };
