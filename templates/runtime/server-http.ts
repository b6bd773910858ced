// Streamable HTTP as a web-standard `(Request) => Promise<Response>`: mounts in node:http (see
// server-node.ts), Hono, Deno, Bun or Workers. Stateless requests are answered one by one;
// legacy clients get sessions (`Mcp-Session-Id`, a GET stream, DELETE).
import { decodeHeaderValue, headerMatchesValue, paramHeadersOf, paramValueText, valueAt } from "./headers.js";
import { HEADER } from "./protocol.js";
import { errorResponse, isObject } from "./server-messages.js";
import { checkHostAndOrigin, type OriginOptions } from "./server-origin.js";
import type { McpServer, Session } from "./server.js";
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "./server-types.js";

export interface FetchHandlerOptions extends OriginOptions {
  /** The principal of a request (e.g. from its Authorization header): sealed request states are bound to it. */
  principal?: (request: Request) => string | undefined | Promise<string | undefined>;
  /** The inputSchema of a tool, for checking `Mcp-Param-*` headers. Default: the server's tools/list handler. */
  toolInputSchema?: (name: string) => unknown;
  /** Legacy sessions idle longer than this are closed (ms, default 30 minutes). */
  sessionIdleMs?: number;
}

interface SessionEntry {
  session: Session;
  lastSeen: number;
}

const encoder = new TextEncoder();

/**
 * Requests whose answer is still running. Node's fetch (undici) links `request.signal` to the
 * signal it was built with through a weak reference: once the Request object is collected, a
 * client that goes away no longer aborts it (nodejs/node#55428). Holding each Request until its
 * answer ends keeps cancellation working under memory pressure.
 */
const inFlight = new Set<Request>();

/** Keeps `request` reachable until `done` settles. */
function holdUntil(request: Request, done: Promise<unknown>): void {
  inFlight.add(request);
  const release = () => inFlight.delete(request);
  done.then(release, release);
}
const JSON_HEADERS = { "content-type": "application/json" };

function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function sseEvent(message: unknown): Uint8Array {
  return encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

export function toFetchHandler(server: McpServer, options: FetchHandlerOptions = {}): (request: Request) => Promise<Response> {
  const sessions = new Map<string, SessionEntry>();
  const idle = options.sessionIdleMs ?? 30 * 60_000;
  const sweep = () => {
    const now = Date.now();
    for (const [id, entry] of sessions) {
      if (now - entry.lastSeen <= idle) continue;
      entry.session.close();
      sessions.delete(id);
    }
  };
  return async (request) => {
    const refused = checkHostAndOrigin(request, options);
    if (refused) return jsonResponse(errorResponse(null, -32000, refused), 403);
    switch (request.method) {
      case "POST":
        sweep();
        return post(server, request, options, sessions);
      case "GET":
        return openSessionStream(request, sessions);
      case "DELETE":
        return deleteSession(request, sessions);
      default:
        return new Response(null, { status: 405, headers: { allow: "GET, POST, DELETE" } });
    }
  };
}

async function post(server: McpServer, request: Request, options: FetchHandlerOptions, sessions: Map<string, SessionEntry>): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return jsonResponse(errorResponse(null, -32700, "Parse error"), 400);
  }
  const sessionId = request.headers.get(HEADER.sessionId);
  const entry = sessionId === null ? undefined : sessions.get(sessionId);
  if (sessionId !== null && !entry) return jsonResponse(errorResponse(isObject(body) && "id" in body ? (body["id"] as string) : null, -32001, "Session not found"), 404);
  if (entry) entry.lastSeen = Date.now();
  const isRequest = isObject(body) && typeof body["method"] === "string" && "id" in body;
  if (!isRequest) {
    const answer = await server.handle(body, entry ? { session: entry.session } : {});
    return answer ? jsonResponse(answer, server.statusOf(answer)) : new Response(null, { status: 202 });
  }
  const mismatch = await paramHeaderMismatch(server, request, body as unknown as JsonRpcRequest, options);
  if (mismatch) return jsonResponse(errorResponse((body as JsonRpcRequest).id, -32020, mismatch), 400);
  let session = entry?.session;
  const headers: Record<string, string> = {};
  if (!session && server.opensSession(body as unknown as JsonRpcRequest)) {
    session = server.createSession(crypto.randomUUID());
    headers[HEADER.sessionId] = session.id;
  }
  const principal = options.principal ? await options.principal(request) : undefined;
  const info = { headers: request.headers, signal: request.signal, ...(session ? { session } : {}), ...(principal !== undefined ? { principal } : {}) };
  const response = await stream(server, body as unknown as JsonRpcRequest, info, headers, (answer) => holdUntil(request, answer));
  if (session && !entry && session.binding) sessions.set(session.id, { session, lastSeen: Date.now() });
  return response;
}

/**
 * Runs a request and answers with JSON when nothing precedes its response, or with an SSE stream
 * when notifications (progress, logs, listen) or requests to the client come first.
 */
async function stream(
  server: McpServer,
  request: JsonRpcRequest,
  info: { headers: Headers; signal: AbortSignal; session?: Session; principal?: string },
  headers: Record<string, string>,
  running: (answer: Promise<unknown>) => void,
): Promise<Response> {
  const cancel = new AbortController();
  // A request whose stream closed before it got here is cancelled from the start.
  if (info.signal.aborted) cancel.abort();
  else info.signal.addEventListener("abort", () => cancel.abort(), { once: true });
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const early: unknown[] = [];
  let first: (() => void) | undefined;
  const firstMessage = new Promise<"message">((resolve) => (first = () => resolve("message")));
  const notify = (message: JsonRpcNotification | JsonRpcRequest) => {
    if (controller) controller.enqueue(sseEvent(message));
    else early.push(message);
    first?.();
  };
  const answer = server.handle(request, { ...info, signal: cancel.signal, notify });
  running(answer);
  const winner = await Promise.race([answer.then(() => "answer" as const), firstMessage]);
  if (winner === "answer" && !early.length) {
    const response = await answer;
    if (!response) return new Response(null, { status: 202, headers });
    return jsonResponse(response, server.statusOf(response), headers);
  }
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const message of early.splice(0)) c.enqueue(sseEvent(message));
      void answer.then((response: JsonRpcResponse | undefined) => {
        if (response && !cancel.signal.aborted) c.enqueue(sseEvent(response));
        if (!cancel.signal.aborted) c.close();
      });
    },
    cancel: () => cancel.abort(),
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers } });
}

/** `Mcp-Param-*` headers of a tools/call against the tool's x-mcp-header annotations; a message when they disagree. */
async function paramHeaderMismatch(server: McpServer, request: Request, body: JsonRpcRequest, options: FetchHandlerOptions): Promise<string | undefined> {
  const name = body.params?.["name"];
  if (body.method !== "tools/call" || typeof name !== "string") return undefined;
  const sent = [...request.headers.keys()].filter((h) => h.toLowerCase().startsWith(HEADER.paramPrefix.toLowerCase()));
  const schema = options.toolInputSchema ? await options.toolInputSchema(name) : await server.toolInputSchema(name, body);
  const annotated = paramHeadersOf(schema);
  if (!annotated.ok) return sent.length ? `Header mismatch: tool "${name}" has invalid x-mcp-header annotations` : undefined;
  const args = body.params?.["arguments"];
  for (const param of annotated.headers) {
    const raw = request.headers.get(`${HEADER.paramPrefix}${param.name}`);
    const value = valueAt(args, param.path);
    const expected = paramValueText(value, param.type);
    if (raw === null) {
      if (expected !== undefined) return `Header mismatch: ${HEADER.paramPrefix}${param.name} is missing, the body has ${JSON.stringify(value)}`;
      continue;
    }
    const text = decodeHeaderValue(raw);
    if (text === undefined) return `Header mismatch: ${HEADER.paramPrefix}${param.name} has an invalid value`;
    if (!headerMatchesValue(text, value, param.type)) return `Header mismatch: ${HEADER.paramPrefix}${param.name} header '${text}' does not match body value ${JSON.stringify(value)}`;
  }
  return undefined;
}

function sessionOf(request: Request, sessions: Map<string, SessionEntry>): SessionEntry | Response {
  const id = request.headers.get(HEADER.sessionId);
  if (id === null) return jsonResponse(errorResponse(null, -32000, `Bad Request: ${HEADER.sessionId} header required`), 400);
  return sessions.get(id) ?? jsonResponse(errorResponse(null, -32001, "Session not found"), 404);
}

/** GET: the session's stream for messages outside requests (list changes, resource updates). */
function openSessionStream(request: Request, sessions: Map<string, SessionEntry>): Response {
  const entry = sessionOf(request, sessions);
  if (entry instanceof Response) return entry.status === 400 ? new Response(null, { status: 405, headers: { allow: "POST" } }) : entry;
  const { session } = entry;
  let closed!: () => void;
  holdUntil(request, new Promise<void>((resolve) => (closed = resolve)));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      session.send = (message) => controller.enqueue(sseEvent(message));
      const stop = () => {
        session.send = undefined;
        closed();
      };
      if (request.signal.aborted) stop();
      else request.signal.addEventListener("abort", stop, { once: true });
    },
    cancel: () => {
      session.send = undefined;
      closed();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
}

function deleteSession(request: Request, sessions: Map<string, SessionEntry>): Response {
  const entry = sessionOf(request, sessions);
  if (entry instanceof Response) return entry;
  entry.session.close();
  sessions.delete(entry.session.id);
  return new Response(null, { status: 200 });
}
