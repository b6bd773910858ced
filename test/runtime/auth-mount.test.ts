// Issue 53 item 2: authorization behind a framework. A server with `auth` mounted in Express 5,
// Hono (@hono/node-server) and Fastify 5 by one call each (mountExpress, mountHono, mountFastify),
// against a real authorization server (oidc-provider): the SDK v2 client, given the server's
// URL alone, finds the metadata, gets a token (client credentials) and calls a scoped tool. The
// snippets deploying.md had before (the endpoint routed alone) are kept here beside them: their
// metadata answers 404 and the same client fails, which is what the mount calls prevent.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { AuthorizationServerMismatchError, Client as V2Client, ClientCredentialsProvider, StreamableHTTPClientTransport as V2Http } from "@modelcontextprotocol/client";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import * as jose from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startAuthorizationServer, type AuthorizationServer } from "../helpers/oidc.js";
import { MODERN, generatedServer } from "./wire-server.js";

const FRAMEWORKS = ["express", "hono", "fastify"] as const;
type Framework = (typeof FRAMEWORKS)[number];
/** `mount`: the one call; `endpoint only`: the snippet that routed `/mcp` alone. */
type Way = "mount" | "endpoint only";
const SCOPES = ["incidents:read"];
const METADATA = "/.well-known/oauth-protected-resource/mcp";

let gen: any;
let as: AuthorizationServer;
const servers: Server[] = [];
/** The resource URL of each framework and way, once mounted. */
const urls = new Map<string, string>();

/** A node:http server on 127.0.0.1:0 (the port first: `auth.resource` names it), its app attached later. */
async function listening(): Promise<Server> {
  const http = createHttpServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  servers.push(http);
  return http;
}

function handlerFor(resource: string) {
  const server = gen.createServer({
    serverInfo: { name: "incidents", version: "1.0.0" },
    stateSecret: "auth-mount tests: a secret of at least 32 bytes",
    tools: [gen.tool("search_incidents", { scopes: SCOPES, input: z.object({ query: z.string() }) }, ({ query }: { query: string }, ctx: any) => `${query} for ${ctx.auth?.subject}`)],
  });
  return gen.toFetchHandler(server, { path: "/mcp", auth: { resource, authorizationServers: [as.issuer], scopesSupported: SCOPES, verify: gen.jwtVerifier(jose, { issuer: as.issuer, jwksUri: as.jwksUri }) } });
}

/** The framework's app on `http`, the handler mounted one way or the other (the old snippets' code, for `endpoint only`). */
async function attach(framework: Framework, way: Way, http: Server, handler: any): Promise<void> {
  if (framework === "express") {
    const app = express();
    if (way === "mount") gen.mountExpress(app, handler);
    else app.all("/mcp", gen.toNodeListener(handler));
    http.on("request", app);
  } else if (framework === "hono") {
    const app = new Hono();
    if (way === "mount") gen.mountHono(app, handler);
    else app.all("/mcp", (c) => handler(c.req.raw));
    http.on("request", getRequestListener(app.fetch));
  } else {
    const app = Fastify({ serverFactory: (route: (request: IncomingMessage, response: ServerResponse) => void) => (http.on("request", route), http) });
    // Another route of the same app, with Fastify's JSON parser: mountFastify leaves it alone.
    app.post("/api/echo", async (request) => ({ body: request.body }));
    if (way === "mount") gen.mountFastify(app, handler);
    else {
      const listener = gen.toNodeListener(handler);
      app.removeAllContentTypeParsers();
      app.addContentTypeParser("*", (_request, _payload, done) => done(null));
      app.all("/mcp", (request, reply) => {
        reply.hijack();
        listener(request.raw, reply.raw);
      });
    }
    await app.ready();
  }
}

beforeAll(async () => {
  gen = await generatedServer();
  const pending: Array<{ framework: Framework; way: Way; http: Server; resource: string }> = [];
  for (const framework of FRAMEWORKS) {
    for (const way of ["mount", "endpoint only"] as const) {
      const http = await listening();
      pending.push({ framework, way, http, resource: `http://127.0.0.1:${(http.address() as { port: number }).port}/mcp` });
    }
  }
  const resources = new Set(pending.map((p) => p.resource));
  as = await startAuthorizationServer({ resource: pending[0]!.resource, acceptResource: (indicator) => resources.has(indicator), opaqueResource: "https://opaque.example/mcp", scopes: SCOPES, clients: { reader: SCOPES } });
  for (const { framework, way, http, resource } of pending) {
    await attach(framework, way, http, handlerFor(resource));
    urls.set(`${framework} ${way}`, resource);
  }
}, 60_000);

afterAll(async () => {
  for (const http of servers) {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }
  await as?.close();
});

/** The SDK v2 client with client credentials, from the URL alone: connects and calls the scoped tool. */
async function callFromUrl(resource: string): Promise<unknown> {
  const authProvider = new ClientCredentialsProvider({ clientId: "reader", clientSecret: "reader-secret", expectedIssuer: as.issuer });
  const client = new V2Client({ name: "sdk-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN } } } as never);
  try {
    await client.connect(new V2Http(new URL(resource), { authProvider }));
    const result = await client.callTool({ name: "search_incidents", arguments: { query: "disk" } });
    expect(authProvider.tokens()?.access_token).toMatch(/^ey/); // a JWT it obtained itself
    return result.content;
  } finally {
    await client.close();
  }
}

describe.each(FRAMEWORKS)("%s with auth", (framework) => {
  it("mounted by its one call: the SDK v2 client authorizes from the URL alone, and the metadata (and its CORS preflight) is routed", async () => {
    const resource = urls.get(`${framework} mount`)!;
    expect(await callFromUrl(resource)).toEqual([{ type: "text", text: "disk for reader" }]);
    const metadata = await fetch(new URL(METADATA, resource));
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource, authorization_servers: [as.issuer] });
    const preflight = await fetch(new URL(METADATA, resource), { method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "GET" } });
    expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([204, "*"]);
  });

  it("the old snippet (the endpoint routed alone): the metadata is 404 and the same client fails", async () => {
    const resource = urls.get(`${framework} endpoint only`)!;
    expect((await fetch(new URL(METADATA, resource))).status).toBe(404);
    await expect(callFromUrl(resource)).rejects.toThrow(AuthorizationServerMismatchError);
  });
});

describe("what the mount calls mount", () => {
  it("handler.routes: the endpoint, then the path-suffixed and the bare metadata path with auth; the endpoint alone without", () => {
    const server = gen.createServer({ serverInfo: { name: "x", version: "1" }, tools: [] });
    const verify = async () => undefined;
    const withAuth = gen.toFetchHandler(server, { path: "/api/mcp", auth: { resource: "https://mcp.example.com/api/mcp", authorizationServers: ["https://as.example"], verify } });
    expect(withAuth.routes).toEqual(["/api/mcp", "/.well-known/oauth-protected-resource/api/mcp", "/.well-known/oauth-protected-resource"]);
    expect(gen.toFetchHandler(server, { path: "/mcp" }).routes).toEqual(["/mcp"]);
  });

  it("refuses a handler without `path` (it answers every path), a function around the handler, and a path a router reads as a pattern, naming the fix", () => {
    const server = gen.createServer({ serverInfo: { name: "x", version: "1" }, tools: [] });
    const everyPath = gen.toFetchHandler(server);
    expect(everyPath.routes).toEqual([]);
    expect(() => gen.mountExpress(express(), everyPath)).toThrow(/mountExpress: toFetchHandler was given no `path`/);
    const wrapped = (request: Request) => everyPath(request);
    expect(() => gen.mountHono(new Hono(), wrapped)).toThrow(/mountHono: pass the handler toFetchHandler returned/);
    expect(() => gen.mountFastify(Fastify(), wrapped)).toThrow(/mountFastify: pass the handler/);
    // A path a router would read as a pattern (Express and Hono: `:id` is a parameter) is not mounted as one.
    const pattern = gen.toFetchHandler(server, { path: "/mcp/:id" });
    expect(() => gen.mountExpress(express(), pattern)).toThrow(/mountExpress: the route "\/mcp\/:id" \(from `path` or `auth.resource`\) has characters a router may read as a pattern/);
    expect(gen.mountHono(new Hono(), gen.toFetchHandler(server, { path: "/v1.0/mcp_x-y~z" }))).toEqual(["/v1.0/mcp_x-y~z"]);
  });

  it("mountFastify replaces the body parsers in its own scope only: the app's JSON route still gets its parsed body", async () => {
    const response = await fetch(new URL("/api/echo", urls.get("fastify mount")!), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 1 }) });
    expect(await response.json()).toEqual({ body: { a: 1 } });
    // The old snippet replaced them for the whole app: the same route got no body.
    const old = await fetch(new URL("/api/echo", urls.get("fastify endpoint only")!), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 1 }) });
    expect(await old.json()).toEqual({});
  });
});
