import { beforeAll, describe, expect, it } from "vitest";
import { LEGACY, MODERN, meta, seen, wireServer } from "./wire-server.js";

/** Raw wire: bytes in through the generated fetch handler, status, headers and bytes out. */
let handler: (request: Request) => Promise<Response>;
let server: any;

beforeAll(async () => {
  server = await wireServer();
  const { toFetchHandler } = await import("../../templates/runtime/server/http.js");
  handler = toFetchHandler(server);
});

interface Sent {
  status: number;
  type: string | null;
  body: any;
  events: any[];
  headers: Headers;
}

async function send(body: string | object, headers: Record<string, string> = {}, method = "POST"): Promise<Sent> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const response = await handler(new Request("http://127.0.0.1:9/mcp", { method, headers: { host: "127.0.0.1:9", "content-type": "application/json", ...headers }, ...(method === "POST" ? { body: text } : {}) }));
  const raw = await response.text();
  const type = response.headers.get("content-type");
  const events = type === "text/event-stream" ? raw.split("\n\n").filter(Boolean).map((e) => JSON.parse(e.replace(/^event: message\ndata: /, ""))) : [];
  return { status: response.status, type, body: type === "application/json" && raw ? JSON.parse(raw) : raw, events, headers: response.headers };
}

/** A well-formed stateless request with matching standard headers. */
function modern(id: number, method: string, params: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}) {
  const body = { jsonrpc: "2.0", id, method, params: { ...params, _meta: meta({}, capabilities) } };
  const name = typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined;
  const headers: Record<string, string> = { "mcp-protocol-version": MODERN, "mcp-method": method, ...(name !== undefined ? { "mcp-name": name } : {}), ...extraHeaders };
  return send(body, headers);
}

describe("server answers on the wire (item 1): every error path", () => {
  it("malformed JSON: HTTP 400, -32700, id null", async () => {
    const r = await send('{"jsonrpc":"2.0","id":1,"method":');
    expect([r.status, r.body.error.code, r.body.id]).toEqual([400, -32700, null]);
  });

  it.each([
    ["an object that is not JSON-RPC", { hello: "world" }],
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "tools/list" }]],
    ["jsonrpc 1.0", { jsonrpc: "1.0", id: 1, method: "tools/list" }],
    ["a method that is not a string", { jsonrpc: "2.0", id: 1, method: 7 }],
    ["params that are not an object", { jsonrpc: "2.0", id: 1, method: "tools/list", params: [1] }],
  ])("not a JSON-RPC request (%s): HTTP 400, -32600", async (_name, body) => {
    const r = await send(body, { "mcp-protocol-version": MODERN });
    expect([r.status, r.body.error.code]).toEqual([400, -32600]);
  });

  it("unknown and removed methods: HTTP 404, -32601, id echoed", async () => {
    for (const method of ["unknown/method", "initialize", "ping", "logging/setLevel"]) {
      const r = await modern(5, method);
      expect([r.status, r.body.error.code, r.body.id], method).toEqual([404, -32601, 5]);
    }
  });

  it("params failing the schema: HTTP 400, -32602 with the issues in data", async () => {
    const r = await modern(6, "tools/call", { name: 42 });
    expect([r.status, r.body.error.code]).toEqual([400, -32602]);
    expect(r.body.error.data.issues.join("\n")).toMatch(/name/);
  });

  it.each([
    ["no _meta", {}, /_meta/],
    ["no protocol version", { _meta: { "io.modelcontextprotocol/clientCapabilities": {} } }, /protocolVersion/],
    ["no client capabilities", { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN } }, /clientCapabilities/],
  ])("a missing envelope part (%s): HTTP 400, -32602", async (_name, params, message) => {
    const r = await send({ jsonrpc: "2.0", id: 7, method: "server/discover", params }, { "mcp-protocol-version": MODERN, "mcp-method": "server/discover" });
    expect([r.status, r.body.error.code, r.body.id]).toEqual([400, -32602, 7]);
    expect(r.body.error.message).toMatch(message);
  });

  it("an unserved version: HTTP 400, -32022 with supported and requested", async () => {
    const r = await send({ jsonrpc: "2.0", id: 8, method: "server/discover", params: { _meta: meta({ "io.modelcontextprotocol/protocolVersion": "v999" }) } }, { "mcp-protocol-version": "v999", "mcp-method": "server/discover" });
    expect([r.status, r.body.error.code]).toEqual([400, -32022]);
    expect(r.body.error.data).toEqual({ supported: [MODERN], requested: "v999" });
  });

  it("a client capability a handler needs but the client did not declare: HTTP 400, -32021 with requiredCapabilities", async () => {
    const refused = await modern(9, "tools/call", { name: "needs-sampling" });
    expect([refused.status, refused.body.error.code]).toEqual([400, -32021]);
    expect(refused.body.error.data).toEqual({ requiredCapabilities: { sampling: {} } });
    const allowed = await modern(10, "tools/call", { name: "needs-sampling" }, { sampling: {} });
    expect(allowed.body.result.resultType).toBe("complete");
  });

  it("an input request the client has no capability for: -32021 before anything is asked", async () => {
    const r = await modern(11, "tools/call", { name: "ask" }, { sampling: {} });
    expect([r.status, r.body.error.code]).toEqual([400, -32021]);
    expect(r.body.error.data).toEqual({ requiredCapabilities: { elicitation: {} } });
  });

  it("server/discover is answered by the server, with cache hints and serverInfo", async () => {
    const r = await modern(12, "server/discover");
    expect(r.body.result).toMatchObject({ supportedVersions: [MODERN], resultType: "complete", ttlMs: 0, cacheScope: "private", _meta: { "io.modelcontextprotocol/serverInfo": { name: "wire" } } });
    expect(r.body.result.capabilities.tools).toEqual({ listChanged: true });
  });

  it("resultType is filled when a handler leaves it out", async () => {
    const r = await modern(13, "tools/call", { name: "echo", arguments: { a: 1 } });
    expect([r.type, r.body.result.resultType, r.body.result.content[0].text]).toEqual(["application/json", "complete", 'echo {"a":1}']);
  });

  it("a handler that throws: -32603 without the exception's text; an McpError thrown on purpose keeps its code and data", async () => {
    const crashed = await modern(14, "tools/call", { name: "throws" });
    expect(crashed.body.error).toEqual({ code: -32603, message: "Internal error" });
    expect(JSON.stringify(crashed.body)).not.toMatch(/hunter2|secret/);
    const deliberate = await modern(15, "tools/call", { name: "mcp-error", arguments: { thing: "x" } });
    expect(deliberate.body.error).toEqual({ code: -32602, message: "Unknown thing", data: { thing: "x" } });
  });

  it("a result that fails its schema is not sent: -32603", async () => {
    const r = await modern(16, "tools/call", { name: "bad-result" });
    expect(r.body.error.code).toBe(-32603);
  });
});

describe("multi round-trip state on the wire (item 3)", () => {
  const ask = (id: number, extra: Record<string, unknown> = {}) => modern(id, "tools/call", { name: "ask", arguments: { x: 1 }, ...extra }, { elicitation: {} });
  const answer = { name: { action: "accept", content: { name: "Ada" } } };

  it("input_required carries a sealed requestState; the retry with it completes", async () => {
    const first = await ask(20);
    expect(first.body.result.resultType).toBe("input_required");
    expect(first.body.result.requestState).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    const retry = await ask(21, { inputResponses: answer, requestState: first.body.result.requestState });
    expect(retry.body.result.content[0].text).toBe('hello Ada ({"round":1})');
  });

  it("tampered, foreign and misplaced states are refused with -32602", async () => {
    const first = await ask(22);
    const state: string = first.body.result.requestState;
    const foreign = (await (await wireServer({ secret: "another secret of at least 32 bytes!!" })).handle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask", arguments: { x: 1 }, _meta: meta({}, { elicitation: {} }) } })).result.requestState;
    const cases: Array<[string, Record<string, unknown>]> = [
      // The second-to-last character changes (it always carries MAC bits; the last may hold padding bits only).
      ["a changed byte", { requestState: `${state.slice(0, -2)}${state.at(-2) === "A" ? "B" : "A"}${state.slice(-1)}` }],
      ["a suffix", { requestState: `${state}-TAMPERED` }],
      ["another server's secret", { requestState: foreign }],
      ["not a string", { requestState: 5 }],
    ];
    for (const [name, extra] of cases) {
      const r = await ask(23, { inputResponses: answer, ...extra });
      expect(r.body.error?.code, name).toBe(-32602);
    }
    const otherRequest = await modern(24, "tools/call", { name: "ask", arguments: { x: 2 }, inputResponses: answer, requestState: state }, { elicitation: {} });
    expect(otherRequest.body.error.code, "state of another request").toBe(-32602);
  });

  it("input responses are validated against the schemas of the input requests that were asked", async () => {
    const first = await ask(25);
    const invalid = await ask(26, { inputResponses: { name: { action: "maybe" } }, requestState: first.body.result.requestState });
    expect(invalid.body.error.code).toBe(-32602);
    const extra = await ask(27, { inputResponses: { ...answer, unasked: { action: "accept" } }, requestState: first.body.result.requestState });
    expect(extra.body.result.content[0].text).toMatch(/hello Ada/);
  });
});
