// The fetch handler on its store, in process: two handlers of two servers on one Redis prefix
// are two replicas (the run's shared redis-server); one handler on the memory store is one
// process. What one replica does to a session (cancel, delete, evict, a GET stream that keeps
// it alive) holds on the other, and a session's keys go when it does.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../templates/runtime/stores/memory.js";
import { redisStore } from "../../templates/runtime/stores/redis.js";
import type { McpStore } from "../../templates/runtime/stores/store.js";
import { connected, NO_REDIS, sharedRedisUrl, uniquePrefix, type Client } from "../helpers/redis.js";
import { LEGACY, meta, MODERN, seen, wireServer } from "./wire-server.js";

type Handler = (request: Request) => Promise<Response>;
let http: typeof import("../../templates/runtime/server/http.js");
let sse: typeof import("../../templates/runtime/shared/sse.js");
const clients: Client[] = [];

beforeAll(async () => {
  http = await import("../../templates/runtime/server/http.js");
  sse = await import("../../templates/runtime/shared/sse.js");
});
afterAll(async () => Promise.all(clients.map((c) => c.close())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextId = 100;

function post(handler: Handler, body: unknown, session?: string): Promise<Response> {
  const headers = { host: "127.0.0.1:9", "content-type": "application/json", ...(session ? { "mcp-session-id": session, "mcp-protocol-version": LEGACY } : {}) };
  return handler(new Request("http://127.0.0.1:9/mcp", { method: "POST", headers, body: JSON.stringify(body) }));
}

async function open(handler: Handler): Promise<string> {
  const response = await post(handler, { jsonrpc: "2.0", id: ++nextId, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  await response.text();
  const session = response.headers.get("mcp-session-id")!;
  await post(handler, { jsonrpc: "2.0", method: "notifications/initialized" }, session);
  return session;
}

const ping = async (handler: Handler, session: string) => (await post(handler, { jsonrpc: "2.0", id: ++nextId, method: "ping" }, session)).status;

/** A GET stream, read event by event. */
async function stream(handler: Handler, session: string, lastEventId?: string) {
  const controller = new AbortController();
  const headers = { host: "127.0.0.1:9", "mcp-session-id": session, "mcp-protocol-version": LEGACY, ...(lastEventId ? { "last-event-id": lastEventId } : {}) };
  const response = await handler(new Request("http://127.0.0.1:9/mcp", { headers, signal: controller.signal }));
  expect(response.status).toBe(200);
  const events = sse.readSse(response.body!);
  return {
    next: async () => {
      const step = await events.next();
      return step.done ? undefined : { id: step.value.lastEventId, message: JSON.parse(step.value.data) };
    },
    cut: () => controller.abort(),
  };
}

/** Two replicas: two servers, each with its fetch handler on its own client of one Redis, one prefix. */
async function replicas(options: { sessionIdleMs?: number; maxSessions?: number; heartbeatMs?: number; principal?: (request: Request) => string | undefined } = {}) {
  const prefix = uniquePrefix("http");
  const errors: unknown[] = [];
  const made = await Promise.all(
    [0, 1].map(async () => {
      const client = await connected(sharedRedisUrl());
      clients.push(client);
      const server = await wireServer({ onError: (error) => errors.push(error) });
      const store = redisStore(client, { prefix, ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}) });
      const limits = { ...(options.sessionIdleMs ? { sessionIdleMs: options.sessionIdleMs } : {}), ...(options.maxSessions ? { maxSessions: options.maxSessions } : {}) };
      return { server, handler: http.toFetchHandler(server, { store, ...limits, ...(options.principal ? { principal: options.principal } : {}) }) };
    }),
  );
  await sleep(150); // each store subscribes in the background
  return { prefix, errors, a: made[0]!, b: made[1]! };
}

describe("one process, the memory store", () => {
  it("a GET stream that reconnects with Last-Event-ID gets what it missed, once", async () => {
    const store: McpStore = memoryStore();
    const server = await wireServer();
    const handler = http.toFetchHandler(server, { store });
    const session = await open(handler);
    const first = await stream(handler, session);
    server.notify.toolsListChanged();
    const seenFirst = (await first.next())!;
    first.cut();
    await sleep(10);
    server.notify.promptsListChanged();
    server.notify.toolsListChanged();
    const second = await stream(handler, session, seenFirst.id);
    const replayed = [(await second.next())!, (await second.next())!];
    expect(replayed.map((e) => e.message.method)).toEqual(["notifications/prompts/list_changed", "notifications/tools/list_changed"]);
    expect(new Set([seenFirst.id, ...replayed.map((e) => e.id)]).size).toBe(3);
    second.cut();
  });

  it("a request's answer waits until the notifications it caused are in the store (a next request elsewhere logs after them)", async () => {
    const order: string[] = [];
    const slow: McpStore = memoryStore();
    const publish = slow.publish.bind(slow);
    slow.publish = async (message) => {
      await sleep(50);
      await publish(message);
      order.push(`logged ${message.method}`);
    };
    const server = await wireServer({ handlers: { "tools/call": () => (server.notify.toolsListChanged(), { content: [] }), "tools/list": () => ({ tools: [] }) } });
    const handler = http.toFetchHandler(server, { store: slow });
    const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "change", arguments: {}, _meta: meta() } };
    const headers = { host: "127.0.0.1:9", "content-type": "application/json", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "change" };
    const response = await handler(new Request("http://127.0.0.1:9/mcp", { method: "POST", headers, body: JSON.stringify(body) }));
    order.push(`answered ${response.status}`);
    expect(order).toEqual(["logged notifications/tools/list_changed", "answered 200"]);
  });

  it("a fetch handler that is dropped is not kept alive by its server: its store hears no more notifications", async () => {
    const published: string[] = [];
    /** Keeps nothing of the handler (a store holding its listener would keep the handler alive). */
    const spy = (name: string) => ({ ...memoryStore(), open: () => undefined, heartbeatMs: undefined, publish: async () => void published.push(name) }) as unknown as McpStore;
    const server = await wireServer();
    const kept = http.toFetchHandler(server, { store: spy("kept") });
    let dropped: Handler | undefined = http.toFetchHandler(server, { store: spy("dropped") });
    server.notify.toolsListChanged();
    expect(published.sort()).toEqual(["dropped", "kept"]);
    dropped = undefined;
    await sleep(0); // a WeakRef's target is held to the end of the job that made it
    setFlagsFromString("--expose-gc");
    (runInNewContext("gc") as () => void)();
    published.length = 0;
    server.notify.toolsListChanged();
    expect([published, typeof kept, dropped]).toEqual([["kept"], "function", undefined]);
  });
});

describe.skipIf(NO_REDIS)("two replicas on one Redis", () => {
  it("a cancellation posted to one replica cancels the request running on the other", async () => {
    const { a, b } = await replicas();
    const session = await open(a.handler);
    const before = seen.aborted.length;
    const running = post(a.handler, { jsonrpc: "2.0", id: "slow", method: "tools/call", params: { name: "wait-for-cancel", arguments: {} } }, session);
    await sleep(100);
    expect((await post(b.handler, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "slow" } }, session)).status).toBe(202);
    await running;
    expect(seen.aborted.length).toBe(before + 1);
  });

  it("another replica's tools change drops the tools this one cached for its Mcp-Param-* checks", async () => {
    const listed: string[] = [];
    const prefix = uniquePrefix("tools");
    const make = async (name: string) => {
      const client = await connected(sharedRedisUrl());
      clients.push(client);
      const tools = [{ name: "mirrored", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } } }];
      const server = await wireServer({ handlers: { "tools/list": () => (listed.push(name), { tools, ttlMs: 0, cacheScope: "private" }), "tools/call": () => ({ content: [] }) } });
      return { server, handler: http.toFetchHandler(server, { store: redisStore(client, { prefix }) }) };
    };
    const [a, b] = [await make("a"), await make("b")];
    await sleep(150);
    const headers = { host: "127.0.0.1:9", "content-type": "application/json", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "mirrored", "mcp-param-region": "eu" };
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "mirrored", arguments: { region: "eu" }, _meta: meta() } });
    const callA = async () => (await a.handler(new Request("http://127.0.0.1:9/mcp", { method: "POST", headers, body }))).status;
    expect([await callA(), await callA()]).toEqual([200, 200]);
    expect(listed).toEqual(["a"]); // listed once, then cached
    b.server.notify.toolsListChanged();
    await sleep(200);
    expect(await callA()).toBe(200);
    expect(listed).toEqual(["a", "a"]);
  });

  it("an initialize whose capabilities nest 100,000 deep gets a clean 400, and nothing is reported", async () => {
    const { a, errors } = await replicas();
    const deep = `${'{"x":'.repeat(100_000)}{}${"}".repeat(100_000)}`;
    const body = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${LEGACY}","clientInfo":{"name":"t","version":"1"},"capabilities":{"experimental":${deep}}}}`;
    const response = await a.handler(new Request("http://127.0.0.1:9/mcp", { method: "POST", headers: { host: "127.0.0.1:9", "content-type": "application/json" }, body }));
    const { error } = await response.json();
    expect([response.status, error.code, error.message, response.headers.get("mcp-session-id")]).toEqual([400, -32602, expect.stringMatching(/nested too deeply/), null]);
    expect(errors).toEqual([]);
  });

  it("a session belongs to the principal that opened it, on every replica", async () => {
    const { a, b } = await replicas({ principal: (request) => request.headers.get("x-user") ?? undefined });
    const as = (user: string | undefined, handler: Handler) => (request: Request) => {
      if (user) request.headers.set("x-user", user);
      return handler(request);
    };
    const session = await open(as("alice", a.handler));
    expect([await ping(as("alice", b.handler), session), await ping(as("mallory", b.handler), session), await ping(as(undefined, b.handler), session)]).toEqual([200, 404, 404]);
  });

  it("DELETE on one replica closes the GET stream held by the other, and the session is gone on both", async () => {
    const { a, b } = await replicas();
    const session = await open(a.handler);
    const held = await stream(b.handler, session);
    expect((await a.handler(new Request("http://127.0.0.1:9/mcp", { method: "DELETE", headers: { host: "127.0.0.1:9", "mcp-session-id": session } }))).status).toBe(200);
    expect(await held.next()).toBeUndefined();
    expect([await ping(a.handler, session), await ping(b.handler, session)]).toEqual([404, 404]);
  });

  it("maxSessions counts every replica's sessions: the least recently used one, wherever it was opened, is closed", async () => {
    const { a, b } = await replicas({ maxSessions: 2 });
    const first = await open(a.handler);
    await sleep(5);
    const second = await open(b.handler);
    await sleep(5);
    const third = await open(a.handler);
    expect([await ping(b.handler, first), await ping(a.handler, second), await ping(b.handler, third)]).toEqual([404, 200, 200]);
  });

  it("a GET stream keeps its session alive past sessionIdleMs; once it closes the session idles out, and every key of it goes", async () => {
    const { prefix, a, b } = await replicas({ sessionIdleMs: 400, heartbeatMs: 100 });
    const session = await open(a.handler);
    expect((await post(b.handler, { jsonrpc: "2.0", id: ++nextId, method: "resources/subscribe", params: { uri: "file:///watched" } }, session)).status).toBe(200);
    const held = await stream(a.handler, session);
    await sleep(1000);
    expect(await ping(b.handler, session)).toBe(200);
    held.cut();
    const admin = clients[0]!;
    expect((await admin.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    await sleep(800);
    expect(await admin.keys(`${prefix}*`)).toEqual([]);
    expect(await ping(b.handler, session)).toBe(404);
  });
});
