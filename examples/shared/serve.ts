// Serves a generated server the way the examples are started: `--port PORT` for Streamable HTTP
// on http://127.0.0.1:PORT/mcp, else stdio. With `--redis URL` (or MCP_REDIS_URL), the HTTP
// server keeps its sessions, streams and notifications in that Redis, so that several processes
// started alike (same MCP_STATE_SECRET, same MCP_REDIS_PREFIX) serve one client between them.
// With `--auth-issuer URL`, the HTTP server takes only JWT access tokens from that issuer (its
// key set found through its metadata), for the resource http://127.0.0.1:PORT/mcp.
import { portArgument } from "./args.js";
import { jwtVerifier, redisStore, redisTaskStore, serveStdio, toFetchHandler, toNodeListener, type AuthOptions, type McpServer, type McpStore, type TaskStore } from "../gen/server.js";

export { portArgument };

/**
 * The secret that seals requestState: MCP_STATE_SECRET. Over HTTP it is required, since the
 * retry of a round may reach another process (or this one restarted); there is no built-in
 * fallback. On stdio, without it, the process seals with a random key of its own.
 */
export function stateSecret(argv: string[] = process.argv.slice(2)): string | undefined {
  const secret = process.env["MCP_STATE_SECRET"];
  if (secret) return secret;
  if (portArgument(argv) === undefined) return undefined;
  console.error("MCP_STATE_SECRET is required over HTTP (32 bytes or more, the same for every process of this server): it seals the requestState of multi round-trip requests.");
  process.exit(2);
}

/** The Redis of `--redis URL`, else MCP_REDIS_URL, else none (one process, in memory). */
export function redisArgument(argv: string[]): string | undefined {
  const at = argv.indexOf("--redis");
  if (at < 0) return process.env["MCP_REDIS_URL"] || undefined;
  const url = argv[at + 1];
  if (!url || !/^rediss?:\/\//.test(url)) throw new Error(`--redis needs a redis:// URL, got ${url}`);
  return url;
}

/**
 * The shared store on that Redis. The `redis` package is imported only here, and only when a
 * Redis is asked for: the generated runtime never imports it.
 */
async function redisStoreFor(url: string): Promise<McpStore> {
  const { createClient } = await import("redis");
  const client = createClient({ url });
  // Until the store is opened, a connection error would be an unhandled 'error' event; then the store reports them (onError).
  client.on("error", () => undefined);
  await client.connect();
  return redisStore(client, { prefix: process.env["MCP_REDIS_PREFIX"] || "mcp-gen-example:" });
}

/**
 * Where the Tasks extension keeps its tasks: on the Redis of `--redis` (every replica sees them,
 * a dead replica's task fails when its lease runs out), else undefined (this process's memory).
 */
export async function taskStoreFor(argv: string[] = process.argv.slice(2)): Promise<TaskStore | undefined> {
  const url = redisArgument(argv);
  if (!url) return undefined;
  const { createClient } = await import("redis");
  const client = createClient({ url });
  client.on("error", () => undefined);
  await client.connect();
  return redisTaskStore(client, { prefix: process.env["MCP_REDIS_PREFIX"] || "mcp-gen-example:" });
}

/** The issuer of `--auth-issuer URL`, or undefined without the flag. */
function authIssuer(argv: string[]): string | undefined {
  const at = argv.indexOf("--auth-issuer");
  if (at < 0) return undefined;
  const issuer = argv[at + 1];
  if (!issuer || !/^https?:\/\//.test(issuer)) throw new Error(`--auth-issuer needs the issuer's URL, got ${issuer}`);
  return issuer;
}

/** `auth` for tokens of `issuer`: its jwks_uri read from its metadata (RFC 8414, else OpenID discovery). */
async function authFor(issuer: string, resource: string, scopesSupported: readonly string[]): Promise<AuthOptions> {
  const base = issuer.replace(/\/$/, "");
  let jwksUri: string | undefined;
  for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]) {
    const response = await fetch(base + path).catch(() => undefined);
    if (response?.ok) jwksUri = ((await response.json()) as { jwks_uri?: string }).jwks_uri;
    if (jwksUri) break;
  }
  if (!jwksUri) throw new Error(`--auth-issuer ${issuer}: no jwks_uri in its metadata`);
  const jose = await import("jose");
  return { resource, authorizationServers: [issuer], scopesSupported, verify: jwtVerifier(jose, { issuer, jwksUri }) };
}

export interface ServeOptions {
  /** The scopes the server's definitions name (listed in its metadata with `--auth-issuer`). */
  scopes?: readonly string[];
}

export async function serve(server: McpServer, argv: string[] = process.argv.slice(2), options: ServeOptions = {}): Promise<void> {
  const port = portArgument(argv);
  if (port === undefined) {
    await serveStdio(server);
    return;
  }
  const redis = redisArgument(argv);
  const store = redis ? await redisStoreFor(redis) : undefined;
  const issuer = authIssuer(argv);
  // node:http is loaded here, not at the top: a stdio server's cold start never needs it.
  const { createServer: createHttpServer } = await import("node:http");
  const http = createHttpServer();
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp`;
  const auth = issuer ? await authFor(issuer, url, options.scopes ?? []) : undefined;
  http.on("request", toNodeListener(toFetchHandler(server, { path: "/mcp", ...(store ? { store } : {}), ...(auth ? { auth } : {}) })));
  console.error(`MCP server listening on ${url}${redis ? ` (sessions in ${redis})` : ""}${issuer ? ` (tokens of ${issuer})` : ""}`);
}
