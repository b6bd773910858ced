// The revision-driven client engine behind every generated client.ts: the request envelope
// (2026-07-28 and later) or the initialize handshake (earlier revisions), input_required rounds,
// result validation, pagination, subscriptions, and the x-mcp-header rules of tools/list.
import { ClientCache } from "./cache.js";
import { runClientMiddleware } from "./middleware.js";
import { ClientError, isClientError } from "./errors.js";
import { answerServerRequest, capabilitiesFor, checked, fulfilInputs, type HandlerTable, type RevisionSpec } from "./handlers.js";
import type { CoreOptions } from "./options.js";
import { traceCall, traceIncoming, type TracedConnection } from "./tracing.js";
import { telemetryFor, type Telemetry } from "../shared/tracing.js";
import { anySignal } from "../shared/signals.js";
import { Channel, type RequestOptions, type SendExtras } from "./channel.js";
import { Subscription } from "./subscription.js";
import { sameInfo } from "./snapshot.js";
import { ClientExtensions } from "./extension.js";
import { encodeHeaderValue, paramHeadersOf, paramValueText, valueAt, type ParamHeader } from "../shared/headers.js";
import type { JsonRpcNotification, JsonRpcParams } from "../shared/jsonrpc.js";

export type { CoreOptions, RejectedTool } from "./options.js";
import { COMPLETE, HEADER, INPUT_REQUIRED, META } from "../shared/protocol.js";
import type { Transport } from "../shared/transport.js";

/** Error codes the versioning and transport prose define (2026-07-28). */
const HEADER_MISMATCH = -32020;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export const DEFAULT_MAX_INPUT_ROUNDS = 8;
export const DEFAULT_MAX_INPUT_REQUESTS = 16;
export const DEFAULT_MAX_PAGES = 1000;

/** What the client knows about the server. */
export interface ServerSnapshot {
  /** The protocol version in use: negotiated by initialize, or chosen for requests. */
  protocolVersion: string;
  serverInfo?: { name: string; version: string; [key: string]: unknown } | undefined;
  capabilities?: { [key: string]: unknown } | undefined;
  instructions?: string | undefined;
  /** What `server/discover` listed (2026-07-28 and later). */
  supportedVersions?: string[] | undefined;
}

export type Era = "stateless" | "session";

export class ClientCore {
  readonly spec: RevisionSpec;
  readonly channel: Channel;
  readonly era: Era;
  readonly capabilities: { [key: string]: unknown };
  readonly extensions: ClientExtensions;
  private readonly options: CoreOptions;
  private readonly handlers: HandlerTable;
  private version: string;
  private snapshot: ServerSnapshot | undefined;
  private opened: Promise<ServerSnapshot> | undefined;
  private readonly toolHeaders = new Map<string, ParamHeader[]>();
  private readonly cache: ClientCache | undefined;
  /** With `tracing` on: the client's tracer and histogram, once `@opentelemetry/api` is loaded (tracing.ts). */
  private readonly telemetry: Promise<Telemetry | undefined> | undefined;

  /** Over a transport, or over the session of another core (a probe that found this revision). */
  constructor(spec: RevisionSpec, channel: Transport | Channel, options: CoreOptions, state?: { snapshot?: ServerSnapshot | undefined; opened?: boolean }) {
    this.spec = spec;
    this.options = options;
    this.handlers = options.handlers ?? {};
    this.era = Object.hasOwn(spec.methods, "initialize") ? "session" : "stateless";
    this.extensions = new ClientExtensions(options.extensions);
    this.capabilities = this.extensions.capabilities(capabilitiesFor(spec, this.handlers, options.capabilities));
    this.version = state?.snapshot?.protocolVersion ?? options.protocolVersion ?? spec.protocolVersion;
    this.snapshot = state?.snapshot;
    this.cache = options.cache ? new ClientCache(options.cache) : undefined;
    this.telemetry = telemetryFor(options.tracing, (error) => this.warn(error.message, error));
    if (state?.opened && state.snapshot) this.opened = Promise.resolve(state.snapshot);
    const hooks = {
      toError: (error: { code: number; message: string; data?: unknown }) => spec.toError(error),
      onRequest: (request: { method: string; params?: JsonRpcParams }, context: { requestId: string | number; signal: AbortSignal }) => {
        const answer = () => answerServerRequest(spec, this.handlers, request.method, request.params, context.requestId, context.signal, (message) => this.warn(message));
        return this.telemetry ? traceIncoming(this.telemetry, request, context.requestId, () => this.connection(), answer) : answer();
      },
      onNotification: (notification: JsonRpcNotification) => {
        this.cache?.notified(notification.method, notification.params);
        options.onNotification?.(notification);
      },
      onWarning: (message: string, cause?: unknown) => this.warn(message, cause),
    };
    if (channel instanceof Channel) {
      this.channel = channel;
      channel.hooks = hooks;
    } else this.channel = new Channel(channel, hooks, options.timeoutMs);
    this.channel.era = this.era;
    if (options.maxTotalTimeoutMs !== undefined) this.channel.defaultMaxTotalTimeoutMs = options.maxTotalTimeoutMs;
  }

  /** The protocol version requests use (session-era: the negotiated one). */
  get protocolVersion(): string {
    return this.version;
  }

  get server(): ServerSnapshot | undefined {
    return this.snapshot;
  }

  /** Session-era: the initialize handshake (once). Stateless: `server/discover` (once). */
  open(options: RequestOptions = {}): Promise<ServerSnapshot> {
    this.opened ??= this.era === "session" ? this.initialize(undefined, options) : this.discover(options);
    return this.opened;
  }

  /** Sends a request of the revision (or of an extension) and resolves with its complete, validated result (or a fresh cached one). */
  async call(method: string, params: unknown, options: RequestOptions = {}): Promise<unknown> {
    if (!this.cache || method === "initialize") return this.sendThroughMiddleware(method, params, options, true);
    const endpoint = this.channel.transport.endpoint;
    const server = endpoint ? `${endpoint} ${this.version}` : "";
    const hit = this.cache.lookup(server, method, params);
    if (hit) return structuredClone(hit);
    const result = await this.sendThroughMiddleware(method, params, options, true);
    if (result !== null && typeof result === "object") this.cache.store(server, method, params, result as { [key: string]: unknown });
    return result;
  }

  /** Like call() (never cached), but an extension's widened result (a task handle) comes back validated, not settled. */
  start(method: string, params: unknown, options: RequestOptions = {}): Promise<{ [key: string]: unknown }> {
    return this.sendThroughMiddleware(method, params, options, false) as Promise<{ [key: string]: unknown }>;
  }

  /** Answers an `inputRequests` map with the client's handlers (elicitation, sampling, roots). */
  answerInputs(method: string, inputRequests: unknown, signal: AbortSignal): Promise<{ [key: string]: unknown }> {
    this.checkInputRequestCount(method, inputRequests);
    return fulfilInputs(this.spec, this.handlers, method, inputRequests, signal, (message) => this.warn(message));
  }

  /** Inside the request's span when tracing is on, then inside the caller's middleware (none: sent straight away). */
  private sendThroughMiddleware(method: string, params: unknown, options: RequestOptions, settle: boolean): Promise<unknown> {
    if (this.telemetry !== undefined) return traceCall(this.telemetry, method, params, () => this.connection(), (traced, extras) => this.runMiddleware(method, traced, options, settle, extras));
    return this.runMiddleware(method, params, options, settle, undefined);
  }

  /** What a span says of the connection. */
  private connection(): TracedConnection {
    return { protocolVersion: this.version, sessionId: this.channel.transport.sessionId, endpoint: this.channel.transport.endpoint };
  }

  private runMiddleware(method: string, params: unknown, options: RequestOptions, settle: boolean, extras: SendExtras | undefined): Promise<unknown> {
    if (!this.options.middleware?.length) return this.send(method, params, options, settle, extras);
    return runClientMiddleware(this.options.middleware, { method, params, signal: options.signal }, () => this.send(method, params, options, settle, extras));
  }

  private async send(method: string, params: unknown, options: RequestOptions, settle: boolean, extras: SendExtras | undefined): Promise<unknown> {
    if (this.era === "session") {
      if (method === "initialize") {
        this.opened ??= this.initialize(params as JsonRpcParams | undefined, options);
        await this.opened;
        return this.lastInitializeResult;
      }
      await this.open();
      const raw = await this.channel.request(method, params as JsonRpcParams | undefined, options, extras);
      return raw["resultType"] !== undefined && this.extensions.widening(method, raw["resultType"]) ? this.widened(method, raw, options, settle) : this.validated(method, raw);
    }
    return this.callStateless(method, (params ?? {}) as JsonRpcParams, options, settle, extras);
  }

  /** A result of an extension's own `resultType`: checked with its schema, then settled by the extension (or returned as it is). */
  private async widened(method: string, raw: { [key: string]: unknown }, options: RequestOptions, settle: boolean): Promise<unknown> {
    const found = this.extensions.widening(method, raw["resultType"]);
    if (!found) throw new ClientError("invalid-result", `${method} returned resultType ${JSON.stringify(raw["resultType"])}, which this client does not know (no extension it declares widens ${method} with it)`);
    const result = checked(found.validator, raw, (issues) => new ClientError("invalid-result", `the result of ${method} does not match extension ${found.extension.schema.id}: ${issues.join("; ")}`, { detail: { issues, result: raw } })) as { [key: string]: unknown };
    if (!settle) return result;
    if (!found.extension.settle) throw new ClientError("invalid-result", `extension ${found.extension.schema.id} cannot settle a ${JSON.stringify(raw["resultType"])} result of ${method}`);
    return this.finish(method, await found.extension.settle({ method, result, core: this, options }));
  }

  /** A final result an extension obtained for `method` (a task's), held to the method's complete result. */
  finish(method: string, result: unknown): unknown {
    const final = { ...(result as { [key: string]: unknown }) };
    if (final["resultType"] === undefined && this.era === "stateless") final["resultType"] = COMPLETE;
    const valid = this.validated(method, final, "complete") as { [key: string]: unknown };
    return this.era === "stateless" ? this.completed(method, valid) : valid;
  }

  /** Every page of a paginated list, following `nextCursor`. */
  async *pages(method: string, params: unknown, options: RequestOptions = {}): AsyncGenerator<{ [key: string]: unknown }, void, undefined> {
    const seen = new Set<string>();
    const max = this.options.maxPages ?? DEFAULT_MAX_PAGES;
    let cursor = (params as { cursor?: unknown } | undefined)?.cursor;
    for (let page = 0; ; page++) {
      if (page >= max) throw new ClientError("pagination", `${method} returned more than ${max} pages`);
      const request = cursor === undefined ? params : { ...(params as object | undefined), cursor };
      const result = (await this.call(method, request, options)) as { [key: string]: unknown };
      yield result;
      const next = result["nextCursor"];
      if (typeof next !== "string") return;
      if (seen.has(next)) throw new ClientError("pagination", `${method} returned the cursor ${JSON.stringify(next)} twice`);
      seen.add(next);
      cursor = next;
    }
  }

  /** Every item of a paginated list, across its pages. */
  async *items(method: string, params: unknown, options: RequestOptions = {}): AsyncGenerator<unknown, void, undefined> {
    const key = this.spec.pages[method];
    if (key === undefined) throw new ClientError("version", `${method} is not a paginated list in revision ${this.spec.revision}`);
    for await (const page of this.pages(method, params, options)) yield* (page[key] as unknown[] | undefined) ?? [];
  }

  /** `subscriptions/listen`: the stream of notifications it opens. */
  listen<N>(params: unknown, options: RequestOptions = {}): Subscription<N> {
    const method = "subscriptions/listen";
    if (!Object.hasOwn(this.spec.methods, method)) throw new ClientError("version", `revision ${this.spec.revision} has no ${method}`);
    const controller = new AbortController();
    const signal = options.signal ? anySignal(options.signal, controller.signal) : controller.signal;
    return new Subscription<N>(
      (push) => {
        const onSubscriptionNotification = (notification: JsonRpcNotification) => {
          this.cache?.notified(notification.method, notification.params);
          push(notification);
        };
        return this.sendStateless(method, (params ?? {}) as JsonRpcParams, { ...options, signal, timeoutMs: options.timeoutMs ?? 0 }, { onSubscriptionNotification });
      },
      () => controller.abort(new ClientError("aborted", "the subscription was closed")),
    );
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  private lastInitializeResult: unknown;

  private async initialize(params: JsonRpcParams | undefined, options: RequestOptions): Promise<ServerSnapshot> {
    const sent = params ?? { protocolVersion: this.version, capabilities: this.capabilities, clientInfo: this.options.clientInfo };
    // Traced here: the handshake a session's first request runs goes around the middleware.
    const send = (params: unknown, extras?: SendExtras) => this.channel.request("initialize", params as JsonRpcParams, options, extras);
    const result = this.validated("initialize", (await (this.telemetry ? traceCall(this.telemetry, "initialize", sent, () => this.connection(), send) : send(sent))) as { [key: string]: unknown }) as { protocolVersion: string; capabilities?: { [key: string]: unknown }; serverInfo?: ServerSnapshot["serverInfo"]; instructions?: string };
    const accepted = this.options.acceptVersions ?? [this.spec.protocolVersion];
    if (!accepted.includes(result.protocolVersion)) {
      throw new ClientError("version", `the server chose protocol version ${result.protocolVersion}; this client speaks ${accepted.join(", ")}`, { detail: { offered: result.protocolVersion } });
    }
    this.lastInitializeResult = result;
    this.version = result.protocolVersion;
    this.channel.transport.setProtocolVersion?.(result.protocolVersion);
    await this.channel.notify("notifications/initialized");
    this.snapshot = { protocolVersion: result.protocolVersion, serverInfo: result.serverInfo, capabilities: result.capabilities, instructions: result.instructions };
    return this.snapshot;
  }

  private async discover(options: RequestOptions): Promise<ServerSnapshot> {
    await this.call("server/discover", {}, options);
    return this.snapshot!;
  }

  private async callStateless(method: string, params: JsonRpcParams, options: RequestOptions, settle: boolean, extras: SendExtras | undefined): Promise<unknown> {
    let sent: JsonRpcParams = params;
    const max = this.options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS;
    for (let round = 0; ; round++) {
      const raw = await this.sendStateless(method, sent, options, extras);
      if (raw["resultType"] === undefined) raw["resultType"] = COMPLETE; // a server of an earlier revision
      // Each kind of result is held to its own schema: a complete one to the method's result,
      // an input_required one to the input_required result (not to their union).
      if (raw["resultType"] === COMPLETE) return this.completed(method, this.validated(method, raw, "complete") as { [key: string]: unknown });
      if (raw["resultType"] !== INPUT_REQUIRED) return this.widened(method, raw, options, settle);
      this.validated(method, raw, "inputRequired");
      if (round + 1 > max) throw new ClientError("input-rounds-exceeded", `${method} still asked for input after ${max} rounds; giving up (raise maxInputRounds to allow more)`, { detail: { rounds: max } });
      this.checkInputRequestCount(method, raw["inputRequests"]);
      const inputResponses = await fulfilInputs(this.spec, this.handlers, method, raw["inputRequests"], options.signal ?? new AbortController().signal, (message) => this.warn(message));
      const state = raw["requestState"];
      const { inputResponses: _responses, requestState: _state, ...original } = params;
      sent = typeof state === "string" ? { ...original, inputResponses, requestState: state } : { ...original, inputResponses };
    }
  }

  /** One request with the envelope; retries once on -32022 (a version we speak) and -32020 (tool headers). */
  private async sendStateless(method: string, params: JsonRpcParams, options: RequestOptions, extras: SendExtras = {}, retried?: ReadonlySet<number>): Promise<{ [key: string]: unknown }> {
    const meta = params["_meta"];
    const envelope: { [key: string]: unknown } = meta !== null && typeof meta === "object" ? { ...meta } : {};
    envelope[META.protocolVersion] = this.version;
    envelope[META.clientCapabilities] = this.capabilities;
    envelope[META.clientInfo] = this.options.clientInfo;
    const headers = method === "tools/call" ? this.paramHeaders(params) : this.routingHeaders(method, params);
    // Spread into a literal that already has the key, then set it: on Node 20 (V8 11.3) a spread
    // clone given a key of its own (`{ ...params, _meta }`) outlived the young generation's
    // collections, so every request's objects were copied and promoted (scavenges of ~10 ms).
    const sent: JsonRpcParams = { _meta: undefined, ...params };
    sent["_meta"] = envelope;
    const sendExtras: SendExtras = { headers: undefined, ...extras };
    sendExtras.headers = headers;
    try {
      return await this.channel.request(method, sent, options, sendExtras);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === UNSUPPORTED_PROTOCOL_VERSION && !retried?.has(code) && this.options.retryOnUnsupportedVersion !== false) {
        const supported = (error as { data?: { supported?: unknown } }).data?.supported;
        const version = [this.spec.protocolVersion].find((v) => Array.isArray(supported) && supported.includes(v));
        if (version !== undefined) {
          this.version = version;
          return this.sendStateless(method, params, options, extras, new Set([...(retried ?? []), code]));
        }
      }
      // The spec's advice on a header mismatch: the tool's schema may have changed; list the
      // tools again and retry once (when that listing fails, the mismatch is the answer).
      if (code === HEADER_MISMATCH && method === "tools/call" && !retried?.has(code) && (await this.refreshTools(options))) {
        return this.sendStateless(method, params, options, extras, new Set([...(retried ?? []), code]));
      }
      throw error;
    }
  }

  /** The result checked with the method's schema: its complete or input_required one where the revision has them. */
  private validated(method: string, result: { [key: string]: unknown }, kind?: "complete" | "inputRequired"): unknown {
    const spec = this.spec.methods[method] ?? this.extensions.method(method);
    const schema = (kind && spec?.[kind]) ?? spec?.result;
    return checked(schema, result, (issues) => new ClientError("invalid-result", `the result of ${method} does not match revision ${this.spec.revision}: ${issues.join("; ")}`, { detail: { issues, result } }));
  }

  /** A server may ask for only so much input in one round (`maxInputRequests`). */
  private checkInputRequestCount(method: string, requests: unknown): void {
    const max = this.options.maxInputRequests ?? DEFAULT_MAX_INPUT_REQUESTS;
    const count = requests !== null && typeof requests === "object" ? Object.keys(requests).length : 0;
    if (count > max) throw new ClientError("invalid-input-request", `${method} asked for ${count} inputs in one round; this client answers at most ${max} (raise maxInputRequests to allow more)`, { detail: { count, max } });
  }

  /** Learns what a complete result says about the server and its tools. */
  private completed(method: string, result: { [key: string]: unknown }): unknown {
    const meta = result["_meta"] as { [key: string]: unknown } | undefined;
    const serverInfo = (meta?.[META.serverInfo] ?? (method === "server/discover" ? result["serverInfo"] : undefined)) as ServerSnapshot["serverInfo"];
    if (method === "server/discover") {
      this.snapshot = {
        protocolVersion: this.version,
        serverInfo,
        capabilities: result["capabilities"] as ServerSnapshot["capabilities"],
        instructions: result["instructions"] as string | undefined,
        supportedVersions: result["supportedVersions"] as string[] | undefined,
      };
    } else if (serverInfo && this.snapshot && !sameInfo(serverInfo, this.snapshot.serverInfo)) this.snapshot = { ...this.snapshot, serverInfo };
    if (method === "tools/list" && Array.isArray(result["tools"])) return { ...result, tools: this.acceptTools(result["tools"]) };
    return result;
  }

  /** Drops tools with invalid `x-mcp-header` annotations (the spec requires it) and reports them. */
  private acceptTools(tools: unknown[]): unknown[] {
    return tools.filter((tool) => {
      const { name, inputSchema } = tool as { name: string; inputSchema?: unknown };
      const found = paramHeadersOf(inputSchema);
      if (found.ok) {
        this.toolHeaders.set(name, found.headers);
        return true;
      }
      this.toolHeaders.delete(name);
      const rejected = { name, reason: found.reason };
      if (this.options.onRejectedTool) this.options.onRejectedTool(rejected);
      else this.warn(`tools/list: dropped tool "${name}": ${found.reason}`);
      return false;
    });
  }

  /** `Mcp-Param-*` headers for a tool call, from the tool's annotations in the last tools/list. */
  private paramHeaders(params: JsonRpcParams): Record<string, string> | undefined {
    const headers = typeof params["name"] === "string" ? this.toolHeaders.get(params["name"]) : undefined;
    if (!headers?.length) return undefined;
    const out: Record<string, string> = {};
    for (const header of headers) {
      const text = paramValueText(valueAt(params["arguments"], header.path), header.type);
      if (text !== undefined) out[`${HEADER.paramPrefix}${header.name}`] = encodeHeaderValue(text);
    }
    return out;
  }

  /** The `Mcp-Name` an extension's method carries (the task id of `tasks/get`). */
  private routingHeaders(method: string, params: JsonRpcParams): Record<string, string> | undefined {
    const name = this.extensions.list.length ? this.extensions.routingName(method, params) : undefined;
    return name === undefined ? undefined : { [HEADER.name]: encodeHeaderValue(name) };
  }

  private async refreshTools(options: RequestOptions): Promise<boolean> {
    if (!Object.hasOwn(this.spec.methods, "tools/list")) return false;
    try {
      // pages() runs each page through completed(), which records the tools' headers
      for await (const _page of this.pages("tools/list", {}, { signal: options.signal, timeoutMs: options.timeoutMs }));
      return true;
    } catch {
      return false;
    }
  }

  private warn(message: string, cause?: unknown): void {
    if (this.options.onWarning) this.options.onWarning(message, cause);
    else console.warn(`[mcp client] ${message}`);
  }
}

export { isClientError };
