// Streamable HTTP as a web-standard `(Request) => Promise<Response>`: mounts in Hono, Deno, Bun or
// Workers, and in node:http through toNodeListener, which reaches the same handler without web
// Request and Response objects (http-reply.ts, http-node.ts). Stateless requests are answered one by one;
// session-era clients get sessions (`Mcp-Session-Id`, a GET stream, DELETE). Everything that can be
// checked without the body (path, method, Host/Origin, Content-Type, Content-Length) is checked
// before a byte of it is read; the body is then read up to a limit and decoded once.
import { BodyRefusal, DEFAULT_MAX_BODY_BYTES, decodeBody, readBody, refuseBeforeReading } from "./http-body.js";
import { SessionTable, type StreamHandle } from "./http-sessions.js";
import { eventStream, SSE_HEADERS, STREAM_HIGH_WATER_BYTES, type EventStream } from "./http-stream.js";
import type { FollowedSignal } from "./http-signal.js";
import { NODE_HANDLERS } from "./node.js";
import { nodeRequest, writeReply } from "./http-node.js";
import { jsonReply, Reply, TEXT_TYPE, toResponse, webRequest, type HttpRequest } from "./http-reply.js";
import { HEADER } from "../shared/protocol.js";
import { errorResponse, JSONRPC, ProtocolError } from "../shared/messages.js";
import { checkHostAndOrigin, type OriginOptions } from "./origin.js";
import { authenticate, metadataResponse, principalOfAuth, resourceServer, scopeRefusal, type AuthOptions, type ResourceServer } from "./auth.js";
import { memoryStore } from "../stores/memory.js";
import { StoreUnavailableError, type McpStore } from "../stores/store.js";
import type { McpServer, Session, TransportInfo } from "./server.js";
import type { AuthInfo, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "./types.js";

export interface FetchHandlerOptions extends OriginOptions {
  /**
   * OAuth 2.1 resource server: the protected-resource metadata (RFC 9728), bearer tokens checked
   * by `verify` (401 without a valid one), and the scopes definitions declare (403 without them).
   * Handlers see the caller as `ctx.auth`; sessions and sealed states are bound to it. Default: none.
   */
  auth?: AuthOptions;
  /**
   * The principal of a request (default with `auth`: the token's subject and client): sealed
   * request states and sessions are bound to it. It reads the request's method, URL,
   * headers and signal; the body is the handler's (read already, or, under toNodeListener, absent).
   */
  principal?: (request: Request) => string | undefined | Promise<string | undefined>;
  /** The inputSchema of a tool, for checking `Mcp-Param-*` headers. Default: the server's tools/list handler, called with the request's own context. */
  toolInputSchema?: (name: string) => unknown;
  /** The MCP endpoint's path (e.g. "/mcp"): other paths get 404 before their body is read. Default: every path. */
  path?: string;
  /** The largest POST body in bytes (default 4 MiB): a larger one gets 413, and is not read past the limit. */
  maxBodyBytes?: number;
  /** Sessions idle longer than this are closed, with their GET streams (ms, default 30 minutes). */
  sessionIdleMs?: number;
  /** The most sessions held at once (default 10,000). */
  maxSessions?: number;
  /** The most sessions one principal holds at once (default 100), so that one caller never evicts another's; sessions without a principal count toward `maxSessions` only. */
  maxSessionsPerPrincipal?: number;
  /** When `maxSessions` (or the principal's `maxSessionsPerPrincipal`) are open: close the least recently used one (default), or refuse the new one with 503. */
  whenSessionsFull?: "evict-oldest" | "refuse";
  /**
   * Where sessions, their GET streams' events and the notifications of other replicas
   * live. Default: `memoryStore()`, this process alone. Give every replica the same shared store
   * (`redisStore(client)` from stores/redis.ts) to serve one client from any of them.
   */
  store?: McpStore;
  /** Events each session keeps for a GET stream that reconnects with `Last-Event-ID` (default 100). */
  eventWindow?: number;
  /**
   * The largest answer a client may POST to a request the server sent it (elicitation, sampling,
   * roots) on a session, in bytes (default 1 MiB): a larger one gets 413, and the request
   * awaiting it fails with an error saying so (a shared store keeps the answer until its replica takes it).
   */
  maxAnswerBytes?: number;
  /**
   * The bytes of events any server-sent stream queues for a client that reads slowly or not at
   * all, beyond what node and the kernel buffer (default 64 KiB). At the mark a session's GET stream
   * pauses (its events wait in the session's log); a `subscriptions/listen` stream or a request
   * answered as SSE is closed (its request cancelled): nothing else would keep its events.
   */
  streamHighWaterBytes?: number;
}

const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;

const encoder = new TextEncoder();

/** The session header as the replies name it (lower case, as a web Response's headers give every name). */
const SESSION_HEADER = HEADER.sessionId.toLowerCase();

const refused = (refusal: BodyRefusal) => jsonReply(refusal.answer, refusal.status);

/** Sent first on a GET stream, so that its headers reach the client at once. */
const PRIMING = encoder.encode(":\n\n");

interface HttpContext {
  server: McpServer;
  options: FetchHandlerOptions;
  sessions: SessionTable;
  /** The server serves sessions (it was generated with a revision that has `initialize`). */
  servesSessions: boolean;
  /** Set with the `auth` option. */
  resource: ResourceServer | undefined;
}

/** A handler made by toFetchHandler: a web-standard `(Request) => Promise<Response>`, and the paths it answers. */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /**
   * The paths a framework's router must send to this handler: `path`, then, with `auth`, the
   * metadata's (RFC 9728: the path-suffixed one, then the bare one), which a client reads after
   * its first 401. mountExpress, mountHono and mountFastify mount them all. Empty without `path`:
   * the handler answers every path then, and is served whole (Deno.serve, Bun.serve, a worker).
   */
  readonly routes: readonly string[];
}

export function toFetchHandler(server: McpServer, options: FetchHandlerOptions = {}): FetchHandler {
  const limits = { idleMs: options.sessionIdleMs ?? 30 * 60_000, maxSessions: options.maxSessions ?? 10_000, maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? 100, whenFull: options.whenSessionsFull ?? "evict-oldest", eventWindow: options.eventWindow ?? 100 } as const;
  const sessions = new SessionTable(server, options.store ?? memoryStore(), limits);
  const resource = options.auth ? resourceServer(options.auth) : undefined;
  const context: HttpContext = { server, options, sessions, servesSessions: server.versions.session.length > 0, resource };
  const answerWeb = async (request: Request): Promise<Response> => toResponse(await answer(context, webRequest(request)));
  const routes = Object.freeze(options.path === undefined ? [] : [options.path, ...(resource?.metadataPaths ?? [])]);
  const handler: FetchHandler = Object.assign(answerWeb, { routes });
  // toNodeListener serves node's requests with the same answers, without web Requests and Responses.
  NODE_HANDLERS.set(handler, async (request, response) => writeReply(await answer(context, nodeRequest(request, response)), response));
  return handler;
}

/** Every request: the checks that need no body (path, method, Host/Origin, the token), then its method's answer. */
async function answer(context: HttpContext, request: HttpRequest): Promise<Reply> {
  const { options, resource } = context;
  const path = request.path;
  const metadata = resource && metadataResponse(resource, request.method, path);
  if (metadata) return metadata;
  if (options.path !== undefined && path !== options.path) return new Reply(404, { "content-type": TEXT_TYPE }, "Not Found");
  const allowed = context.servesSessions ? "GET, POST, DELETE" : "POST";
  if (request.method !== "POST" && (!context.servesSessions || (request.method !== "GET" && request.method !== "DELETE"))) return new Reply(405, { allow: allowed });
  const origin = checkHostAndOrigin(request, options);
  if (origin) return jsonReply(errorResponse(null, -32000, origin), 403);
  const auth = resource ? await authenticate(resource, request, (error) => context.server.reportError(error)) : undefined;
  if (auth instanceof Reply) return auth;
  switch (request.method) {
    case "POST":
      return post(context, request, auth);
    case "GET":
      return openSessionStream(context, request, auth);
    default:
      return deleteSession(context, request, auth);
  }
}

async function principalOf(context: HttpContext, request: HttpRequest, auth: AuthInfo | undefined): Promise<string | undefined> {
  if (context.options.principal) return await context.options.principal(request.web());
  return auth && principalOfAuth(auth);
}

async function post(context: HttpContext, request: HttpRequest, auth: AuthInfo | undefined): Promise<Reply> {
  const max = context.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const early = refuseBeforeReading(request.headers, max);
  if (early) return refused(early);
  const bytes = await readBody(request, max);
  if (bytes instanceof BodyRefusal) return refused(bytes);
  const body = decodeBody(bytes);
  if (body instanceof BodyRefusal) return refused(body);
  // A request for what the token's scopes do not cover: 403 naming them all, before it runs.
  const short = auth && context.resource && scopeRefusal(context.resource, auth, context.server.requiredScopes(body), idOf(body));
  if (short) return short;
  const principal = await principalOf(context, request, auth);
  const found = request.headers.get(HEADER.sessionId) === null ? undefined : await legacySession(context, request, principal, body);
  if (found instanceof Reply) return found;
  // The session stays acquired until its answer ends (an SSE answer runs on after this returns).
  let held = found !== undefined;
  const release = () => {
    if (held && found) context.sessions.release(found);
    held = false;
  };
  try {
    return await answerPost(context, request, body, { principal, auth, found, release, size: bytes.length });
  } catch (error) {
    release();
    return storeFailure(context, error, idOf(body));
  }
}

interface PostState {
  principal: string | undefined;
  auth: AuthInfo | undefined;
  /** The session the request named (acquired), if any. */
  found: Session | undefined;
  release: () => void;
  /** The body's size in bytes. */
  size: number;
}

async function answerPost(context: HttpContext, request: HttpRequest, body: Record<string, unknown>, state: PostState): Promise<Reply> {
  const { principal, auth, found } = state;
  // Built field by field, with no object spread per request; an absent field is left unset.
  const base: TransportInfo & { signal: AbortSignal } = { headers: request.headers as Headers, signal: request.signal };
  if (found) base.session = found;
  if (principal !== undefined) base.principal = principal;
  if (auth) base.auth = auth;
  if (context.options.toolInputSchema) base.toolInputSchema = context.options.toolInputSchema;
  const isRequest = typeof body["method"] === "string" && "id" in body;
  if (!isRequest) {
    const max = context.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    const tooLarge = found !== undefined && !("method" in body) && state.size > max;
    // An answer too large is not kept nor sent on: the request awaiting it gets an error instead.
    const message = tooLarge ? errorResponse(idOf(body), JSONRPC.invalidRequest, `the client's answer was larger than ${max} bytes (maxAnswerBytes)`) : (body as unknown as JsonRpcMessage);
    // An answer to a request another replica sent (or a cancellation of one it runs) goes there.
    if (found) await context.sessions.forward(found, message);
    const answer = await context.server.handle(message, base);
    state.release();
    if (tooLarge) return jsonReply(errorResponse(null, JSONRPC.invalidRequest, `Invalid Request: an answer larger than ${max} bytes (maxAnswerBytes) is refused; this one has ${state.size}`), 413);
    return answer ? jsonReply(answer, context.server.statusOf(answer)) : new Reply(202, {});
  }
  const message = body as unknown as JsonRpcRequest;
  const headers: Record<string, string> = {};
  let session = found;
  if (!session && context.servesSessions && context.server.opensSession(message)) {
    session = context.server.createSession(crypto.randomUUID(), { listen: false });
    headers[SESSION_HEADER] = session.id;
  }
  const running = (answer: Promise<unknown>) => {
    request.hold(answer);
    answer.then(state.release, state.release);
  };
  if (session) base.session = session;
  const response = await stream(context, message, base, headers, running, request.follow());
  const full = session && !found && session.binding ? await context.sessions.add(session, principal) : undefined;
  if (session && full) {
    session.close();
    return jsonReply(errorResponse(message.id, -32000, `Service Unavailable: ${full}`), 503, { "retry-after": "60" });
  }
  return response;
}

function idOf(body: Record<string, unknown> | undefined): string | number | null {
  const id = body?.["id"];
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** A store that failed a request: 503 when it is unreachable (a retry may succeed), else 500, reported. */
function storeFailure(context: HttpContext, error: unknown, id: string | number | null): Reply {
  if (error instanceof ProtocolError) return jsonReply(errorResponse(id, error.code, error.message, error.data), error.httpStatus);
  if (error instanceof StoreUnavailableError) return jsonReply(errorResponse(id, -32000, "Service Unavailable: the session store is unreachable; retry shortly"), 503, { "retry-after": "1" });
  context.server.reportError(error);
  return jsonReply(errorResponse(id, JSONRPC.internalError, "Internal error"), 500);
}

/**
 * The session a request names, when the server keeps sessions, acquired (the caller
 * releases it): 404 when it is unknown (or belongs to another principal), 400 when its
 * `MCP-Protocol-Version` is not the session's, 503 when the store cannot say. A server without
 * session-era revisions ignores the header (2026-07-28: "ignore it").
 */
async function legacySession(context: HttpContext, request: HttpRequest, principal: string | undefined, body: Record<string, unknown> | undefined): Promise<Session | undefined | Reply> {
  const id = request.headers.get(HEADER.sessionId);
  if (id === null || !context.servesSessions) return undefined;
  const requestId = idOf(body);
  let session: Session | undefined;
  try {
    session = await context.sessions.acquire(id, principal);
  } catch (error) {
    return storeFailure(context, error, requestId);
  }
  if (!session) return jsonReply(errorResponse(requestId, -32001, "Session not found"), 404);
  const version = request.headers.get(HEADER.protocolVersion);
  const negotiated = session.binding?.version;
  if (version !== null && negotiated !== undefined && version !== negotiated) {
    context.sessions.release(session);
    return jsonReply(errorResponse(requestId, JSONRPC.invalidRequest, `Bad Request: ${HEADER.protocolVersion} ${version} is not this session's version (${negotiated})`), 400);
  }
  return session;
}

/**
 * Runs a request and answers with JSON when nothing precedes its response, or with an SSE stream
 * when notifications (progress, logs, listen) or requests to the client come first.
 */
async function stream(context: HttpContext, request: JsonRpcRequest, info: TransportInfo & { signal: AbortSignal }, headers: Record<string, string>, running: (answer: Promise<unknown>) => void, followed: FollowedSignal): Promise<Reply> {
  const { server, sessions } = context;
  const cancel = followed.controller;
  // Made with the first message (a request answered before any gets JSON): from then on bounded,
  // and closed (the request cancelled) when the client lets it reach the high-water mark.
  let events: EventStream | undefined;
  const open = () => (events ??= eventStream({ highWaterBytes: highWaterOf(context), atMark: "close", cancel: () => cancel.abort() }));
  let first: (() => void) | undefined;
  const firstMessage = new Promise<"message">((resolve) => (first = () => resolve("message")));
  const notify = (message: JsonRpcNotification | JsonRpcRequest) => {
    open().send(message);
    first?.();
  };
  info.signal = cancel.signal;
  info.notify = notify;
  const answer = afterPublished(server.handle(request, info), sessions);
  followed.until(answer);
  running(answer);
  const winner = await Promise.race([answer.then(() => "answer" as const), firstMessage]);
  if (winner === "answer" && !events) {
    const response = await answer;
    if (!response) return new Reply(202, headers);
    return jsonReply(response, server.statusOf(response), { ...headers, ...server.headersOf(response) });
  }
  const sent = open();
  void answer.then((response: JsonRpcResponse | undefined) => {
    if (!cancel.signal.aborted) sent.end(response);
  });
  return new Reply(200, { ...SSE_HEADERS, ...headers }, sent.body);
}

function highWaterOf(context: HttpContext): number {
  return context.options.streamHighWaterBytes ?? STREAM_HIGH_WATER_BYTES;
}

/** The answer, once the notifications published while it ran are in the store (see SessionTable.published). */
function afterPublished<T>(answer: Promise<T>, sessions: SessionTable): Promise<T> {
  return answer.then((response) => {
    const pending = sessions.published();
    return pending ? pending.then(() => response) : response;
  });
}

/** The session of a GET or DELETE, acquired: 400 without the header, 404 when unknown (see legacySession). */
async function sessionFor(context: HttpContext, request: HttpRequest, auth: AuthInfo | undefined): Promise<Session | Reply> {
  if (request.headers.get(HEADER.sessionId) === null) return jsonReply(errorResponse(null, -32000, `Bad Request: ${HEADER.sessionId} header required`), 400);
  const found = await legacySession(context, request, await principalOf(context, request, auth), undefined);
  return found ?? jsonReply(errorResponse(null, -32001, "Session not found"), 404);
}

/**
 * GET: a stream for the session's messages outside requests (list changes, resource updates),
 * each with the id its log gave it. With `Last-Event-ID`, what was logged after that id comes
 * first, so a client that lost its stream (on this replica or another) misses nothing.
 */
async function openSessionStream(context: HttpContext, request: HttpRequest, auth: AuthInfo | undefined): Promise<Reply> {
  if (request.headers.get(HEADER.sessionId) === null) return new Reply(405, { allow: "POST, DELETE" });
  const session = await sessionFor(context, request, auth);
  if (session instanceof Reply) return session;
  let closed!: () => void;
  const ended = new Promise<void>((resolve) => (closed = resolve));
  let handle: StreamHandle | undefined;
  let gone = false;
  const end = () => {
    gone = true;
    handle?.detach();
    handle = undefined;
    closed();
  };
  // Paused at the mark: pull() runs when the client has read the queue down below it.
  const events = eventStream({ highWaterBytes: highWaterOf(context), atMark: "pause", prelude: PRIMING, pull: () => handle?.resume(), cancel: end });
  const sink = {
    send: (event: { id: string; message: unknown }) => void (!gone && events.send(event.message, event.id)),
    ready: () => !gone && events.room(),
    close: () => {
      end();
      events.end();
    },
  };
  try {
    handle = await context.sessions.attach(session, lastEventIdOf(request), sink);
  } catch (error) {
    return storeFailure(context, error, null);
  } finally {
    context.sessions.release(session);
  }
  if (!handle) return jsonReply(errorResponse(null, -32001, "Session not found"), 404);
  request.hold(ended);
  if (request.signal.aborted) end();
  else request.signal.addEventListener("abort", end, { once: true });
  return new Reply(200, { ...SSE_HEADERS }, events.body);
}

function lastEventIdOf(request: HttpRequest): string | undefined {
  const id = request.headers.get("last-event-id");
  return id === null || id === "" ? undefined : id;
}

async function deleteSession(context: HttpContext, request: HttpRequest, auth: AuthInfo | undefined): Promise<Reply> {
  const session = await sessionFor(context, request, auth);
  if (session instanceof Reply) return session;
  try {
    await context.sessions.close(session.id);
  } catch (error) {
    return storeFailure(context, error, null);
  } finally {
    context.sessions.release(session);
  }
  return new Reply(200, {});
}
