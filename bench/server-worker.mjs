// One server variant in its own process: tools/call requests through a fetch handler, in-process,
// measured as requests per second (median of rounds), printed as JSON.
const [variant, generatedUrl, roundsArg, itemsArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const items = Number(itemsArg);

const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" } };
const body = (id) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text: "hello" }, _meta: meta } });
const headers = { host: "localhost", "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "echo" };

/**
 * The `tracing` option of a variant: none; `true` with no SDK registered (the API's global no-op
 * providers: what loading the API and making spans costs when nothing records); or the SDK's
 * providers, spans batched to an exporter that drops them and the histogram aggregated by a reader.
 */
async function tracingOf(variant) {
  if (variant === "mcp-gen-otel-noop") return true;
  if (variant !== "mcp-gen-otel-sdk") return undefined;
  const { BatchSpanProcessor, TracerProvider } = await import("@opentelemetry/sdk-trace");
  const { InMemoryMetricExporter, AggregationTemporality, MeterProvider, PeriodicExportingMetricReader } = await import("@opentelemetry/sdk-metrics");
  const exporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined };
  const reader = new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), exportIntervalMillis: 60_000 });
  return { tracerProvider: new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter })] }), meterProvider: new MeterProvider({ readers: [reader] }) };
}

async function mcpGen() {
  const gen = await import(generatedUrl);
  const server = gen.createServer({
    serverInfo: { name: "bench", version: "1" },
    tracing: await tracingOf(variant),
    capabilities: { tools: {} },
    handlers: {
      "tools/list": () => ({ tools: [{ name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } }], ttlMs: 0, cacheScope: "private" }),
      "tools/call": (params) => ({ content: [{ type: "text", text: String(params.arguments?.text) }] }),
    },
  });
  return gen.toFetchHandler(server);
}

async function sdk() {
  const { McpServer, createMcpHandler } = await import("@modelcontextprotocol/server");
  const z = await import("zod");
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "bench", version: "1" }, { capabilities: { tools: {} } });
    server.registerTool("echo", { description: "echo", inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: "text", text }] }));
    return server;
  }, { legacy: "reject" });
  return (request) => handler.fetch(request);
}

const handle = variant === "sdk" ? await sdk() : await mcpGen();
const once = async (id) => {
  const response = await handle(new Request("http://localhost/mcp", { method: "POST", headers, body: body(id) }));
  const text = await response.text();
  if (response.status !== 200 || !text.includes("hello")) throw new Error(`${variant}: unexpected answer ${response.status} ${text.slice(0, 200)}`);
};
for (let i = 0; i < items / 4; i++) await once(i);
const rates = [];
for (let r = 0; r < rounds; r++) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < items; i++) await once(i);
  rates.push(items / (Number(process.hrtime.bigint() - started) / 1e9));
}
rates.sort((a, b) => a - b);
console.log(JSON.stringify({ variant, median: rates[Math.floor(rates.length / 2)], min: rates[0], max: rates[rates.length - 1] }));
