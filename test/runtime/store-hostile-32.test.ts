// The Redis store under a hostile session or a slow Redis (issue 32): two fetch handlers of two
// servers on one Redis prefix are two replicas. These tests disturb Redis itself (a pause, its
// connections, its output buffers), so each block runs on a redis-server of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RedisClientLike, RedisStoreOptions } from "../../templates/runtime/stores/redis.js";
import { connected, NO_REDIS, startRedis, uniquePrefix, type Client, type RedisProcess } from "../helpers/redis.js";
import { eventually, nextId, open, post, sleep, type Handler } from "./legacy-wire.js";
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

/** The SSE messages of a response, read one by one. */
function messages(response: Response) {
  const events = sse.readSse(response.body!);
  return {
    next: async (): Promise<any> => {
      const step = await events.next();
      return step.done ? undefined : JSON.parse(step.value.data);
    },
  };
}

/** Two replicas: two servers, each with its fetch handler on its own client of one Redis, one prefix. */
async function replicas(url: string, store: RedisStoreOptions = {}, fetch: Record<string, unknown> = {}) {
  const prefix = uniquePrefix("hostile");
  const errors: unknown[] = [];
  const made = await Promise.all(
    [0, 1].map(async () => {
      const client = await connected(url);
      clients.push(client);
      const server = await wireServer({ onError: (error) => errors.push(error) });
      return { server, handler: gen.toFetchHandler(server, { store: gen.redisStore(client, { prefix, ...store }), ...fetch }) as Handler };
    }),
  );
  await sleep(150); // each store subscribes in the background
  return { prefix, errors, a: made[0]!, b: made[1]! };
}

/** A client whose commands are held back on their way to Redis (a slow network) when `delay` says so. */
function delayed(client: Client, delay: (args: string[]) => number, after?: () => void): RedisClientLike {
  return {
    sendCommand: async (args: string[]) => {
      const ms = delay(args);
      if (ms) await sleep(ms);
      const reply = client.sendCommand(args);
      after?.();
      return reply;
    },
    duplicate: () => client.duplicate() as unknown as RedisClientLike,
    connect: () => client.connect(),
    subscribe: (channel, listener) => client.subscribe(channel, listener),
    on: (event, listener) => client.on(event, listener),
    get isOpen() {
      return client.isOpen;
    },
    get isReady() {
      return client.isReady;
    },
  };
}

/** The stored record of a session, whatever shape the store keeps it in. */
async function rawRecord(admin: Client, key: string): Promise<string> {
  const type = String(await admin.sendCommand(["TYPE", key]));
  if (type === "string") return String(await admin.sendCommand(["GET", key]));
  if (type === "hash") return JSON.stringify(await admin.sendCommand(["HGETALL", key]));
  return "";
}

describe.skipIf(NO_REDIS)("suspicion: a command that timed out (503) and takes effect later", () => {
  let redis: RedisProcess;
  let admin: Client;
  beforeAll(async () => {
    redis = await startRedis();
    admin = await connected(redis.url);
    clients.push(admin);
  }, 30_000);
  afterAll(async () => redis?.dispose());

  it("an initialize that got 503 while Redis was paused does not create a session later, nor evict a live one", async () => {
    const { prefix, a } = await replicas(redis.url, { commandTimeoutMs: 300 }, { maxSessions: 1 });
    const live = await open(a.handler);
    const pauser = await connected(redis.url);
    clients.push(pauser);
    await pauser.sendCommand(["CLIENT", "PAUSE", "1200", "ALL"]);
    const response = await post(a.handler, { jsonrpc: "2.0", id: nextId(), method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    expect(response.status).toBe(503);
    await sleep(1500); // Redis resumes and runs what was queued
    const ping = await post(a.handler, { jsonrpc: "2.0", id: nextId(), method: "ping" }, live);
    expect(ping.status).toBe(200);
    expect(await admin.zRange(`${prefix}idx`, 0, -1)).toEqual([live]);
  });

  it("a logging/setLevel whose command reached Redis after its 503 does not change the level", async () => {
    const prefix = uniquePrefix("late");
    const client = await connected(redis.url);
    clients.push(client);
    const slow = delayed(client, (args) => (args.some((a) => a.includes('"logLevel":"debug"')) ? 800 : 0));
    const handler = gen.toFetchHandler(await wireServer(), { store: gen.redisStore(slow, { prefix, commandTimeoutMs: 300 }) }) as Handler;
    await sleep(150);
    const session = await open(handler);
    // A first change, in time (Redis then knows the script: the late one is not refused as NOSCRIPT).
    expect((await post(handler, { jsonrpc: "2.0", id: nextId(), method: "logging/setLevel", params: { level: "info" } }, session)).status).toBe(200);
    const response = await post(handler, { jsonrpc: "2.0", id: nextId(), method: "logging/setLevel", params: { level: "debug" } }, session);
    expect(response.status).toBe(503);
    await sleep(1200);
    expect(await rawRecord(admin, `${prefix}s:${session}`)).not.toMatch(/debug/);
  });

  it("a reply that came in while the event loop was blocked past the timeout is taken, not turned into a 503", async () => {
    const prefix = uniquePrefix("blocked");
    const client = await connected(redis.url);
    clients.push(client);
    let block = false;
    const stalled = delayed(client, () => 0, () => {
      if (!block) return;
      block = false;
      // After node-redis's own setImmediate wrote the command: the reply arrives while the loop is busy.
      setImmediate(() => {
        const until = Date.now() + 500;
        while (Date.now() < until);
      });
    });
    const store = gen.redisStore(stalled, { prefix, commandTimeoutMs: 200 });
    store.open({ idleMs: 60_000, maxSessions: 10, whenFull: "evict-oldest", eventWindow: 10 }, { logged: () => undefined, notification: () => undefined, forwarded: () => undefined, closed: () => undefined, connection: () => undefined, bus: () => undefined });
    await sleep(150);
    await store.createSession({ id: "warm", principal: null, version: LEGACY, client: { protocolVersion: LEGACY, capabilities: {} } });
    block = true;
    const outcome = await store.createSession({ id: "s", principal: null, version: LEGACY, client: { protocolVersion: LEGACY, capabilities: {} } }).then(
      (created: { created: boolean }) => created.created,
      (error: Error) => error.message,
    );
    const exists = (await admin.exists(`${prefix}s:s`)) === 1;
    expect({ outcome, exists }).toEqual({ outcome: true, exists: true });
    await store.close();
  });
});

/** A tools/call "ask" on `handler`: the elicitation/create it sends first, and the rest of its stream. */
async function asking(handler: Handler, session: string) {
  const stream = messages(await post(handler, { jsonrpc: "2.0", id: nextId(), method: "tools/call", params: { name: "ask", arguments: {} } }, session));
  const ask = await stream.next();
  expect(ask).toMatchObject({ method: "elicitation/create" });
  return { ask, stream };
}

/** The ids of the subscribed connections (a connection Redis cut comes back with a new id). */
async function subscribers(admin: Client): Promise<string[]> {
  const list = String(await admin.sendCommand(["CLIENT", "LIST", "TYPE", "pubsub"]));
  return [...list.matchAll(/^id=(\d+)/gm)].map((m) => m[1]!).sort();
}

/** A spy on a channel: how many bytes were published on it. */
async function listen(admin: Client, channel: string) {
  const spy = admin.duplicate();
  spy.on("error", () => undefined);
  await spy.connect();
  const heard = { bytes: 0, close: () => spy.close() };
  await spy.subscribe(channel, (message: string) => void (heard.bytes += Buffer.byteLength(message)));
  return heard;
}

const accept = (id: unknown, name: string) => ({ jsonrpc: "2.0", id, result: { action: "accept", content: { name } } });

describe.skipIf(NO_REDIS)("item 6: one session cannot break the others' requests on the Redis store", () => {
  let redis: RedisProcess;
  let admin: Client;
  beforeAll(async () => {
    redis = await startRedis();
    admin = await connected(redis.url);
    clients.push(admin);
  }, 30_000);
  afterAll(async () => redis?.dispose());

  it.each([
    ["refused by their size (413, maxAnswerBytes at its default of 1 MiB)", {}, 413],
    ["dropped for their ids (202, maxAnswerBytes raised to 4 MiB)", { maxAnswerBytes: 4 * 1024 * 1024 }, 202],
  ])("60 answers of 3.9 MB to ids nothing awaits, %s, never reach the bus: no subscriber is cut, another session's elicitation completes", async (_how, fetch, status) => {
    // Sixty bodies of 3.9 MB parsed at once hold the event loop for seconds on a loaded machine: a
    // generous command timeout keeps a slow Redis reply (a 503, correct then) out of what is measured here.
    const { prefix, a, b, errors } = await replicas(redis.url, { commandTimeoutMs: 60_000 }, fetch);
    const victim = await open(a.handler, { elicitation: {} });
    const { ask, stream } = await asking(a.handler, victim);
    const hostile = await open(b.handler);
    const bus = await listen(admin, `${prefix}bus`);
    const before = await subscribers(admin);
    const padding = "x".repeat(3_900_000);
    const odd: string[] = []; // the bodies of answers with another status, for the failure's message
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(b.handler, { jsonrpc: "2.0", id: `nobody-awaits-${i}`, result: { padding } }, hostile).then(async (r) => (r.status !== status && odd.push(`${r.status} ${await r.text()}`), r.status)),
      ),
    );
    await sleep(500);
    const after = await subscribers(admin);
    console.log(`item 6: 60 unawaited answers of 3.9 MB: statuses ${[...new Set(statuses)].join(",")} (${statuses.filter((s) => s === 503).length} of them 503); ${bus.bytes} bytes published on the bus; subscriber connections before ${before.join(",")}, after ${after.join(",")}`);
    await bus.close();
    expect((await post(b.handler, accept(ask.id, "ada"), victim)).status).toBe(202);
    expect(await stream.next()).toMatchObject({ result: { content: [{ text: expect.stringMatching(/^hello ada/) }] } });
    expect(after).toEqual(before); // the same connections: none was cut and replaced
    // Each answer is refused for its size or dropped for its id, never forwarded. In fresh full-suite
    // runs (not when the file runs alone, nor under CPU hogs) the Redis store of the replica is
    // unreachable for a while under these 234 MB, and some answers get 503 with Retry-After, which
    // is a correct answer then (2026-12-04: one of 60; 2026-12-06: up to 55 of 60, and 503 again
    // after a one-second retry): tolerated, as long as some answers took the path measured here.
    const why = [...odd.slice(0, 3), ...errors.slice(0, 3).map(String)].join("; ");
    expect(new Set([...statuses, status, 503]), why).toEqual(new Set([status, 503]));
    expect(statuses.filter((s) => s === status).length, why).toBeGreaterThan(0);
    expect(bus.bytes).toBeLessThan(64 * 1024);
  }, 60_000);

  it("an answer larger than maxAnswerBytes (default 1 MiB) gets 413, and the request awaiting it fails with an error saying so", async () => {
    const { a, b } = await replicas(redis.url);
    const session = await open(a.handler, { elicitation: {} });
    const { ask, stream } = await asking(a.handler, session);
    const big = await post(b.handler, accept(ask.id, "x".repeat(1_100_000)), session);
    expect([big.status, (await big.json()).error]).toEqual([413, { code: -32600, message: expect.stringMatching(/larger than 1048576 bytes/) }]);
    expect(await stream.next()).toMatchObject({ error: { message: expect.stringMatching(/larger than 1048576 bytes/) } });
    // The id is answered: a second answer to it is dropped, not published.
    expect((await post(b.handler, accept(ask.id, "ada"), session)).status).toBe(202);
  });

  it("a subscriber connection that Redis cuts reconnects and resubscribes: another session's elicitation, answered meanwhile on the other replica, completes", async () => {
    const { a, b, errors } = await replicas(redis.url);
    const session = await open(a.handler, { elicitation: {} });
    const { ask, stream } = await asking(a.handler, session);
    const before = await subscribers(admin);
    await admin.sendCommand(["CLIENT", "KILL", "TYPE", "pubsub"]);
    expect((await post(b.handler, accept(ask.id, "ada"), session)).status).toBe(202); // while A resubscribes
    expect(await stream.next()).toMatchObject({ result: { content: [{ text: expect.stringMatching(/^hello ada/) }] } });
    await eventually(async () => expect((await subscribers(admin)).length).toBe(before.length));
    // A hears the bus again: a later elicitation answered on B completes on A.
    const again = await asking(a.handler, session);
    expect((await post(b.handler, accept(again.ask.id, "bob"), session)).status).toBe(202);
    expect(await again.stream.next()).toMatchObject({ result: { content: [{ text: expect.stringMatching(/^hello bob/) }] } });
    expect(errors.map(String).filter((e) => /connection to Redis was lost/.test(e))).toEqual([]);
  });
});
