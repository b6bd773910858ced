// The conformance suite's server fixture on generated code only: one handler set serves the
// 2026-07-28 (stateless) and 2025-11-25 (sessions) eras. `--port PORT` serves
// http://127.0.0.1:PORT/mcp; without it, stdio.
import { createServer, McpError, type McpServer, type ServerOptions } from "../gen/index.js";
import { serve, stateSecret } from "../shared/serve.js";
import { contentHandlers } from "./content.js";
import { TOOLS, object, text } from "./tools.js";

let server: McpServer | undefined;

const triggers = [
  { name: "test_trigger_tool_change", description: "Publishes tools/list_changed to listening clients", inputSchema: object(), run: () => (server?.notify.toolsListChanged(), text("tools_list_changed published")) },
  { name: "test_trigger_prompt_change", description: "Publishes prompts/list_changed to listening clients", inputSchema: object(), run: () => (server?.notify.promptsListChanged(), text("prompts_list_changed published")) },
  {
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features (SEP-1613, SEP-2106)",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object" as const,
      $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" }, contactMethod: { type: "string", enum: ["phone", "email"] }, phone: { type: "string" }, email: { type: "string" } },
      allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
      if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
      then: { required: ["phone"] },
      else: { required: ["email"] },
      additionalProperties: false,
    },
    run: (args: Record<string, unknown>) => text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`),
  },
];

const tools = [...TOOLS, ...triggers];
const listed = tools.map(({ run: _run, ...tool }) => tool);

const handlers: ServerOptions["handlers"] = {
  "tools/list": () => ({ tools: listed, ttlMs: 0, cacheScope: "private" }),
  "tools/call": (params, ctx) => {
    const tool = tools.find((t) => t.name === params.name);
    if (!tool) throw new McpError(-32602, `Unknown tool: ${params.name}`);
    return tool.run(params.arguments ?? {}, ctx);
  },
  ...contentHandlers,
};

server = createServer({
  serverInfo: { name: "mcp-gen-conformance-everything", version: "1.0.0" },
  capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, logging: {}, completions: {} },
  handlers,
  stateSecret: stateSecret(),
});

await serve(server);
