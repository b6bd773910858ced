// Issue 55 item 2: middleware around every request a handler answers. A rate limit per principal
// (the N+1st call in a window is refused with -32000, HTTP 429 and Retry-After; another principal is
// not limited), and no middleware sees a request before its validation, scope check and sealed
// state were checked, nor can it skip them: what it answers itself is still checked.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { MODERN, meta } from "./wire-server.js";

let gen: any;
beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
});

const SECRET = "middleware tests: a secret of at least 32 bytes";
let nextId = 1;
/** A stateless tools/call through `handler`, with `token` as the bearer token when given. */
function call(handler: (r: Request) => Promise<Response>, name: string, args: unknown, extra: { token?: string; params?: Record<string, unknown> } = {}): Promise<Response> {
  const body = { jsonrpc: "2.0", id: nextId++, method: "tools/call", params: { name, arguments: args, ...extra.params, _meta: meta() } };
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": name };
  if (extra.token) headers["authorization"] = `Bearer ${extra.token}`;
  return handler(new Request("http://localhost/mcp", { method: "POST", headers, body: JSON.stringify(body) }));
}

describe("middleware", () => {
  it("rateLimit: the N+1st call of a principal in a window gets -32000 with 429 and Retry-After; another principal is not limited", async () => {
    const server = gen.createServer({ serverInfo: { name: "rl", version: "1" }, stateSecret: SECRET, middleware: [gen.rateLimit({ requests: 3, windowMs: 60_000 })], tools: [gen.tool("ping", {}, () => "pong")] });
    const as = (principal: string) => gen.toFetchHandler(server, { path: "/mcp", principal: () => principal });
    const alice = as("alice");
    for (let i = 0; i < 3; i++) expect((await call(alice, "ping", {})).status).toBe(200);
    const refused = await call(alice, "ping", {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(20); // a token comes back after 20 s
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: -32000, data: { retryAfterMs: expect.any(Number) } });
    expect(body.error.message).toMatch(/Rate limit exceeded/);
    expect((await call(as("bob"), "ping", {})).status).toBe(200);
  });

  it("sees only requests that passed validation, scopes and sealing, and what it answers itself is checked", async () => {
    const seen: string[] = [];
    const timings: Array<{ method: string; errorCode?: number }> = [];
    const recorder = async (c: any, next: () => Promise<unknown>) => (seen.push(`${c.method} ${c.params?.name ?? ""}`), next());
    const shortcut = async (c: any, next: () => Promise<unknown>) => (c.params?.name === "forged" ? { content: "not a list" } : next());
    const server = gen.createServer({
      serverInfo: { name: "order", version: "1" },
      stateSecret: SECRET,
      onError: () => undefined,
      middleware: [gen.requestTiming((t: any) => timings.push(t)), recorder, shortcut],
      tools: [gen.tool("add", { input: z.object({ a: z.number() }) }, ({ a }: { a: number }) => `${a}`), gen.tool("write", { scopes: ["w"] }, () => "written"), gen.tool("forged", {}, () => "never")],
    });
    const verify = async (token: string) => ({ subject: token, scopes: token === "writer" ? ["w"] : [], claims: {} });
    const handler = gen.toFetchHandler(server, { path: "/mcp", auth: { resource: "http://localhost/mcp", authorizationServers: ["https://as.example"], verify } });
    expect((await call(handler, "write", {}, { token: "reader" })).status).toBe(403); // scope check first
    const malformed = await (await handler(new Request("http://localhost/mcp", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: "Bearer reader", "mcp-protocol-version": MODERN, "mcp-method": "tools/call" }, body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { _meta: meta() } }) }))).json();
    expect(malformed.error.code).toBe(-32602); // params without a name: refused by validation
    const unsealed = await (await call(handler, "add", { a: 1 }, { token: "reader", params: { requestState: "forged-state", inputResponses: {} } })).json();
    expect(unsealed.error).toBeDefined(); // a state this server did not seal
    expect(seen).toEqual([]);
    expect((await (await call(handler, "add", { a: 2 }, { token: "reader" })).json()).result.content).toEqual([{ type: "text", text: "2" }]);
    expect((await (await call(handler, "forged", {}, { token: "reader" })).json()).error.code).toBe(-32603); // its own answer failed the result schema
    expect(seen).toEqual(["tools/call add", "tools/call forged"]);
    expect(timings.map((t) => [t.method, t.errorCode])).toEqual([["tools/call", undefined], ["tools/call", undefined]]);
  });

  it("rateLimit refuses nonsense bounds, and keeps at most maxKeys buckets", async () => {
    expect(() => gen.rateLimit({ requests: 0, windowMs: 1000 })).toThrow(/requests/);
    const limit = gen.rateLimit({ requests: 1, windowMs: 60_000, maxKeys: 2 });
    const run = (principal: string) => limit({ method: "tools/call", params: {}, principal, auth: undefined, signal: new AbortController().signal, ctx: {} }, async () => "ok");
    await run("a");
    await expect(run("a")).rejects.toMatchObject({ code: -32000 });
    await run("b");
    await run("c"); // "a" is forgotten: two buckets at most
    expect(await run("a")).toBe("ok");
  });

  it("on the client: around every request sent, not those the cache answers; it can answer early and map errors", async () => {
    const server = gen.createServer({ serverInfo: { name: "client-mw", version: "1" }, stateSecret: SECRET, resultDefaults: { ttlMs: 60_000, cacheScope: "public" }, tools: [gen.tool("ping", {}, () => "pong")] });
    const sent: string[] = [];
    const log = async (c: any, next: () => Promise<unknown>) => (sent.push(c.method), next());
    const offline = async (c: any, next: () => Promise<unknown>) => (c.params?.name === "offline" ? { content: [{ type: "text", text: "answered locally" }] } : next());
    const mapped = async (_c: any, next: () => Promise<unknown>) => next().catch((error: any) => Promise.reject(new Error(`mapped ${error.code}`)));
    const client = await gen.connectInProcess(server, { cache: true, middleware: [log, offline, mapped] });
    try {
      await client.listTools();
      await client.listTools(); // from the cache
      expect((await client.callTool({ name: "offline", arguments: {} })).content[0].text).toBe("answered locally");
      await expect(client.callTool({ name: "missing", arguments: {} })).rejects.toThrow(/^mapped -32602$/);
      expect(sent).toEqual(["server/discover", "tools/list", "tools/call", "tools/call"]); // connect()'s probe too
    } finally {
      await client.close();
    }
  });
});
