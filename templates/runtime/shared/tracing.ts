// Tracing after OpenTelemetry's semantic conventions for MCP (the GenAI conventions' mcp.md): one
// span per request on each side, named `{mcp.method.name} {target}`, the
// `mcp.{client,server}.operation.duration` histograms, and W3C trace context carried in the
// request's `params._meta` (`traceparent`, `tracestate`), so that a client span and the server span
// it caused are one trace on any transport. `@opentelemetry/api` is an optional peer: it is
// imported only when tracing is turned on (and once), never by a client or server without it.
// What both sides share lives here: the lazy load, the propagation through `_meta`, the attributes.

/** The attributes of a span or a measurement. */
export type TraceAttributes = Record<string, string | number | boolean>;

/** What the runtime uses of an OpenTelemetry span. */
export interface SpanLike {
  spanContext(): { traceId: string; spanId: string; traceFlags: number; traceState?: { serialize(): string } | undefined };
  setAttributes(attributes: TraceAttributes): unknown;
  setStatus(status: { code: number; message?: string | undefined }): unknown;
  end(): void;
}

/** What the runtime uses of a tracer provider (`@opentelemetry/api`'s TracerProvider fits). */
export interface TracerProviderLike {
  getTracer(name: string, version?: string): { startSpan(name: string, options?: object, context?: unknown): SpanLike };
}

/** What the runtime uses of a meter provider (`@opentelemetry/api`'s MeterProvider fits). */
export interface MeterProviderLike {
  getMeter(name: string, version?: string): { createHistogram(name: string, options?: object): { record(value: number, attributes?: TraceAttributes): void } };
}

/**
 * The `tracing` option of createServer, createClient and connect: `true` uses the global tracer
 * and meter providers of `@opentelemetry/api`; an object uses the providers it gives (a missing
 * one: the global one).
 */
export interface TracingOptions {
  tracerProvider?: TracerProviderLike | undefined;
  meterProvider?: MeterProviderLike | undefined;
}
export type TracingOption = boolean | TracingOptions | undefined;

/** The part of `@opentelemetry/api` the runtime calls. */
export interface OtelApi {
  trace: TracerProviderLike & {
    setSpan(context: unknown, span: SpanLike): unknown;
    getSpanContext(context: unknown): object | undefined;
    setSpanContext(context: unknown, spanContext: object): unknown;
  };
  metrics: MeterProviderLike;
  context: { active(): unknown; with<T>(context: unknown, fn: () => T): T };
  propagation: { inject(context: unknown, carrier: object): void; extract(context: unknown, carrier: object): unknown };
  createTraceState(text?: string): unknown;
  ROOT_CONTEXT: unknown;
}

type Histogram = ReturnType<ReturnType<MeterProviderLike["getMeter"]>["createHistogram"]>;

/** The instruments of a `tracing` option, once the API is loaded. */
export interface Telemetry {
  api: OtelApi;
  tracer: ReturnType<TracerProviderLike["getTracer"]>;
  meter: ReturnType<MeterProviderLike["getMeter"]>;
  /** Each role's duration histogram, made on first use. */
  histograms: Partial<Record<Role, Histogram>>;
}

/**
 * The part a side plays in one operation: "client" sends the request (kind CLIENT,
 * `mcp.client.operation.duration`), "server" answers it (kind SERVER,
 * `mcp.server.operation.duration`). A session-era server that asks its client for input plays
 * "client" for that request, and the client answering it "server".
 */
export type Role = "client" | "server";

/** Named through a constant: bundlers and type checks leave an optional peer alone. */
const API_MODULE = "@opentelemetry/api";
const SCOPE = "mcp-gen";
/** The conventions' advice for both duration histograms, in seconds. */
export const DURATION_BUCKETS: readonly number[] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
const SPAN_KIND: Record<Role, number> = { client: 2, server: 1 };
const DESCRIPTION: Record<Role, string> = {
  client: "The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.",
  server: "MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.",
};
const STATUS_ERROR = 2;

/** How the API is loaded, and the load once made (tests replace `load` to count or fail the loads). */
export const otelLoader: { load(): Promise<OtelApi>; loaded: Promise<OtelApi> | undefined } = {
  load: () => import(/* @vite-ignore */ API_MODULE) as Promise<OtelApi>,
  loaded: undefined,
};
const byOption = new WeakMap<object, Promise<Telemetry | undefined>>();
const GLOBAL: TracingOptions = {};

/**
 * The telemetry of a `tracing` option, loaded once per option object (undefined when tracing is
 * off). When the API cannot be loaded, `onFailure` hears why and calls go untraced.
 */
export function telemetryFor(option: TracingOption, onFailure: (error: Error) => void): Promise<Telemetry | undefined> | undefined {
  if (!option) return undefined;
  const key = option === true ? GLOBAL : option;
  let found = byOption.get(key);
  if (!found) {
    otelLoader.loaded ??= otelLoader.load().then((module) => ("trace" in module ? module : (module as { default: OtelApi }).default));
    found = otelLoader.loaded.then(
      (api) => ({ api, tracer: (key.tracerProvider ?? api.trace).getTracer(SCOPE), meter: (key.meterProvider ?? api.metrics).getMeter(SCOPE), histograms: {} }),
      (cause: unknown) => {
        // Said once to this server or client, which goes on untraced; the next one created tries again.
        otelLoader.loaded = undefined;
        byOption.delete(key);
        onFailure(new Error(`tracing is on but ${API_MODULE} could not be loaded (install it beside the generated code): ${(cause as Error)?.message ?? cause}`, { cause }));
        return undefined;
      },
    );
    byOption.set(key, found);
  }
  return found;
}

function histogram(telemetry: Telemetry, role: Role): Histogram {
  return (telemetry.histograms[role] ??= telemetry.meter.createHistogram(`mcp.${role}.operation.duration`, { unit: "s", description: DESCRIPTION[role], advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] } }));
}

/** The request attributes the conventions name (beside the ones known only once it ended). */
export function requestAttributes(method: string, params: unknown, id: string | number | null | undefined): TraceAttributes {
  const attributes: TraceAttributes = { "mcp.method.name": method };
  if (id !== undefined && id !== null) attributes["jsonrpc.request.id"] = String(id);
  const p = params !== null && typeof params === "object" ? (params as { name?: unknown; uri?: unknown }) : {};
  if (typeof p.name === "string" && method === "tools/call") {
    attributes["gen_ai.tool.name"] = p.name;
    attributes["gen_ai.operation.name"] = "execute_tool";
  } else if (typeof p.name === "string" && method === "prompts/get") attributes["gen_ai.prompt.name"] = p.name;
  if (typeof p.uri === "string") attributes["mcp.resource.uri"] = p.uri;
  return attributes;
}

/** `{mcp.method.name} {target}`: the tool or prompt, never a resource URI (high cardinality). */
function spanName(attributes: TraceAttributes): string {
  const target = attributes["gen_ai.tool.name"] ?? attributes["gen_ai.prompt.name"];
  return target === undefined ? String(attributes["mcp.method.name"]) : `${attributes["mcp.method.name"]} ${target}`;
}

/** Attributes the duration metric keeps (no request id, session or URI: they would explode its series). */
const METRIC_KEYS = ["mcp.method.name", "error.type", "gen_ai.tool.name", "gen_ai.prompt.name", "gen_ai.operation.name", "rpc.response.status_code", "mcp.protocol.version", "network.transport", "network.protocol.name", "server.address", "server.port"];

/** One traced operation: its span, the context it is active in, when it started. */
export interface Operation {
  role: Role;
  span: SpanLike;
  context: unknown;
  attributes: TraceAttributes;
  started: number;
}

export function startOperation(telemetry: Telemetry, role: Role, attributes: TraceAttributes, parent: unknown, links?: object[]): Operation {
  const span = telemetry.tracer.startSpan(spanName(attributes), { kind: SPAN_KIND[role], attributes, ...(links ? { links } : {}) }, parent);
  return { role, span, context: telemetry.api.trace.setSpan(parent, span), attributes, started: performance.now() };
}

/** How an operation ended: a JSON-RPC error's code and message, or an error type of its own (`tool_error`, `timeout`). */
export interface Outcome {
  errorType?: string | undefined;
  code?: number | undefined;
  message?: string | undefined;
}

/** Ends the span (status ERROR when it failed) and records the duration, in seconds. */
export function endOperation(telemetry: Telemetry, operation: Operation, outcome: Outcome, more: TraceAttributes): void {
  const attributes = operation.attributes;
  Object.assign(attributes, more);
  if (outcome.code !== undefined) attributes["rpc.response.status_code"] = String(outcome.code);
  const errorType = outcome.errorType ?? (outcome.code !== undefined ? String(outcome.code) : undefined);
  if (errorType !== undefined) attributes["error.type"] = errorType;
  operation.span.setAttributes(attributes);
  if (errorType !== undefined) operation.span.setStatus({ code: STATUS_ERROR, message: outcome.message });
  operation.span.end();
  const measured: TraceAttributes = {};
  for (const key of METRIC_KEYS) if (attributes[key] !== undefined) measured[key] = attributes[key]!;
  histogram(telemetry, operation.role).record((performance.now() - operation.started) / 1000, measured);
}

/** Writes the operation's trace context into a `_meta` object (W3C `traceparent`/`tracestate`, and what the global propagator adds: baggage). */
export function injectContext(telemetry: Telemetry, operation: Operation, meta: Record<string, unknown>): void {
  telemetry.api.propagation.inject(operation.context, meta);
  const { traceId, spanId, traceFlags, traceState } = operation.span.spanContext();
  meta["traceparent"] = `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
  const state = traceState?.serialize();
  if (state) meta["tracestate"] = state;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The context a received request's `_meta` names as its parent (W3C trace context, read here
 * whatever propagator is registered), over the global propagator's (baggage). A malformed or
 * absent `traceparent` gives a root context: a new trace.
 */
export function extractContext(telemetry: Telemetry, meta: unknown): unknown {
  const { api } = telemetry;
  if (meta === null || typeof meta !== "object") return api.ROOT_CONTEXT;
  const context = api.propagation.extract(api.ROOT_CONTEXT, meta);
  const parent = (meta as { traceparent?: unknown }).traceparent;
  const match = typeof parent === "string" ? TRACEPARENT.exec(parent.trim()) : null;
  if (!match || match[1] === "ff" || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!) || (match[1] === "00" && match[5] !== undefined)) return context;
  const state = (meta as { tracestate?: unknown }).tracestate;
  const spanContext = { traceId: match[2]!, spanId: match[3]!, traceFlags: parseInt(match[4]!, 16) & 1, isRemote: true, ...(typeof state === "string" ? { traceState: api.createTraceState(state) } : {}) };
  return api.trace.setSpanContext(context, spanContext);
}
