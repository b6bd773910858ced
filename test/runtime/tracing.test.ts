// Issue 55 item 1: tracing after OpenTelemetry's MCP semantic conventions, with the real SDK and
// in-memory exporters. A tools/call from a generated client to a generated server is one trace
// (the server span's parent is the client span, its context carried in `params._meta`) over HTTP
// and over stdio, and through Redis replicas behind a round-robin proxy; the duration histograms
// are recorded with the method; failures carry `error.type`; and with tracing off
// `@opentelemetry/api` is never loaded.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer as httpServer, type Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { AggregationTemporality, DataPointType, MeterProvider, MetricReader, type HistogramMetricData } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startProxy } from "../helpers/proxy.mjs";
import { NO_REDIS, sharedRedisUrl, uniquePrefix } from "../helpers/redis.js";
import { GENERATED_JS_ROOT, REPO_ROOT, scratchDir } from "../helpers/spec.js";

const LEGACY = "2025-11-25";
const MODERN = "2026-07-28";
const FIXTURE = join(REPO_ROOT, "test/runtime/fixtures/traced-server.mjs");
const INDEX_JS = join(GENERATED_JS_ROOT, "index.js");
const CLIENT_INFO = { name: "traced-client", version: "1.0.0" };

let gen: any;
let loader: { load: () => Promise<unknown>; loaded: Promise<unknown> | undefined };

/** A metric reader the test collects from when it wants. */
class Reader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** Providers of one test: spans in memory, metrics on demand. */
function telemetry() {
  const exporter = new InMemorySpanExporter();
  const reader = new Reader();
  const tracerProvider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracing = { tracerProvider, meterProvider: new MeterProvider({ readers: [reader] }) };
  /** The finished spans, once their (asynchronous) export is done. */
  const spans = async (): Promise<ReadableSpan[]> => (await tracerProvider.forceFlush(), exporter.getFinishedSpans());
  return { spans, reader, tracing };
}

function tracedServer(tracing: unknown, onError?: (error: unknown) => void) {
  return gen.createServer({
    serverInfo: { name: "traced", version: "1.0.0" },
    stateSecret: "tracing tests: a secret of at least 32 bytes",
    tracing,
    ...(onError ? { onError } : {}),
    tools: [
      gen.tool("add", { input: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }: { a: number; b: number }) => `${a + b}`),
      gen.tool("fail", {}, () => {
        throw new gen.ToolError("it failed");
      }),
      gen.tool("confirm", {}, (_args: unknown, ctx: any) => (ctx.requestState === undefined ? ctx.inputRequired({ inputRequests: { ok: { method: "elicitation/create", params: { mode: "form", message: "sure?", requestedSchema: { type: "object", properties: {} } } } }, requestState: 1 }) : "confirmed")),
    ],
    resources: [gen.resource("test://note", { name: "note" }, () => "a note")],
  });
}

/** Serves `server` on a real loopback HTTP port. */
async function listen(server: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const listener: Server = httpServer(gen.toNodeListener(gen.toFetchHandler(server, { path: "/mcp" })));
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((resolve) => (listener.closeAllConnections(), listener.close(() => resolve()))) };
}

const byKind = (spans: ReadableSpan[], kind: SpanKind, name: string) => spans.filter((s) => s.kind === kind && s.name === name);

beforeAll(async () => {
  gen = await import(pathToFileURL(INDEX_JS).href);
  ({ otelLoader: loader } = await import(pathToFileURL(join(GENERATED_JS_ROOT, "runtime/shared.js")).href));
});

describe("tracing off", () => {
  it("never loads @opentelemetry/api (and tracing on loads it once, so the count can fail)", async () => {
    const real = loader.load;
    loader.loaded = undefined;
    let loads = 0;
    loader.load = () => (loads++, real());
    try {
      const { url, close } = await listen(tracedServer(undefined));
      const client = gen.v2026_07_28.createClient(new gen.StreamableHttpTransport(url), { clientInfo: CLIENT_INFO });
      expect((await client.callTool({ name: "add", arguments: { a: 1, b: 2 } })).content).toEqual([{ type: "text", text: "3" }]);
      await client.close();
      await close();
      expect(loads).toBe(0);
      const traced = await gen.connectInProcess(tracedServer(true), { tracing: true });
      await traced.callTool({ name: "add", arguments: { a: 1, b: 2 } });
      await traced.close();
      expect(loads).toBe(1);
    } finally {
      loader.load = real;
    }
  });

  it("the generated JavaScript names @opentelemetry/api in no static import (only through the loader's constant)", () => {
    const files = readdirSync(GENERATED_JS_ROOT, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
    expect(files.length).toBeGreaterThan(20);
    const importing = files.filter((name) => /(from\s*|import\s*\(\s*|require\(\s*)["']@opentelemetry\//.test(readFileSync(join(GENERATED_JS_ROOT, name), "utf8")));
    expect(importing).toEqual([]);
    expect(readFileSync(join(GENERATED_JS_ROOT, "runtime/shared.js"), "utf8")).toContain('"@opentelemetry/api"'); // the constant: the scan reads the right files
  });

  it("without the API installed, tracing: true says so through onError and the calls still answer", async () => {
    const real = loader.load;
    loader.loaded = undefined;
    loader.load = () => Promise.reject(new Error("Cannot find package '@opentelemetry/api'"));
    try {
      const errors: unknown[] = [];
      const warnings: string[] = [];
      const client = await gen.connectInProcess(tracedServer({}, (error) => errors.push(error)), { tracing: {}, onWarning: (message: string) => warnings.push(message) });
      expect((await client.callTool({ name: "add", arguments: { a: 2, b: 2 } })).content).toEqual([{ type: "text", text: "4" }]);
      await client.close();
      expect(String(errors[0])).toMatch(/tracing is on but @opentelemetry\/api could not be loaded/);
      expect(warnings.join("\n")).toMatch(/tracing is on but @opentelemetry\/api could not be loaded/);
    } finally {
      loader.load = real;
      loader.loaded = undefined;
    }
  });
});

describe("over HTTP", () => {
  it.each([
    [LEGACY, "v2025_11_25"],
    [MODERN, "v2026_07_28"],
  ])("%s: a tools/call is one trace, client span parent of the server span, with the conventions' attributes", async (version, ns) => {
    const { spans: finished, tracing } = telemetry();
    const { url, close } = await listen(tracedServer(tracing));
    const client = gen[ns].createClient(new gen.StreamableHttpTransport(url), { clientInfo: CLIENT_INFO, tracing });
    try {
      await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
      await client.readResource({ uri: "test://note" });
    } finally {
      await client.close();
      await close();
    }
    const spans = await finished();
    const [clientSpan] = byKind(spans, SpanKind.CLIENT, "tools/call add");
    const [serverSpan] = byKind(spans, SpanKind.SERVER, "tools/call add");
    expect(clientSpan && serverSpan).toBeTruthy();
    expect(serverSpan!.spanContext().traceId).toBe(clientSpan!.spanContext().traceId);
    expect(serverSpan!.parentSpanContext?.spanId).toBe(clientSpan!.spanContext().spanId);
    const port = Number(new URL(url).port);
    for (const span of [clientSpan!, serverSpan!]) {
      expect(span.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "add", "gen_ai.operation.name": "execute_tool", "mcp.protocol.version": version, "network.protocol.name": "http", "network.transport": "tcp" });
      expect(span.attributes["error.type"]).toBeUndefined();
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
    }
    expect(clientSpan!.attributes).toMatchObject({ "server.address": "127.0.0.1", "server.port": port });
    expect(clientSpan!.attributes["jsonrpc.request.id"]).toMatch(/^\d+$/);
    expect(serverSpan!.attributes["jsonrpc.request.id"]).toBe(clientSpan!.attributes["jsonrpc.request.id"]);
    if (version === LEGACY) {
      // The handshake too: its server span a child of its client span.
      const [opened] = byKind(spans, SpanKind.CLIENT, "initialize");
      expect(byKind(spans, SpanKind.SERVER, "initialize")[0]!.parentSpanContext?.spanId).toBe(opened!.spanContext().spanId);
      expect(clientSpan!.attributes["mcp.session.id"]).toMatch(/\S{16,}/);
      expect(serverSpan!.attributes["mcp.session.id"]).toBe(clientSpan!.attributes["mcp.session.id"]);
    } else {
      expect(clientSpan!.attributes["mcp.session.id"]).toBeUndefined(); // stateless: no session
    }
    // A resource read: named by its method alone (a URI is no low-cardinality target), the URI as an attribute.
    const reads = byKind(spans, SpanKind.SERVER, "resources/read");
    expect(reads.map((s) => s.attributes["mcp.resource.uri"])).toEqual(["test://note"]);
    expect(byKind(spans, SpanKind.CLIENT, "resources/read")[0]!.attributes["mcp.resource.uri"]).toBe("test://note");
  });
});

describe("hostile trace context", () => {
  it("a malformed, zero or non-string traceparent starts a new trace, and the request is answered", async () => {
    const { spans: finished, tracing } = telemetry();
    const handler = gen.toFetchHandler(tracedServer(tracing), { path: "/mcp" });
    const zero = `00-${"0".repeat(32)}-${"1".repeat(16)}-01`;
    const bad = [zero, "ff-" + "a".repeat(32) + "-" + "b".repeat(16) + "-01", "00-xyz", 42, { traceparent: "nested" }, "x".repeat(100_000)];
    for (const [i, traceparent] of bad.entries()) {
      const meta = { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": CLIENT_INFO, traceparent, tracestate: "k=".repeat(10_000) };
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "add" };
      const response = await handler(new Request("http://localhost/mcp", { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 1 }, _meta: meta } }) }));
      expect((await response.json()).result.content).toEqual([{ type: "text", text: "2" }]);
    }
    const served = byKind(await finished(), SpanKind.SERVER, "tools/call add");
    expect(served).toHaveLength(bad.length);
    for (const span of served) expect(span.parentSpanContext).toBeUndefined();
  });
});

describe("the server's own requests to the client", () => {
  it("a session's elicitation/create is a CLIENT span under the server's span, and the client's answer a SERVER span under that: one trace", async () => {
    const { spans: finished, tracing } = telemetry();
    const { url, close } = await listen(tracedServer(tracing));
    const handlers = { "elicitation/create": async () => ({ action: "accept", content: {} }) };
    const client = gen.v2025_11_25.createClient(new gen.StreamableHttpTransport(url), { clientInfo: CLIENT_INFO, tracing, handlers });
    try {
      expect((await client.callTool({ name: "confirm", arguments: {} })).content).toEqual([{ type: "text", text: "confirmed" }]);
    } finally {
      await client.close();
      await close();
    }
    const spans = await finished();
    const [call] = byKind(spans, SpanKind.CLIENT, "tools/call confirm");
    const [served] = byKind(spans, SpanKind.SERVER, "tools/call confirm");
    const [asked] = byKind(spans, SpanKind.CLIENT, "elicitation/create");
    const [answered] = byKind(spans, SpanKind.SERVER, "elicitation/create");
    expect(served!.parentSpanContext?.spanId).toBe(call!.spanContext().spanId);
    expect(asked!.parentSpanContext?.spanId).toBe(served!.spanContext().spanId);
    expect(answered!.parentSpanContext?.spanId).toBe(asked!.spanContext().spanId);
    expect(new Set([call, served, asked, answered].map((s) => s!.spanContext().traceId)).size).toBe(1);
    expect(answered!.attributes).toMatchObject({ "mcp.method.name": "elicitation/create", "mcp.session.id": call!.attributes["mcp.session.id"] });
    expect(answered!.attributes["jsonrpc.request.id"]).toEqual(expect.any(String));
  });
});

describe("error.type and metrics", () => {
  it("a tool error is tool_error, a JSON-RPC error its code (status ERROR with its message), on both sides", async () => {
    const { spans: finished, tracing } = telemetry();
    const client = await gen.connectInProcess(tracedServer(tracing), { tracing });
    expect((await client.callTool({ name: "fail", arguments: {} })).isError).toBe(true);
    const refused = await client.callTool({ name: "add", arguments: { a: "two" } }).then(
      (r: unknown) => r,
      (e: unknown) => e,
    );
    const unknown = await client.request("prompts/get", { name: "none" }).then(
      (r: unknown) => r,
      (e: unknown) => e,
    );
    await client.close();
    const spans = await finished();
    for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
      const [failed] = byKind(spans, kind, "tools/call fail");
      expect(failed!.attributes["error.type"]).toBe("tool_error");
      expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
      const [prompt] = byKind(spans, kind, "prompts/get none");
      expect(prompt!.attributes["gen_ai.prompt.name"]).toBe("none");
      expect(prompt!.attributes["error.type"]).toBe(String((unknown as { code: number }).code));
      expect(prompt!.attributes["rpc.response.status_code"]).toBe(String((unknown as { code: number }).code));
      expect(prompt!.status).toEqual({ code: SpanStatusCode.ERROR, message: (unknown as Error).message.replace(/^MCP error -?\d+: /, "") });
    }
    // Bad arguments: a tool error (isError) or -32602, whichever this revision answers with.
    const bad = byKind(spans, SpanKind.CLIENT, "tools/call add")[0]!;
    expect(bad.attributes["error.type"]).toBe((refused as { isError?: boolean }).isError ? "tool_error" : String((refused as { code: number }).code));
  });

  it("records mcp.client.operation.duration and mcp.server.operation.duration (s, the advised buckets) with the method", async () => {
    const { reader, tracing } = telemetry();
    const client = await gen.connectInProcess(tracedServer(tracing), { tracing });
    await client.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    await client.callTool({ name: "add", arguments: { a: 2, b: 2 } });
    await client.close();
    const { resourceMetrics } = await reader.collect();
    const metrics = resourceMetrics.scopeMetrics.flatMap((s) => s.metrics) as HistogramMetricData[];
    for (const side of ["client", "server"]) {
      const metric = metrics.find((m) => m.descriptor.name === `mcp.${side}.operation.duration`);
      expect(metric?.descriptor.unit).toBe("s");
      expect(metric?.dataPointType).toBe(DataPointType.HISTOGRAM);
      const call = metric!.dataPoints.find((p) => p.attributes["mcp.method.name"] === "tools/call");
      expect(call?.attributes).toMatchObject({ "gen_ai.tool.name": "add" });
      expect(call?.attributes["jsonrpc.request.id"]).toBeUndefined(); // no per-request series
      expect(call?.value.count).toBe(2);
      expect(call?.value.buckets.boundaries).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
      expect(call!.value.sum).toBeGreaterThan(0);
      expect(call!.value.sum).toBeLessThan(10); // seconds, not milliseconds
    }
  });
});

/** The spans a child wrote to its file, one JSON line each. */
type ChildSpan = { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes: Record<string, unknown> };
const spansIn = (file: string): ChildSpan[] => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line)) : []);

describe("across processes", () => {
  it("over stdio: the child server's span is a child of the client's span", async () => {
    const dir = scratchDir("tracing-stdio");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "spans.jsonl");
    const { spans: finished, tracing } = telemetry();
    const transport = new gen.StdioTransport({ command: process.execPath, args: [FIXTURE, INDEX_JS, "stdio"], env: { ...process.env, SPANS_FILE: file }, stderr: "ignore" });
    const client = await gen.connect(() => transport, { clientInfo: CLIENT_INFO, tracing });
    await client.callTool({ name: "add", arguments: { a: 4, b: 5 } });
    await client.close();
    const [clientSpan] = byKind(await finished(), SpanKind.CLIENT, "tools/call add");
    const servers = spansIn(file).filter((s) => s.kind === SpanKind.SERVER && s.name === "tools/call add");
    expect(servers).toHaveLength(1);
    expect(servers[0]).toMatchObject({ traceId: clientSpan!.spanContext().traceId, parentSpanId: clientSpan!.spanContext().spanId });
    expect(servers[0]!.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "add", "jsonrpc.request.id": clientSpan!.attributes["jsonrpc.request.id"], "mcp.protocol.version": client.protocolVersion });
  });

  describe.skipIf(NO_REDIS)("through two Redis replicas behind a round-robin proxy", () => {
    const replicas: Array<{ child: ChildProcess; url: string; file: string }> = [];
    let proxy: Awaited<ReturnType<typeof startProxy>>;

    beforeAll(async () => {
      const dir = scratchDir("tracing-replicas");
      mkdirSync(dir, { recursive: true });
      const prefix = uniquePrefix("tracing");
      for (const i of [0, 1]) {
        const file = join(dir, `replica-${i}.jsonl`);
        const child = spawn(process.execPath, [FIXTURE, INDEX_JS, "http", sharedRedisUrl(), prefix], { env: { ...process.env, SPANS_FILE: file }, stdio: ["ignore", "pipe", "inherit"] });
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
          child.once("exit", (code) => reject(new Error(`replica ${i} exited with ${code}`)));
        });
        replicas.push({ child, url, file });
      }
      proxy = await startProxy(replicas.map((r) => r.url));
    }, 60_000);

    afterAll(async () => {
      await proxy?.close();
      for (const { child } of replicas) child.kill();
    });

    it("the span of the replica that answered each call is a child of that call's client span", async () => {
      const { spans: finished, tracing } = telemetry();
      const client = gen.v2025_11_25.createClient(new gen.StreamableHttpTransport(proxy.url), { clientInfo: CLIENT_INFO, tracing });
      for (let i = 0; i < 4; i++) await client.callTool({ name: "add", arguments: { a: i, b: 1 } });
      await client.close();
      const clients = byKind(await finished(), SpanKind.CLIENT, "tools/call add");
      const perReplica = replicas.map((r) => spansIn(r.file).filter((s) => s.kind === SpanKind.SERVER && s.name === "tools/call add"));
      expect(clients).toHaveLength(4);
      expect(perReplica.every((spans) => spans.length > 0)).toBe(true); // both replicas answered some
      for (const span of clients) {
        const children = perReplica.flat().filter((s) => s.parentSpanId === span.spanContext().spanId);
        expect(children).toHaveLength(1);
        expect(children[0]).toMatchObject({ traceId: span.spanContext().traceId, attributes: { "mcp.session.id": span.attributes["mcp.session.id"] } });
      }
    });
  });
});
