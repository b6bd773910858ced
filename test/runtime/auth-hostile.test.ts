// Issue 51 (items 2, 3, 6, 10): the verifiers against a slow or hostile authorization server and
// key-set endpoint (a loopback server this test starts and scripts per path), one clock leeway
// for `exp` and `nbf`, and scopes checked for every transport that passes `auth` to handle.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import * as jose from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { generatedServer, LEGACY, MODERN, meta } from "./wire-server.js";

const RESOURCE = "http://127.0.0.1:9/mcp"; // a loopback host: toFetchHandler's default Host check lets it in
const ISSUER = "https://as.example";
let gen: any;
let hostile: Server;
let base: string;
/** What each path of the hostile server does, and how often it was asked. */
const routes = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>();
const hits = new Map<string, number>();
const reported: string[] = [];

beforeAll(async () => {
  gen = await generatedServer();
  hostile = createHttpServer((request, response) => {
    const path = new URL(request.url!, base).pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(hostile.address() as { port: number }).port}`;
});

afterAll(async () => {
  hostile?.closeAllConnections();
  await new Promise<void>((resolve) => (hostile ? hostile.close(() => resolve()) : resolve()));
});

/** A server with one scoped tool behind `toFetchHandler`'s auth; `auth` adds to its options. */
function protectedHandler(verify: unknown, auth: Record<string, unknown> = {}): (request: Request) => Promise<Response> {
  const server = gen.createServer({
    serverInfo: { name: "hostile-auth", version: "1.0.0" },
    stateSecret: "auth hostile tests: a secret of 32 bytes or more",
    onError: (error: unknown) => void reported.push(error instanceof Error ? error.message : String(error)),
    tools: [gen.tool("read", { scopes: ["r"] }, (_args: unknown, ctx: any) => `read by ${ctx.auth?.subject}`)],
  });
  return gen.toFetchHandler(server, { path: "/mcp", auth: { resource: RESOURCE, authorizationServers: [ISSUER], verify, ...auth } });
}

/** A modern tools/call of the scoped tool with `token`. */
function callRead(handler: (request: Request) => Promise<Response>, token: string, signal?: AbortSignal): Promise<Response> {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}`, "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "read" };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read", arguments: {}, _meta: meta() } });
  return handler(new Request(RESOURCE, { method: "POST", headers, body, ...(signal ? { signal } : {}) }));
}

const introspection = (path: string, extra: Record<string, unknown> = {}) => gen.introspectionVerifier({ endpoint: base + path, clientId: "rs", clientSecret: "rs-secret", ...extra });
const active = { active: true, sub: "alice", client_id: "app", scope: "r", aud: RESOURCE };
const json = (value: unknown) => (_request: IncomingMessage, response: ServerResponse) => void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
/** A route that reads the request and never answers; `open` counts the requests whose connection is still up. */
function holding(): { route: (request: IncomingMessage, response: ServerResponse) => void; open: () => number } {
  let open = 0;
  return {
    route: (request, response) => {
      open++;
      request.resume();
      response.on("close", () => open--);
    },
    open: () => open,
  };
}
async function until(condition: () => boolean, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("introspectionVerifier against a slow or hostile authorization server", () => {
  it("a server that never answers: 503 with Retry-After once timeoutMs has passed, and onError says so", async () => {
    routes.set("/silent", holding().route);
    const response = await callRead(protectedHandler(introspection("/silent", { timeoutMs: 150 })), "made-up-1");
    expect([response.status, response.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(reported.at(-1)).toMatch(/within 150 ms \(timeoutMs\)/);
  }, 10_000); // without a bound it would wait for undici's 300 s

  it("the client's abort is passed on: 20 abandoned requests leave no connection to the authorization server", async () => {
    const held = holding();
    routes.set("/held", held.route);
    const handler = protectedHandler(introspection("/held", { timeoutMs: 60_000 }));
    const controllers = Array.from({ length: 20 }, () => new AbortController());
    const before = reported.length;
    const answers = controllers.map((c, i) => callRead(handler, `made-up-${i}`, c.signal));
    await until(() => held.open() === 20);
    expect(held.open()).toBe(20);
    for (const c of controllers) c.abort();
    await until(() => held.open() === 0, 2000);
    expect(held.open()).toBe(0);
    expect((await Promise.all(answers)).map((r) => r.status)).toEqual(Array(20).fill(503));
    expect(reported.slice(before)).toEqual([]); // a client that went away is no failure of the server's
  }, 10_000);

  it("a refusal is remembered: the same made-up token asked three times reaches the server once", async () => {
    routes.set("/inactive", json({ active: false }));
    const verify = introspection("/inactive");
    for (let i = 0; i < 3; i++) expect(await verify("made-up", new Request(RESOURCE), { resource: RESOURCE })).toBeUndefined();
    expect(hits.get("/inactive")).toBe(1);
    await verify("made-up-too", new Request(RESOURCE), { resource: RESOURCE });
    expect(hits.get("/inactive")).toBe(2);
  });

  it("no more than maxConcurrent introspections at once: the others fail at once without asking", async () => {
    const held = holding();
    routes.set("/busy", held.route);
    const verify = introspection("/busy", { maxConcurrent: 4, timeoutMs: 60_000 });
    const controller = new AbortController();
    const outcomes = Array.from({ length: 10 }, (_, i) => verify(`busy-${i}`, new Request(RESOURCE, { signal: controller.signal }), { resource: RESOURCE }).then(() => "accepted", (e: Error) => e.message));
    const early = await Promise.all(outcomes.slice(4));
    expect(early.every((m) => /maxConcurrent 4/.test(m))).toBe(true);
    await until(() => held.open() === 4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([hits.get("/busy"), held.open()]).toEqual([4, 4]);
    controller.abort();
    expect(await Promise.all(outcomes.slice(0, 4))).toEqual(Array(4).fill("the client went away while its token was being introspected"));
  }, 10_000);

  it("an answer longer than maxAnswerBytes is not read on: 16 MiB sent, at most the bound plus one chunk read, 503", async () => {
    const SENT = 16 * 1024 * 1024;
    routes.set("/huge", (request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < SENT && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      pump();
    });
    let read = 0;
    const counting = async (url: URL, init: RequestInit) => {
      const response = await fetch(url, init);
      const counter = new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, out) => void ((read += chunk.byteLength), out.enqueue(chunk)) });
      return new Response(response.body!.pipeThrough(counter), response);
    };
    const response = await callRead(protectedHandler(introspection("/huge", { maxAnswerBytes: 4096, fetch: counting })), "made-up-huge");
    expect(read).toBeGreaterThan(4096);
    expect(read).toBeLessThanOrEqual(4096 + 256 * 1024);
    expect([response.status, response.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(reported.at(-1)).toMatch(/longer than 4096 bytes \(maxAnswerBytes\)/);
    // A Content-Length over the bound: nothing is read.
    routes.set("/declared", (request, response) => void (request.resume(), response.writeHead(200, { "content-type": "application/json", "content-length": String(SENT) }).write("{")));
    read = 0;
    expect((await callRead(protectedHandler(introspection("/declared", { maxAnswerBytes: 4096, fetch: counting })), "made-up-declared")).status).toBe(503);
    expect(read).toBe(0);
  });

  it("a redirect is not followed: the token never reaches its target, whose { active: true } would have been accepted", async () => {
    routes.set("/moved", (request, response) => void (request.resume(), response.writeHead(307, { location: `${base}/elsewhere` }).end()));
    routes.set("/elsewhere", json(active));
    const response = await callRead(protectedHandler(introspection("/moved")), "made-up-redirected");
    expect([response.status, response.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(hits.get("/elsewhere")).toBeUndefined();
    expect(reported.at(-1)).toMatch(/redirected \(HTTP 307\)/);
    // The control: the target answers as the test says, and would have let the caller in.
    expect((await callRead(protectedHandler(introspection("/elsewhere")), "made-up-direct")).status).toBe(200);
  });
});

describe("introspectionVerifier's bounds are numbers", () => {
  it("a bound that is not a number, or below its least, is refused when the verifier is made", () => {
    for (const name of ["timeoutMs", "maxAnswerBytes", "maxConcurrent"]) expect(() => introspection("/x", { [name]: 0 }), name).toThrow(new RegExp(`${name} must be a number, 1 or more`));
    expect(() => introspection("/x", { refusalCacheMs: "10s" })).toThrow(/refusalCacheMs must be a number, 0 or more/);
    expect(() => introspection("/x", { refusalCacheMs: 0, cacheMs: 0 })).not.toThrow();
  });
});

describe("jwtVerifier while the key set cannot be had", () => {
  it("a JWKS endpoint answering 503 (or not JSON): 503 with Retry-After and onError, not 401; the same token passes once it is back", async () => {
    const { privateKey, publicKey } = await jose.generateKeyPair("ES256");
    const jwk = { ...(await jose.exportJWK(publicKey)), kid: "k1", alg: "ES256" };
    const sign = (kid: string) => new jose.SignJWT({ scope: "r", client_id: "app" }).setProtectedHeader({ alg: "ES256", kid, typ: "at+jwt" }).setIssuer(ISSUER).setSubject("alice").setAudience(RESOURCE).setExpirationTime("10m").sign(privateKey);
    const token = await sign("k1");
    let down: "503" | "garbage" | false = "503";
    routes.set("/jwks", (request, response) => {
      request.resume();
      if (down === "503") response.writeHead(503).end("maintenance");
      else if (down === "garbage") response.writeHead(200, { "content-type": "application/json" }).end("<html>");
      else response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    });
    const handler = protectedHandler(gen.jwtVerifier(jose, { issuer: ISSUER, jwksUri: `${base}/jwks` }));
    for (const state of ["503", "garbage"] as const) {
      down = state;
      const before = reported.length;
      const response = await callRead(handler, token);
      expect([state, response.status, response.headers.get("retry-after")]).toEqual([state, 503, "5"]);
      expect(reported.slice(before).join("\n")).toMatch(/key set at .*could not be fetched/);
      expect(reported.slice(before).join("\n")).not.toContain(token);
    }
    down = false;
    expect((await callRead(handler, token)).status).toBe(200);
    // A set that is there but has no key for the token still refuses the token.
    expect((await callRead(handler, await sign("k2"))).status).toBe(401);
  });
});

describe("one leeway for exp and nbf (auth.clockToleranceSec)", () => {
  const now = () => Math.floor(Date.now() / 1000);
  it("jwtVerifier with a 300 s leeway: 30 s past exp or before nbf passes, 400 s does not", async () => {
    const { privateKey, publicKey } = await jose.generateKeyPair("ES256");
    const jwks = { keys: [{ ...(await jose.exportJWK(publicKey)), kid: "k", alg: "ES256" }] };
    const sign = (times: { exp: number; nbf?: number }) => new jose.SignJWT({ scope: "r", client_id: "app", ...times }).setProtectedHeader({ alg: "ES256", kid: "k", typ: "at+jwt" }).setIssuer(ISSUER).setSubject("alice").setAudience(RESOURCE).sign(privateKey);
    const handler = protectedHandler(gen.jwtVerifier(jose, { issuer: ISSUER, jwks }), { clockToleranceSec: 300 });
    expect((await callRead(handler, await sign({ exp: now() - 30 }))).status).toBe(200);
    expect((await callRead(handler, await sign({ exp: now() + 600, nbf: now() + 30 }))).status).toBe(200);
    expect((await callRead(handler, await sign({ exp: now() - 400 }))).status).toBe(401);
    expect((await callRead(handler, await sign({ exp: now() + 600, nbf: now() + 400 }))).status).toBe(401);
    expect(() => gen.jwtVerifier(jose, { issuer: ISSUER, jwks, clockToleranceSec: 300 })).toThrow(/auth\.clockToleranceSec/);
    expect(() => protectedHandler(gen.jwtVerifier(jose, { issuer: ISSUER, jwks }), { clockToleranceSec: -1 })).toThrow(/clockToleranceSec/);
  });

  it("a custom verifier's AuthInfo gets the same leeway (default 60 s), for nbf too", async () => {
    const claimsOf = (times: Record<string, number>) => async () => ({ subject: "alice", scopes: ["r"], ...("exp" in times ? { expiresAt: times["exp"] } : {}), claims: times });
    expect((await callRead(protectedHandler(claimsOf({ exp: now() - 30 })), "t")).status).toBe(200);
    const late = await callRead(protectedHandler(claimsOf({ exp: now() - 120 })), "t");
    expect([late.status, await late.text()]).toEqual([401, expect.stringMatching(/has expired/)]);
    const early = await callRead(protectedHandler(claimsOf({ nbf: now() + 120 })), "t");
    expect([early.status, await early.text()]).toEqual([401, expect.stringMatching(/not valid yet/)]);
    expect((await callRead(protectedHandler(claimsOf({ nbf: now() + 30 })), "t")).status).toBe(200);
  });
});

describe("scopes outside toFetchHandler", () => {
  it("server.handle with auth refuses a call its scopes do not cover, in both eras; without auth (stdio) it runs", async () => {
    const server = gen.createServer({
      serverInfo: { name: "custom-transport", version: "1.0.0" },
      tools: [gen.tool("write", { scopes: ["w"], input: z.object({}) }, () => "written")],
      resourceTemplates: [gen.resourceTemplate("doc://{id}", { name: "doc", scopes: ["w"] }, ({ id }: { id: string }) => `doc ${id}`)],
    });
    const reader = { subject: "alice", scopes: ["r"], claims: {} };
    const writer = { ...reader, scopes: ["r", "w"] };
    let id = 1;
    const modern = (method: string, params: Record<string, unknown>, transport: Record<string, unknown>) => server.handle({ jsonrpc: "2.0", id: id++, method, params: { ...params, _meta: meta() } }, transport);
    const session = server.createSession("custom");
    session.send = () => undefined;
    await server.handle({ jsonrpc: "2.0", id: id++, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "c", version: "1" } } }, { session, auth: reader });
    await server.handle({ jsonrpc: "2.0", method: "notifications/initialized" }, { session, auth: reader });
    const legacy = (method: string, params: Record<string, unknown>, transport: Record<string, unknown>) => server.handle({ jsonrpc: "2.0", id: id++, method, params }, { session, ...transport });
    for (const send of [modern, legacy]) {
      for (const [method, params] of [["tools/call", { name: "write", arguments: {} }], ["resources/read", { uri: "doc://1" }]] as const) {
        const refused = await send(method, params, { auth: reader });
        expect([method, refused.error?.code, refused.error?.message, refused.error?.data]).toEqual([method, -32000, "Forbidden: this request needs the scopes w", { scopes: ["w"] }]);
        expect(server.statusOf(refused)).toBe(403);
        expect((await send(method, params, { auth: writer })).result, method).toBeDefined();
        expect((await send(method, params, {})).result, method).toBeDefined();
      }
    }
  });
});
