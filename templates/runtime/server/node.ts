// Mounts a fetch handler in node:http (`http.createServer(toNodeListener(handler))`). Typed
// structurally, so the generated code needs no @types/node to compile. The request body is
// streamed to the handler (which reads it only once the request passed its checks, and only up
// to its limit), with backpressure.

/** What the adapter reads of node:http's IncomingMessage. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off?(event: string, listener: (...args: any[]) => void): unknown;
  pause?(): unknown;
  resume?(): unknown;
}

/** What the adapter uses of node:http's ServerResponse. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  write(chunk: Uint8Array): boolean;
  end(chunk?: Uint8Array): unknown;
  flushHeaders?(): void;
  on(event: string, listener: (...args: any[]) => void): unknown;
  once(event: string, listener: (...args: any[]) => void): unknown;
  readonly writableEnded: boolean;
  readonly headersSent: boolean;
}

export interface NodeListenerOptions {
  /**
   * Failures of the adapter itself (not of requests: those are answered). Default: one line on
   * stderr. A client that goes away mid-request is expected, not a failure: it is reported once.
   */
  onError?: ((error: unknown) => void) | undefined;
}

/** The body as a web stream: data is pulled from node as the handler reads, and never buffered whole. */
function bodyStream(request: NodeRequestLike): ReadableStream<Uint8Array> {
  let onData: ((chunk: Uint8Array) => void) | undefined;
  // Once cancelled (the handler refused the body), the stream is closed: node's later `end` or
  // `error` must not touch the controller, or it throws ERR_INVALID_STATE and kills the process.
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.pause?.();
      onData = (chunk) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) request.pause?.();
      };
      request.on("data", onData);
      request.on("end", () => {
        if (!settled) (settled = true), controller.close();
      });
      request.on("error", (error: unknown) => {
        if (!settled) (settled = true), controller.error(error);
      });
    },
    pull() {
      request.resume?.();
    },
    cancel() {
      settled = true;
      // Not read past the limit: the rest is discarded as it arrives (node drains it), never kept.
      if (onData) request.off?.("data", onData);
      request.resume?.();
    },
  });
}

function headersOf(request: NodeRequestLike): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** A host as URL authority syntax allows it (a name or an IP literal, an optional port), or undefined. */
function safeHost(host: unknown): string | undefined {
  if (typeof host !== "string" || !/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return undefined;
  try {
    return new URL(`http://${host}/`).host;
  } catch {
    return undefined;
  }
}

/**
 * A web Request for a node request; its signal aborts when the client goes away before the answer
 * ends. The URL's authority is the Host header only when that is a well-formed host: anything else
 * (`localhost@evil.com`) is left to the handler's Host check, which reads the header itself.
 */
export function toWebRequest(request: NodeRequestLike, response: NodeResponseLike): Request {
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableEnded) controller.abort();
  });
  const method = request.method ?? "GET";
  const url = new URL(request.url ?? "/", `http://${safeHost(request.headers["host"]) ?? "invalid.host"}`);
  const body = method === "GET" || method === "HEAD" ? undefined : bodyStream(request);
  // `duplex: "half"` is what fetch requires of a streamed request body.
  const init = { method, headers: headersOf(request), signal: controller.signal, ...(body ? { body, duplex: "half" } : {}) };
  return new Request(url, init as RequestInit);
}

/**
 * The JSON text of the answers toFetchHandler makes (a JSON-RPC answer, not a stream): node writes
 * it at once, with its length, instead of reading the Response's body stream back chunk by chunk
 * (in a profile of tools/call over node:http, that round trip was a quarter of the server's time).
 */
export const JSON_TEXTS: WeakMap<Response, string> = new WeakMap();
const encoder = new TextEncoder();

/** Writes a web Response to node, streaming its body (SSE included) until it ends or the client leaves. */
export async function writeWebResponse(web: Response, response: NodeResponseLike): Promise<void> {
  const headers: Record<string, string> = {};
  web.headers.forEach((value, name) => (headers[name] = value));
  const text = JSON_TEXTS.get(web);
  if (text !== undefined) {
    const bytes = encoder.encode(text);
    headers["content-length"] = String(bytes.byteLength);
    response.writeHead(web.status, headers);
    response.end(bytes);
    return;
  }
  response.writeHead(web.status, headers);
  if (!web.body) {
    response.end();
    return;
  }
  // A stream's headers go out now, not with its first event.
  if ((headers["content-type"] ?? "").startsWith("text/event-stream")) response.flushHeaders?.();
  const reader = web.body.getReader();
  let gone = false;
  let drained: (() => void) | undefined;
  response.on("close", () => {
    gone = true;
    drained?.();
    void reader.cancel().catch(() => undefined);
  });
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done || !value || gone) break;
    if (!response.write(value)) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        response.once("drain", () => resolve());
      });
    }
  }
  if (!response.writableEnded) response.end();
}

/**
 * The fetch handlers (toFetchHandler's, without a `principal` callback) that read of a request
 * only its method, URL, headers' get() and keys(), signal and body: a POST reaches them as a
 * lighter object than undici's Request (no URL re-parse, no Headers copy, no body stream), its
 * body read straight from node up to the limit. Any other handler gets a real Request.
 */
export const LIGHT_REQUEST_HANDLERS: WeakSet<object> = new WeakSet();
/** How a light request's body is read: its bytes, or why not (over `maxBytes`, or broken off). */
export const NODE_BODIES: WeakMap<object, (maxBytes: number) => Promise<Uint8Array | "too-large" | "broken">> = new WeakMap();

/** node's request headers (names already lower case, repeated ones joined) as the handler reads them. */
class NodeHeaders {
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

/** The body's bytes, read from node as they arrive, up to `maxBytes` (past it the rest is discarded unread). */
function readNodeBody(request: NodeRequestLike, maxBytes: number): Promise<Uint8Array | "too-large" | "broken"> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const listeners: Record<string, (...args: any[]) => void> = {
      data: (chunk: Uint8Array) => {
        size += chunk.byteLength;
        if (size <= maxBytes) chunks.push(chunk);
        else settle("too-large"), request.resume?.();
      },
      end: () => settle(joined(chunks, size)),
      error: () => settle("broken"),
      close: () => settle("broken"),
    };
    const settle = (result: Uint8Array | "too-large" | "broken") => {
      for (const [event, listener] of Object.entries(listeners)) request.off?.(event, listener);
      resolve(result);
    };
    for (const [event, listener] of Object.entries(listeners)) request.on(event, listener);
    // Kept after settling: a client that breaks off the rest of a refused body makes node emit
    // `error`, which with no listener would be an uncaught exception.
    request.on("error", ignore);
  });
}

function ignore(): void {}

function joined(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) body.set(chunk, at), (at += chunk.byteLength);
  return body;
}

/** A POST as a light request (see LIGHT_REQUEST_HANDLERS), its signal as toWebRequest's. */
function lightRequest(request: NodeRequestLike, response: NodeResponseLike): Request {
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableEnded) controller.abort();
  });
  const url = new URL(request.url ?? "/", `http://${safeHost(request.headers["host"]) ?? "invalid.host"}`).href;
  const light = { method: "POST", url, headers: new NodeHeaders(request.headers), signal: controller.signal, body: null };
  NODE_BODIES.set(light, (maxBytes) => readNodeBody(request, maxBytes));
  return light as unknown as Request;
}

/** A node:http request listener around a fetch handler. */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (request: NodeRequestLike, response: NodeResponseLike) => void {
  let toldOfAborts = false;
  const report = options.onError ?? ((error: unknown) => console.error(`mcp server (http): ${error instanceof Error ? error.message : String(error)}`));
  return (request, response) => {
    void (async () => {
      try {
        const light = request.method === "POST" && LIGHT_REQUEST_HANDLERS.has(handler);
        await writeWebResponse(await handler(light ? lightRequest(request, response) : toWebRequest(request, response)), response);
      } catch (error) {
        const gone = response.writableEnded === false && (error as { code?: unknown } | null)?.code === "ECONNRESET";
        if (!gone) report(error);
        else if (!toldOfAborts) {
          toldOfAborts = true;
          report(new Error("a client went away mid-request (expected; further ones are not reported)"));
        }
        if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
        if (!response.writableEnded) response.end();
      }
    })();
  };
}
