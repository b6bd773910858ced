// The consumer programs whose type-check cost the bench measures (bench/consumer.mjs) and the
// suite budgets (test/spec/consumer-cost.test.ts): each mcp-gen program beside the same program
// written on the official SDK. `./gen/index.js` is the generated output beside the program.

const TOUCH_SHARED = [
  "export const request = m.CallToolRequestSchema.parse({});",
  "export const clientRequest = m.ClientRequestSchema.parse({});",
  "export const serverResult = m.ServerResultSchema.parse({});",
  "export const errorResponse = m.JSONRPCErrorResponseSchema.parse({});",
  "export const resultShape = m.CallToolResultSchema.shape;",
];

export const ONE_IMPORT = 'import { CallToolRequestSchema } from "./gen/index.js";\nexport const r = CallToolRequestSchema.parse({});\n';
/**
 * The README's own pattern: the parsed value assigned to the interface. Zod's API stays on the
 * schema (`.shape`, `.extend`, `z.input`/`z.output`), and the program uses it too.
 */
export const ANNOTATED = [
  'import type { z } from "zod";',
  'import { CallToolRequestSchema, type CallToolRequest } from "./gen/index.js";',
  "declare const input: unknown;",
  "export const request: CallToolRequest = CallToolRequestSchema.parse(input);",
  "export const checked = CallToolRequestSchema.safeParse(input);",
  "export const method: CallToolRequest[\"method\"] | undefined = checked.success ? checked.data.method : undefined;",
  "export const shape = CallToolRequestSchema.shape.params;",
  "export type Output = z.output<typeof CallToolRequestSchema>;",
  "export type Input = z.input<typeof CallToolRequestSchema>;",
  "",
].join("\n");
export const ANNOTATED_CORE = [
  'import { CallToolRequestSchema } from "@modelcontextprotocol/core";',
  // core exports the schemas; the SDK's types of them come from its server (and client) packages.
  'import type { CallToolRequest } from "@modelcontextprotocol/server";',
  "declare const input: unknown;",
  "export const request: CallToolRequest = CallToolRequestSchema.parse(input);",
  "",
].join("\n");
export const ONE_IMPORT_CORE = 'import { CallToolRequestSchema } from "@modelcontextprotocol/core";\nexport const r = CallToolRequestSchema.parse({});\n';

export const WHOLE_SURFACE = [
  'import * as m from "./gen/index.js";',
  ...TOUCH_SHARED,
  'export const params: m.ParamsOf<"tools/call"> | undefined = request.params;',
  'export const entry = m.METHODS["tools/call"];',
  'export const error = new m.McpError(m.ErrorCode.INVALID_PARAMS, "bad");',
  "export const version: string = m.PROTOCOL_VERSION;",
  "",
].join("\n");
export const WHOLE_SURFACE_CORE = ['import * as m from "@modelcontextprotocol/core";', ...TOUCH_SHARED, ""].join("\n");

/**
 * A server (the README's, on both eras) served over HTTP, a client that connects to it, and a
 * schema of each revision: what a project on a two-revision output does. Needs @types/node.
 */
export const SERVER_CLIENT = `import { createServer as createHttpServer } from "node:http";
import { connect, createServer, StreamableHttpTransport, toFetchHandler, toNodeListener, v2025_11_25, v2026_07_28 } from "./gen/index.js";

const server = createServer({
  serverInfo: { name: "weather", version: "1.0.0" },
  capabilities: { tools: {} },
  handlers: {
    "tools/list": () => ({ tools: [{ name: "forecast", inputSchema: { type: "object" } }], ttlMs: 60_000, cacheScope: "public" }),
    "tools/call": (params, ctx) => {
      const answer = ctx.inputResponses?.["city"];
      const city = answer && "action" in answer && answer.action === "accept" ? answer.content?.["city"] : params.arguments?.["city"];
      if (typeof city !== "string") {
        return ctx.inputRequired({
          inputRequests: { city: { method: "elicitation/create", params: { mode: "form", message: "Which city?", requestedSchema: { type: "object", properties: { city: { type: "string" } } } } } },
          requestState: { asked: "city" },
        });
      }
      return { content: [{ type: "text", text: \`Sunny in \${city}\` }] };
    },
  },
});
createHttpServer(toNodeListener(toFetchHandler(server))).listen(3000, "127.0.0.1");

const client = await connect(() => new StreamableHttpTransport("http://127.0.0.1:3000/mcp"), { clientInfo: { name: "c", version: "1.0.0" } });
export const result = await client.callTool({ name: "forecast", arguments: { city: "Oslo" } });
for await (const tool of client.paginate("tools/list")) console.log(tool.name);
export const request = v2026_07_28.CallToolRequestSchema.parse({});
export const legacy = v2025_11_25.isCallToolRequest(request);
`;

export const SERVER_CLIENT_SDK = `import { createServer as createHttpServer } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { CallToolRequestSchema } from "@modelcontextprotocol/core";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import * as z from "zod";

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.registerTool("forecast", { description: "forecast", inputSchema: z.object({ city: z.string() }) }, async ({ city }) => ({ content: [{ type: "text", text: \`Sunny in \${city}\` }] }));
  return server;
});
createHttpServer(toNodeHandler(handler)).listen(3000, "127.0.0.1");

const client = new Client({ name: "c", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1:3000/mcp")));
export const result = await client.callTool({ name: "forecast", arguments: { city: "Oslo" } });
for (const tool of (await client.listTools()).tools) console.log(tool.name);
export const request = CallToolRequestSchema.parse({});
`;
