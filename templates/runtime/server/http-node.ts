// toFetchHandler's requests and answers straight on node:http's objects (toNodeListener picks this
// path): the headers read where node parsed them, the body read from node up to the limit, the
// answer written with its length in one go. No undici Request, Headers copy, body stream or
// Response is built for it: under load, those were most of the cost of a small request.
import { clientGone, headersOf, pump, urlOf, type NodeRequestLike, type NodeResponseLike } from "./node.js";
import { concatBytes } from "../shared/bytes.js";
import type { BodyRead, HeaderReader, HttpRequest, Reply } from "./http-reply.js";
import type { FollowedSignal } from "./http-signal.js";

/** node's request headers (names already lower case, repeated ones joined) as the handler reads them. */
class NodeHeaders implements HeaderReader {
  constructor(private readonly raw: NodeRequestLike["headers"]) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  keys(): IterableIterator<string> {
    return Object.keys(this.raw)
      .filter((name) => this.raw[name] !== undefined)
      .sort()
      .values();
  }
}

/** A node request as the handler reads it (a class: one shape, its methods shared, for a hot path). */
class NodeHttpRequest implements HttpRequest {
  readonly method: string;
  readonly headers: NodeHeaders;
  readonly signal: AbortSignal;
  readonly #request: NodeRequestLike;
  readonly #gone: AbortController;
  #answered = false;
  #url: string | undefined;
  #web: Request | undefined;

  constructor(request: NodeRequestLike, response: NodeResponseLike) {
    this.#request = request;
    this.method = request.method ?? "GET";
    this.headers = new NodeHeaders(request.headers);
    // Once a request's answer settles, its signal is left alone (see http-signal.ts): an SSE answer
    // may still be on its way out when the client leaves, and that cancels nothing.
    this.#gone = clientGone(response, () => !this.#answered);
    this.signal = this.#gone.signal;
  }

  get path(): string | undefined {
    return pathOf(this.#request);
  }

  get url(): string {
    return (this.#url ??= urlOf(this.#request).href);
  }

  /** The request's own signal serves as the followed one: no second controller, no listener. */
  follow(): FollowedSignal {
    const settled = () => void (this.#answered = true);
    return { controller: this.#gone, until: (answer) => void answer.then(settled, settled) };
  }

  body(maxBytes: number): Promise<BodyRead> {
    return readNodeBody(this.#request, maxBytes);
  }

  /** For the user's callbacks: method, URL, headers and signal; the body is read by the handler alone. */
  web(): Request {
    return (this.#web ??= new Request(urlOf(this.#request), { method: this.method, headers: headersOf(this.#request), signal: this.signal }));
  }

  /** node holds the request, its response and their listeners until the response ends. */
  hold(): void {}
}

export function nodeRequest(request: NodeRequestLike, response: NodeResponseLike): HttpRequest {
  return new NodeHttpRequest(request, response);
}

/** A path made of these is its own URL path (no dot segments, escapes or backslashes to normalise). */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_~\/-]*$/;

/** The URL's path, as `new URL(...)` gives it: at once for a plain path, else parsed. */
function pathOf(request: NodeRequestLike): string | undefined {
  const target = request.url ?? "/";
  const query = target.indexOf("?");
  const path = query < 0 ? target : target.slice(0, query);
  if (PLAIN_PATH.test(path)) return path;
  try {
    return urlOf(request).pathname;
  } catch {
    return undefined;
  }
}

/**
 * The body's bytes, read from node as they arrive, up to `maxBytes` (past it the rest is discarded
 * unread). A body that ended already (a body parser such as express.json() read it) would never
 * emit `data` or `end` again, and one destroyed never `close` again: both are said at once.
 */
function readNodeBody(request: NodeRequestLike, maxBytes: number): Promise<BodyRead> {
  if (request.readableEnded) return Promise.resolve("consumed");
  if (request.destroyed) return Promise.resolve("broken");
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const data = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size <= maxBytes) chunks.push(chunk);
      else settle("too-large"), request.resume?.();
    };
    const end = () => settle(concatBytes(chunks, size));
    const broken = () => settle("broken");
    const settle = (result: BodyRead) => {
      request.off?.("data", data);
      request.off?.("end", end);
      request.off?.("error", broken);
      request.off?.("close", broken);
      resolve(result);
    };
    request.on("data", data);
    request.on("end", end);
    request.on("error", broken);
    request.on("close", broken);
    // Kept after settling: a client that breaks off the rest of a refused body makes node emit
    // `error`, which with no listener would be an uncaught exception.
    request.on("error", ignore);
  });
}

function ignore(): void {}

const encoder = new TextEncoder();
/** A text of these has as many UTF-8 bytes as characters. */
const ASCII = /^[\x00-\x7f]*$/;

function writeWhole(reply: Reply, body: string | Uint8Array, length: number, response: NodeResponseLike): void {
  response.writeHead(reply.status, { ...reply.headers, "content-length": String(length) });
  response.end(body);
}

/** Writes a reply: a text at once, with its length; a stream (SSE) as it comes, its headers first. */
export async function writeReply(reply: Reply, response: NodeResponseLike): Promise<void> {
  const { body } = reply;
  if (typeof body === "string") {
    // An ASCII text goes to node as it is: node sends it in one write with the headers.
    if (ASCII.test(body)) return writeWhole(reply, body, body.length, response);
    const bytes = encoder.encode(body);
    return writeWhole(reply, bytes, bytes.byteLength, response);
  }
  response.writeHead(reply.status, reply.headers);
  if (body === null) {
    response.end();
    return;
  }
  if ((reply.headers["content-type"] ?? "").startsWith("text/event-stream")) response.flushHeaders?.();
  await pump(body, response);
}
