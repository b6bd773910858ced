// The Streamable HTTP transport of a client, on web-standard fetch (node:http on Node, see
// node-http.ts): one POST per message with the
// standard headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*), JSON or SSE
// responses, a JSON-RPC error in a 4xx body delivered as that error, and for session-era connections
// (2025-11-25 and earlier) Mcp-Session-Id, the GET stream and resumption with Last-Event-ID.
import { authRefusal } from "./auth-errors.js";
import { ClientError } from "./errors.js";
import { DEFAULT_MAX_MESSAGE_BYTES, readBoundedText } from "./http-body.js";
import { NodeHttpClient, copyInto, onNode, type HttpAnswer, type HttpInit } from "./node-http.js";
import { anySignal } from "../shared/signals.js";
import { cancelOf } from "./channel.js";
import { encodeHeaderValue } from "../shared/headers.js";
import { classifyMessage, parseMessage, type JsonRpcMessage, type JsonRpcRequest } from "../shared/jsonrpc.js";
import { HEADER, META, nameSourceOf } from "../shared/protocol.js";
import { SseParser, readSse } from "../shared/sse.js";
import type { Transport, TransportSendOptions } from "../shared/transport.js";

export type HeadersHook = () => Record<string, string> | Promise<Record<string, string>>;

export interface HttpTransportOptions {
  /** Headers for every request, or a hook called per request (a bearer token that rotates). */
  headers?: Record<string, string> | HeadersHook | undefined;
  /** The fetch to use (default: node:http on Node, see `nodeHttp`; the global fetch elsewhere). */
  fetch?: ((url: URL, init: RequestInit) => Promise<Response>) | undefined;
  /**
   * On Node, without `fetch`: requests go through node:http (node:https) on a keep-alive agent of
   * the transport's own (default true), several times cheaper per request than Node's fetch;
   * false: the global fetch (an undici dispatcher set globally, a proxy, applies to it only).
   */
  nodeHttp?: boolean | undefined;
  /** Session-era: open the GET stream for server messages after initialization (default true). */
  openGetStream?: boolean | undefined;
  /**
   * Session-era: how long the handshake waits for the GET stream's answer before the first
   * request goes (default 2000 ms; 0: not at all). A server may send requests on that stream as
   * soon as it is initialized, and one that has no stream yet drops them (the SDK 1.x server does).
   */
  getStreamWaitMs?: number | undefined;
  /** Session-era: how often a cut SSE stream is resumed with Last-Event-ID (default 2). */
  maxReconnects?: number | undefined;
  /** Session-era: the wait before resuming when the server gave no `retry` (default 1000 ms). */
  defaultRetryMs?: number | undefined;
  /**
   * Redirects: followed only within the URL's own origin (default; at most 5, keeping the method
   * and body only for 307/308), or never ("error"). A redirect to another origin is never
   * followed, so user headers (tokens, API keys) and bodies never leave the origin they were given for.
   */
  redirects?: "same-origin" | "error" | undefined;
  /** The longest SSE line read, in characters (default 64 Mi): a longer one's event is dropped and reported. */
  maxSseLineLength?: number | undefined;
  /**
   * The longest JSON answer (or error body) read, in bytes (default 64 MiB): a longer one fails its
   * request (ClientError "http") as soon as it passes the bound, and its body is cancelled.
   */
  maxMessageBytes?: number | undefined;
  /** What arrived that the client does not act on (an SSE event that is not JSON-RPC, a request a stateless server may not send). */
  onProtocolNoise?: ((line: string, reason: string) => void) | undefined;
}

const MAX_REDIRECTS = 5;

const JSON_TYPE = "application/json";
const SSE_TYPE = "text/event-stream";
const ACCEPT = `${JSON_TYPE}, ${SSE_TYPE}`;

function contentType(response: HttpAnswer): string {
  return (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The protocol version a message claims in its `_meta` envelope (2026-07-28 and later). */
function envelopeVersion(message: JsonRpcMessage): string | undefined {
  const meta = "method" in message ? message.params?.["_meta"] : undefined;
  const version = meta !== null && typeof meta === "object" ? (meta as { [key: string]: unknown })[META.protocolVersion] : undefined;
  return typeof version === "string" ? version : undefined;
}

const methodOf = (message: JsonRpcMessage) => ("method" in message ? message.method : "a response");

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    if (signal.aborted) return done();
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

export class StreamableHttpTransport implements Transport {
  readonly hasPerRequestStream = true;
  /** The session id the server assigned, if any. */
  sessionId: string | undefined;
  onclose?(): void;
  onerror?(error: Error): void;
  onmessage?(message: JsonRpcMessage): void;
  private readonly url: URL;
  readonly endpoint: string;
  private readonly options: HttpTransportOptions;
  private readonly closing = new AbortController();
  /** node:http on Node (unless a fetch or `nodeHttp: false` is given). */
  private readonly node: NodeHttpClient | undefined;
  private protocolVersion: string | undefined;
  /** Settles when the GET stream's first answer came (or none will); set once the stream is opened. */
  private getStreamAnswered: Promise<void> | undefined;
  /** Set when `options.onProtocolNoise` is given (the session falls back to its warnings otherwise). */
  onProtocolNoise?(line: string, reason: string): void;

  constructor(url: string | URL, options: HttpTransportOptions = {}) {
    this.url = new URL(url);
    this.endpoint = this.url.href;
    this.options = options;
    this.node = options.fetch === undefined && options.nodeHttp !== false && onNode() ? new NodeHttpClient() : undefined;
    if (options.onProtocolNoise) this.onProtocolNoise = options.onProtocolNoise;
  }

  async start(): Promise<void> {}

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async send(message: JsonRpcMessage, options: TransportSendOptions = {}): Promise<void> {
    if (this.closing.signal.aborted) throw new ClientError("closed", "the HTTP transport was closed");
    // node:http ends every request itself when the transport closes (abortAll): no signal to combine,
    // and a request of this runtime's session is cancelled without an AbortController (cancelOf).
    const cancel = this.node ? (cancelOf(options) ?? options.requestSignal) : undefined;
    const signal = cancel || !options.requestSignal ? this.closing.signal : anySignal(options.requestSignal, this.closing.signal);
    let response: HttpAnswer;
    try {
      const headers = await this.headersFor(message, options.headers);
      if (this.closing.signal.aborted) throw new ClientError("closed", "the HTTP transport was closed");
      response = await this.fetch({ method: "POST", headers, body: JSON.stringify(message), signal, cancel });
    } catch (error) {
      if (options.requestSignal?.aborted) return; // cancelled: the session already settled the request
      if (this.closing.signal.aborted) throw new ClientError("closed", "the HTTP transport was closed");
      if (error instanceof ClientError) throw error; // a redirect that is not followed
      throw new ClientError("transport", `POST ${this.url} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if ("method" in message && message.method === "initialize") this.noteSession(response);
    const request = "method" in message && "id" in message ? (message as JsonRpcRequest) : undefined;
    if (response.status === 202 || response.status === 204) {
      await response.body?.cancel().catch(() => undefined);
      if ("method" in message && message.method === "notifications/initialized") await this.untilGetStreamAnswers();
      return;
    }
    if (!response.ok) return this.failed(response, message, request);
    const type = contentType(response);
    if (type === SSE_TYPE && response.body) {
      void this.readResponseStream(response.body, request, options);
      return;
    }
    if (type === JSON_TYPE) return this.deliverJson(await this.boundedText(response, `the response to ${methodOf(message)}`), request);
    await response.body?.cancel().catch(() => undefined);
    throw new ClientError("http", `unexpected content type ${JSON.stringify(type)} from ${this.url}`, { detail: { status: response.status } });
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    const reason = new ClientError("closed", "the HTTP transport was closed");
    this.closing.abort(reason);
    this.node?.abortAll(reason);
    const session = this.sessionId;
    if (session !== undefined) await this.terminate(session).catch(() => undefined);
    this.node?.close(reason);
    this.onclose?.();
  }

  /** Session-era: ends the server's session (DELETE), bounded to 2 s. */
  private async terminate(session: string): Promise<void> {
    const headers: Record<string, string> = { ...(await this.userHeaders()), [HEADER.sessionId]: session };
    if (this.protocolVersion) headers[HEADER.protocolVersion] = this.protocolVersion;
    const response = await this.fetch({ method: "DELETE", headers, signal: AbortSignal.timeout(2000) });
    await response.body?.cancel().catch(() => undefined);
  }

  /** One request, following redirects only within the origin (see `redirects`). */
  private async fetch(init: HttpInit): Promise<HttpAnswer> {
    const fetcher = this.node?.fetch ?? this.options.fetch ?? fetch;
    let url = this.url;
    const { method, headers, body, signal, cancel } = init;
    const current: HttpInit & RequestInit = body === undefined ? { method, headers, signal, redirect: "manual" } : { method, headers, body, signal, redirect: "manual" };
    if (cancel) current.cancel = cancel; // node:http only (a given fetch never sees it)
    for (let hop = 0; ; hop++) {
      const response: HttpAnswer = await fetcher(url, current);
      if (response.type === "opaqueredirect") throw new ClientError("http", `${url} answered with a redirect this runtime does not disclose; not followed`);
      if (response.status < 300 || response.status > 399 || response.status === 304) return response;
      const location = response.headers.get("location");
      await response.body?.cancel().catch(() => undefined);
      const target = location === null ? undefined : new URL(location, url);
      const refuse = (why: string) => new ClientError("http", `HTTP ${response.status} from ${url}: redirect to ${target ?? "nowhere"} not followed (${why})`, { detail: { status: response.status, location } });
      if (!target) throw refuse("no Location");
      if (this.options.redirects === "error") throw refuse("redirects are off");
      if (target.origin !== this.url.origin) throw refuse("another origin: headers and body stay with the origin they were given for");
      if (hop >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} redirects`);
      const keepsBody = response.status === 307 || response.status === 308;
      if (!keepsBody && (current.method ?? "GET") !== "GET") throw refuse(`a ${response.status} would turn the ${current.method} into a GET`);
      url = target;
    }
  }

  private async userHeaders(): Promise<Record<string, string>> {
    const given = this.options.headers;
    return typeof given === "function" ? await given() : { ...given };
  }

  /** User headers, then this message's own (Mcp-Param-*), then the ones the transport owns. */
  private async headersFor(message: JsonRpcMessage, extra: Readonly<Record<string, string>> | undefined): Promise<Record<string, string>> {
    const given = this.options.headers;
    const headers = copyInto(copyInto({}, typeof given === "function" ? await given() : given), extra);
    headers["Content-Type"] = JSON_TYPE;
    headers["Accept"] = ACCEPT;
    const initializing = "method" in message && message.method === "initialize" ? message.params?.["protocolVersion"] : undefined;
    const version = envelopeVersion(message) ?? (typeof initializing === "string" ? initializing : this.protocolVersion);
    if (version) headers[HEADER.protocolVersion] = version;
    if ("method" in message) {
      headers[HEADER.method] = message.method;
      const name = "id" in message ? nameSourceOf(message.params) : undefined;
      if (name !== undefined) headers[HEADER.name] = encodeHeaderValue(name);
    }
    if (this.sessionId !== undefined) headers[HEADER.sessionId] = this.sessionId;
    return headers;
  }

  private noteSession(response: HttpAnswer): void {
    const session = response.headers.get(HEADER.sessionId);
    if (session) this.sessionId = session;
  }

  /** A non-2xx answer: its JSON-RPC error when the body holds one (a 400 from a stateless server), else an HTTP failure. */
  private async failed(response: HttpAnswer, message: JsonRpcMessage, request: JsonRpcRequest | undefined): Promise<void> {
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""} for ${methodOf(message)}`;
    const text = await this.boundedText(response, `${status}: its body`).catch((error: unknown) => {
      if (error instanceof ClientError) throw error;
      return ""; // a body that broke off: the status alone is the answer
    });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const classified = classifyMessage(body);
    const serverError = classified.kind === "error" ? classified.message.error : undefined;
    const refused = authRefusal(response.status, response.headers.get("www-authenticate"), serverError, `${status}: ${(serverError as { message?: unknown } | undefined)?.message ?? text.slice(0, 300)}`);
    if (refused) throw refused;
    if (classified.kind === "error" && request) {
      // The answer to this POST is this request's, whatever id its body names (a wrong one must
      // not leave the request waiting for its timeout).
      if (classified.message.id !== undefined && classified.message.id !== request.id) this.noise(text, `an HTTP ${response.status} error for request ${JSON.stringify(request.id)} that names id ${JSON.stringify(classified.message.id)}`);
      this.onmessage?.({ ...classified.message, id: request.id });
      return;
    }
    throw new ClientError("http", `${status}${text ? `: ${text.slice(0, 300)}` : ""}`, {
      detail: { status: response.status, statusText: response.statusText, body: text },
    });
  }

  /** The body's text; a ClientError saying `subject` is too long when it passes `maxMessageBytes`. */
  private async boundedText(response: HttpAnswer, subject: string): Promise<string> {
    const max = this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    const text = await readBoundedText(response, max);
    if (text !== undefined) return text;
    throw new ClientError("http", `${subject} is longer than maxMessageBytes (${max} bytes); it was not read further`, { detail: { status: response.status, maxMessageBytes: max } });
  }

  private deliverJson(text: string, request: JsonRpcRequest | undefined): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ClientError("http", `the response to ${request?.method ?? "a message"} is not JSON`, { detail: { body: text.slice(0, 300) } });
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      const classified = classifyMessage(item);
      if (classified.kind === "invalid") this.onerror?.(new Error(`ignored a response body that is not JSON-RPC (${classified.reason})`));
      else this.onmessage?.(classified.message);
    }
  }

  /**
   * Reads a POST's SSE response. When it ends before the response: a session-era stream with an event
   * id is resumed with GET and Last-Event-ID after the server's `retry`; otherwise the request
   * fails (`onRequestStreamEnd`), as a stateless client must re-issue it.
   */
  private async readResponseStream(body: ReadableStream<Uint8Array>, request: JsonRpcRequest | undefined, options: TransportSendOptions, attempt = 0, lastEventId = ""): Promise<void> {
    const parser = this.sseParser();
    parser.lastEventId = lastEventId;
    const answered = await this.readEvents(body, parser, request, options.requestSignal);
    if (answered || !request || this.closing.signal.aborted || options.requestSignal?.aborted) return;
    const sessionEra = envelopeVersion(request) === undefined;
    if (sessionEra && parser.lastEventId && attempt < (this.options.maxReconnects ?? 2)) {
      const signal = options.requestSignal ? anySignal(options.requestSignal, this.closing.signal) : this.closing.signal;
      await sleep(parser.retry ?? this.options.defaultRetryMs ?? 1000, signal);
      const resumed = await this.get(parser.lastEventId, signal).catch(() => undefined);
      if (resumed?.ok && contentType(resumed) === SSE_TYPE && resumed.body) return this.readResponseStream(resumed.body, request, options, attempt + 1, parser.lastEventId);
      await resumed?.body?.cancel().catch(() => undefined);
    }
    options.onRequestStreamEnd?.();
  }

  private sseParser(): SseParser {
    return new SseParser({ maxLineLength: this.options.maxSseLineLength, onOversize: (limit) => this.noise("", `an SSE line longer than ${limit} bytes (its event was dropped)`) });
  }

  /** Delivers every message of an SSE stream; true when the response to `request` was among them. */
  private async readEvents(body: ReadableStream<Uint8Array>, parser: SseParser, request?: JsonRpcRequest, requestSignal?: AbortSignal): Promise<boolean> {
    let answered = false;
    try {
      for await (const event of readSse(body, parser)) {
        if (!event.data.trim()) continue; // a priming event (id and retry only)
        const parsed = parseMessage(event.data);
        if (!parsed.ok) {
          this.noise(event.data, `an SSE event that is not JSON-RPC (${parsed.reason})`);
          continue;
        }
        if (request && (parsed.kind === "result" || parsed.kind === "error") && (parsed.message as { id?: unknown }).id === request.id) answered = true;
        this.onmessage?.(parsed.message);
      }
    } catch (error) {
      // Closing a stream on purpose (the caller's abort, close()) is no breakage.
      if (!this.closing.signal.aborted && !requestSignal?.aborted) this.onerror?.(new Error(`an SSE stream broke: ${error instanceof Error ? error.message : String(error)}`));
    }
    return answered;
  }

  private noise(line: string, reason: string): void {
    if (this.onProtocolNoise) this.onProtocolNoise(line.slice(0, 2000), reason);
    else this.onerror?.(new Error(`ignored ${reason}`));
  }

  private async get(lastEventId: string | undefined, signal: AbortSignal): Promise<HttpAnswer> {
    const headers: Record<string, string> = { ...(await this.userHeaders()), Accept: SSE_TYPE };
    if (this.protocolVersion) headers[HEADER.protocolVersion] = this.protocolVersion;
    if (this.sessionId !== undefined) headers[HEADER.sessionId] = this.sessionId;
    if (lastEventId) headers[HEADER.lastEventId] = lastEventId;
    return this.fetch({ method: "GET", headers, signal });
  }

  /**
   * Opens the GET stream and waits, at most getStreamWaitMs, for its answer: the end of the
   * handshake, so that the server has the stream before the first request that may make it ask.
   */
  private async untilGetStreamAnswers(): Promise<void> {
    const answered = this.openGetStream();
    const waitMs = this.options.getStreamWaitMs ?? 2000;
    if (waitMs <= 0) return;
    const done = new AbortController();
    const stop = () => done.abort();
    this.closing.signal.addEventListener("abort", stop, { once: true });
    try {
      await Promise.race([answered, sleep(waitMs, done.signal)]);
    } finally {
      done.abort(); // the timer goes with it
      this.closing.signal.removeEventListener("abort", stop);
    }
  }

  /** Session-era: the server's own stream for requests and notifications, resumed when it drops. */
  private openGetStream(): Promise<void> {
    if (this.options.openGetStream === false) return Promise.resolve();
    if (this.getStreamAnswered) return this.getStreamAnswered;
    let answer!: () => void;
    this.getStreamAnswered = new Promise<void>((resolve) => (answer = resolve));
    void (async () => {
      let lastEventId = "";
      let retry: number | undefined;
      for (let attempt = 0; attempt <= (this.options.maxReconnects ?? 2) && !this.closing.signal.aborted; attempt++) {
        const response = await this.get(lastEventId, this.closing.signal).catch(() => undefined);
        answer();
        if (!response?.ok || contentType(response) !== SSE_TYPE || !response.body) {
          await response?.body?.cancel().catch(() => undefined);
          return; // 405: the server offers no GET stream
        }
        const parser = this.sseParser(); // a fresh parser per stream: a cut event must not leak into the next
        parser.lastEventId = lastEventId;
        await this.readEvents(response.body, parser);
        ({ lastEventId, retry } = { lastEventId: parser.lastEventId, retry: parser.retry ?? retry });
        await sleep(retry ?? this.options.defaultRetryMs ?? 1000, this.closing.signal);
      }
    })().finally(() => answer());
    return this.getStreamAnswered;
  }
}
