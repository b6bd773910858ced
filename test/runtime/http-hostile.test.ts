// Streamable HTTP under hostile input (issue 16, items 1-9 and 18): raw requests through the
// fetch handler, and real sockets through node:http.
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, MODERN, meta, wireServer } from "./wire-server.js";

type Http = typeof import("../../templates/runtime/server/http.js");
type Node = typeof import("../../templates/runtime/server/node.js");
let http: Http;
let node: Node;
let server: any;

beforeAll(async () => {
  http = await import("../../templates/runtime/server/http.js");
  node = await import("../../templates/runtime/server/node.js");
  server = await wireServer();
});

const HOST = { host: "127.0.0.1:9" };
const json = { "content-type": "application/json" };
function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1:9/mcp", { method: "POST", headers: { ...HOST, ...json, ...headers }, body });
}
const standard = (method: string, name?: string) => ({ "mcp-protocol-version": MODERN, "mcp-method": method, ...(name ? { "mcp-name": name } : {}) });
const call = (id: number, name: string, args: unknown = {}, capabilities = {}) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: meta({}, capabilities) } });
const initialize = (id = 1) => JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "legacy", version: "1" } } });
const readJson = async (response: Response) => JSON.parse(await response.text());

describe("item 1: a body is decoded once; a JSON string is no request", () => {
  const inner = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: {}, _meta: meta() } };
  it.each([
    ["the request encoded twice, with headers", JSON.stringify(JSON.stringify(inner)), standard("tools/call", "echo")],
    ["the request encoded twice, no MCP headers", JSON.stringify(JSON.stringify(inner)), {}],
    ["a JSON number", "42", standard("tools/call", "echo")],
    ["JSON null", "null", {}],
    ["a JSON string of garbage", '"hello"', {}],
  ])("%s: HTTP 400, -32600, and no handler runs", async (_name, body, headers) => {
    const calls: unknown[] = [];
    const spy = await wireServer({ handlers: { "tools/call": (params: unknown) => (calls.push(params), { content: [] }) } });
    const response = await http.toFetchHandler(spy)(post(body, headers));
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.code).toBe(-32600);
    expect(calls).toEqual([]);
  });

  it("server.handle never decodes a string value; handleText decodes a text once", async () => {
    const text = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "server/discover", params: { _meta: meta() } });
    expect((await server.handle(text)).error.code).toBe(-32600);
    expect((await server.handleText(text)).result.resultType).toBe("complete");
    expect((await server.handleText(JSON.stringify(text))).error.code).toBe(-32600);
    expect((await server.handleText("{nope")).error.code).toBe(-32700);
  });
});

describe("item 2: checks before the body, and a body limit", () => {
  it("a wrong Content-Type is 415, a Content-Length over the limit 413, both without reading the body", async () => {
    const handler = http.toFetchHandler(server, { maxBodyBytes: 1000 });
    const pulled = { bytes: 0 };
    const counted = () => new ReadableStream<Uint8Array>({ pull: (c) => ((pulled.bytes += 100), c.enqueue(new Uint8Array(100))) });
    const stream = (headers: Record<string, string>) => new Request("http://127.0.0.1:9/mcp", { method: "POST", headers: { ...HOST, ...headers }, body: counted(), duplex: "half" } as RequestInit);
    expect((await handler(stream({ "content-type": "text/plain" }))).status).toBe(415);
    expect((await handler(stream({ ...json, "content-length": "5000" }))).status).toBe(413);
    expect((await handler(stream({ ...json, origin: "http://evil.example" }))).status).toBe(403);
    expect((await handler(new Request("http://127.0.0.1:9/mcp", { method: "PUT", headers: HOST, body: counted(), duplex: "half" } as RequestInit))).status).toBe(405);
    expect((await http.toFetchHandler(server, { path: "/mcp" })(new Request("http://127.0.0.1:9/other", { method: "POST", headers: { ...HOST, ...json }, body: counted(), duplex: "half" } as RequestInit))).status).toBe(404);
    // The streams are pulled ahead by one or two chunks at most; no refusal read the body.
    expect(pulled.bytes).toBeLessThanOrEqual(5 * 2 * 100);
    const endless = await handler(stream(json));
    expect([endless.status, (await readJson(endless)).error.code]).toEqual([413, -32600]);
    expect(pulled.bytes).toBeLessThan(10 * 1000);
  });

  describe("over node:http, a refusal comes before the body ends", () => {
    let listener: Server;
    let port = 0;
    beforeAll(async () => {
      const handler = http.toFetchHandler(server, { path: "/mcp", maxBodyBytes: 64 * 1024 });
      listener = createHttpServer(node.toNodeListener(handler, { onError: () => undefined }) as never);
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      port = (listener.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    /** Sends the headers and 1 MiB of a body that never ends; resolves with the status that came back. */
    function unfinished(path: string, headers: Record<string, string>): Promise<number> {
      return new Promise((resolve, reject) => {
        const req = httpRequest({ port, host: "127.0.0.1", path, method: "POST", headers: { host: `127.0.0.1:${port}`, "transfer-encoding": "chunked", ...headers } }, (res: IncomingMessage) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
        req.write(Buffer.alloc(1024 * 1024, 0x20));
        setTimeout(() => reject(new Error("no answer while the body was still open")), 10_000).unref();
      });
    }

    it.each([
      ["a foreign Origin", "/mcp", { ...json, origin: "http://evil.example" }, 403],
      ["an unknown path", "/elsewhere", json, 404],
      ["a wrong Content-Type", "/mcp", { "content-type": "text/plain" }, 415],
      ["a body past maxBodyBytes", "/mcp", json, 413],
    ])("%s: %s gets its status while the body is still open", async (_name, path, headers, status) => {
      expect(await unfinished(path, headers)).toBe(status);
    });

    it("item 18: clients that go away mid-body are not logged as errors (at most one quiet line)", async () => {
      const handler = http.toFetchHandler(server);
      const lines: unknown[][] = [];
      const quiet = createHttpServer(node.toNodeListener(handler) as never);
      await new Promise<void>((resolve) => quiet.listen(0, "127.0.0.1", resolve));
      const original = console.error;
      console.error = (...args: unknown[]) => void lines.push(args);
      try {
        const at = (quiet.address() as { port: number }).port;
        await Promise.all(Array.from({ length: 50 }, () => new Promise<void>((resolve) => {
          const req = httpRequest({ port: at, host: "127.0.0.1", path: "/mcp", method: "POST", headers: { ...json, "content-length": "100000" } });
          req.on("error", () => resolve());
          req.write(Buffer.alloc(1000, 0x20), () => setTimeout(() => (req.destroy(), resolve()), 5));
        })));
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        console.error = original;
        await new Promise<void>((resolve) => quiet.close(() => resolve()));
      }
      expect(lines.length).toBeLessThanOrEqual(1);
      expect(lines.flat().map(String).join("\n")).not.toMatch(/\n\s+at /);
    });

    it.each([["localhost@evil.com"], ["[::1].evil.com"], ["a b"]])("a Host that breaks URL parsing (%s) is 403, not 500", async (host) => {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => socket.write(`POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`));
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
      });
      expect(answer.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 (403|400)/);
      expect(answer).not.toMatch(/at .*\.ts:\d+/);
    });
  });
});

describe("item 3: legacy sessions are bounded", () => {
  async function open(handler: (r: Request) => Promise<Response>): Promise<{ status: number; id: string | null }> {
    const response = await handler(post(initialize()));
    await response.text();
    return { status: response.status, id: response.headers.get("mcp-session-id") };
  }
  const ping = (handler: (r: Request) => Promise<Response>, id: string) => handler(post(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }), { "mcp-session-id": id, "mcp-protocol-version": LEGACY })).then((r) => r.status);

  it("past maxSessions the least recently used session is closed", async () => {
    const handler = http.toFetchHandler(server, { maxSessions: 3 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await open(handler)).id!);
    expect(await ping(handler, ids[0]!)).toBe(200); // ids[0] is now the most recently used
    const newest = (await open(handler)).id!;
    expect(await Promise.all([...ids, newest].map((id) => ping(handler, id)))).toEqual([200, 404, 200, 200]);
  });

  it("1,000 initialize calls leave at most maxSessions live", async () => {
    const handler = http.toFetchHandler(server, { maxSessions: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push((await open(handler)).id!);
    const live = (await Promise.all(ids.map((id) => ping(handler, id)))).filter((s) => s === 200);
    expect(live).toHaveLength(50);
  });

  it("whenSessionsFull: refuse answers a new session with 503", async () => {
    const handler = http.toFetchHandler(server, { maxSessions: 1, whenSessionsFull: "refuse" });
    const first = await open(handler);
    expect([first.status, (await open(handler)).status]).toEqual([200, 503]);
    expect(await ping(handler, first.id!)).toBe(200);
  });

  it("sessionIdleMs closes idle sessions", async () => {
    const handler = http.toFetchHandler(server, { sessionIdleMs: 30 });
    const { id } = await open(handler);
    expect(await ping(handler, id!)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await ping(handler, id!)).toBe(404);
  });
});

describe("item 4: GET streams", () => {
  const get = (handler: (r: Request) => Promise<Response>, id: string) => handler(new Request("http://127.0.0.1:9/mcp", { method: "GET", headers: { ...HOST, "mcp-session-id": id, "mcp-protocol-version": LEGACY } }));
  async function session(handler: (r: Request) => Promise<Response>): Promise<string> {
    const response = await handler(post(initialize()));
    await response.text();
    const id = response.headers.get("mcp-session-id")!;
    await handler(post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), { "mcp-session-id": id }));
    return id;
  }
  const text = async (reader: ReadableStreamDefaultReader<Uint8Array>) => new TextDecoder().decode((await reader.read()).value);

  it("with two streams, the second still gets messages once the first closes", async () => {
    const local = await wireServer();
    const handler = http.toFetchHandler(local);
    const id = await session(handler);
    const first = (await get(handler, id)).body!.getReader();
    const second = (await get(handler, id)).body!.getReader();
    expect([await text(first), await text(second)]).toEqual([":\n\n", ":\n\n"]);
    await first.cancel();
    local.notify.toolsListChanged();
    expect(await text(second)).toContain("notifications/tools/list_changed");
  });

  it("DELETE and an eviction close the session's GET streams", async () => {
    const handler = http.toFetchHandler(await wireServer(), { maxSessions: 1 });
    const id = await session(handler);
    const stream = (await get(handler, id)).body!.getReader();
    await stream.read(); // priming
    expect((await handler(new Request("http://127.0.0.1:9/mcp", { method: "DELETE", headers: { ...HOST, "mcp-session-id": id } }))).status).toBe(200);
    expect((await stream.read()).done).toBe(true);
    const evicted = await session(handler);
    const held = (await get(handler, evicted)).body!.getReader();
    await held.read();
    await session(handler); // the table is full: the held session is evicted
    expect((await held.read()).done).toBe(true);
  });

  it("over node:http a GET stream's headers arrive before its first event", async () => {
    const handler = http.toFetchHandler(await wireServer());
    const listener = createHttpServer(node.toNodeListener(handler) as never);
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(listener.address() as { port: number }).port}/mcp`;
    try {
      const opened = await fetch(url, { method: "POST", headers: json, body: initialize() });
      const id = opened.headers.get("mcp-session-id")!;
      await opened.text();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 5000);
      const stream = await fetch(url, { headers: { "mcp-session-id": id, "mcp-protocol-version": LEGACY }, signal: controller.signal });
      clearTimeout(timer);
      expect([stream.status, stream.headers.get("content-type"), stream.headers.get("x-accel-buffering")]).toEqual([200, "text/event-stream", "no"]);
      controller.abort();
    } finally {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});

describe("item 5: protocol deviations", () => {
  it("a legacy session refuses a MCP-Protocol-Version that is not its own (400)", async () => {
    const handler = http.toFetchHandler(server);
    const opened = await handler(post(initialize()));
    const id = opened.headers.get("mcp-session-id")!;
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    expect((await handler(post(list, { "mcp-session-id": id, "mcp-protocol-version": "1999-01-01" }))).status).toBe(400);
    expect((await handler(post(list, { "mcp-session-id": id, "mcp-protocol-version": LEGACY }))).status).toBe(200);
    expect((await handler(post(list, { "mcp-session-id": id }))).status).toBe(200); // absent: assumed, as the spec allows
  });

  it("a legacy session belongs to the principal that opened it", async () => {
    const handler = http.toFetchHandler(server, { principal: (r) => r.headers.get("x-user") ?? undefined });
    const opened = await handler(post(initialize(), { "x-user": "alice" }));
    const id = opened.headers.get("mcp-session-id")!;
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" });
    expect((await handler(post(ping, { "mcp-session-id": id, "x-user": "alice" }))).status).toBe(200);
    expect((await handler(post(ping, { "mcp-session-id": id, "x-user": "mallory" }))).status).toBe(404);
    expect((await handler(post(ping, { "mcp-session-id": id }))).status).toBe(404);
  });

  it("a stateless-only server ignores Mcp-Session-Id and answers GET and DELETE with 405", async () => {
    const { createServer } = await import(pathToFileURL(join(GENERATED_ROOT, MODERN, "server.ts")).href);
    const modern = createServer({ serverInfo: { name: "m", version: "1" }, capabilities: {}, handlers: {} });
    const handler = http.toFetchHandler(modern);
    const discover = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta() } });
    const answered = await handler(post(discover, { ...standard("server/discover"), "mcp-session-id": "whatever" }));
    expect([answered.status, answered.headers.get("mcp-session-id"), (await readJson(answered)).result.resultType]).toEqual([200, null, "complete"]);
    for (const method of ["GET", "DELETE"]) {
      const response = await handler(new Request("http://127.0.0.1:9/mcp", { method, headers: { ...HOST, "mcp-session-id": "whatever" } }));
      expect([method, response.status, response.headers.get("allow")]).toEqual([method, 405, "POST"]);
    }
  });

  it("SSE responses carry X-Accel-Buffering: no", async () => {
    const response = await http.toFetchHandler(server)(post(call(4, "progress"), { ...standard("tools/call", "progress") }));
    const withToken = await http.toFetchHandler(server)(post(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "progress", arguments: {}, _meta: meta({ progressToken: "t" }) } }), standard("tools/call", "progress")));
    await response.text();
    expect([withToken.headers.get("content-type"), withToken.headers.get("x-accel-buffering")]).toEqual(["text/event-stream", "no"]);
    await withToken.text();
  });
});

describe("item 6: the Mcp-Param-* check lists tools with the request's own context", () => {
  const annotated = { name: "mirrored", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } } };
  const plain = { name: "mirrored", inputSchema: { type: "object", properties: { region: { type: "string" } } } };

  it("per principal: each tenant's own tool list decides, and the listing sees the caller", async () => {
    const seenBy: Array<[string | undefined, unknown]> = [];
    const tenant = await wireServer({
      handlers: {
        "tools/list": (_params: unknown, ctx: any) => (seenBy.push([ctx.principal, ctx.clientInfo?.name]), { tools: [ctx.principal === "alice" ? annotated : plain], ttlMs: 0, cacheScope: "private" }),
      },
    });
    const handler = http.toFetchHandler(tenant, { principal: (r) => r.headers.get("x-user") ?? undefined });
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "mirrored", arguments: { region: "eu" }, _meta: meta({ "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" } }) } });
    const bob = await handler(post(body, { ...standard("tools/call", "mirrored"), "x-user": "bob" }));
    const alice = await handler(post(body, { ...standard("tools/call", "mirrored"), "x-user": "alice" }));
    expect([bob.status, alice.status, (await readJson(alice)).error.code]).toEqual([200, 400, -32020]);
    expect(seenBy).toEqual([["bob", "c"], ["alice", "c"]]);
    // Cached per principal until the list changes.
    await handler(post(body, { ...standard("tools/call", "mirrored"), "x-user": "bob" }));
    expect(seenBy).toHaveLength(2);
    tenant.notify.toolsListChanged();
    await handler(post(body, { ...standard("tools/call", "mirrored"), "x-user": "bob" }));
    expect(seenBy).toHaveLength(3);
  });

  it("no listing before the envelope is valid; a failing listing is a JSON answer", async () => {
    let listed = 0;
    const failing = await wireServer({ handlers: { "tools/list": () => (listed++, Promise.reject(new Error("db down"))) } });
    const handler = http.toFetchHandler(failing);
    const noEnvelope = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "mirrored", arguments: {} } });
    const refused = await handler(post(noEnvelope, standard("tools/call", "mirrored")));
    expect([refused.status, (await readJson(refused)).error.code, listed]).toEqual([400, -32602, 0]);
    const broken = await handler(post(call(2, "mirrored"), standard("tools/call", "mirrored")));
    const answer = await readJson(broken);
    expect([broken.headers.get("content-type"), answer.error.code, answer.id, listed]).toEqual(["application/json", -32603, 2, 1]);
  });
});

describe("items 7-9: multi round-trip requests", () => {
  const capabilities = { elicitation: {} };
  it("inputResponses without requestState are dropped: nothing was asked", async () => {
    const forged = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask", arguments: {}, inputResponses: { name: { action: "accept", content: { name: "Eve" } } }, _meta: meta({}, capabilities) } });
    const answer = await readJson(await http.toFetchHandler(server)(post(forged, standard("tools/call", "ask"))));
    expect(answer.result.resultType).toBe("input_required");
    expect(JSON.stringify(answer)).not.toContain("Eve");
  });

  it("a 100,000-deep value in an MRTR tool's arguments gets a clean answer", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ask","arguments":{"deep":${deep}},"_meta":${JSON.stringify(meta({}, capabilities))}}}`;
    const response = await http.toFetchHandler(server, { maxBodyBytes: 1e6 })(post(body, standard("tools/call", "ask")));
    const answer = await readJson(response);
    expect([response.status, answer.id, answer.result?.resultType]).toEqual([200, 7, "input_required"]);
  });

  it("without stateSecret, the first sealed state is reported once through onError", async () => {
    const errors: string[] = [];
    const unsealed = await wireServer({ secret: null, onError: (e) => errors.push(String((e as Error).message)) });
    for (let id = 1; id <= 3; id++) await unsealed.handle(JSON.parse(call(id, "ask", {}, capabilities)));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/no stateSecret.*random key.*another replica/);
  });
});
