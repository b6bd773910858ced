// The client's side of tracing (shared/tracing.ts): a CLIENT span around each request it sends,
// outside the caller's middleware (so it times them too) and after the response cache (an answer
// taken from it sends nothing, so it has no span). The span's trace context goes out in the
// request's `params._meta`, where the server takes its parent from.
import { endOperation, extractContext, injectContext, requestAttributes, startOperation, type Outcome, type Telemetry, type TraceAttributes } from "../shared/tracing.js";
import type { SendExtras } from "./channel.js";
import type { JsonRpcId } from "../shared/jsonrpc.js";

/** What the span says of the connection once the request ended. */
export interface TracedConnection {
  protocolVersion: string;
  sessionId?: string | undefined;
  /** The transport's URL, if it has one (Streamable HTTP). */
  endpoint?: string | undefined;
}

/** Sends `params` (its `_meta` carrying the span's context) through `send`, inside the request's client span. */
export async function traceCall(loading: Promise<Telemetry | undefined>, method: string, params: unknown, connection: () => TracedConnection, send: (params: unknown, extras: SendExtras | undefined) => Promise<unknown>): Promise<unknown> {
  const telemetry = await loading;
  if (!telemetry) return send(params, undefined);
  const operation = startOperation(telemetry, "client", requestAttributes(method, params, undefined), telemetry.api.context.active());
  const given = params !== null && typeof params === "object" ? (params as { [key: string]: unknown }) : {};
  const meta: { [key: string]: unknown } = given["_meta"] !== null && typeof given["_meta"] === "object" ? { ...(given["_meta"] as object) } : {};
  injectContext(telemetry, operation, meta);
  // The id of the last message sent for it (an input_required round sends the request again).
  const extras: SendExtras = { onId: (id: JsonRpcId) => void (operation.attributes["jsonrpc.request.id"] = String(id)) };
  let result: unknown;
  try {
    result = await telemetry.api.context.with(operation.context, () => send({ ...given, _meta: meta }, extras));
  } catch (error) {
    endOperation(telemetry, operation, outcomeOfError(error), connectionAttributes(connection()));
    throw error;
  }
  const failed = result !== null && typeof result === "object" && (result as { isError?: unknown }).isError === true;
  endOperation(telemetry, operation, failed ? { errorType: "tool_error" } : {}, connectionAttributes(connection()));
  return result;
}

/**
 * A request the server sent the client (a session's elicitation, sampling, roots), answered by
 * `answer` inside a SERVER span parented on the trace context in its `_meta`.
 */
export async function traceIncoming<T>(loading: Promise<Telemetry | undefined>, request: { method: string; params?: { [key: string]: unknown } | undefined }, id: JsonRpcId, connection: () => TracedConnection, answer: () => Promise<T>): Promise<T> {
  const telemetry = await loading;
  if (!telemetry) return answer();
  const operation = startOperation(telemetry, "server", requestAttributes(request.method, request.params, id), extractContext(telemetry, request.params?.["_meta"]));
  let result: T;
  try {
    result = await telemetry.api.context.with(operation.context, answer);
  } catch (error) {
    endOperation(telemetry, operation, outcomeOfError(error), connectionAttributes(connection()));
    throw error;
  }
  endOperation(telemetry, operation, {}, connectionAttributes(connection()));
  return result;
}

/** A JSON-RPC error (the revision's McpError): its code; a ClientError: its kind (`timeout`, `transport`...). */
function outcomeOfError(error: unknown): Outcome {
  const { code, kind, message } = (error ?? {}) as { code?: unknown; kind?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : undefined;
  if (typeof code === "number") return { code, message: text };
  return { errorType: typeof kind === "string" ? kind : "_OTHER", message: text };
}

function connectionAttributes(connection: TracedConnection): TraceAttributes {
  const attributes: TraceAttributes = { "mcp.protocol.version": connection.protocolVersion };
  if (connection.sessionId !== undefined) attributes["mcp.session.id"] = connection.sessionId;
  const url = connection.endpoint !== undefined && /^https?:/.test(connection.endpoint) ? new URL(connection.endpoint) : undefined;
  if (url) {
    attributes["network.protocol.name"] = "http";
    attributes["network.transport"] = "tcp";
    attributes["server.address"] = url.hostname;
    attributes["server.port"] = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  }
  return attributes;
}
