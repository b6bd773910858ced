// The tools of the conformance suite's server fixture (names and texts are what its scenarios
// call and check), declared with the generated `tool` factory: one definition set for both eras.
import * as z from "zod";
import { tool, type RequestContext, type v2026_07_28 as M } from "../gen/index.js";
import { mrtrTools } from "./mrtr.js";

export const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What an accepted elicitation answered under `key`, as its raw content (for the forms written by hand below). */
function answered(ctx: RequestContext, key: string): string | undefined {
  const answer = ctx.inputResponses?.[key];
  return answer && "action" in answer ? `action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}` : undefined;
}

/** The text of a sampling answer, if one came back under `key`. */
export function sampled(ctx: RequestContext, key: string): string | undefined {
  const answer = ctx.inputResponses?.[key];
  if (!answer || !("model" in answer)) return undefined;
  const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
  return content && content.type === "text" ? content.text : undefined;
}

export const sample = (prompt: string, maxTokens: number): M.CreateMessageRequest => ({
  method: "sampling/createMessage",
  params: { messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens },
});

/** A form written as raw JSON Schema: the SEP-1034/1330 forms test exact keywords (enumNames, oneOf titles). */
const form = (message: string, properties: Record<string, M.PrimitiveSchemaDefinition>): M.ElicitRequest => ({ method: "elicitation/create", params: { mode: "form", message, requestedSchema: { type: "object", properties } } });

const contentTools = [
  tool("test_simple_text", { description: "Tests simple text content response" }, () => "This is a simple text response for testing."),
  tool("test_image_content", { description: "Tests image content response" }, () => ({ content: [{ type: "image", data: PNG_1X1, mimeType: "image/png" }] })),
  tool("test_audio_content", { description: "Tests audio content response" }, () => ({ content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] })),
  tool("test_embedded_resource", { description: "Tests embedded resource content response" }, () => ({
    content: [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }],
  })),
  tool("test_multiple_content_types", { description: "Tests response with multiple content types (text, image, resource)" }, () => ({
    content: [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: PNG_1X1, mimeType: "image/png" },
      { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
    ],
  })),
  tool("test_error_handling", { description: "Tests error response handling" }, () => ({ isError: true, content: [{ type: "text", text: "This tool intentionally returns an error for testing" }] })),
];

const streamingTools = [
  tool("test_streaming_elicitation", { description: "Answers on its response stream with result frames only" }, () => "stream observed: result frames only"),
  tool("test_logging_tool", { description: "Logs through the request's log level (nothing without one)" }, (_args, ctx) => (ctx.log("info", "test_logging_tool ran"), "logged through the request-scoped log level")),
  tool("test_tool_with_logging", { description: "Tests tool that emits log messages during execution" }, async (_args, ctx) => {
    for (const message of ["Tool execution started", "Tool processing data", "Tool execution completed"]) {
      ctx.log("info", message);
      await sleep(50);
    }
    return "Tool with logging executed successfully";
  }),
  tool("test_tool_with_progress", { description: "Tests tool that reports progress notifications" }, async (_args, ctx) => {
    for (const step of [0, 50, 100]) {
      ctx.progress?.(step, 100, `Completed step ${step} of 100`);
      if (step < 100) await sleep(50);
    }
    return String(ctx._meta["progressToken"] ?? "no-progress-token");
  }),
  tool("test_reconnection", { description: "Answers after a short pause (SSE reconnection)" }, async () => (await sleep(100), "Reconnection test completed successfully.")),
];

const roundTripTools = [
  tool("test_missing_capability", { description: "Needs the sampling client capability (an undeclared one is answered with -32021)" }, (_args, ctx) =>
    sampled(ctx, "llm_answer") !== undefined ? "sampling round-trip complete" : ctx.inputRequired({ inputRequests: { llm_answer: sample("Reply with the single word: pong", 16) } }),
  ),
  tool("test_sampling", { description: "Tests server-initiated sampling (LLM completion request)", input: z.object({ prompt: z.string() }) }, (args, ctx) => {
    const answer = sampled(ctx, "completion");
    return answer !== undefined ? `LLM response: ${answer}` : ctx.inputRequired({ inputRequests: { completion: sample(args.prompt, 100) } });
  }),
  tool("test_elicitation", { description: "Tests server-initiated elicitation (user input request)", input: z.object({ message: z.string() }) }, (args, ctx) => {
    const answer = answered(ctx, "user");
    if (answer) return `User response: ${answer}`;
    const requestedSchema = { type: "object" as const, properties: { username: { type: "string" as const }, email: { type: "string" as const } }, required: ["username", "email"] };
    return ctx.inputRequired({ inputRequests: { user: { method: "elicitation/create", params: { mode: "form", message: args.message, requestedSchema } } } });
  }),
  tool("test_elicitation_sep1034_defaults", { description: "Tests elicitation with default values per SEP-1034" }, (_args, ctx) => {
    const answer = answered(ctx, "form");
    if (answer) return `Elicitation completed: ${answer}`;
    return ctx.inputRequired({
      inputRequests: {
        form: form("Please review and update the form fields with defaults", {
          name: { type: "string", description: "User name", default: "John Doe" },
          age: { type: "integer", description: "User age", default: 30 },
          score: { type: "number", description: "User score", default: 95.5 },
          status: { type: "string", description: "User status", enum: ["active", "inactive", "pending"], default: "active" },
          verified: { type: "boolean", description: "Verification status", default: true },
        }),
      },
    });
  }),
  tool("test_elicitation_sep1330_enums", { description: "Tests elicitation with enum schema improvements per SEP-1330" }, (_args, ctx) => {
    const answer = answered(ctx, "form");
    if (answer) return `Elicitation completed: ${answer}`;
    return ctx.inputRequired({
      inputRequests: {
        form: form("Please select options from the enum fields", {
          untitledSingle: { type: "string", description: "Select one option", enum: ["option1", "option2", "option3"] },
          titledSingle: { type: "string", description: "Select one option with titles", oneOf: [{ const: "value1", title: "First Option" }, { const: "value2", title: "Second Option" }, { const: "value3", title: "Third Option" }] },
          legacyEnum: { type: "string", description: "Select one option (legacy)", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
          untitledMulti: { type: "array", description: "Select multiple options", minItems: 1, maxItems: 3, items: { type: "string", enum: ["option1", "option2", "option3"] } },
          titledMulti: { type: "array", description: "Select multiple options with titles", minItems: 1, maxItems: 3, items: { anyOf: [{ const: "value1", title: "First Choice" }, { const: "value2", title: "Second Choice" }, { const: "value3", title: "Third Choice" }] } },
        }),
      },
    });
  }),
];

const schemaTools = [
  tool("test_x_mcp_header", { description: "Mirrors its region argument into the Mcp-Param-Region header (SEP-2243)", input: z.object({ region: z.string().meta({ "x-mcp-header": "Region" }).optional(), level: z.int().optional() }) }, (args) => `region=${args.region ?? "<none>"}`),
  tool(
    "json_schema_2020_12_tool",
    {
      description: "Tool with JSON Schema 2020-12 features (SEP-1613, SEP-2106)",
      // Raw JSON Schema: if/then/else and $anchor are beyond what a Zod schema says.
      inputSchema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
        properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" }, contactMethod: { type: "string", enum: ["phone", "email"] }, phone: { type: "string" }, email: { type: "string" } },
        allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
        if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
        then: { required: ["phone"] },
        else: { required: ["email"] },
        additionalProperties: false,
      },
    },
    (args) => `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`,
  ),
];

/** Tools in listing order (the first one must be callable with no arguments). */
export const TOOLS = [schemaTools[0]!, ...roundTripTools.slice(0, 1), ...streamingTools, ...contentTools, ...roundTripTools.slice(1), ...mrtrTools(), schemaTools[1]!];
