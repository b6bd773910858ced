// What the Streamable HTTP handler reads of a request and what it answers, apart from how they
// travel: a web Request and Response (Deno, Bun, workerd, Hono, any fetch caller), or node:http's
// own objects (http-node.ts), so that node:http answers without building undici's Request and
// Response (most of a small request's cost there). The handler decides; the adapters only carry.
import { readBounded } from "../shared/bytes.js";
import { errorResponse, JSONRPC } from "../shared/messages.js";
import { followSignal, type FollowedSignal } from "./http-signal.js";

/** The header reads the handler (and the Mcp-Param-* check) make. */
export interface HeaderReader {
  get(name: string): string | null;
  keys(): IterableIterator<string>;
}

/** A request as the handler sees it, whichever way it came. */
export interface HttpRequest {
  readonly method: string;
  /** The URL's path, undefined when the URL cannot be parsed. */
  readonly path: string | undefined;
  /** The whole URL (the Host check's fallback when there is no Host header). */
  readonly url: string;
  readonly headers: HeaderReader;
  /** Aborted when the client goes away before the answer ends. */
  readonly signal: AbortSignal;
  /** The signal a request's handler gets: aborted with `signal` until its answer settles, never after (see http-signal.ts). */
  follow(): FollowedSignal;
  /**
   * The body's bytes, up to `maxBytes`: "too-large" past them (the rest is not read), "broken"
   * when the client broke it off, "consumed" when something before the handler read it already.
   */
  body(maxBytes: number): Promise<BodyRead>;
  /** A web Request for the user's callbacks (`principal`, `auth.verify`): the request itself, or one made on demand. */
  web(): Request;
  /** Keeps what cancellation depends on reachable until `done` settles (see http.ts inFlight). */
  hold(done: Promise<unknown>): void;
}

export type BodyRead = Uint8Array | "too-large" | "broken" | "consumed";

/** An answer: status, headers (names in lower case) and a body: text, a stream (SSE) or none. */
export class Reply {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: string | ReadableStream<Uint8Array> | null = null,
  ) {}
}

const JSON_TYPE = "application/json";

/** A JSON answer; one that cannot be serialised (too deep, or too odd) becomes a 500 JSON-RPC error. */
export function jsonReply(body: unknown, status: number, headers?: Record<string, string>): Reply {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    const id = (body as { id?: unknown } | null)?.id;
    text = JSON.stringify(errorResponse(typeof id === "string" || typeof id === "number" ? id : null, JSONRPC.internalError, "Internal error"));
    status = 500;
  }
  return new Reply(status, headers ? { "content-type": JSON_TYPE, ...headers } : { "content-type": JSON_TYPE }, text);
}

/** The content type a web Response gives a string body by itself: said outright, so both adapters send it. */
export const TEXT_TYPE = "text/plain;charset=UTF-8";

/** A reply as a web Response. */
export function toResponse(reply: Reply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/** A web Request as the handler reads it; its body is read as a stream, up to the limit. */
export function webRequest(request: Request): HttpRequest {
  return {
    method: request.method,
    get path() {
      return pathOf(request.url);
    },
    url: request.url,
    headers: request.headers,
    signal: request.signal,
    follow: () => followSignal(request.signal),
    // A body read already (bodyUsed) or being read (locked) has nothing left: getReader() would throw.
    body: (maxBytes) => (request.bodyUsed || request.body?.locked ? Promise.resolve("consumed") : readStream(request.body, maxBytes)),
    web: () => request,
    hold: (done) => holdUntil(request, done),
  };
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/**
 * Requests whose answer is still running. Node's fetch (undici) links `request.signal` to the
 * signal it was built with through a weak reference: once the Request object is collected, a
 * client that goes away no longer aborts it (nodejs/node#55428). Holding each Request until its
 * answer ends keeps cancellation working under memory pressure.
 */
const inFlight = new Set<Request>();

function holdUntil(request: Request, done: Promise<unknown>): void {
  inFlight.add(request);
  const release = () => inFlight.delete(request);
  done.then(release, release);
}

async function readStream(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<BodyRead> {
  // "broken": the client went away (or the stream broke) mid-body; nobody reads this answer.
  return stream ? readBounded(stream, maxBytes) : new Uint8Array(0);
}
