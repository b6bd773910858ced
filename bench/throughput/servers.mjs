// One server of the throughput bench, in its own process:
//   node bench/throughput/servers.mjs <server> <workload> [generated-dir]
// Serves one tool, `echo` ({ text: string } → the text as one text block), over Streamable HTTP on
// http://127.0.0.1:<random port>/mcp, each the way its README sets HTTP up, then prints
// `THROUGHPUT_READY <port>` on stdout. SIGTERM exits cleanly, so that `--cpu-prof` writes its file,
// and so does the end of stdin (the bench that started it is gone).
import { createServer as createHttpServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";

const [kind, workload, genDir] = process.argv.slice(2);
const INFO = { name: "throughput-bench", version: "1.0.0" };
const DESCRIPTION = "Echoes the text";
const echoResult = (text) => ({ content: [{ type: "text", text }] });

/** Listens on a random loopback port; resolves with it. */
function listen(listener) {
  const http = createHttpServer(listener);
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(http.address().port)));
}

/** mcp-gen's generated code (both eras) with the echo tool from the `tool` factory; a string result is its text block. */
async function mcpGenServer() {
  const gen = await import(pathToFileURL(join(genDir, "index.js")).href);
  const echo = gen.tool("echo", { description: DESCRIPTION, input: z.object({ text: z.string() }) }, ({ text }) => text);
  return { gen, server: gen.createServer({ serverInfo: INFO, tools: [echo] }) };
}

/** mcp-gen: the factories and toFetchHandler mounted with toNodeListener, as examples/shared/serve.ts does; both eras from one server. */
async function mcpGen() {
  const { gen, server } = await mcpGenServer();
  return listen(gen.toNodeListener(gen.toFetchHandler(server, { path: "/mcp" })));
}

/**
 * An experiment, not a setup to deploy: mcp-gen's `server.handle` called straight from node:http,
 * without the web Request/Response of toFetchHandler + toNodeListener (and without their path,
 * Host/Origin, Content-Type and size checks). Stateless only. It bounds what a node-native
 * listener could gain; run it with BENCH_THROUGHPUT_SERVERS=…,mcp-gen-direct.
 */
async function mcpGenDirect() {
  const { server } = await mcpGenServer();
  const signal = new AbortController().signal; // never aborted; stateless handling adds no listener to it
  return listen((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", async () => {
      // What the runtime reads of a Headers: get() and keys() (the Mcp-Param-* check).
      const headers = { get: (name) => req.headers[name.toLowerCase()] ?? null, keys: () => Object.keys(req.headers).values() };
      const answer = await server.handle(JSON.parse(Buffer.concat(chunks).toString("utf8")), { headers, signal, notify: () => undefined });
      const text = JSON.stringify(answer);
      res.writeHead(server.statusOf(answer), { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
    });
  });
}

/**
 * SDK v2, its recommended setups (packages/server and packages/node READMEs): 2026-07-28 through
 * createMcpHandler + toNodeHandler; a 2025-11-25 session through the sessionful
 * NodeStreamableHTTPServerTransport, one per session. Host/Origin guards in front, as the node
 * README composes them for plain node:http (mcp-gen checks Host/Origin too). An McpServer with its
 * tool is made per request (stateless) or per session, as its docs build it.
 */
async function sdk() {
  const { createMcpHandler, McpServer } = await import("@modelcontextprotocol/server");
  const node = await import("@modelcontextprotocol/node");
  const makeServer = () => {
    const server = new McpServer(INFO, { capabilities: { tools: {} } });
    server.registerTool("echo", { description: DESCRIPTION, inputSchema: z.object({ text: z.string() }) }, async ({ text }) => echoResult(text));
    return server;
  };
  const validHost = node.localhostHostValidation();
  const validOrigin = node.localhostOriginValidation();
  const guarded = (serve) => (req, res) => {
    if (validHost(req, res) && validOrigin(req, res)) void serve(req, res);
  };
  if (workload === "stateless") return listen(guarded(node.toNodeHandler(createMcpHandler(makeServer))));
  const transports = new Map();
  return listen(
    guarded(async (req, res) => {
      const id = req.headers["mcp-session-id"];
      let transport = id === undefined ? undefined : transports.get(id);
      if (id !== undefined && !transport) return void res.writeHead(404).end();
      if (!transport) {
        transport = new node.NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => transports.set(sid, transport) });
        transport.onclose = () => transports.delete(transport.sessionId);
        await makeServer().connect(transport);
      }
      await transport.handleRequest(req, res);
    }),
  );
}

/**
 * tmcp with the zod adapter and @tmcp/transport-http, which serves both sessions and 2026-07-28
 * per-request calls. Its README mounts `transport.respond` with @remix-run/node-fetch-server, not
 * installed here: @hono/node-server's request listener (installed) is the same kind of adapter.
 */
async function tmcp() {
  const { McpServer } = await import("tmcp");
  const { ZodJsonSchemaAdapter } = await import("@tmcp/adapter-zod");
  const { HttpTransport } = await import("@tmcp/transport-http");
  const { getRequestListener } = await import("@hono/node-server");
  const server = new McpServer({ ...INFO, description: "bench" }, { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {} } });
  server.tool({ name: "echo", description: DESCRIPTION, schema: z.object({ text: z.string() }) }, async ({ text }) => echoResult(text));
  const transport = new HttpTransport(server, { path: "/mcp" });
  return listen(getRequestListener(async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 })));
}

/** A free loopback port, for FastMCP, which takes a port number and does not say which one 0 gave. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** FastMCP's httpStream transport (sessions; `stateless: true` for its stateless mode, speaking 2025-11-25). */
async function fastmcp() {
  const { FastMCP } = await import("fastmcp");
  const server = new FastMCP({ ...INFO });
  server.addTool({ name: "echo", description: DESCRIPTION, parameters: z.object({ text: z.string() }), execute: async ({ text }) => text });
  const port = await freePort();
  await server.start({ transportType: "httpStream", httpStream: { port, host: "127.0.0.1", endpoint: "/mcp", ...(workload === "stateless" ? { stateless: true } : {}) } });
  return port;
}

/** The ceiling of this machine's loopback + autocannon: node:http answering a fixed JSON body, no MCP at all. */
function ceiling() {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "hello, throughput" }] } });
  return listen((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(body));
  });
}

const SERVERS = { "mcp-gen": mcpGen, "mcp-gen-direct": mcpGenDirect, sdk, tmcp, fastmcp, ceiling };
if (!SERVERS[kind]) throw new Error(`unknown server ${kind}: one of ${Object.keys(SERVERS).join(", ")}`);
process.on("SIGTERM", () => process.exit(0));
process.stdin.on("end", () => process.exit(0)).resume(); // the bench is gone: so is its server
const port = await SERVERS[kind]();
console.log(`THROUGHPUT_READY ${port}`);
