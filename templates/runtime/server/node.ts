// Mounts a fetch handler in node:http (`http.createServer(toNodeListener(handler))`). Typed
// structurally, so the generated code needs no @types/node to compile. The request body is
// streamed to the handler (which reads it only once the request passed its checks, and only up
// to its limit), with backpressure. toFetchHandler's handlers are served without web objects at
// all (NODE_HANDLERS, http-node.ts): same answers, less work per request.

/** What the adapter reads of node:http's IncomingMessage. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** True once the body was read to its end (by a body parser in front of the handler, say). */
  readonly readableEnded?: boolean;
  readonly destroyed?: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off?(event: string, listener: (...args: any[]) => void): unknown;
  pause?(): unknown;
  resume?(): unknown;
}

/** What the adapter uses of node:http's ServerResponse. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  write(chunk: Uint8Array): boolean;
  end(chunk?: Uint8Array | string): unknown;
  flushHeaders?(): void;
  /** Cuts the connection (a stream the server gave up on: see pump). */
  destroy?(): unknown;
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
      // Read already (a body parser in front): node emits nothing more, so say so rather than wait.
      if (request.readableEnded) return controller.error(new TypeError("the request body was already read before the handler, by a body parser"));
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

export function headersOf(request: NodeRequestLike): Headers {
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

/** Aborts when the client goes away before the response ends (and, if given, while `watched()` says so). */
export function clientGone(response: NodeResponseLike, watched?: () => boolean): AbortController {
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableEnded && (!watched || watched())) controller.abort();
  });
  return controller;
}

/**
 * A node request's URL. Its authority is the Host header only when that is a well-formed host:
 * anything else (`localhost@evil.com`) is left to the handler's Host check, which reads the header itself.
 */
export function urlOf(request: NodeRequestLike): URL {
  return new URL(request.url ?? "/", `http://${safeHost(request.headers["host"]) ?? "invalid.host"}`);
}

/** A web Request for a node request; its signal aborts when the client goes away before the answer ends. */
export function toWebRequest(request: NodeRequestLike, response: NodeResponseLike): Request {
  const { signal } = clientGone(response);
  const method = request.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : bodyStream(request);
  // `duplex: "half"` is what fetch requires of a streamed request body.
  const init = { method, headers: headersOf(request), signal, ...(body ? { body, duplex: "half" } : {}) };
  return new Request(urlOf(request), init as RequestInit);
}

/** Writes a web Response to node, streaming its body (SSE included) until it ends or the client leaves. */
export async function writeWebResponse(web: Response, response: NodeResponseLike): Promise<void> {
  const headers: Record<string, string> = {};
  web.headers.forEach((value, name) => (headers[name] = value));
  response.writeHead(web.status, headers);
  if (!web.body) {
    response.end();
    return;
  }
  // A stream's headers go out now, not with its first event.
  if ((headers["content-type"] ?? "").startsWith("text/event-stream")) response.flushHeaders?.();
  await pump(web.body, response);
}

/**
 * Writes a body stream to node with backpressure, until it ends or the client leaves; then ends
 * the response. A stream that errors (the server closed a stream its client let fill up, see
 * http-stream.ts) cuts the connection instead, even while waiting for a client that does not read.
 */
export async function pump(body: ReadableStream<Uint8Array>, response: NodeResponseLike): Promise<void> {
  const reader = body.getReader();
  let gone = false;
  let failed = false;
  let drained: (() => void) | undefined;
  response.on("close", () => {
    gone = true;
    drained?.();
    void reader.cancel().catch(() => undefined);
  });
  reader.closed.catch(() => {
    failed = true;
    drained?.();
  });
  for (;;) {
    const { done, value } = await reader.read().catch(() => ((failed = true), { done: true, value: undefined }));
    if (done || !value || gone || failed) break;
    if (!response.write(value)) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        response.once("drain", () => resolve());
      });
    }
  }
  if (failed && !gone && response.destroy) response.destroy();
  else if (!response.writableEnded) response.end();
}

/**
 * The fetch handlers that also serve node's request and response directly (toFetchHandler's: the
 * same answers, without building web Requests and Responses): toNodeListener calls that instead.
 */
export const NODE_HANDLERS: WeakMap<object, (request: NodeRequestLike, response: NodeResponseLike) => Promise<void>> = new WeakMap();

/** A node:http request listener around a fetch handler. */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (request: NodeRequestLike, response: NodeResponseLike) => void {
  let toldOfAborts = false;
  const report = options.onError ?? ((error: unknown) => console.error(`mcp server (http): ${error instanceof Error ? error.message : String(error)}`));
  return (request, response) => {
    void (async () => {
      try {
        const direct = NODE_HANDLERS.get(handler);
        if (direct) await direct(request, response);
        else await writeWebResponse(await handler(toWebRequest(request, response)), response);
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
