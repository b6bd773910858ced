// A client's JSON-RPC channel over any Transport: ids, pending requests, timeouts, cancellation,
// progress, subscription streams, and the requests a session-era server sends the client.
import { ClientError } from "./errors.js";
import { isErrorObject, type ErrorObject } from "../shared/errors.js";
import { JSONRPC_ERROR, classifyMessage, rpcError, rpcNotification, rpcRequest, rpcResult, type JsonRpcId, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcParams, type JsonRpcRequest } from "../shared/jsonrpc.js";
import { META } from "../shared/protocol.js";
import { closeReasonOf, type Transport, type TransportSendOptions } from "../shared/transport.js";

/** A `notifications/progress` update for a request. */
export interface Progress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** Options of one request. */
export interface RequestOptions {
  /** Aborts the request: stdio and session-era connections send `notifications/cancelled`, HTTP closes its stream. */
  signal?: AbortSignal | undefined;
  /** Fails the request (and cancels it) when no response came in this many ms; 0 waits forever. */
  timeoutMs?: number | undefined;
  /** Asks for progress (a `progressToken` is added) and receives each update. */
  onprogress?: ((progress: Progress) => void) | undefined;
  /** A progress update restarts the timeout (bounded by `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress?: boolean | undefined;
  /** The longest the request may run, progress or not (default with `resetTimeoutOnProgress`: the client's, 10 minutes). */
  maxTotalTimeoutMs?: number | undefined;
}

/** What a session sends with one request, besides the caller's options. */
export interface SendExtras {
  /** Extra HTTP headers (the `Mcp-Param-*` of a tool call). */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Receives the notifications tagged with this request's id (a `subscriptions/listen` stream). */
  onSubscriptionNotification?: ((notification: JsonRpcNotification) => void) | undefined;
  /** Called with the id as soon as it is assigned. */
  onId?: ((id: JsonRpcId) => void) | undefined;
}

/** Context of a request the server sent the client (session-era revisions). */
export interface IncomingContext {
  requestId: JsonRpcId;
  /** Aborted when the server cancels the request or the session closes. */
  signal: AbortSignal;
}

/** How a session reports to its owner. */
export interface ChannelHooks {
  /** Turns a received error object into the error the request rejects with (the revision's McpError). */
  toError(error: ErrorObject): Error;
  /** Answers a request from the server; throws an error object (McpError) to answer with an error. */
  onRequest?(request: JsonRpcRequest, context: IncomingContext): Promise<{ [key: string]: unknown }>;
  /** Every notification that is neither progress, cancellation nor a subscription's. */
  onNotification?(notification: JsonRpcNotification): void;
  onWarning?(message: string, cause?: unknown): void;
}

interface Pending {
  id: JsonRpcId;
  method: string;
  resolve(result: { [key: string]: unknown }): void;
  reject(error: Error): void;
  options: RequestOptions;
  /** Made when a transport first reads the request's signal (most never do: see `sendOptions`). */
  controller?: AbortController | undefined;
  /** Why the request was cancelled, for a signal made after that. */
  cancelledWith?: ClientError | undefined;
  /** What `cancelOf` registered (the HTTP transport's node:http path, in place of a signal). */
  cancelListeners?: Array<() => void> | undefined;
  startedAt: number;
  timer?: ReturnType<typeof setTimeout> | undefined;
  progressToken?: string | undefined;
  onSubscriptionNotification?: ((notification: JsonRpcNotification) => void) | undefined;
  detachSignal?: (() => void) | undefined;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_TOTAL_TIMEOUT_MS: number = 10 * 60_000;

export class Channel {
  readonly transport: Transport;
  hooks: ChannelHooks;
  /** Session-era connections cancel with `notifications/cancelled` on every transport. */
  era: "stateless" | "session" = "stateless";
  defaultTimeoutMs: number;
  /** The bound on a request whose timeout restarts on progress, when it sets none (0: no bound). */
  defaultMaxTotalTimeoutMs: number = DEFAULT_MAX_TOTAL_TIMEOUT_MS;
  private readonly pending = new Map<JsonRpcId, Pending>();
  private readonly byToken = new Map<string, Pending>();
  private readonly incoming = new Map<JsonRpcId, AbortController>();
  private nextId = 1;
  private started: Promise<void> | undefined;
  /** Set once the transport's start resolved: requests then skip awaiting it. */
  private ready = false;
  private closedWith: ClientError | undefined;

  constructor(transport: Transport, hooks: ChannelHooks, defaultTimeoutMs: number = DEFAULT_TIMEOUT_MS) {
    this.transport = transport;
    this.hooks = hooks;
    this.defaultTimeoutMs = defaultTimeoutMs;
  }

  /** Starts the transport once; later calls share the first start. */
  start(): Promise<void> {
    if (!this.started) {
      this.transport.onmessage = (message: JsonRpcMessage) => this.receive(message);
      this.transport.onerror = (error: Error) => this.hooks.onWarning?.(`transport error: ${error.message}`, error);
      this.transport.onclose = () => this.closed();
      this.started = this.transport.start();
      this.started.then(() => (this.ready = true), () => undefined);
    }
    return this.started;
  }

  get isClosed(): boolean {
    return this.closedWith !== undefined;
  }

  /** Sends a request and resolves with its result object; an error response rejects with `toError`. */
  async request(method: string, params: JsonRpcParams | undefined, options: RequestOptions = {}, extras: SendExtras = {}): Promise<{ [key: string]: unknown }> {
    if (!this.ready) await this.start();
    if (this.closedWith) throw this.closedWith;
    const id = this.nextId++;
    extras.onId?.(id);
    return new Promise((resolve, reject) => {
      const entry: Pending = { id, method, resolve, reject, options, startedAt: Date.now(), onSubscriptionNotification: extras.onSubscriptionNotification };
      if (options.signal?.aborted) return reject(new ClientError("aborted", `${method} was aborted before it was sent`, { cause: options.signal.reason }));
      let sent = params;
      if (options.onprogress) {
        const meta = params?.["_meta"];
        const given = meta !== null && typeof meta === "object" ? (meta as { progressToken?: unknown }).progressToken : undefined;
        entry.progressToken = typeof given === "string" || typeof given === "number" ? String(given) : `p${id}`;
        if (given === undefined) sent = { ...params, _meta: { ...(meta as object | undefined), progressToken: entry.progressToken } };
        this.byToken.set(entry.progressToken, entry);
      }
      if (options.signal) {
        const signal = options.signal;
        const onAbort = () => this.cancel(entry, new ClientError("aborted", `${method} was aborted`, { cause: signal.reason }));
        signal.addEventListener("abort", onAbort, { once: true });
        entry.detachSignal = () => signal.removeEventListener("abort", onAbort);
      }
      this.pending.set(id, entry);
      this.arm(entry);
      this.transport
        .send(rpcRequest(id, method, sent), sendOptions(entry, extras.headers, () => this.streamEnded(id)))
        .catch((error: unknown) => {
          if (!this.pending.has(id)) return;
          this.settle(entry);
          reject(error instanceof ClientError ? error : new ClientError("transport", `${method} could not be sent: ${messageOf(error)}`, { cause: error }));
        });
    });
  }

  /** Sends a notification (best effort when `quiet`). */
  async notify(method: string, params?: JsonRpcParams, quiet = false): Promise<void> {
    try {
      await this.start();
      await this.transport.send(rpcNotification(method, params));
    } catch (error) {
      if (!quiet) throw error;
    }
  }

  /** Rejects everything pending and closes the transport. */
  async close(): Promise<void> {
    if (!this.closedWith) this.failAll(new ClientError("closed", "the client was closed"));
    await this.transport.close();
  }

  private arm(entry: Pending): void {
    if (entry.timer) clearTimeout(entry.timer);
    const timeout = entry.options.timeoutMs ?? this.defaultTimeoutMs;
    if (!(timeout > 0) || !Number.isFinite(timeout)) return;
    const total = entry.options.maxTotalTimeoutMs ?? (entry.options.resetTimeoutOnProgress && this.defaultMaxTotalTimeoutMs > 0 ? this.defaultMaxTotalTimeoutMs : undefined);
    const left = total === undefined ? timeout : Math.min(timeout, total - (Date.now() - entry.startedAt));
    entry.timer = setTimeout(() => this.cancel(entry, new ClientError("timeout", `${entry.method} timed out after ${Date.now() - entry.startedAt} ms`, { detail: { timeoutMs: timeout } })), Math.max(0, left));
  }

  /** Stops waiting, tells the server (stdio, session-era) or closes the request's stream (HTTP). */
  private cancel(entry: Pending, error: ClientError): void {
    if (!this.pending.has(entry.id)) return;
    this.settle(entry);
    entry.reject(error);
    if (this.era === "session" || !this.transport.hasPerRequestStream) {
      void this.notify("notifications/cancelled", { requestId: entry.id, reason: error.message }, true);
    }
    entry.cancelledWith = error;
    entry.controller?.abort(error);
    if (entry.cancelListeners) for (const listener of entry.cancelListeners.splice(0)) listener();
  }

  private settle(entry: Pending): void {
    this.pending.delete(entry.id);
    if (entry.timer) clearTimeout(entry.timer);
    if (entry.progressToken !== undefined) this.byToken.delete(entry.progressToken);
    entry.detachSignal?.();
  }

  private streamEnded(id: JsonRpcId): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.settle(entry);
    entry.reject(new ClientError("stream-ended", `the response stream of ${entry.method} ended before its response arrived`));
  }

  private failAll(error: ClientError): void {
    this.closedWith = error;
    for (const entry of [...this.pending.values()]) {
      this.settle(entry);
      entry.reject(error);
    }
    for (const controller of this.incoming.values()) controller.abort(error);
  }

  private closed(): void {
    if (this.closedWith) return;
    const reason = closeReasonOf(this.transport);
    const detail = reason instanceof ClientError ? reason.detail : undefined;
    this.failAll(new ClientError("closed", reason ? reason.message : "the connection closed", { cause: reason, detail: detail ?? {} }));
  }

  private receive(message: JsonRpcMessage): void {
    const classified = classifyMessage(message);
    switch (classified.kind) {
      case "result":
      case "error": {
        const id = classified.message.id;
        const entry = id === undefined ? undefined : this.pending.get(id);
        if (!entry) return; // a late response to a request that was cancelled or timed out
        this.settle(entry);
        if (classified.kind === "result") entry.resolve(classified.message.result);
        else entry.reject(this.hooks.toError(classified.message.error));
        return;
      }
      case "request":
        // A stateless server sends no requests (MRTR replaced them): not answered, reported as noise.
        if (this.era === "stateless") return this.noise(JSON.stringify(message), `a ${classified.message.method} request from the server; this revision has no server-to-client requests, so it is not answered`);
        void this.answer(classified.message);
        return;
      case "notification":
        this.notified(classified.message);
        return;
      default:
        this.hooks.onWarning?.(`ignored a message that is not JSON-RPC (${classified.reason})`, message);
    }
  }

  private noise(line: string, reason: string): void {
    if (this.transport.onProtocolNoise) this.transport.onProtocolNoise(line.slice(0, 2000), reason);
    else this.hooks.onWarning?.(`ignored ${reason}`);
  }

  private notified(message: JsonRpcNotification): void {
    const params = message.params ?? {};
    if (message.method === "notifications/progress") {
      const entry = this.byToken.get(String(params["progressToken"]));
      if (entry) {
        if (entry.options.resetTimeoutOnProgress) this.arm(entry);
        entry.options.onprogress?.(params as unknown as Progress);
        return;
      }
    }
    if (message.method === "notifications/cancelled") {
      const id = params["requestId"] as JsonRpcId;
      const handler = this.incoming.get(id);
      if (handler) return handler.abort(new ClientError("aborted", "the server cancelled the request"));
      const entry = this.pending.get(id);
      // Servers cancel only subscription streams (2026-07-28); the stream has ended.
      if (entry?.onSubscriptionNotification) {
        this.settle(entry);
        return entry.reject(new ClientError("closed", `the server ended the ${entry.method} stream`, { detail: { endedByServer: true } }));
      }
    }
    const meta = params["_meta"];
    const subscription = meta !== null && typeof meta === "object" ? (meta as { [key: string]: unknown })[META.subscriptionId] : undefined;
    const entry = typeof subscription === "string" || typeof subscription === "number" ? this.pending.get(subscription) : undefined;
    if (entry?.onSubscriptionNotification) return entry.onSubscriptionNotification(message);
    this.hooks.onNotification?.(message);
  }

  private async answer(message: JsonRpcRequest): Promise<void> {
    const controller = new AbortController();
    this.incoming.set(message.id, controller);
    let reply: JsonRpcMessage;
    try {
      if (!this.hooks.onRequest) throw { code: JSONRPC_ERROR.methodNotFound, message: `Method not found: ${message.method}` };
      reply = rpcResult(message.id, await this.hooks.onRequest(message, { requestId: message.id, signal: controller.signal }));
    } catch (error) {
      const known = isErrorObject(error) ? error : undefined;
      reply = rpcError(message.id, known?.code ?? JSONRPC_ERROR.internalError, known?.message ?? "Internal error", known?.data);
      if (!known) this.hooks.onWarning?.(`the handler for ${message.method} failed: ${messageOf(error)}`, error);
    } finally {
      this.incoming.delete(message.id);
    }
    if (controller.signal.aborted || this.closedWith) return; // cancelled: no response is sent
    await this.transport.send(reply, { relatedRequestId: message.id }).catch((error: unknown) => this.hooks.onWarning?.(`could not answer ${message.method}: ${messageOf(error)}`, error));
  }
}

const ENTRY: unique symbol = Symbol("pending request");
type WithEntry = TransportSendOptions & { [ENTRY]: Pending };

/** One getter for every request (a getter of its own per object would give each its own hidden class). */
const requestSignalProperty: PropertyDescriptor = {
  get(this: WithEntry): AbortSignal {
    return requestSignalOf(this[ENTRY]);
  },
  enumerable: true,
  configurable: true,
};

/**
 * A request's send options, whose `requestSignal` is made when a transport first reads it: stdio
 * and most transports never do, and an AbortController per request cost a Node client more than
 * the rest of the session (its allocation and the collections it brought, about 6 µs a call). The
 * getter is an own enumerable property, so a transport that spreads the options keeps the signal.
 */
function sendOptions(entry: Pending, headers: Readonly<Record<string, string>> | undefined, onRequestStreamEnd: () => void): TransportSendOptions {
  const options: WithEntry = { [ENTRY]: entry, headers, onRequestStreamEnd };
  return Object.defineProperty(options, "requestSignal", requestSignalProperty);
}

/** The signal-like view `cancelOf` gives (what node-http.ts reads of a signal). */
class EntryCancel {
  private readonly entry: Pending;
  constructor(entry: Pending) {
    this.entry = entry;
  }
  get aborted(): boolean {
    return this.entry.cancelledWith !== undefined;
  }
  get reason(): unknown {
    return this.entry.cancelledWith;
  }
  addEventListener(_type: "abort", listener: () => void): void {
    (this.entry.cancelListeners ??= []).push(listener);
  }
  removeEventListener(_type: "abort", listener: () => void): void {
    const listeners = this.entry.cancelListeners;
    const at = listeners ? listeners.indexOf(listener) : -1;
    if (at !== -1) listeners!.splice(at, 1);
  }
}

/**
 * For this runtime's own HTTP transport: the cancellation of a request this session sent, as a
 * signal-like object without an AbortController behind it (see `sendOptions`); `undefined` for
 * options another caller made.
 */
export function cancelOf(options: TransportSendOptions): EntryCancel | undefined {
  const entry = (options as Partial<WithEntry>)[ENTRY];
  return entry && new EntryCancel(entry);
}

/** The signal a transport aborts a request's own stream with (made on first use). */
function requestSignalOf(entry: Pending): AbortSignal {
  if (!entry.controller) {
    entry.controller = new AbortController();
    if (entry.cancelledWith) entry.controller.abort(entry.cancelledWith);
  }
  return entry.controller.signal;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
