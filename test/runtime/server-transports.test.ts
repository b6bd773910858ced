import { PassThrough } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { LEGACY, MODERN, meta, seen, wireServer } from "./wire-server.js";

/** The transports on the wire (item 5): Streamable HTTP through the fetch handler, and stdio. */
let server: any;
let http: typeof import("../../templates/runtime/server/http.js");

beforeAll(async () => {
  server = await wireServer();
  http = await import("../../templates/runtime/server/http.js");
});

function request(body: unknown, headers: Record<string, string>, init: { method?: string; signal?: AbortSignal } = {}): Request {
  const method = init.method ?? "POST";
  return new Request("http://localhost:3000/mcp", {
    method,
    headers: { host: "localhost:3000", "content-type": "application/json", ...headers },
    ...(method === "POST" ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

const call = (id: number, name: string, args: Record<string, unknown> = {}, capabilities = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: meta({}, capabilities) } });
const standard = (name?: string) => ({ "mcp-protocol-version": MODERN, "mcp-method": "tools/call", ...(name ? { "mcp-name": name } : {}) });
/** A full garbage collection (node's fetch loses request aborts once the Request is collected). */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
const readJson = async (response: Response) => JSON.parse(await response.text());

describe("Streamable HTTP: DNS-rebinding protection", () => {
  it("refuses a foreign Host or Origin with 403, accepts loopback ones, honours allow-lists", async () => {
    const handler = http.toFetchHandler(server);
    const body = call(1, "echo");
    expect((await handler(request(body, { ...standard("echo"), host: "evil.example.com" }))).status).toBe(403);
    expect((await handler(request(body, { ...standard("echo"), origin: "http://evil.example.com" }))).status).toBe(403);
    expect((await handler(request(body, { ...standard("echo"), origin: "http://localhost:3000" }))).status).toBe(200);
    const listed = http.toFetchHandler(server, { allowedHosts: ["mcp.example.com"], allowedOrigins: ["https://app.example.com"] });
    expect((await listed(request(body, { ...standard("echo"), host: "mcp.example.com", origin: "https://app.example.com" }))).status).toBe(200);
    expect((await listed(request(body, { ...standard("echo"), host: "localhost:3000" }))).status).toBe(403);
  });
});

describe("Streamable HTTP: headers must match the body (-32020, HTTP 400)", () => {
  const cases: Array<[string, Record<string, string>, unknown?]> = [
    ["MCP-Protocol-Version differs from _meta", { ...standard("echo"), "mcp-protocol-version": LEGACY }],
    ["MCP-Protocol-Version missing", { "mcp-method": "tools/call", "mcp-name": "echo" }],
    ["Mcp-Method missing", { "mcp-protocol-version": MODERN, "mcp-name": "echo" }],
    ["Mcp-Method differs (case-sensitive)", { ...standard("echo"), "mcp-method": "TOOLS/CALL" }],
    ["Mcp-Name missing", standard()],
    ["Mcp-Name differs", standard("other")],
    ["Mcp-Param-* differs from the argument", { ...standard("mirrored"), "mcp-param-region": "eu" }, call(1, "mirrored", { region: "us" })],
    ["Mcp-Param-* missing for an argument", standard("mirrored"), call(1, "mirrored", { region: "us" })],
    ["Mcp-Param-* with a bad base64 value", { ...standard("mirrored"), "mcp-param-region": "=?base64?SGVsbG8?=" }, call(1, "mirrored", { region: "Hello" })],
    ["an integer parameter that is not the body's", { ...standard("mirrored"), "mcp-param-n": "41" }, call(1, "mirrored", { n: 42 })],
  ];
  it.each(cases)("%s", async (_name, headers, body = call(1, "echo")) => {
    const response = await http.toFetchHandler(server)(request(body, headers));
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.code).toBe(-32020);
  });

  it("accepts encoded and numerically equal values, and headers in any case", async () => {
    const handler = http.toFetchHandler(server);
    const ok = [
      [{ "MCP-PROTOCOL-VERSION": MODERN, "MCP-METHOD": "tools/call", "MCP-NAME": "=?base64?bWlycm9yZWQ=?=", "Mcp-Param-Region": "=?base64?SGVsbG8=?=", "mcp-param-n": "42.0" }, call(1, "mirrored", { region: "Hello", n: 42 })],
      [standard("mirrored"), call(2, "mirrored", { region: null })],
    ] as const;
    for (const [headers, body] of ok) {
      const response = await handler(request(body, headers));
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe("Streamable HTTP: JSON, SSE, cancellation, subscriptions", () => {
  it("answers JSON when nothing precedes the result, SSE when progress notifications do", async () => {
    const handler = http.toFetchHandler(server);
    const plain = await handler(request(call(1, "echo"), standard("echo")));
    expect(plain.headers.get("content-type")).toBe("application/json");
    const body = { ...call(2, "progress"), params: { name: "progress", _meta: meta({ progressToken: "p" }) } };
    const streamed = await handler(request(body, standard("progress")));
    expect(streamed.headers.get("content-type")).toBe("text/event-stream");
    const events = (await streamed.text()).split("\n\n").filter(Boolean).map((e) => JSON.parse(e.split("data: ")[1]!));
    expect(events.map((e) => e.method ?? "result")).toEqual(["notifications/progress", "notifications/progress", "result"]);
    expect(events[0].params).toEqual({ progressToken: "p", progress: 1, total: 2 });
    expect(events[2].id).toBe(2);
  });

  it("a closed request stream cancels the handler (its signal fires)", async () => {
    const aborter = new AbortController();
    const before = seen.aborted.length;
    const answer = http.toFetchHandler(server)(request(call(3, "wait-for-cancel"), standard("wait-for-cancel"), { signal: aborter.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    collectGarbage(); // nothing but the handler holds the Request now: the abort must still reach it
    aborter.abort();
    await answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.aborted.length).toBe(before + 1);
  }, 10_000);

  it("a request whose stream closed before it arrived starts cancelled: the handler sees an aborted signal, nothing hangs", async () => {
    const before = seen.aborted.length;
    const answer = http.toFetchHandler(server)(request(call(4, "wait-for-cancel"), standard("wait-for-cancel"), { signal: AbortSignal.abort() }));
    await answer.catch(() => undefined);
    expect(seen.aborted.length).toBe(before + 1);
  }, 10_000);

  it("subscriptions/listen: the acknowledgement first, then only the notifications asked for, tagged with the subscription id", async () => {
    const aborter = new AbortController();
    const body = { jsonrpc: "2.0", id: 77, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true, resourcesListChanged: true }, _meta: meta() } };
    const response = await http.toFetchHandler(server)(request(body, { "mcp-protocol-version": MODERN, "mcp-method": "subscriptions/listen" }, { signal: aborter.signal }));
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const next = async () => JSON.parse(new TextDecoder().decode((await reader.read()).value).split("data: ")[1]!);
    const ack = await next();
    expect(ack).toMatchObject({ method: "notifications/subscriptions/acknowledged", params: { notifications: { toolsListChanged: true }, _meta: { "io.modelcontextprotocol/subscriptionId": 77 } } });
    expect(ack.params.notifications.resourcesListChanged).toBeUndefined(); // not a declared capability
    server.notify.promptsListChanged();
    server.notify.toolsListChanged();
    expect(await next()).toMatchObject({ method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": 77 } } });
    aborter.abort();
  });
});

describe("Streamable HTTP: legacy sessions", () => {
  it("initialize opens a session; requests need it; GET streams list changes; DELETE ends it", async () => {
    const handler = http.toFetchHandler(server);
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "legacy", version: "1" } } };
    const opened = await handler(request(init, {}));
    const session = opened.headers.get("mcp-session-id")!;
    expect(session).toMatch(/^[\x21-\x7e]+$/);
    expect((await readJson(opened)).result).toMatchObject({ protocolVersion: LEGACY, serverInfo: { name: "wire" } });
    const withSession = { "mcp-session-id": session, "mcp-protocol-version": LEGACY };
    expect((await handler(request({ jsonrpc: "2.0", method: "notifications/initialized" }, withSession))).status).toBe(202);
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };
    expect((await readJson(await handler(request(list, withSession)))).result.tools).toHaveLength(2);
    expect((await handler(request(list, {}))).status).toBe(400);
    expect((await handler(request(list, { "mcp-session-id": "nope" }))).status).toBe(404);
    const ping = await readJson(await handler(request({ jsonrpc: "2.0", id: 3, method: "ping" }, withSession)));
    expect(ping.result).toEqual({});
    const stream = await handler(request(undefined, withSession, { method: "GET" }));
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(":\n\n"); // the priming comment: headers go out at once
    server.notify.toolsListChanged();
    const event = new TextDecoder().decode((await reader.read()).value);
    expect(event).toContain('"method":"notifications/tools/list_changed"');
    expect((await handler(request(undefined, withSession, { method: "DELETE" }))).status).toBe(200);
    expect((await handler(request(list, withSession))).status).toBe(404);
  });
});

describe("stdio", () => {
  it("stdout carries protocol messages only: answers, a parse error for a bad line, nothing for notifications", async () => {
    const { serveStdio } = await import("../../templates/runtime/server/stdio.js");
    const input = new PassThrough();
    const output: string[] = [];
    const done = serveStdio(server, { input, output: { write: (text: string) => output.push(text) } });
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta() } })}\n`);
    input.write("this is not json\n");
    input.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 9 } })}\n`);
    input.end();
    await done;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = output.join("").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.map((l) => l.error?.code ?? l.result?.resultType).sort()).toEqual([-32700, "complete"].sort());
  });
});
