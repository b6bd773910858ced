// Server-sent streams under hostile clients (issue 51 item 1): a `subscriptions/listen` stream
// or a tools/call answered as SSE whose reader stops is closed at the one high-water mark every
// server-sent stream has (counted in bytes); listen takes the subscription bounds of legacy
// sessions and a cap per caller; a resource update finds its listeners by URI.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY, MODERN, meta, wireServer } from "./wire-server.js";

type Http = typeof import("../../templates/runtime/server/http.js");
let http: Http;
let node: typeof import("../../templates/runtime/server/node.js");
let listen: typeof import("../../templates/runtime/server/listen.js");
const HIGH_WATER = 64 * 1024;

beforeAll(async () => {
  http = await import("../../templates/runtime/server/http.js");
  node = await import("../../templates/runtime/server/node.js");
  listen = await import("../../templates/runtime/server/listen.js");
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request(body: unknown, headers: Record<string, string>, signal?: AbortSignal): Request {
  const init = { method: "POST", headers: { host: "localhost:3000", "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) };
  return new Request("http://localhost:3000/mcp", signal ? { ...init, signal } : init);
}

const LISTEN_HEADERS = { "mcp-protocol-version": MODERN, "mcp-method": "subscriptions/listen" };
const listenTo = (id: number, notifications: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { notifications, _meta: meta() } });

/** Counts the bytes each web stream controller was given (nothing reads these streams: all of it is queued). */
function spyOnEnqueue(): { most(): number; restore(): void } {
  const proto = ReadableStreamDefaultController.prototype as unknown as { enqueue(this: object, chunk: unknown): void };
  const original = proto.enqueue;
  const enqueued = new Map<object, number>();
  proto.enqueue = function (this: object, chunk: unknown) {
    if (chunk instanceof Uint8Array) enqueued.set(this, (enqueued.get(this) ?? 0) + chunk.byteLength);
    return original.call(this, chunk);
  };
  return { most: () => Math.max(0, ...enqueued.values()), restore: () => void (proto.enqueue = original) };
}

describe("the notification hub", () => {
  it("consults only the listeners of a resource update's URI, and of a list change's method", () => {
    const hub = new listen.NotificationHub();
    const consulted = new Set<number>();
    let delivered = 0;
    for (let i = 0; i < 1000; i++) {
      const uri = `file:///r/${i}`;
      const methods = i % 10 === 0 ? ["notifications/tools/list_changed"] : [];
      // `wants` is what a hub that asks every listener would call.
      const listener = {
        wants: (m: any) => (consulted.add(i), m.method === "notifications/resources/updated" ? m.params.uri === uri : methods.includes(m.method)),
        deliver: () => (consulted.add(i), delivered++),
      };
      hub.add(listener, { methods, uris: [uri] });
    }
    hub.resourceUpdated("file:///r/7");
    expect([consulted.size, delivered]).toEqual([1, 1]);
    consulted.clear();
    hub.changed("toolsListChanged");
    expect(consulted.size).toBe(100);
  });
});

describe("a legacy session of one process (stdio), filed in the hub by its subscriptions", () => {
  it("hears the updates of the URIs it subscribed to, every list change once initialized, and nothing after it unsubscribes or closes", async () => {
    const server = await wireServer();
    const session = server.createSession("stdio");
    const heard: string[] = [];
    session.send = (m: any) => void heard.push(m.params?.uri ?? m.method);
    const ask = (id: number, method: string, params: Record<string, unknown>) => server.handle({ jsonrpc: "2.0", id, method, params }, { session });
    server.notify.toolsListChanged(); // before initialize: nothing
    await ask(1, "initialize", { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } });
    await ask(2, "resources/subscribe", { uri: "file:///a" });
    await ask(3, "resources/subscribe", { uri: "file:///b" });
    for (const uri of ["file:///a", "file:///b", "file:///c"]) server.notify.resourceUpdated(uri);
    server.notify.toolsListChanged();
    await ask(4, "resources/unsubscribe", { uri: "file:///a" });
    server.notify.resourceUpdated("file:///a");
    server.notify.resourceUpdated("file:///b");
    session.close();
    server.notify.resourceUpdated("file:///b");
    server.notify.toolsListChanged();
    expect(heard).toEqual(["file:///a", "file:///b", "notifications/tools/list_changed", "file:///b"]);
  });
});

describe("subscriptions/listen takes the subscription bounds", () => {
  let server: any;
  beforeAll(async () => {
    server = await wireServer({ maxSubscriptionUriLength: 64, server: { maxSubscriptions: 3 } });
  });

  it("refuses more than maxSubscriptions distinct URIs, or one longer than maxSubscriptionUriLength, with -32602", async () => {
    const handler = http.toFetchHandler(server);
    const many = await handler(request(listenTo(1, { resourceSubscriptions: ["a:1", "a:2", "a:3", "a:4"] }), LISTEN_HEADERS));
    expect(many.status).toBe(400);
    const refused = await many.json();
    expect(refused.error).toMatchObject({ code: -32602, data: { maxSubscriptions: 3, count: 4 } });
    expect(refused.error.message).toContain("at most 3 resourceSubscriptions (maxSubscriptions)");
    const long = await handler(request(listenTo(2, { resourceSubscriptions: ["a:1", `file:///${"x".repeat(60)}`] }), LISTEN_HEADERS));
    expect(long.status).toBe(400);
    const tooLong = await long.json();
    expect(tooLong.error).toMatchObject({ code: -32602, data: { maxUriLength: 64, index: 1 } });
    expect(tooLong.error.message).toContain("resourceSubscriptions[1] has 68 characters");
    // Repeating a URI does not count twice: three distinct ones are taken.
    const aborter = new AbortController();
    const taken = await handler(request(listenTo(3, { resourceSubscriptions: ["a:1", "a:2", "a:1", "a:3", "a:2"] }), LISTEN_HEADERS, aborter.signal));
    expect(taken.headers.get("content-type")).toBe("text/event-stream");
    const ack = new TextDecoder().decode((await taken.body!.getReader().read()).value);
    expect(JSON.parse(ack.split("data: ")[1]!).params.notifications.resourceSubscriptions).toEqual(["a:1", "a:2", "a:3"]);
    aborter.abort();
  });
});

describe("open listen streams per caller (maxListenStreams)", () => {
  const open = async (handler: (r: Request) => Promise<Response>, id: number, headers: Record<string, string> = {}) => {
    const aborter = new AbortController();
    const response = await handler(request(listenTo(id, { toolsListChanged: true }), { ...LISTEN_HEADERS, ...headers }, aborter.signal));
    return { response, close: () => aborter.abort() };
  };

  it("with auth, counts each principal apart; one more than the cap gets -32000 (HTTP 429) until one closes", async () => {
    const server = await wireServer({ server: { maxListenStreams: 2 } });
    const verify = async (token: string) => ({ subject: token, scopes: [], claims: {} });
    const handler = http.toFetchHandler(server, { auth: { resource: "http://localhost:3000/mcp", authorizationServers: ["https://as.example"], verify } });
    const alice = { authorization: "Bearer alice" };
    const first = await open(handler, 1, alice);
    const second = await open(handler, 2, alice);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await open(handler, 3, alice);
    expect(third.response.status).toBe(429);
    const refused = await third.response.json();
    expect(refused.error).toMatchObject({ code: -32000, data: { maxListenStreams: 2 } });
    expect(refused.error.message).toContain("at most 2 open subscriptions/listen streams");
    const bob = await open(handler, 4, { authorization: "Bearer bob" });
    expect(bob.response.status).toBe(200);
    first.close();
    await settle(5);
    const again = await open(handler, 5, alice);
    expect(again.response.status).toBe(200);
    for (const stream of [second, bob, again]) stream.close();
  });

  it("without a principal, every caller counts as one", async () => {
    const server = await wireServer({ server: { maxListenStreams: 2 } });
    const handler = http.toFetchHandler(server);
    const streams = [await open(handler, 1), await open(handler, 2), await open(handler, 3)];
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 429]);
    for (const stream of streams) stream.close();
  });
});

describe("a client that stops reading a server-sent stream", () => {
  it("a listen stream is closed once it queues the high-water mark, and frees its place", async () => {
    const server = await wireServer({ server: { maxListenStreams: 1 } });
    const handler = http.toFetchHandler(server);
    const uri = `file:///${"x".repeat(2000)}`; // each update is an event of about 2.1 KB
    const spy = spyOnEnqueue();
    let response: Response;
    try {
      response = await handler(request(listenTo(1, { resourceSubscriptions: [uri] }), LISTEN_HEADERS));
      for (let i = 0; i < 500; i++) server.notify.resourceUpdated(uri); // about 1 MB in all
      await settle(5);
      expect(spy.most()).toBeGreaterThan(HIGH_WATER);
      expect(spy.most()).toBeLessThan(HIGH_WATER + 2200);
    } finally {
      spy.restore();
    }
    await expect(response.body!.getReader().read()).rejects.toThrow(/read too slowly: more than 65536 bytes/);
    // Its listener left with it: the caller's one place is free again.
    const next = await handler(request(listenTo(2, { toolsListChanged: true }), LISTEN_HEADERS, AbortSignal.timeout(60_000)));
    expect(next.status).toBe(200);
    await next.body!.cancel();
  });

  it("a listen stream whose client reads keeps it, however much passes through it", async () => {
    const server = await wireServer();
    const uri = `file:///${"x".repeat(2000)}`;
    const response = await http.toFetchHandler(server)(request(listenTo(1, { resourceSubscriptions: [uri] }), LISTEN_HEADERS));
    const reader = response.body!.getReader();
    let updates = 0;
    const reading = (async () => {
      while (updates < 500) {
        const { done, value } = await reader.read();
        if (done) return;
        updates += new TextDecoder().decode(value).split("notifications/resources/updated").length - 1;
      }
    })();
    // About 1 MB in all, sixteen times the mark, in bursts of 20 (about 42 KB, under the mark)
    // that the client reads between: a stream is closed at the mark, not as soon as it queues.
    for (let i = 0; i < 500; i++) {
      server.notify.resourceUpdated(uri);
      if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    }
    await reading;
    expect(updates).toBe(500);
    await reader.cancel();
  });

  it("a tools/call answered as SSE is closed at the mark, and its handler cancelled", async () => {
    const flood = { sent: 0, aborted: false, done: false };
    const handlers = {
      "tools/call": async (_params: unknown, ctx: any) => {
        for (; flood.sent < 200 && !ctx.signal.aborted; flood.sent++) {
          ctx.progress(flood.sent, 200, "y".repeat(8 * 1024));
          await new Promise((resolve) => setImmediate(resolve));
        }
        Object.assign(flood, { aborted: ctx.signal.aborted, done: true });
        return { content: [] };
      },
    };
    const server = await wireServer({ handlers });
    const spy = spyOnEnqueue();
    let response: Response;
    try {
      const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: {}, _meta: meta({ progressToken: "p" }) } };
      response = await http.toFetchHandler(server)(request(call, { "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "echo" }));
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      for (let i = 0; i < 500 && !flood.done; i++) await settle(2);
      expect(spy.most()).toBeLessThan(HIGH_WATER + 8400);
    } finally {
      spy.restore();
    }
    expect(flood).toMatchObject({ aborted: true, done: true });
    expect(flood.sent).toBeLessThan(10);
    await expect(response.body!.getReader().read()).rejects.toThrow(/read too slowly/);
  });

  describe("over node:http", () => {
    let listener: Server;
    let port = 0;
    let server: any;
    /** Each request's response, and the bytes given to it. */
    const posts: Array<{ response: ServerResponse; written: number }> = [];
    const sockets: Socket[] = [];

    beforeAll(async () => {
      server = await wireServer({ maxSubscriptionUriLength: 64 * 1024 });
      const inner = node.toNodeListener(http.toFetchHandler(server, { path: "/mcp" }), { onError: () => undefined });
      listener = createHttpServer((request: IncomingMessage, response: ServerResponse) => {
        const held = { response, written: 0 };
        posts.push(held);
        const write = response.write.bind(response) as (chunk: Uint8Array) => boolean;
        (response as unknown as { write(chunk: Uint8Array): boolean }).write = (chunk) => ((held.written += chunk.byteLength), write(chunk));
        inner(request as never, response as never);
      });
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      port = (listener.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    });

    it("the listen stream's connection is cut once it passes the mark, and what the server queued stays under 1 MiB", async () => {
      const uri = `file:///${"x".repeat(32 * 1024)}`; // each update is an event of about 32 KiB
      const body = JSON.stringify(listenTo(1, { resourceSubscriptions: [uri] }));
      const socket = connect(port, "127.0.0.1");
      sockets.push(socket);
      let text = "";
      socket.on("data", (chunk: Buffer) => void (text += chunk.toString("latin1")));
      socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Protocol-Version: ${MODERN}\r\nMcp-Method: subscriptions/listen\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      for (let i = 0; i < 200 && !text.includes("acknowledged"); i++) await settle(10);
      expect(text).toMatch(/^HTTP\/1\.1 200[^]*text\/event-stream[^]*acknowledged/);
      socket.pause();
      const post = posts[posts.length - 1]!;
      const before = post.written;
      const spy = spyOnEnqueue();
      let most = 0;
      let notified = 0;
      try {
        // Up to 128 MiB notified: far beyond the kernel's socket buffers, which take a few MiB.
        // One at a time, node given its turn after each: the stream passes the mark only once
        // the socket is full and node waits for the client to read.
        for (; notified < 4000 && !post.response.destroyed; notified++) {
          server.notify.resourceUpdated(uri);
          await new Promise((resolve) => setImmediate(resolve));
          // What the stream was given and has not handed to node, and what node holds unsent.
          most = Math.max(most, spy.most() - (post.written - before) + post.response.writableLength);
        }
      } finally {
        spy.restore();
      }
      expect(post.response.destroyed).toBe(true);
      expect(notified).toBeLessThan(4000);
      expect(most).toBeLessThan(1024 * 1024);
    });
  });
});
