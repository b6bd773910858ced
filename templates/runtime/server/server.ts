// The server object the generated `createServer` returns: one dispatcher for every revision it
// was generated with, stateless (2026-07-28 and later) and session-based alike.
import { announce, createCore, fail, reportError, type ServerCore } from "./core.js";
import { claimedVersion, handleStateless, type Exchange } from "./stateless.js";
import { classify, isObject, JSONRPC } from "../shared/messages.js";
import { createSession, handleSessionMessage, handleSessionRequest, isInitialize, restoreSession, type Session } from "./session.js";
import type { SessionRecord } from "../stores/store.js";
import type { AuthInfo, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RevisionBinding } from "./types.js";
import type { ServerOptionsBase } from "./options.js";
import { HEADER } from "../shared/protocol.js";
import type { Definition, DefinitionKind } from "./define.js";
import type { Registry } from "./registry.js";
import { traceRequest, type TracedExchange } from "./tracing.js";

export type { Exchange } from "./stateless.js";
export type { Session } from "./session.js";

/** What a transport passes along with a message. */
export interface TransportInfo extends Partial<Exchange> {
  /** The session of the connection (stdio) or of `Mcp-Session-Id` (HTTP). */
  session?: Session;
}

export interface McpServer {
  /**
   * Answers one decoded message (a JSON value: what `JSON.parse` gave). Requests get a response;
   * notifications and responses to the server's own requests get undefined. A value that is not
   * a JSON-RPC object (a string included) is an invalid request: it is never decoded again.
   */
  handle(message: unknown, transport?: TransportInfo): Promise<JsonRpcResponse | undefined>;
  /** Decodes one JSON text and answers it (-32700 when it is not JSON). */
  handleText(text: string, transport?: TransportInfo): Promise<JsonRpcResponse | undefined>;
  /** The HTTP status a Streamable HTTP server answers a response with (200 unless an error says otherwise). */
  statusOf(response: JsonRpcResponse): number;
  /** The HTTP headers a Streamable HTTP answer carries besides the standard ones (a rate limit's `Retry-After`). */
  headersOf(response: JsonRpcResponse): Readonly<Record<string, string>> | undefined;
  /**
   * A new session (transports create one per stdio process or `initialize`). `listen:
   * false`: it does not hear notifications itself (an HTTP store logs them for its GET streams).
   */
  createSession(id: string, options?: { listen?: boolean }): Session;
  /** A session rebuilt from its store's record (undefined when its version is not served here). */
  restoreSession(record: SessionRecord): Session | undefined;
  /**
   * Connects a transport's store: every announcement also goes to `publish`; `receive` brings
   * in another replica's (this process's listen streams hear it; a tools change also drops
   * the tools cached for `Mcp-Param-*` checks). `close` disconnects.
   */
  relayNotifications(publish: (message: JsonRpcNotification) => void): { receive(message: JsonRpcNotification): void; close(): void };
  /** Reports a failure of a transport through the server's onError (default: stderr). */
  reportError(error: unknown): void;
  /** True for a request that opens a session (`initialize` without a stateless envelope). */
  opensSession(request: { method: string; params?: Record<string, unknown> }): boolean;
  /** Announces changes to listening clients: `subscriptions/listen` streams and sessions. */
  notify: {
    toolsListChanged(): void;
    promptsListChanged(): void;
    resourcesListChanged(): void;
    resourceUpdated(uri: string): void;
  };
  /** The versions served: stateless ones (answered in discover and -32022) and session ones. */
  readonly versions: { stateless: string[]; session: string[] };
  /** Registers definitions while the server runs (their kind must have been given to createServer); listeners are told. */
  add(...definitions: Definition[]): void;
  /** Removes a tool or prompt (by name), a resource (by URI) or a template (by URI template); listeners are told. */
  remove(kind: DefinitionKind, key: string): boolean;
  /** The OAuth scopes a decoded message needs: those of the tool, prompt, resource or template it calls ([] for anything else). */
  requiredScopes(message: unknown): readonly string[];
}

const silent: Exchange = { notify: () => undefined };

export function createMcpServer(options: ServerOptionsBase, revisions: RevisionBinding[]): McpServer {
  const core = createCore(options, revisions);
  return {
    handle: (message, transport = {}) => dispatch(core, message, transport),
    handleText: (text, transport = {}) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return Promise.resolve(fail(core, null, JSONRPC.parseError, "Parse error", undefined, 400));
      }
      return dispatch(core, value, transport);
    },
    statusOf: (response) => core.statuses.get(response) ?? 200,
    headersOf: (response) => core.replyHeaders.get(response),
    createSession: (id, options) => createSession(core, id, options?.listen ?? true),
    restoreSession: (record) => restoreSession(core, record),
    relayNotifications: (publish) => relayNotifications(core, publish),
    reportError: (error) => reportError(core, error),
    opensSession: (request) => core.session.length > 0 && isInitialize(core, request.method) && claimedVersion(request) === undefined,
    notify: {
      toolsListChanged: () => announce(core, "tools"),
      promptsListChanged: () => announce(core, "prompts"),
      resourcesListChanged: () => announce(core, "resources"),
      resourceUpdated: (uri) => core.hub.resourceUpdated(uri),
    },
    versions: { stateless: [...new Set(core.stateless.map((b) => b.version))], session: [...new Set(core.session.map((b) => b.version))] },
    add: (...definitions) => registryOf(core).add(...definitions),
    remove: (kind, key) => registryOf(core).remove(kind, key),
    requiredScopes: (message) => {
      const { method, params } = (isObject(message) ? message : {}) as { method?: unknown; params?: unknown };
      return core.registry?.scopesFor(method, isObject(params) ? params : {}) ?? [];
    },
  };
}

function relayNotifications(core: ServerCore, publish: (message: JsonRpcNotification) => void): { receive(message: JsonRpcNotification): void; close(): void } {
  const close = core.hub.relay(publish);
  const receive = (message: JsonRpcNotification) => {
    // Another replica's tools changed: the list this one cached may be stale too (the author's tools/list may read shared state).
    if (message.method === "notifications/tools/list_changed") core.tools.forget();
    core.hub.receive(message);
  };
  return { receive, close };
}

function registryOf(core: ServerCore): Registry {
  if (!core.registry) throw new TypeError("this server was created without definitions (tools, resources, resourceTemplates, prompts): nothing can be added or removed");
  return core.registry;
}

async function dispatch(core: ServerCore, value: unknown, transport: TransportInfo): Promise<JsonRpcResponse | undefined> {
  const message = classify(value);
  const exchange: Exchange = { ...silent, ...transport };
  const session = transport.session;
  switch (message.kind) {
    case "invalid":
      return fail(core, message.id, JSONRPC.invalidRequest, `Invalid Request: ${message.reason}`, undefined, 400);
    case "response":
    case "notification":
      if (session) handleSessionMessage(session, message.message);
      return undefined;
    case "request":
      break;
  }
  const request = message.message;
  if (core.telemetry !== undefined) return traceRequest(core.telemetry, request, tracedExchange(request, transport), exchange, () => answerRequest(core, request, exchange, session, transport));
  return answerRequest(core, request, exchange, session, transport);
}

/** What a span says of the request's connection: its session and version (a session's, once initialized). */
function tracedExchange(request: JsonRpcRequest, transport: TransportInfo): TracedExchange {
  const http = transport.headers !== undefined;
  const session = transport.session;
  return { http, sessionId: http ? session?.id : undefined, protocolVersion: () => claimedVersion(request) ?? session?.binding?.version };
}

async function answerRequest(core: ServerCore, request: JsonRpcRequest, exchange: Exchange, session: Session | undefined, transport: TransportInfo): Promise<JsonRpcResponse | undefined> {
  const forbidden = transport.auth && scopeRefusal(core, request, transport.auth);
  if (forbidden) return forbidden;
  if (claimedVersion(request) !== undefined || headerClaimsStateless(core, transport.headers)) return handleStateless(core, request, exchange);
  if (core.session.length && (session?.binding || isInitialize(core, request.method))) {
    return handleSessionRequest(core, session ?? createSession(core, "ephemeral"), request, exchange);
  }
  if (!core.stateless.length) return fail(core, request.id, JSONRPC.invalidRequest, "Bad Request: no session (send initialize first)", undefined, 400);
  if (request.method === "initialize") return legacyClientRefused(core, request);
  return handleStateless(core, request, exchange);
}

/**
 * A call whose definition needs scopes the transport's verified caller lacks, refused where
 * every transport's messages pass: a custom one that gives `auth` to `handle` gets the check
 * too (toFetchHandler refuses such a call before, with its 403 challenge).
 */
function scopeRefusal(core: ServerCore, request: JsonRpcRequest, auth: AuthInfo): JsonRpcResponse | undefined {
  const needed = core.registry?.scopesFor(request.method, isObject(request.params) ? request.params : {}) ?? [];
  const held = Array.isArray(auth.scopes) ? auth.scopes : [];
  if (needed.every((scope) => held.includes(scope))) return undefined;
  return fail(core, request.id, -32000, `Forbidden: this request needs the scopes ${needed.join(" ")}`, { scopes: [...needed] }, 403);
}

function headerClaimsStateless(core: ServerCore, headers: Headers | undefined): boolean {
  const version = headers?.get(HEADER.protocolVersion);
  return version !== undefined && version !== null && core.stateless.some((b) => b.version === version);
}

/**
 * A session-era client's `initialize` on a server that serves only stateless revisions: the error names
 * the versions it does speak (session-era clients have no way forward but to show it).
 */
function legacyClientRefused(core: ServerCore, request: { id: string | number; params?: Record<string, unknown> }): JsonRpcResponse {
  const supported = [...new Set(core.stateless.map((b) => b.version))];
  const requested = typeof request.params?.["protocolVersion"] === "string" ? request.params["protocolVersion"] : "";
  return fail(core, request.id, -32022, `Unsupported protocol version: this server speaks ${supported.join(", ")} (per-request _meta, no initialize). To serve clients that call initialize, generate the server with their revision too: mcp-gen ${supported.map((v) => `--revision ${v}`).join(" ")} --revision ${requested || "<their revision>"}`, { supported, requested }, 400);
}
