// The store contract (templates/runtime/stores/store.ts), held by both implementations: the
// in-memory one (the default) and the Redis one on a real redis-server (the run's shared one,
// each test under a prefix of its own). Cross-replica behaviour is checked with two Redis
// stores on one prefix, each with its own client, as two processes would have.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../templates/runtime/stores/memory.js";
import { redisStore } from "../../templates/runtime/stores/redis.js";
import type { McpStore, SessionRecord, StoreLimits, StoreListener } from "../../templates/runtime/stores/store.js";
import { connected, NO_REDIS, sharedRedisUrl, uniquePrefix, type Client } from "../helpers/redis.js";
import { eventually as pollUntil } from "./legacy-wire.js";

const LIMITS: StoreLimits = { idleMs: 60_000, maxSessions: 100, whenFull: "evict-oldest", eventWindow: 100 };
const record = (id: string, extra: Partial<SessionRecord> = {}): SessionRecord => ({ id, principal: null, version: "2025-11-25", client: { protocolVersion: "2025-11-25", capabilities: { roots: {} }, info: { name: "c", version: "1" } }, ...extra });
const listChanged = { jsonrpc: "2.0" as const, method: "notifications/tools/list_changed" };
const updated = (uri: string) => ({ jsonrpc: "2.0" as const, method: "notifications/resources/updated", params: { uri } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A listener that records what it hears. */
function recorder() {
  const heard = { logged: [] as string[][], notifications: [] as unknown[], forwarded: [] as Array<[string, unknown]>, closed: [] as string[], connection: [] as Array<string | undefined>, bus: [] as Array<string | undefined> };
  const listener: StoreListener = {
    logged: (ids) => heard.logged.push([...ids]),
    notification: (m) => heard.notifications.push(m),
    forwarded: (id, m) => heard.forwarded.push([id, m]),
    closed: (id) => heard.closed.push(id),
    connection: (error) => heard.connection.push(error?.message),
    bus: (error) => heard.bus.push(error?.message),
  };
  return { heard, listener };
}

/** Polls until the check holds (Redis delivers through pub/sub, a moment later). */
const eventually = (check: () => void | Promise<void>) => pollUntil(check, 3000, 20);

const clients: Client[] = [];
const kinds: Array<[string, (prefix: string) => Promise<McpStore>]> = [["memory", async () => memoryStore()]];
if (!NO_REDIS) {
  kinds.push([
    "redis",
    async (prefix) => {
      const client = await connected(sharedRedisUrl());
      clients.push(client);
      return redisStore(client, { prefix });
    },
  ]);
}
afterAll(async () => Promise.all(clients.map((c) => c.close())));

describe.each(kinds)("%s store", (kind, make) => {
  async function opened(limits: Partial<StoreLimits> = {}, prefix = uniquePrefix(kind)) {
    const store = await make(prefix);
    const { heard, listener } = recorder();
    store.open({ ...LIMITS, ...limits }, listener);
    if (kind === "redis") await sleep(100); // the subscription is made in the background
    return { store, heard, prefix };
  }

  it("keeps a session's record and hands out copies; unknown ids and other principals get undefined", async () => {
    const { store } = await opened();
    expect(await store.createSession(record("a", { principal: "alice" }))).toEqual({ created: true, evicted: [] });
    const got = await store.getSession("a", "alice");
    expect(got).toEqual(record("a", { principal: "alice" }));
    got!.logLevel = "debug";
    expect((await store.getSession("a", "alice"))!.logLevel).toBeUndefined();
    expect([await store.getSession("a", "mallory"), await store.getSession("a", null)]).toEqual([undefined, undefined]);
    expect(await store.getSession("nope", null)).toBeUndefined();
  });

  it("applies log level and subscription changes, a subscription only up to its max; a change to a gone session comes back gone", async () => {
    const { store } = await opened();
    await store.createSession(record("s"));
    expect(await store.updateSession("s", { logLevel: "warning" })).toBe("done");
    expect(await store.updateSession("s", { subscribe: "file:///a", max: 2 })).toBe("done");
    expect(await store.updateSession("s", { subscribe: "file:///b", max: 2 })).toBe("done");
    expect(await store.updateSession("s", { subscribe: "file:///c", max: 2 })).toBe("full");
    expect(await store.updateSession("s", { subscribe: "file:///b", max: 2 })).toBe("done"); // held already
    expect(await store.updateSession("s", { unsubscribe: "file:///a" })).toBe("done");
    expect(await store.updateSession("s", { subscribe: "file:///c", max: 2 })).toBe("done");
    expect(await store.getSession("s", null)).toEqual(record("s", { logLevel: "warning" })); // subscriptions are not in the record
    expect(await store.updateSession("gone", { logLevel: "info" })).toBe("gone");
    expect(await store.updateSession("gone", { subscribe: "file:///a", max: 2 })).toBe("gone");
  });

  it("past maxSessions closes the least recently used session; `refuse` refuses the new one", async () => {
    const { store, heard } = await opened({ maxSessions: 3 });
    for (const id of ["1", "2", "3"]) await store.createSession(record(id));
    await sleep(5);
    await store.getSession("1", null); // 1 is now the most recently used
    expect(await store.createSession(record("4"))).toEqual({ created: true, evicted: ["2"] });
    expect(await Promise.all(["1", "2", "3", "4"].map(async (id) => (await store.getSession(id, null)) !== undefined))).toEqual([true, false, true, true]);
    await eventually(() => expect(heard.closed).toEqual(["2"]));
    const refusing = await opened({ maxSessions: 1, whenFull: "refuse" });
    await refusing.store.createSession(record("x"));
    expect(await refusing.store.createSession(record("y"))).toEqual({ created: false, evicted: [] });
    expect(await refusing.store.getSession("x", null)).toBeDefined();
  });

  it("a record of any depth (a client's capabilities) is kept, changed and evicted like any other", async () => {
    const { store } = await opened({ maxSessions: 1 });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 1500; i++) deep = { nested: deep }; // deeper than cjson's limit (1,000)
    await store.createSession(record("deep", { client: { protocolVersion: "2025-11-25", capabilities: { experimental: deep } } }));
    expect(await store.updateSession("deep", { logLevel: "error" })).toBe("done");
    expect((await store.getSession("deep", null))!.logLevel).toBe("error");
    expect(await store.createSession(record("next"))).toEqual({ created: true, evicted: ["deep"] });
  });

  it("a deleted session is gone, and the listener hears it closed", async () => {
    const { store, heard } = await opened();
    await store.createSession(record("d"));
    await store.deleteSession("d");
    expect(await store.getSession("d", null)).toBeUndefined();
    await eventually(() => expect(heard.closed).toEqual(["d"]));
  });

  it("a session idle past idleMs is gone; using it restarts its idle time", async () => {
    const { store } = await opened({ idleMs: 400 });
    await store.createSession(record("used"));
    await store.createSession(record("idle"));
    for (let i = 0; i < 4; i++) {
      await sleep(150);
      expect(await store.getSession("used", null)).toBeDefined();
    }
    expect(await store.getSession("idle", null)).toBeUndefined();
    expect(await store.keepAlive(["used", "idle"], [])).toEqual(["idle"]);
  });

  it("logs notifications for the newest open stream, and for the older one once the newest detaches", async () => {
    const { store, heard } = await opened();
    await store.createSession(record("s"));
    const first = await store.attachStream("s", "first", undefined);
    const second = await store.attachStream("s", "second", undefined);
    expect(first).toEqual({ replay: [], cursor: expect.any(String) });
    await store.publish(listChanged);
    await eventually(() => expect(heard.logged).toEqual([["s"]]));
    const [toSecond] = await store.readEvents("s", second!.cursor);
    expect(toSecond).toMatchObject({ target: "second", message: listChanged });
    await store.detachStream("s", "second");
    await store.publish(listChanged);
    const after = await store.readEvents("s", toSecond!.id);
    expect(after.map((e) => e.target)).toEqual(["first"]);
    expect(await store.attachStream("gone", "x", undefined)).toBeUndefined();
  });

  it("replays what was logged after Last-Event-ID, once, within the window", async () => {
    const { store } = await opened({ eventWindow: 3 });
    await store.createSession(record("r"));
    for (let i = 0; i < 2; i++) await store.publish({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { n: i } });
    const all = await store.readEvents("r", "0");
    expect(all.map((e) => [e.target, e.message.params])).toEqual([["", { n: 0 }], ["", { n: 1 }]]);
    const resumed = await store.attachStream("r", "s1", all[0]!.id);
    expect(resumed!.replay.map((e) => e.message.params)).toEqual([{ n: 1 }]);
    expect(resumed!.cursor).toBe(all[1]!.id);
    expect(await store.readEvents("r", resumed!.cursor)).toEqual([]);
    for (let i = 2; i < 6; i++) await store.publish({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { n: i } });
    const windowed = await store.attachStream("r", "s2", all[0]!.id);
    expect(windowed!.replay.map((e) => e.message.params)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
    expect((await store.attachStream("r", "s3", "not an id"))!.replay).toEqual([]);
  });

  it("a resource update is logged only for the sessions subscribed to it", async () => {
    const { store, heard } = await opened();
    await store.createSession(record("sub"));
    await store.createSession(record("other"));
    await store.updateSession("sub", { subscribe: "file:///watched", max: 10 });
    await store.publish(updated("file:///watched"));
    await store.publish(updated("file:///unwatched"));
    await eventually(() => expect(heard.logged).toEqual([["sub"]]));
    expect((await store.readEvents("sub", "0")).map((e) => e.message)).toEqual([updated("file:///watched")]);
    expect(await store.readEvents("other", "0")).toEqual([]);
    await store.updateSession("sub", { unsubscribe: "file:///watched" });
    await store.publish(updated("file:///watched"));
    expect(await store.readEvents("sub", "0")).toHaveLength(1);
  });
});

describe.skipIf(NO_REDIS)("redis store: what replicas share", () => {
  let url: string;
  beforeAll(() => {
    url = sharedRedisUrl();
  });

  async function replicas(limits: Partial<StoreLimits> = {}, heartbeatMs?: number) {
    const prefix = uniquePrefix("replicas");
    const pair = await Promise.all(
      [0, 1].map(async () => {
        const client = await connected(url);
        clients.push(client);
        const store = redisStore(client, { prefix, ...(heartbeatMs ? { heartbeatMs } : {}) });
        const { heard, listener } = recorder();
        store.open({ ...LIMITS, ...limits }, listener);
        return { store, heard };
      }),
    );
    await sleep(150);
    return { prefix, a: pair[0]!, b: pair[1]! };
  }

  it("a notification and a forwarded message reach the other replica, not their sender; events and closes reach both", async () => {
    const { a, b } = await replicas();
    await a.store.createSession(record("s"));
    await a.store.publish(listChanged);
    const cancel = { jsonrpc: "2.0" as const, method: "notifications/cancelled", params: { requestId: 7 } };
    expect(await a.store.forward("s", cancel)).toBe(true);
    await eventually(() => expect(b.heard.forwarded).toEqual([["s", cancel]]));
    await b.store.deleteSession("s");
    await eventually(() => {
      expect(b.heard.notifications).toEqual([listChanged]);
      expect([a.heard.logged, b.heard.logged]).toEqual([[["s"]], [["s"]]]);
      expect([a.heard.closed, b.heard.closed]).toEqual([["s"], ["s"]]);
    });
    expect([a.heard.notifications, a.heard.forwarded]).toEqual([[], []]);
  });

  it("an answer reaches the replica that awaits its id, once; one to an id nothing awaits is dropped", async () => {
    const { prefix, a, b } = await replicas();
    const admin = clients[0]!;
    await a.store.createSession(record("s"));
    await b.store.awaitAnswer("s", "mcp-gen-x-1");
    const answer = { jsonrpc: "2.0" as const, id: "mcp-gen-x-1", result: { action: "accept" } };
    expect(await a.store.forward("s", { jsonrpc: "2.0", id: "nobody-awaits", result: {} })).toBe(false);
    expect(await a.store.forward("s", answer)).toBe(true);
    await eventually(() => expect(b.heard.forwarded).toEqual([["s", answer]]));
    expect(await a.store.forward("s", answer)).toBe(false); // answered already
    expect(await admin.hLen(`${prefix}w:s`)).toBe(0);
    await b.store.awaitAnswer("s", "mcp-gen-x-2");
    await b.store.settleAnswer("s", "mcp-gen-x-2"); // answered on b itself, or given up
    expect(await a.store.forward("s", { ...answer, id: "mcp-gen-x-2" })).toBe(false);
    expect([a.heard.forwarded, b.heard.forwarded.length]).toEqual([[], 1]);
  });

  it("every key is under the prefix and expires; none is left once the sessions idled out", async () => {
    const { prefix, a } = await replicas({ idleMs: 500 }, 100); // a stream's lease: 3 heartbeats, 300 ms
    const admin = clients[0]!;
    await a.store.createSession(record("k1"));
    await a.store.createSession(record("k2"));
    await a.store.updateSession("k1", { subscribe: "file:///x", max: 10 });
    await a.store.attachStream("k1", "stream-1", undefined);
    await a.store.awaitAnswer("k1", "mcp-gen-k-1");
    await a.store.publish(listChanged);
    const keys = await admin.keys(`${prefix}*`);
    expect(keys.sort()).toEqual([`${prefix}e:k1`, `${prefix}e:k2`, `${prefix}idx`, `${prefix}l:stream-1`, `${prefix}s:k1`, `${prefix}s:k2`, `${prefix}ss:k1`, `${prefix}st:k1`, `${prefix}w:k1`].sort());
    for (const key of keys) expect(await admin.pTTL(key), key).toBeGreaterThan(0);
    await sleep(600);
    expect(await admin.keys(`${prefix}*`)).toEqual([]);
    expect(await a.store.getSession("k1", null)).toBeUndefined();
  });
});
