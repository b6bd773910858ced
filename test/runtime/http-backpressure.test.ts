// Slow readers on Streamable HTTP GET streams (issue 32, suspicion "backpressure"): a real
// node:http server, and a raw socket client that opens the GET stream and stops reading.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connected, NO_REDIS, sharedRedisUrl, uniquePrefix, type Client } from "../helpers/redis.js";
import { LEGACY, wireServer } from "./wire-server.js";

type Http = typeof import("../../templates/runtime/server/http.js");
type Node = typeof import("../../templates/runtime/server/node.js");
type Redis = typeof import("../../templates/runtime/stores/redis.js");
let http: Http;
let node: Node;
let redis: Redis;

beforeAll(async () => {
  http = await import("../../templates/runtime/server/http.js");
  node = await import("../../templates/runtime/server/node.js");
  redis = await import("../../templates/runtime/stores/redis.js");
});

/** The stores a GET stream's events wait in: this process's memory, and a shared Redis. */
const STORES = [{ name: "the memory store", redis: false }, ...(NO_REDIS ? [] : [{ name: "a Redis store", redis: true }])];

/**
 * Counts the bytes each web stream controller was given (the server's SSE streams enqueue their
 * events there): what a stream was given and has not handed to node is what it queues.
 */
function spyOnEnqueue(): { enqueued: Map<object, number>; restore(): void } {
  const proto = ReadableStreamDefaultController.prototype as unknown as { enqueue(this: object, chunk: unknown): void };
  const original = proto.enqueue;
  const enqueued = new Map<object, number>();
  proto.enqueue = function (this: object, chunk: unknown) {
    if (chunk instanceof Uint8Array) enqueued.set(this, (enqueued.get(this) ?? 0) + chunk.byteLength);
    return original.call(this, chunk);
  };
  return { enqueued, restore: () => void (proto.enqueue = original) };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(STORES)("a client that opens a GET stream and never reads it, on $name", (store) => {
  let listener: Server;
  let port = 0;
  let server: any;
  let client: Client | undefined;
  /** The GET stream's response on the server side, and the bytes given to it. */
  const gets: Array<{ response: ServerResponse; written: number }> = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await wireServer({ maxSubscriptionUriLength: 64 * 1024 }); // its URI makes each event 32 KiB
    if (store.redis) client = await connected(sharedRedisUrl());
    const options = client ? { store: redis.redisStore(client, { prefix: uniquePrefix("backpressure") }) } : {};
    const inner = node.toNodeListener(http.toFetchHandler(server, { path: "/mcp", ...options }), { onError: () => undefined });
    if (client) await settle(150); // the store subscribes in the background
    listener = createHttpServer((request: IncomingMessage, response: ServerResponse) => {
      if (request.method === "GET") {
        const held = { response, written: 0 };
        gets.push(held);
        const write = response.write.bind(response) as (chunk: Uint8Array) => boolean;
        (response as unknown as { write(chunk: Uint8Array): boolean }).write = (chunk) => ((held.written += chunk.byteLength), write(chunk));
      }
      inner(request as never, response as never);
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await client?.quit();
  });

  async function post(body: unknown, session?: string): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": LEGACY, ...(session ? { "mcp-session-id": session } : {}) };
    return fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers, body: JSON.stringify(body) });
  }

  /** A legacy session subscribed to `uri`. */
  async function subscribed(uri: string): Promise<string> {
    const opened = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "slow", version: "1" } } });
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    await (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, id)).text();
    const answer = await (await post({ jsonrpc: "2.0", id: 2, method: "resources/subscribe", params: { uri } }, id)).json();
    expect(answer).toMatchObject({ result: {} });
    return id;
  }

  /** Opens the GET stream on a raw socket, reads up to the priming comment, then stops reading. */
  async function openAndStopReading(session: string): Promise<{ socket: Socket; received: () => string }> {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    let text = "";
    socket.on("data", (chunk: Buffer) => void (text += chunk.toString("latin1")));
    socket.write(`GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${session}\r\nMcp-Protocol-Version: ${LEGACY}\r\n\r\n`);
    for (let i = 0; i < 200 && !text.includes(":\n\n"); i++) await settle(10);
    expect(text).toMatch(/^HTTP\/1\.1 200[^]*text\/event-stream[^]*:\n\n/);
    socket.pause();
    return { socket, received: () => text };
  }

  it("the server queues a bounded amount for it, however much is notified, and the stream still delivers once read", async () => {
    const uri = `file:///${"x".repeat(32 * 1024)}`; // each notification is an SSE event of about 32 KiB
    const session = await subscribed(uri);
    const spy = spyOnEnqueue();
    try {
      const { socket, received } = await openAndStopReading(session);
      const get = gets[gets.length - 1]!;
      const queued = () => Math.max(0, ...[...spy.enqueued.values()].map((bytes) => bytes - get.written)) + get.response.writableLength;
      let most = 0;
      const events = 2000; // about 64 MiB in all, far beyond what the kernel's socket buffers take
      // Paced for Redis, whose pub/sub drops a subscriber more than 32 MiB behind.
      const batch = store.redis ? 5 : 20;
      for (let i = 0; i < events; i++) {
        server.notify.resourceUpdated(uri);
        if (i % batch === batch - 1) {
          await settle(store.redis ? 5 : 1);
          most = Math.max(most, queued());
        }
      }
      server.notify.toolsListChanged(); // the newest event of all
      // The events reach the stream through the store (Redis: over the network): wait until
      // what the server holds for it stops changing.
      for (let still = 0, last = -1, i = 0; still < 20 && i < 2000; i++) {
        await settle(25);
        const now = queued() + get.written;
        still = now === last ? still + 1 : 0;
        last = now;
        most = Math.max(most, queued());
      }
      expect(most).toBeLessThan(1024 * 1024);
      // Reading again: the stream was paused, not dropped, and the newest event comes through.
      socket.resume();
      for (let i = 0; i < 1000 && !received().includes("notifications/tools/list_changed"); i++) await settle(10);
      expect(received()).toContain("notifications/tools/list_changed");
    } finally {
      spy.restore();
    }
  });
});
