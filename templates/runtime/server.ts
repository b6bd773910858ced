// The server object the generated `createServer` returns: one dispatcher for every revision it
// was generated with, stateless (2026-07-28 and later) and session-based (legacy) alike.
import { createCore, fail, type ServerCore } from "./server-core.js";
import { claimedVersion, handleStateless, type Exchange } from "./server-modern.js";
import { classify, JSONRPC } from "./server-messages.js";
import { createSession, handleSessionMessage, handleSessionRequest, isInitialize, type Session } from "./server-session.js";
import type { JsonRpcResponse, RevisionBinding, ServerOptionsBase } from "./server-types.js";
import { HEADER } from "./protocol.js";
import { toolCatalog } from "./server-tools.js";

export type { Exchange } from "./server-modern.js";
export type { Session } from "./server-session.js";

/** What a transport passes along with a message. */
export interface TransportInfo extends Partial<Exchange> {
  /** The legacy session of the connection (stdio) or of `Mcp-Session-Id` (HTTP). */
  session?: Session;
}

export interface McpServer {
  /**
   * Answers one message: a JSON text or a decoded value. Requests get a response; notifications
   * and responses to the server's own requests get undefined.
   */
  handle(message: unknown, transport?: TransportInfo): Promise<JsonRpcResponse | undefined>;
  /** The HTTP status a Streamable HTTP server answers a response with (200 unless an error says otherwise). */
  statusOf(response: JsonRpcResponse): number;
  /** A new legacy session (transports create one per stdio process or `initialize`). */
  createSession(id: string): Session;
  /** True for a request that opens a legacy session (`initialize` without a stateless envelope). */
  opensSession(request: { method: string; params?: Record<string, unknown> }): boolean;
  /** The inputSchema of a tool, from the tools/list handler (for `Mcp-Param-*` checks); cached until tools change. */
  toolInputSchema(name: string, request: { params?: Record<string, unknown> }): Promise<unknown>;
  /** Announces changes to listening clients: `subscriptions/listen` streams and legacy sessions. */
  notify: {
    toolsListChanged(): void;
    promptsListChanged(): void;
    resourcesListChanged(): void;
    resourceUpdated(uri: string): void;
  };
  /** The versions served: stateless ones (answered in discover and -32022) and session ones. */
  readonly versions: { stateless: string[]; session: string[] };
}

const silent: Exchange = { notify: () => undefined };

export function createMcpServer(options: ServerOptionsBase, revisions: RevisionBinding[]): McpServer {
  const core = createCore(options, revisions);
  const tools = toolCatalog(core);
  return {
    handle: (message, transport = {}) => dispatch(core, message, transport),
    statusOf: (response) => core.statuses.get(response) ?? 200,
    createSession: (id) => createSession(core, id),
    opensSession: (request) => core.session.length > 0 && isInitialize(core, request.method) && claimedVersion(request) === undefined,
    toolInputSchema: (name, request) => tools.inputSchema(name, request),
    notify: {
      toolsListChanged: () => (tools.forget(), core.hub.changed("toolsListChanged")),
      promptsListChanged: () => core.hub.changed("promptsListChanged"),
      resourcesListChanged: () => core.hub.changed("resourcesListChanged"),
      resourceUpdated: (uri) => core.hub.resourceUpdated(uri),
    },
    versions: { stateless: [...new Set(core.stateless.map((b) => b.version))], session: [...new Set(core.session.map((b) => b.version))] },
  };
}

async function dispatch(core: ServerCore, raw: unknown, transport: TransportInfo): Promise<JsonRpcResponse | undefined> {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return fail(core, null, JSONRPC.parseError, "Parse error", undefined, 400);
    }
  }
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
  if (claimedVersion(request) !== undefined || headerClaimsStateless(core, transport.headers)) return handleStateless(core, request, exchange);
  if (core.session.length && (session?.binding || isInitialize(core, request.method))) {
    return handleSessionRequest(core, session ?? createSession(core, "ephemeral"), request, exchange);
  }
  if (!core.stateless.length) return fail(core, request.id, JSONRPC.invalidRequest, "Bad Request: no session (send initialize first)", undefined, 400);
  if (request.method === "initialize") return legacyClientRefused(core, request);
  return handleStateless(core, request, exchange);
}

function headerClaimsStateless(core: ServerCore, headers: Headers | undefined): boolean {
  const version = headers?.get(HEADER.protocolVersion);
  return version !== undefined && version !== null && core.stateless.some((b) => b.version === version);
}

/**
 * A legacy client's `initialize` on a server that serves only stateless revisions: the error names
 * the versions it does speak (legacy clients have no way forward but to show it).
 */
function legacyClientRefused(core: ServerCore, request: { id: string | number; params?: Record<string, unknown> }): JsonRpcResponse {
  const supported = [...new Set(core.stateless.map((b) => b.version))];
  const requested = typeof request.params?.["protocolVersion"] === "string" ? request.params["protocolVersion"] : "";
  return fail(core, request.id, -32022, `Unsupported protocol version: this server speaks ${supported.join(", ")} (per-request _meta, no initialize). To serve clients that call initialize, generate the server with their revision too: mcp-gen ${supported.map((v) => `--revision ${v}`).join(" ")} --revision ${requested || "<their revision>"}`, { supported, requested }, 400);
}
