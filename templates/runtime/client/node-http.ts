// The HTTP requests of StreamableHttpTransport on Node: node:http (node:https) with a keep-alive
// agent of the transport's own, instead of the global fetch, whose machinery (undici's fetch,
// web streams, a Response per answer) cost a Node client about 0.5 ms of CPU per POST, most of a
// round trip, against less than 0.1 ms here. Answers keep the shape of a Response the transport
// reads (status, headers, a web stream for SSE) and add a direct, bounded read of a JSON body.
// Typed structurally and loaded on first use: importing this file needs no Node types and works
// in any runtime; elsewhere (Deno, Bun, workers, browsers) the transport uses fetch.
import { concatBytes } from "../shared/bytes.js";

/** What the transport reads of an HTTP answer: a fetch Response has it all. */
export interface HttpAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly type?: string | undefined;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  /** The body as UTF-8 text when it has at most `maxBytes` bytes, else `undefined` (and the rest is not read). */
  readText?(maxBytes: number): Promise<string | undefined>;
}

/** What node:http requests read of a signal (an AbortSignal, or a session's `cancelOf`). */
export interface SignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** A request as the transport makes it (a subset of RequestInit). */
export interface HttpInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** node:http only: read instead of `signal` (a request's cancellation without an AbortController). */
  cancel?: SignalLike | undefined;
}

interface NodeIncoming {
  readonly statusCode?: number | undefined;
  readonly statusMessage?: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly complete: boolean;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end" | "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(error?: Error): unknown;
}

interface NodeRequest {
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "close", listener: () => void): unknown;
  end(body?: string): unknown;
  destroy(error?: Error): unknown;
}

interface NodeAgent {
  destroy(): void;
}

/** What node:http's `request` is given: the URL's parts (read once per URL), the method, headers and agent. */
interface NodeRequestOptions {
  protocol: string;
  hostname: string;
  port: number | string;
  path: string;
  method: string;
  headers: Record<string, string>;
  agent: NodeAgent;
  /** A URL's user info (`user:password`), which node sends as Basic authorization. */
  auth?: string;
}

interface NodeHttpModule {
  request(options: NodeRequestOptions, callback: (response: NodeIncoming) => void): NodeRequest;
  Agent: new (options: { keepAlive: boolean; timeout: number }) => NodeAgent;
}

/** True on Node itself (not Deno, Bun or a worker runtime that mimics `process`). */
export function onNode(): boolean {
  const versions = (globalThis as { process?: { versions?: { node?: unknown; bun?: unknown } } }).process?.versions;
  if (typeof versions?.node !== "string" || versions.bun !== undefined || "Deno" in globalThis) return false;
  const agent = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
  return agent === undefined || (typeof agent === "string" && agent.startsWith("Node.js"));
}

/**
 * `source`'s own enumerable keys set on `target` (a `__proto__` key as a key). A plain copy, not
 * `{ ...source, key }`: on Node 20 (V8 11.3) a spread clone given a key of its own outlived the
 * young generation's collections, so every request's objects were copied and promoted.
 */
export function copyInto(target: Record<string, string>, source: Readonly<Record<string, string>> | undefined): Record<string, string> {
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    if (key === "__proto__") Object.defineProperty(target, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else target[key] = source[key] as string;
  }
  return target;
}

const encoder = new TextEncoder();
const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
/** The length of a text in UTF-8 bytes (Content-Length). */
const byteLength = (text: string): number => (nodeBuffer ? nodeBuffer.byteLength(text) : encoder.encode(text).byteLength);
const cutShort = () => new Error("the response ended before its body was complete");

/** An answer read from node:http's IncomingMessage. */
class NodeAnswer implements HttpAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly type = "basic";
  readonly headers: { get(name: string): string | null };
  private readonly response: NodeIncoming;
  private stream: ReadableStream<Uint8Array> | undefined;
  private taken = false;

  constructor(response: NodeIncoming) {
    this.response = response;
    this.status = response.statusCode ?? 0;
    this.statusText = response.statusMessage ?? "";
    this.ok = this.status >= 200 && this.status <= 299;
    response.on("error", () => undefined); // a body nobody reads may still break off
    const raw = response.headers;
    this.headers = {
      get(name: string): string | null {
        const value = raw[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    };
  }

  /** The body as a web stream (pulled from node as it is read); cancelling it ends the response. */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream) return this.stream;
    const response = this.response;
    const bodiless = this.status === 204 || this.status === 304 || response.headers["content-length"] === "0";
    this.taken = true;
    let settled = false;
    this.stream = new ReadableStream<Uint8Array>({
      start(controller) {
        response.on("data", (chunk) => {
          if (settled) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) response.pause();
        });
        const end = (error?: Error) => {
          if (settled) return;
          settled = true;
          if (error) controller.error(error);
          else controller.close();
        };
        response.on("end", () => end());
        response.on("error", (error) => end(error));
        response.on("close", () => settled || end(response.complete ? undefined : cutShort()));
      },
      pull() {
        response.resume();
      },
      cancel() {
        settled = true;
        // A body that is empty is drained, so that its connection is reused.
        if (bodiless) response.resume();
        else response.destroy();
      },
    });
    return this.stream;
  }

  readText(maxBytes: number): Promise<string | undefined> {
    const response = this.response;
    if (this.taken) return Promise.reject(new TypeError("the body was already read"));
    this.taken = true;
    if (Number(response.headers["content-length"] ?? Number.NaN) > maxBytes) {
      response.destroy();
      return Promise.resolve(undefined);
    }
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      let settled = false;
      response.on("data", (chunk) => {
        if (settled) return;
        size += chunk.byteLength;
        if (size > maxBytes) {
          settled = true;
          response.destroy();
          return resolve(undefined);
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        if (settled) return;
        settled = true;
        resolve(decode(chunks, size));
      });
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      response.on("error", fail);
      response.on("close", () => settled || fail(cutShort()));
    });
  }
}

function decode(chunks: Uint8Array[], size: number): string {
  return new TextDecoder("utf-8").decode(concatBytes(chunks, size));
}

/**
 * How long an idle connection is kept (undici's default), or the server's `Keep-Alive: timeout`
 * less a second when that is shorter: a connection the server is about to close is not reused (a
 * request written as it closes fails with "socket hang up"). Node's agent applies the server's
 * hint only below a timeout of its own; the timeout does not end a request in progress.
 */
const IDLE_SOCKET_MS = 4000;

/** Named through a constant, like node:http: this file compiles without Node's types. */
const URL_MODULE = "node:url";

/** What node's `urlToHttpOptions` (node:url) gives, of which a request takes the URL's parts. */
interface UrlOptions {
  protocol: string;
  hostname: string;
  port?: number | string;
  path: string;
  auth?: string;
}

interface Loaded {
  module: NodeHttpModule;
  agent: NodeAgent;
  /** node:url's `urlToHttpOptions`: what node itself reads of a URL given to `request`. */
  toOptions: (url: URL) => UrlOptions;
}

const abortError = (signal: SignalLike): Error => (signal.reason instanceof Error ? signal.reason : new Error("the request was aborted", { cause: signal.reason }));

/**
 * Requests through node:http or node:https (by the URL's protocol) on keep-alive agents of their
 * own; redirects are never followed (the transport decides). A request ends (and its answer's
 * body breaks off) when its signal aborts or `abortAll()` is called; `close()` ends the connections.
 */
export class NodeHttpClient {
  private readonly modules = new Map<string, Promise<Loaded>>();
  /** The modules loaded so far, by protocol: a request on them starts without waiting a turn. */
  private readonly loaded = new Map<string, Loaded>();
  private readonly inFlight = new Set<NodeRequest>();
  /** The last URL requested and its parts (a transport posts to one URL; node would read it per request). */
  private target: { href: string; parts: UrlOptions } | undefined;
  private closed = false;

  readonly fetch = (url: URL, init: HttpInit): Promise<HttpAnswer> => {
    const loaded = this.loaded.get(url.protocol);
    return loaded ? this.request(loaded, url, init) : this.load(url.protocol).then((ready) => this.request(ready, url, init));
  };

  private request({ module, agent, toOptions }: Loaded, url: URL, init: HttpInit): Promise<HttpAnswer> {
    const signal: SignalLike = init.cancel ?? init.signal;
    if (signal.aborted) return Promise.reject(abortError(signal));
    if (this.closed) return Promise.reject(new Error("the HTTP client was closed"));
    // The body as a string: node writes the head and a string body in one go (a Uint8Array, in two).
    const body = init.body;
    const headers = body === undefined ? init.headers : copyInto({}, init.headers);
    if (body !== undefined) headers["content-length"] = String(byteLength(body));
    const href = url.href;
    const { parts } = this.target?.href === href ? this.target : (this.target = { href, parts: toOptions(url) });
    // Built field by field: a spread of the cached parts would give each request a clone to collect.
    const options: NodeRequestOptions = { protocol: parts.protocol, hostname: parts.hostname, port: parts.port ?? "", path: parts.path, method: init.method, headers, agent };
    if (parts.auth !== undefined) options.auth = parts.auth;
    return new Promise<HttpAnswer>((resolve, reject) => {
      const request = module.request(options, (response) => resolve(new NodeAnswer(response)));
      // One plain listener (node's own `signal` option costs several times more per request).
      const abort = () => request.destroy(abortError(signal));
      signal.addEventListener("abort", abort);
      this.inFlight.add(request);
      request.on("close", () => {
        signal.removeEventListener("abort", abort);
        this.inFlight.delete(request);
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  /** Ends every request in flight (their answers' bodies break off with `reason`). */
  abortAll(reason: Error): void {
    for (const request of this.inFlight) request.destroy(reason);
    this.inFlight.clear();
  }

  /** Ends every connection the agents hold. */
  close(reason: Error): void {
    this.closed = true;
    this.abortAll(reason);
    for (const loaded of this.modules.values()) void loaded.then(({ agent }) => agent.destroy(), () => undefined);
  }

  private load(protocol: string): Promise<Loaded> {
    let loaded = this.modules.get(protocol);
    if (!loaded) {
      if (protocol !== "http:" && protocol !== "https:") return Promise.reject(new TypeError(`unsupported protocol ${protocol}`));
      const specifier = protocol === "https:" ? "node:https" : "node:http";
      const modules = [import(/* @vite-ignore */ specifier) as Promise<NodeHttpModule>, import(/* @vite-ignore */ URL_MODULE) as Promise<{ urlToHttpOptions(url: URL): UrlOptions }>] as const;
      loaded = Promise.all(modules).then(([module, { urlToHttpOptions }]) => {
        const agent = new module.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
        if (this.closed) agent.destroy();
        const ready = { module, agent, toOptions: urlToHttpOptions };
        this.loaded.set(protocol, ready);
        return ready;
      });
      this.modules.set(protocol, loaded);
    }
    return loaded;
  }
}
