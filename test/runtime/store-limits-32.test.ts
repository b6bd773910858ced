// What one legacy session may hold in, and do to, the session store (issue 32, items 7, 14, 15):
// subscriptions gated by the server's capability and bounded, kept out of the record every
// request reads; a Last-Event-ID past 64 bits; a foreign principal that must change nothing.
// Each test runs on the memory store and on the run's shared Redis (a prefix of its own).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemoryStore } from "../../templates/runtime/stores/memory.js";
import type { McpStore } from "../../templates/runtime/stores/store.js";
import { connected, NO_REDIS, sharedRedisUrl, uniquePrefix, type Client } from "../helpers/redis.js";
import { nextId, open, post, sleep, type Handler } from "./legacy-wire.js";
import { generatedServer, LEGACY, wireServer } from "./wire-server.js";

/** The generated root (its runtime copy): servers, fetch handlers and stores of one runtime, so its errors are its own classes. */
let gen: any;
let sse: typeof import("../../templates/runtime/shared/sse.js");
const clients: Client[] = [];

beforeAll(async () => {
  gen = await generatedServer();
  sse = await import("../../templates/runtime/shared/sse.js");
});
afterAll(async () => Promise.all(clients.map((c) => c.close().catch(() => undefined))));

async function call(handler: Handler, session: string, method: string, params: Record<string, unknown> = {}, extra: Record<string, string> = {}) {
  const response = await post(handler, { jsonrpc: "2.0", id: nextId(), method, params }, session, extra);
  return { status: response.status, body: await response.json() };
}

/** A GET stream of a session, read event by event. */
async function stream(handler: Handler, session: string, lastEventId?: string) {
  const controller = new AbortController();
  const headers = { host: "127.0.0.1:9", "mcp-session-id": session, "mcp-protocol-version": LEGACY, ...(lastEventId ? { "last-event-id": lastEventId } : {}) };
  const response = await handler(new Request("http://127.0.0.1:9/mcp", { headers, signal: controller.signal }));
  const events = response.body ? sse.readSse(response.body) : undefined;
  return {
    status: response.status,
    next: async (ms = 2000): Promise<{ id: string | undefined; message: any } | undefined> => {
      const step = await Promise.race([events!.next(), sleep(ms).then(() => "timeout" as const)]);
      if (step === "timeout") throw new Error("no event");
      return step.done ? undefined : { id: step.value.lastEventId, message: JSON.parse(step.value.data) };
    },
    cut: () => controller.abort(),
  };
}

interface Made {
  handler: Handler;
  server: any;
  store: McpStore;
  prefix: string;
}

const kinds: Array<[string, (options?: Record<string, unknown>, server?: any) => Promise<Made>]> = [
  [
    "memory",
    async (options = {}, server) => {
      const store = gen.memoryStore();
      server ??= await wireServer();
      return { server, store, prefix: "", handler: gen.toFetchHandler(server, { store, ...options }) as Handler };
    },
  ],
];
if (!NO_REDIS) {
  kinds.push([
    "redis",
    async (options = {}, server) => {
      const client = await connected(sharedRedisUrl());
      clients.push(client);
      const prefix = uniquePrefix("limits");
      const store = gen.redisStore(client, { prefix });
      server ??= await wireServer();
      const handler = gen.toFetchHandler(server, { store, ...options }) as Handler;
      await sleep(100); // the subscription is made in the background
      return { server, store, prefix, handler };
    },
  ]);
}

describe.each(kinds)("item 7: resources/subscribe on the %s store", (kind, make) => {
  it("a server that did not declare resources.subscribe answers resources/subscribe and unsubscribe with -32601", async () => {
    const { createServer } = await generatedServer();
    const server = createServer({ serverInfo: { name: "no-subscribe", version: "1" }, capabilities: { resources: { listChanged: true } }, handlers: { "resources/list": () => ({ resources: [] }) } });
    const { handler } = await make({}, server);
    const session = await open(handler);
    for (const method of ["resources/subscribe", "resources/unsubscribe"]) {
      const { body } = await call(handler, session, method, { uri: "file:///a" });
      expect(body.error?.code, method).toBe(-32601);
    }
  });

  it("a session holds at most 100 subscriptions, each URI at most 2,048 characters: past that -32602, and nothing is kept", async () => {
    const { handler } = await make();
    const session = await open(handler);
    for (let i = 0; i < 100; i++) expect((await call(handler, session, "resources/subscribe", { uri: `file:///r/${i}` })).body.result, `subscription ${i}`).toEqual({});
    const past = await call(handler, session, "resources/subscribe", { uri: "file:///r/100" });
    expect(past.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/at most 100 subscriptions/) });
    expect((await call(handler, session, "resources/subscribe", { uri: "file:///r/7" })).body.result).toEqual({}); // held already: no new one
    expect((await call(handler, session, "resources/unsubscribe", { uri: "file:///r/7" })).body.result).toEqual({});
    expect((await call(handler, session, "resources/subscribe", { uri: "file:///r/100" })).body.result).toEqual({});
    const other = await open(handler);
    const long = `file:///${"a".repeat(2_048 - "file:///".length)}`;
    expect((await call(handler, other, "resources/subscribe", { uri: long })).body.result).toEqual({});
    const tooLong = await call(handler, other, "resources/subscribe", { uri: `${long}b` });
    expect(tooLong.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/2048 characters/) });
  });

  it("a resource update still reaches the subscribed session's GET stream, and only it", async () => {
    const { handler, server } = await make();
    const [subscribed, other] = [await open(handler), await open(handler)];
    expect((await call(handler, subscribed, "resources/subscribe", { uri: "file:///watched" })).body.result).toEqual({});
    const [heard, unheard] = [await stream(handler, subscribed), await stream(handler, other)];
    server.notify.resourceUpdated("file:///watched");
    expect((await heard.next())!.message).toMatchObject({ method: "notifications/resources/updated", params: { uri: "file:///watched" } });
    await expect(unheard.next(500)).rejects.toThrow(/no event/);
    heard.cut();
    unheard.cut();
  });
});

describe("item 7: a session of one process (stdio) is bounded the same way", () => {
  it("the 101st subscription gets -32602; one held already, or after an unsubscribe, is taken", async () => {
    const server = await wireServer();
    const session = server.createSession("stdio");
    const ask = (method: string, params: Record<string, unknown>) => server.handle({ jsonrpc: "2.0", id: nextId(), method, params }, { session });
    await ask("initialize", { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } });
    for (let i = 0; i < 100; i++) expect((await ask("resources/subscribe", { uri: `file:///r/${i}` })).result).toEqual({});
    expect((await ask("resources/subscribe", { uri: "file:///r/100" })).error).toMatchObject({ code: -32602, message: expect.stringMatching(/at most 100 subscriptions/) });
    expect((await ask("resources/subscribe", { uri: "file:///r/0" })).result).toEqual({});
    await ask("resources/unsubscribe", { uri: "file:///r/0" });
    expect((await ask("resources/subscribe", { uri: "file:///r/100" })).result).toEqual({});
    session.close();
  });
});

describe.skipIf(NO_REDIS)("item 7: on Redis, subscriptions stay out of the record every request reads", () => {
  it("100 subscriptions of 2,000 characters leave the session's record as small as it was", async () => {
    const { handler, prefix } = await kinds[1]![1]();
    const admin = clients.at(-1)!;
    const session = await open(handler);
    const before = Number(await admin.sendCommand(["MEMORY", "USAGE", `${prefix}s:${session}`]));
    for (let i = 0; i < 100; i++) await call(handler, session, "resources/subscribe", { uri: `file:///${String(i).padStart(3, "0")}${"x".repeat(1_988)}` });
    const after = Number(await admin.sendCommand(["MEMORY", "USAGE", `${prefix}s:${session}`]));
    console.log(`item 7: the record each request reads: ${before} bytes, ${after} bytes with 100 subscriptions of 2,000 characters`);
    expect(after).toBeLessThan(before + 256);
  });
});

describe.skipIf(NO_REDIS)("item 14: a Last-Event-ID past 64 bits on the Redis store", () => {
  it.each(["18446744073709551616-0", "0-18446744073709551616", "18446744073709551615-18446744073709551615", "99999999999999999999-99999999999999999999"])("%s: the GET stream opens, replays nothing, and hears what comes next", async (lastEventId) => {
    const { handler, server, prefix } = await kinds[1]![1]();
    const admin = clients.at(-1)!;
    const session = await open(handler);
    server.notify.toolsListChanged(); // logged before: not replayed
    await sleep(100);
    const resumed = await stream(handler, session, lastEventId);
    expect(resumed.status).toBe(200);
    server.notify.promptsListChanged();
    expect((await resumed.next())!.message.method).toBe("notifications/prompts/list_changed");
    expect(await admin.zCard(`${prefix}st:${session}`)).toBe(1); // the one stream that is open
    resumed.cut();
  });
});

describe("item 15: a foreign principal's rejected request changes nothing of the session", () => {
  const as = (user: string) => ({ "x-user": user });
  const principal = (request: Request) => request.headers.get("x-user") ?? undefined;

  it.skipIf(NO_REDIS)("Redis: the session's PTTL and its place in the eviction order are what they were", async () => {
    const { handler, prefix } = await kinds[1]![1]({ principal, sessionIdleMs: 60_000 });
    const admin = clients.at(-1)!;
    const session = await open(handler, {}, as("alice"));
    await sleep(300);
    const [ttl, score] = [await admin.pTTL(`${prefix}s:${session}`), await admin.zScore(`${prefix}idx`, session)];
    expect((await call(handler, session, "ping", {}, as("mallory"))).status).toBe(404);
    const [ttlAfter, scoreAfter] = [await admin.pTTL(`${prefix}s:${session}`), await admin.zScore(`${prefix}idx`, session)];
    console.log(`item 15: PTTL before mallory's ping ${ttl} ms, after ${ttlAfter} ms`);
    expect(ttlAfter).toBeLessThanOrEqual(ttl);
    expect(scoreAfter).toBe(score);
  });

  it("memory: the idle deadline is the one alice's last request set", async () => {
    const store = gen.memoryStore() as MemoryStore;
    let now = 1_000_000;
    store.now = () => now;
    const handler = gen.toFetchHandler(await wireServer(), { store, principal, sessionIdleMs: 1_000 }) as Handler;
    const session = await open(handler, {}, as("alice"));
    now += 900;
    expect((await call(handler, session, "ping", {}, as("mallory"))).status).toBe(404);
    now += 200; // 1,100 ms after alice's last request
    expect((await call(handler, session, "ping", {}, as("alice"))).status).toBe(404);
  });
});
