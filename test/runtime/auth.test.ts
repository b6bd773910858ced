// Issue 31: a generated HTTP server as an OAuth 2.1 resource server, against a real
// authorization server (oidc-provider, client credentials, resource indicators, JWT access
// tokens). Both eras where a point applies: 2026-07-28 (a request with its `_meta`) and
// 2025-11-25 (a legacy session opened with initialize).
import { createServer as createHttpServer, type Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client as V2Client, ClientCredentialsProvider, StreamableHTTPClientTransport as V2Http } from "@modelcontextprotocol/client";
import * as jose from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startAuthorizationServer, type AuthorizationServer } from "../helpers/oidc.js";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, MODERN, meta } from "./wire-server.js";

const SCOPES = ["incidents:read", "incidents:write"];
let as: AuthorizationServer;
let listener: Server;
let resource: string;
let handler: (request: Request) => Promise<Response>;
let gen: any;
const reported: string[] = [];

beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "server.ts")).href);
  listener = createHttpServer();
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  resource = `http://127.0.0.1:${(listener.address() as { port: number }).port}/mcp`;
  as = await startAuthorizationServer({ resource, opaqueResource: "https://opaque.example/mcp", scopes: SCOPES, clients: { reader: ["incidents:read"], writer: SCOPES, rs: [] } });
  const server = gen.createServer({
    serverInfo: { name: "incidents", version: "1.0.0" },
    stateSecret: "auth tests: a secret of at least 32 bytes, fixed",
    onError: (error: unknown) => void reported.push(error instanceof Error ? error.message : String(error)),
    tools: [
      gen.tool("search_incidents", { scopes: ["incidents:read"], input: z.object({ query: z.string() }) }, ({ query }: { query: string }, ctx: any) => `${query} for ${ctx.auth?.subject} (${ctx.auth?.scopes.join(" ")})`),
      gen.tool("open_incident", { scopes: ["incidents:write"], input: z.object({ title: z.string() }) }, ({ title }: { title: string }) => `opened ${title}`),
      gen.tool("both", { scopes: ["incidents:read", "incidents:write"] }, () => "both"),
      // Asks once, with its state sealed (and bound to the caller), then answers.
      gen.tool("two_rounds", {}, (_args: unknown, ctx: any) =>
        ctx.requestState === undefined ? ctx.inputRequired({ requestState: { asked: true } }) : `second round for ${ctx.auth?.subject}`,
      ),
    ],
    prompts: [gen.prompt("postmortem", { scopes: ["incidents:write"] }, () => "write it up")],
    resources: [gen.resource("incident://summary", { name: "summary", scopes: ["incidents:read"] }, () => "all quiet")],
    resourceTemplates: [gen.resourceTemplate("incident://{id}", { name: "incident", scopes: ["incidents:write"] }, ({ id }: { id: string }) => `incident ${id}`)],
  });
  handler = gen.toFetchHandler(server, {
    path: "/mcp",
    auth: { resource, authorizationServers: [as.issuer], scopesSupported: SCOPES, verify: gen.jwtVerifier(jose, { issuer: as.issuer, jwksUri: as.jwksUri }) },
  });
  listener.on("request", gen.toNodeListener(handler));
}, 60_000);

afterAll(async () => {
  listener?.closeAllConnections();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await as?.close();
});

const metadataUrl = () => new URL("/.well-known/oauth-protected-resource/mcp", resource).href;

/** A POST to /mcp with a JSON-RPC request; `headers` beside the standard ones. */
function post(body: Record<string, unknown>, headers: Record<string, string> = {}, url = resource): Promise<Response> {
  return handler(new Request(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify({ jsonrpc: "2.0", ...body }) }));
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The two eras' first request: a modern tools/list and a legacy initialize. */
const FIRST = {
  [MODERN]: { id: 1, method: "tools/list", params: { _meta: meta() } },
  [LEGACY]: { id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } } },
};

/** Calls `method` in an era: with `_meta` (modern), or in a session opened with the same token (legacy). */
async function call(era: string, token: string, method: string, params: Record<string, unknown>): Promise<Response> {
  if (era === MODERN) {
    const name = params["name"] ?? params["uri"];
    const headers = { ...bearer(token), "mcp-protocol-version": MODERN, "mcp-method": method, ...(typeof name === "string" ? { "mcp-name": name } : {}) };
    return post({ id: 2, method, params: { ...params, _meta: meta() } }, headers);
  }
  const opened = await post(FIRST[LEGACY], bearer(token));
  expect(opened.status).toBe(200);
  const session = opened.headers.get("mcp-session-id")!;
  const headers = { ...bearer(token), "mcp-session-id": session, "mcp-protocol-version": LEGACY };
  expect((await post({ method: "notifications/initialized" }, headers)).status).toBe(202);
  return post({ id: 2, method, params }, headers);
}

/** The WWW-Authenticate parameters, parsed. */
function challenge(response: Response): Record<string, string> {
  const header = response.headers.get("www-authenticate") ?? "";
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]!.replace(/\\(.)/g, "$1")]));
}

describe("RFC 9728 metadata", () => {
  it("is served on the path-suffixed well-known URL (and the bare one), with CORS and its preflight", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await fetch(new URL(path, resource));
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toEqual({ resource, authorization_servers: [as.issuer], scopes_supported: SCOPES, bearer_methods_supported: ["header"] });
    }
    const preflight = await fetch(metadataUrl(), { method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "GET" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
  });
});

describe.each([MODERN, LEGACY])("%s", (era) => {
  it("no token: 401, WWW-Authenticate names the metadata (and the scopes), the body is a JSON-RPC error", async () => {
    const response = await post(FIRST[era as keyof typeof FIRST]);
    expect(response.status).toBe(401);
    expect(challenge(response)).toEqual({ resource_metadata: metadataUrl(), scope: SCOPES.join(" ") });
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: expect.any(Number), message: expect.stringMatching(/Unauthorized/) } });
  });

  it("a token in the query string or the body is not read: 401", async () => {
    const token = await as.token("writer", "incidents:read", resource);
    const first = FIRST[era as keyof typeof FIRST];
    expect((await post(first, {}, `${resource}?access_token=${token}`)).status).toBe(401);
    expect((await post({ ...first, access_token: token })).status).toBe(401);
  });

  it("a valid token: the call runs, and the handler sees ctx.auth (subject, client, scopes)", async () => {
    const token = await as.token("reader", "incidents:read", resource);
    const response = await call(era, token, "tools/call", { name: "search_incidents", arguments: { query: "disk" } });
    expect(response.status).toBe(200);
    expect((await response.json()).result.content).toEqual([{ type: "text", text: "disk for reader (incidents:read)" }]);
  });

  it("missing scopes: 403 insufficient_scope naming every scope the call needs; lists show everything", async () => {
    const token = await as.token("reader", "incidents:read", resource);
    const refused = await call(era, token, "tools/call", { name: "open_incident", arguments: { title: "fire" } });
    expect(refused.status).toBe(403);
    expect(challenge(refused)).toMatchObject({ error: "insufficient_scope", scope: "incidents:write", resource_metadata: metadataUrl() });
    expect(await refused.json()).toMatchObject({ id: 2, error: { message: expect.stringMatching(/incidents:write/) } });
    const both = await call(era, token, "tools/call", { name: "both", arguments: {} });
    expect([both.status, challenge(both)["scope"]]).toEqual([403, "incidents:read incidents:write"]);
    const template = await call(era, token, "resources/read", { uri: "incident://42" });
    expect([template.status, challenge(template)["scope"]]).toEqual([403, "incidents:write"]);
    expect((await call(era, token, "resources/read", { uri: "incident://summary" })).status).toBe(200);
    const listed = await call(era, token, "tools/list", {});
    expect((await listed.json()).result.tools.map((t: { name: string }) => t.name)).toEqual(["search_incidents", "open_incident", "both", "two_rounds"]);
  });

  it("refused tokens: wrong audience, expired, foreign signature, alg none, typ JWT, a malformed JWT: 401 invalid_token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { scope: "incidents:read incidents:write", client_id: "writer" };
    const sign = (key: CryptoKey, kid: string, exp: number, aud = resource, typ = "at+jwt") =>
      new jose.SignJWT(claims).setProtectedHeader({ alg: "ES256", kid, typ }).setIssuer(as.issuer).setSubject("writer").setAudience(aud).setIssuedAt(now - 7200).setExpirationTime(exp).sign(key);
    const foreign = (await jose.generateKeyPair("ES256")).privateKey;
    const unsecured = new jose.UnsecuredJWT({ ...claims, sub: "writer" }).setIssuer(as.issuer).setAudience(resource).setExpirationTime(now + 600).encode();
    const refused = {
      "wrong audience": await as.token("writer", "incidents:read", "https://opaque.example/mcp"),
      "wrong audience, signed by the issuer's key": await sign(as.signingKey.key, as.signingKey.kid, now + 600, "https://elsewhere.example/mcp"),
      expired: await sign(as.signingKey.key, as.signingKey.kid, now - 120),
      "foreign signature": await sign(foreign, as.signingKey.kid, now + 600),
      "alg none": unsecured,
      "typ JWT": await sign(as.signingKey.key, as.signingKey.kid, now + 600, resource, "JWT"),
      "malformed header": `${btoa("{not json").replace(/=/g, "")}.e30.c2ln`,
    };
    // The control: the same key, claims and audience with a live exp are accepted.
    expect((await call(era, await sign(as.signingKey.key, as.signingKey.kid, now + 600), "tools/call", { name: "open_incident", arguments: { title: "a" } })).status).toBe(200);
    for (const [why, token] of Object.entries(refused)) {
      const response = await post(FIRST[era as keyof typeof FIRST], bearer(token));
      expect(response.status, why).toBe(401);
      expect(challenge(response), why).toMatchObject({ error: "invalid_token", resource_metadata: metadataUrl() });
      const text = JSON.stringify([...response.headers]) + (await response.text());
      expect(text.includes(token), `${why}: the token is echoed`).toBe(false);
    }
  });

  it("an Authorization header that is not a bearer token: 400 invalid_request", async () => {
    const response = await post(FIRST[era as keyof typeof FIRST], { authorization: "Basic dXNlcjpwYXNz" });
    expect(response.status).toBe(400);
    expect(challenge(response)).toMatchObject({ error: "invalid_request" });
  });
});

describe("the principal comes from AuthInfo", () => {
  it("a legacy session opened by one client is not found with another client's token (GET, POST and DELETE)", async () => {
    const reader = await as.token("reader", "incidents:read", resource);
    const writer = await as.token("writer", "incidents:read", resource);
    const opened = await post(FIRST[LEGACY], bearer(reader));
    const session = opened.headers.get("mcp-session-id")!;
    const as_ = (token: string) => ({ ...bearer(token), "mcp-session-id": session, "mcp-protocol-version": LEGACY });
    expect((await post({ id: 3, method: "tools/list", params: {} }, as_(writer))).status).toBe(404);
    expect((await handler(new Request(resource, { method: "GET", headers: { ...as_(writer), accept: "text/event-stream" } }))).status).toBe(404);
    expect((await handler(new Request(resource, { method: "DELETE", headers: as_(writer) }))).status).toBe(404);
    expect((await post({ id: 4, method: "tools/list", params: {} }, as_(reader))).status).toBe(200);
  });
});

describe("more of the surface", () => {
  it("jwtVerifier and introspectionVerifier are exported by the root index and server, and by each revision's", async () => {
    for (const module of ["index.ts", "server.ts", `${MODERN}/index.ts`, `${MODERN}/server.ts`, `${LEGACY}/server.ts`]) {
      const loaded = await import(pathToFileURL(join(GENERATED_ROOT, module)).href);
      expect([typeof loaded.jwtVerifier, typeof loaded.introspectionVerifier], module).toEqual(["function", "function"]);
    }
  });

  it("prompts/get of a scoped prompt: 403 without the scope, 200 with it", async () => {
    const reader = await as.token("reader", "incidents:read", resource);
    const writer = await as.token("writer", "incidents:read incidents:write", resource);
    const refused = await call(MODERN, reader, "prompts/get", { name: "postmortem" });
    expect([refused.status, challenge(refused)["scope"]]).toEqual([403, "incidents:write"]);
    expect((await call(MODERN, writer, "prompts/get", { name: "postmortem" })).status).toBe(200);
  });

  it("a sealed requestState is bound to the caller: another client's token cannot continue the round", async () => {
    const reader = await as.token("reader", "incidents:read", resource);
    const writer = await as.token("writer", "incidents:read", resource);
    const first = await (await call(MODERN, reader, "tools/call", { name: "two_rounds", arguments: {} })).json();
    expect(first.result).toMatchObject({ resultType: "input_required", requestState: expect.any(String) });
    const retry = { name: "two_rounds", arguments: {}, requestState: first.result.requestState };
    const foreign = await (await call(MODERN, writer, "tools/call", retry)).json();
    expect(foreign.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
    const own = await (await call(MODERN, reader, "tools/call", retry)).json();
    expect(own.result.content).toEqual([{ type: "text", text: "second round for reader" }]);
  });
});

describe("the token stays out of logs", () => {
  it("a verify that throws: 503, and what onError gets names no token", async () => {
    const server = gen.createServer({ serverInfo: { name: "x", version: "1" }, stateSecret: "auth tests: a secret of at least 32 bytes, fixed", onError: (error: unknown) => void reported.push((error as Error).message), tools: [] });
    const failing = gen.toFetchHandler(server, { path: "/mcp", auth: { resource, authorizationServers: [as.issuer], verify: async (token: string) => { throw new Error(`cannot reach the key set while checking ${token}`); } } });
    const token = "secret-token-value-42";
    const response = await failing(new Request(resource, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(FIRST[MODERN]) }));
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain(token);
    expect(reported.some((m) => m.includes("[token]"))).toBe(true);
    expect(reported.some((m) => m.includes(token))).toBe(false);
  });
});

describe("the official SDK v2 client, from the server URL alone", () => {
  it.each([MODERN, LEGACY])("gets the 401, reads the metadata, gets a token from oidc-provider (client credentials) and calls a scoped tool (%s)", async (revision) => {
    // The 401 challenges for every scope the server lists: a client allowed all of them.
    const authProvider = new ClientCredentialsProvider({ clientId: "writer", clientSecret: "writer-secret", expectedIssuer: as.issuer });
    const negotiation = revision === MODERN ? { mode: { pin: MODERN } } : { mode: "legacy" };
    const client = new V2Client({ name: "sdk-v2", version: "1.0.0" }, { versionNegotiation: negotiation } as never);
    await client.connect(new V2Http(new URL(resource), { authProvider }));
    try {
      const result = await client.callTool({ name: "search_incidents", arguments: { query: "disk" } });
      expect(result.content).toEqual([{ type: "text", text: "disk for writer (incidents:read incidents:write)" }]);
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect(authProvider.tokens()?.access_token).toMatch(/^ey/); // a JWT it obtained itself
    } finally {
      await client.close();
    }
  });
});

describe("the generated client's refusals are typed (UnauthorizedError, InsufficientScopeError)", () => {
  /** A generated client of `revision` over HTTP, sending `token` (if any) as its bearer token. */
  async function client(revision: string, token?: string): Promise<any> {
    const { [revision === MODERN ? "v2026_07_28" : "v2025_11_25"]: module } = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    return module.createClient(new module.StreamableHttpTransport(resource, { headers, openGetStream: false }), { clientInfo: { name: "t", version: "1" } });
  }

  it.each([MODERN, LEGACY])("no token: a 401 UnauthorizedError with the metadata URL and the challenge (%s)", async (revision) => {
    const gen2 = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
    const refused = await (await client(revision)).listTools().then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(gen2.UnauthorizedError);
    expect(refused).toBeInstanceOf(gen2.ClientError);
    expect(refused).toMatchObject({ kind: "unauthorized", status: 401, resourceMetadata: metadataUrl(), challenge: { scheme: "Bearer", params: { resource_metadata: metadataUrl(), scope: SCOPES.join(" ") } } });
  });

  it.each([MODERN, LEGACY])("a reader calling a write tool: a 403 InsufficientScopeError naming the scope needed; a refused token is a 401 again (%s)", async (revision) => {
    const gen2 = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
    const reader = await client(revision, await as.token("reader", "incidents:read", resource));
    expect((await reader.callTool({ name: "search_incidents", arguments: { query: "disk" } })).content[0].text).toBe("disk for reader (incidents:read)");
    const refused = await reader.callTool({ name: "open_incident", arguments: { title: "x" } }).then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(gen2.InsufficientScopeError);
    expect(refused).toMatchObject({ kind: "insufficient-scope", status: 403, scopes: ["incidents:write"], resourceMetadata: metadataUrl() });
    const forged = await (await client(revision, "not-a-jwt")).listTools().then(() => undefined, (error: unknown) => error);
    expect(forged).toMatchObject({ status: 401, challenge: { params: { error: "invalid_token" } } });
  });

  it("a challenge with several schemes and escaped quotes: the Bearer one, unescaped", async () => {
    const gen2 = await import(pathToFileURL(join(GENERATED_ROOT, "runtime/client/auth-errors.ts")).href);
    const header = 'Basic realm="x, y", Bearer error="insufficient_scope", scope="a:b c:d", error_description="say \\"hi\\""';
    expect(gen2.bearerChallenge(header)).toEqual({ scheme: "Bearer", params: { error: "insufficient_scope", scope: "a:b c:d", error_description: 'say "hi"' }, raw: header });
    expect(gen2.bearerChallenge("").params).toEqual({});
  });
});

describe("introspectionVerifier (RFC 7662) for opaque tokens", () => {
  const OPAQUE = "https://opaque.example/mcp";
  it("accepts an active token for the resource, remembers it, and refuses an unknown one or one for another resource", async () => {
    let asked = 0;
    const counting = (url: URL, init: RequestInit) => (asked++, fetch(url, init));
    const verify = gen.introspectionVerifier({ endpoint: as.introspectionEndpoint, clientId: "rs", clientSecret: "rs-secret", fetch: counting });
    const token = await as.token("reader", "incidents:read", OPAQUE);
    expect(token).not.toMatch(/^ey/); // opaque, not a JWT
    const request = new Request(OPAQUE);
    const auth = await verify(token, request, { resource: OPAQUE });
    expect(auth).toMatchObject({ subject: "reader", clientId: "reader", scopes: ["incidents:read"], expiresAt: expect.any(Number) });
    expect(await verify(token, request, { resource: OPAQUE })).toEqual(auth);
    expect(asked).toBe(1); // the second check came from the cache
    expect(await verify(token, request, { resource })).toBeUndefined(); // its audience is the other resource
    expect(await verify("no-such-token", request, { resource: OPAQUE })).toBeUndefined();
  });
});

describe("construction refuses unsafe settings", () => {
  it("jwtVerifier: no plain-http key set off loopback, no none or HMAC, one key source", () => {
    expect(() => gen.jwtVerifier(jose, { issuer: "https://as.example", jwksUri: "http://as.example/jwks" })).toThrow(/https/);
    expect(() => gen.jwtVerifier(jose, { issuer: "https://as.example", jwksUri: "http://localhost:9/jwks" })).not.toThrow();
    for (const alg of ["none", "HS256"]) expect(() => gen.jwtVerifier(jose, { issuer: "https://as.example", jwksUri: "https://as.example/jwks", algorithms: [alg] })).toThrow(/never none or HMAC/);
    expect(() => gen.jwtVerifier(jose, { issuer: "https://as.example" })).toThrow(/jwksUri or jwks/);
    expect(() => gen.introspectionVerifier({ endpoint: "http://as.example/introspect", clientId: "a", clientSecret: "b" })).toThrow(/https/);
  });

  it("scopes on a definition are scope tokens", () => {
    expect(() => gen.tool("t", { scopes: ["two words"] }, () => "")).toThrow(/scope tokens/);
    expect(() => gen.prompt("p", { scopes: "incidents:read" }, () => "")).toThrow(/scope tokens/);
    expect(gen.resource("a://b", { name: "b", scopes: ["x:y", "x:y"] }, () => "").scopes).toEqual(["x:y"]);
  });
});
