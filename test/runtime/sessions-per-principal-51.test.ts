// Legacy sessions bounded per principal (issue 51 item 4): one caller that opens sessions past
// `maxSessionsPerPrincipal` closes its own least recently used ones (or, with `refuse`, gets
// 503), never another principal's. Checked on the store contract (memory and the run's shared
// Redis, a prefix per test) and through the fetch handler, as the adversarial review did it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../templates/runtime/stores/memory.js";
import { redisStore } from "../../templates/runtime/stores/redis.js";
import type { McpStore, SessionRecord, StoreLimits, StoreListener } from "../../templates/runtime/stores/store.js";
import { connected, NO_REDIS, sharedRedisUrl, uniquePrefix, type Client } from "../helpers/redis.js";
import { nextId, open, post, sleep, type Handler } from "./legacy-wire.js";
import { generatedServer, wireServer } from "./wire-server.js";

const LIMITS: StoreLimits = { idleMs: 60_000, maxSessions: 20, maxSessionsPerPrincipal: 3, whenFull: "evict-oldest", eventWindow: 10 };
const record = (id: string, principal: string | null): SessionRecord => ({ id, principal, version: "2025-11-25", client: { protocolVersion: "2025-11-25", capabilities: {} } });
const listener = (closed: string[]): StoreListener => ({ logged: () => undefined, notification: () => undefined, forwarded: () => undefined, closed: (id) => closed.push(id), connection: () => undefined, bus: () => undefined });

const clients: Client[] = [];
let gen: any;
beforeAll(async () => {
  gen = await generatedServer();
});
afterAll(async () => Promise.all(clients.map((c) => c.close().catch(() => undefined))));

async function redisClient(): Promise<Client> {
  const client = await connected(sharedRedisUrl());
  clients.push(client);
  return client;
}

const kinds: Array<[string, () => Promise<McpStore>]> = [["memory", async () => memoryStore()]];
if (!NO_REDIS) kinds.push(["redis", async () => redisStore(await redisClient(), { prefix: uniquePrefix("per-principal") })]);

describe.each(kinds)("the %s store bounds each principal's sessions", (kind, make) => {
  async function opened(limits: Partial<StoreLimits> = {}) {
    const store = await make();
    const closed: string[] = [];
    store.open({ ...LIMITS, ...limits }, listener(closed));
    if (kind === "redis") await sleep(100); // the subscription is made in the background
    const live = async (ids: string[], principal: string | null) => (await Promise.all(ids.map((id) => store.getSession(id, principal)))).filter(Boolean).length;
    return { store, closed, live };
  }

  it("alice opening 10 sessions past her 3 closes only her own oldest: bob's 2 sessions live on", async () => {
    const { store, live } = await opened();
    for (const id of ["b1", "b2"]) await store.createSession(record(id, "bob"));
    const evicted: string[] = [];
    const alice = Array.from({ length: 13 }, (_, i) => `a${i}`);
    for (const id of alice) {
      const made = await store.createSession(record(id, "alice"));
      expect(made.created).toBe(true);
      evicted.push(...made.evicted);
    }
    expect(evicted).toEqual(alice.slice(0, 10));
    expect(await live(["b1", "b2"], "bob")).toBe(2);
    expect(await live(alice, "alice")).toBe(3);
    expect(await live(alice.slice(10), "alice")).toBe(3);
  });

  it("her least recently used one goes first: a session she keeps using stays", async () => {
    const { store, live } = await opened();
    for (const id of ["a1", "a2", "a3"]) await store.createSession(record(id, "alice"));
    await sleep(5);
    expect(await store.getSession("a1", "alice")).toBeDefined();
    expect((await store.createSession(record("a4", "alice"))).evicted).toEqual(["a2"]);
    expect(await live(["a1", "a3", "a4"], "alice")).toBe(3);
  });

  it("a closed or deleted session no longer counts against its principal", async () => {
    const { store } = await opened();
    for (const id of ["a1", "a2", "a3"]) await store.createSession(record(id, "alice"));
    await store.deleteSession("a2");
    expect(await store.createSession(record("a4", "alice"))).toEqual({ created: true, evicted: [] });
  });

  it("with `refuse`, alice's 4th session is refused and nothing of hers is closed; bob still gets his", async () => {
    const { store, live } = await opened({ whenFull: "refuse" });
    for (const id of ["a1", "a2", "a3"]) await store.createSession(record(id, "alice"));
    expect(await store.createSession(record("a4", "alice"))).toEqual({ created: false, evicted: [], full: "principal" });
    expect(await live(["a1", "a2", "a3", "a4"], "alice")).toBe(3);
    expect((await store.createSession(record("b1", "bob"))).created).toBe(true);
  });

  it("sessions without a principal are bounded by maxSessions alone (no caller can be told apart)", async () => {
    const { store, live } = await opened({ maxSessions: 6 });
    const ids = Array.from({ length: 6 }, (_, i) => `n${i}`);
    for (const id of ids) expect(await store.createSession(record(id, null))).toEqual({ created: true, evicted: [] });
    expect(await live(ids, null)).toBe(6);
  });
});

describe.skipIf(NO_REDIS)("on Redis, the per-principal index", () => {
  it("is shared by two replicas: alice's sessions made on either count once", async () => {
    const prefix = uniquePrefix("per-principal-replicas");
    const [one, two] = [redisStore(await redisClient(), { prefix }), redisStore(await redisClient(), { prefix })];
    one.open(LIMITS, listener([]));
    two.open(LIMITS, listener([]));
    await sleep(100);
    await one.createSession(record("a1", "alice"));
    await two.createSession(record("a2", "alice"));
    await one.createSession(record("a3", "alice"));
    expect((await two.createSession(record("a4", "alice"))).evicted).toEqual(["a1"]);
  });
});

describe("through the fetch handler (the review's reproduction, scaled down)", () => {
  const as = (user: string) => ({ "x-user": user });
  const principal = (request: Request) => request.headers.get("x-user") ?? undefined;
  const ping = async (handler: Handler, session: string, user: string) => (await post(handler, { jsonrpc: "2.0", id: nextId(), method: "ping" }, session, as(user))).status;

  it.each(kinds)("%s: with the default bound (100), mallory opening 151 sessions under maxSessions 150 leaves bob's session answering", async (_kind, make) => {
    const handler = gen.toFetchHandler(await wireServer(), { store: await make(), principal, maxSessions: 150 }) as Handler;
    const bob = await open(handler, {}, as("bob"));
    const mallory: string[] = [];
    for (let i = 0; i < 151; i++) mallory.push(await open(handler, {}, as("mallory")));
    expect(await ping(handler, bob, "bob")).toBe(200);
    const answering = (await Promise.all(mallory.map((s) => ping(handler, s, "mallory")))).filter((status) => status === 200).length;
    expect(answering).toBe(100);
  });

  it("maxSessionsPerPrincipal with whenSessionsFull `refuse`: the 4th initialize gets 503 naming the bound", async () => {
    const handler = gen.toFetchHandler(await wireServer(), { principal, maxSessionsPerPrincipal: 3, whenSessionsFull: "refuse" }) as Handler;
    for (let i = 0; i < 3; i++) await open(handler, {}, as("mallory"));
    const refused = await post(handler, { jsonrpc: "2.0", id: nextId(), method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }, undefined, as("mallory"));
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.message).toMatch(/maxSessionsPerPrincipal/);
    expect(await open(handler, {}, as("bob"))).toEqual(expect.any(String));
  });
});
