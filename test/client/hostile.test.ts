// The client against hostile servers (issue 16, items 13-17): results held to their own kind,
// redirects, requests a modern server may not send, long SSE lines, caps.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SseParser } from "../../templates/runtime/shared/sse.js";
import type { JsonRpcMessage, JsonRpcRequest } from "../../templates/runtime/shared/jsonrpc.js";
import { CLIENT_INFO, FakeTransport, loadClient, type ClientModule } from "../helpers/client.js";

let gen: ClientModule;
beforeAll(async () => {
  gen = await loadClient("2026-07-28");
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

/** A loopback HTTP server; resolves with its origin. */
async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => handle(req, body, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const idOf = (body: string) => (JSON.parse(body) as { id?: unknown }).id;
type Failure = Error & { kind?: string; code?: number };
const failure = (promise: Promise<unknown>): Promise<Failure> => promise.then(() => new Error("resolved") as Failure, (error: unknown) => error as Failure);

describe("item 13: a result is held to the schema of its resultType", () => {
  const answering = (result: object) => new FakeTransport((m, t) => t.result(m, result));
  it.each([
    ["tools/call, complete, content not an array", "callTool", { name: "t" }, { resultType: "complete", content: "nope" }],
    ["tools/call, no resultType, content not an array", "callTool", { name: "t" }, { content: "nope" }],
    ["tools/call, complete, no content at all", "callTool", { name: "t" }, { resultType: "complete" }],
    ["resources/read, complete, contents of the wrong shape", "readResource", { uri: "x://y" }, { resultType: "complete", contents: [{ uri: "x://y", text: 1 }] }],
    ["prompts/get, complete, messages missing", "getPrompt", { name: "p" }, { resultType: "complete", mesages: [] }],
    ["tools/call, input_required, inputRequests not an object", "callTool", { name: "t" }, { resultType: "input_required", inputRequests: "bad", content: [] }],
  ])("%s: ClientError invalid-result", async (_name, stub, params, result) => {
    const client = gen.createClient(answering(result), { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": async () => ({ action: "decline" }) } });
    const error = await failure(client[stub](params));
    expect(gen.isClientError(error, "invalid-result")).toBe(true);
  });
});

describe("item 14: redirects stay within the origin", () => {
  it("a 307 to another origin is not followed: the other origin sees neither the headers nor the body", async () => {
    const seenElsewhere: string[] = [];
    const elsewhere = await serve((req, body, res) => (seenElsewhere.push(`${req.headers["x-api-key"]} ${body}`), json(res, 200, {})));
    const origin = await serve((_req, _body, res) => (res.writeHead(307, { location: `${elsewhere}/steal` }), res.end()));
    const client = gen.createClient(new gen.StreamableHttpTransport(`${origin}/mcp`, { headers: { "x-api-key": "secret" } }), { clientInfo: CLIENT_INFO });
    const error = await failure(client.callTool({ name: "t", arguments: { card: "4111" } }));
    expect(gen.isClientError(error, "http")).toBe(true);
    expect(error.message).toMatch(/another origin/);
    expect(seenElsewhere).toEqual([]);
  });

  it("a 307 within the origin is followed with its headers and body; redirects: error refuses it", async () => {
    const origin = await serve((req, body, res) => {
      if (req.url === "/old") return (res.writeHead(307, { location: "/mcp" }), res.end());
      json(res, 200, { jsonrpc: "2.0", id: idOf(body), result: { resultType: "complete", content: [{ type: "text", text: String(req.headers["x-api-key"]) }] } });
    });
    const followed = gen.createClient(new gen.StreamableHttpTransport(`${origin}/old`, { headers: { "x-api-key": "k" } }), { clientInfo: CLIENT_INFO });
    expect((await followed.callTool({ name: "t" })).content).toEqual([{ type: "text", text: "k" }]);
    const strict = gen.createClient(new gen.StreamableHttpTransport(`${origin}/old`, { redirects: "error" }), { clientInfo: CLIENT_INFO });
    expect((await failure(strict.callTool({ name: "t" }))).message).toMatch(/redirects are off/);
  });
});

describe("item 15: a 2026-07-28 client answers no server-to-client request", () => {
  it("an elicitation/create sent on the channel is reported as noise and not answered", async () => {
    const elicited: unknown[] = [];
    const noise: string[] = [];
    const fake = new FakeTransport((m, t) => {
      const request = m as JsonRpcRequest;
      if (request.method !== "tools/call") return;
      t.deliver({ jsonrpc: "2.0", id: "s1", method: "elicitation/create", params: { mode: "form", message: "Password?", requestedSchema: { type: "object", properties: {} } } });
      setTimeout(() => t.result(m, { resultType: "complete", content: [] }), 20);
    });
    (fake as unknown as { onProtocolNoise: (line: string, reason: string) => void }).onProtocolNoise = (_line, reason) => noise.push(reason);
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": async (p: unknown) => (elicited.push(p), { action: "accept", content: {} }) } });
    await client.callTool({ name: "t" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(elicited).toEqual([]);
    expect(fake.sent.map((s) => s.message).filter((m: JsonRpcMessage) => !("method" in m))).toEqual([]);
    expect(noise).toEqual([expect.stringMatching(/elicitation\/create request.*not answered/)]);
  });

  it("over HTTP, a request event on a POST's SSE stream goes to onProtocolNoise", async () => {
    const origin = await serve((_req, body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: "s1", method: "roots/list" })}\n\n`);
      res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: idOf(body), result: { resultType: "complete", content: [] } })}\n\n`);
    });
    const noise: string[] = [];
    const client = gen.createClient(new gen.StreamableHttpTransport(`${origin}/mcp`, { onProtocolNoise: (_l: string, reason: string) => noise.push(reason) }), {
      clientInfo: CLIENT_INFO,
      handlers: { "roots/list": async () => ({ roots: [] }) },
    });
    await client.callTool({ name: "t" });
    expect(noise).toEqual([expect.stringMatching(/roots\/list request/)]);
  });
});

describe("item 16: SSE lines are bounded", () => {
  it("a line past the limit drops its event, is reported, and the stream goes on", () => {
    const oversized: number[] = [];
    const parser = new SseParser({ maxLineLength: 1000, onOversize: (limit) => oversized.push(limit) });
    const long = `data: ${"x".repeat(5000)}`;
    const events = [];
    for (let at = 0; at < long.length; at += 300) events.push(...parser.push(long.slice(at, at + 300)));
    events.push(...parser.push("\ndata: tail of the same event\n\ndata: next\n\n"));
    expect(events.map((e) => e.data)).toEqual(["next"]);
    expect(oversized).toEqual([1000]);
  });

  it("a line split over many chunks is joined once (each chunk scanned once)", () => {
    const parser = new SseParser();
    const payload = "y".repeat(4 * 1024 * 1024);
    const text = `data: ${payload}\n\n`;
    const events = [];
    for (let at = 0; at < text.length; at += 4096) events.push(...parser.push(text.slice(at, at + 4096)));
    expect(events).toHaveLength(1);
    expect(events[0]!.data.length).toBe(payload.length);
  });
});

describe("item 17: caps", () => {
  it("more inputRequests in one round than maxInputRequests is refused", async () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, { method: "elicitation/create", params: { mode: "form", message: "?", requestedSchema: { type: "object", properties: {} } } }]));
    let asked = 0;
    const fake = new FakeTransport((m, t) => t.result(m, { resultType: "input_required", inputRequests: many, requestState: "s" }));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, maxInputRequests: 5, handlers: { "elicitation/create": async () => (asked++, { action: "decline" }) } });
    const error = await failure(client.callTool({ name: "t" }));
    expect([gen.isClientError(error, "invalid-input-request"), asked]).toEqual([true, 0]);
    expect(error.message).toMatch(/20 inputs.*at most 5/);
  });

  it("progress that keeps restarting the timeout is bounded by maxTotalTimeoutMs (per request, and the client's default)", async () => {
    const progressing = () =>
      new FakeTransport((m, t) => {
        const token = ((m as JsonRpcRequest).params?.["_meta"] as { progressToken?: string } | undefined)?.progressToken;
        const timer = setInterval(() => t.deliver({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: 1 } }), 10);
        setTimeout(() => clearInterval(timer), 5000);
      });
    const perRequest = gen.createClient(progressing(), { clientInfo: CLIENT_INFO });
    const options = { timeoutMs: 50, resetTimeoutOnProgress: true, onprogress: () => undefined };
    expect((await failure(perRequest.callTool({ name: "t" }, { ...options, maxTotalTimeoutMs: 200 }))).kind).toBe("timeout");
    const byDefault = gen.createClient(progressing(), { clientInfo: CLIENT_INFO, maxTotalTimeoutMs: 200 });
    expect((await failure(byDefault.callTool({ name: "t" }, options))).kind).toBe("timeout");
  });

  it("a 4xx whose JSON-RPC error names another id still settles the request at once", async () => {
    const origin = await serve((_req, _body, res) => json(res, 400, { jsonrpc: "2.0", id: 999, error: { code: -32602, message: "bad" } }));
    const noise: string[] = [];
    const client = gen.createClient(new gen.StreamableHttpTransport(`${origin}/mcp`, { onProtocolNoise: (_l: string, r: string) => noise.push(r) }), { clientInfo: CLIENT_INFO, timeoutMs: 60_000 });
    const error = await failure(client.callTool({ name: "t" }));
    expect(error.code).toBe(-32602);
    expect(noise).toEqual([expect.stringMatching(/names id 999/)]);
  });

  it("a modern client does not adopt a Mcp-Session-Id the server sets", async () => {
    const sessions: Array<string | undefined> = [];
    const origin = await serve((req, body, res) => {
      sessions.push(req.headers["mcp-session-id"] as string | undefined);
      json(res, 200, { jsonrpc: "2.0", id: idOf(body), result: { resultType: "complete", content: [] } }, { "mcp-session-id": "planted" });
    });
    const client = gen.createClient(new gen.StreamableHttpTransport(`${origin}/mcp`), { clientInfo: CLIENT_INFO });
    await client.callTool({ name: "a" });
    await client.callTool({ name: "b" });
    expect(sessions).toEqual([undefined, undefined]);
  });
});
