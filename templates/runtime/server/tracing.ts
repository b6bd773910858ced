// The server's side of tracing (shared/tracing.ts): a SERVER span around each request from the
// moment the dispatcher has it until its answer is made (scope check, validation, the author's
// middleware and the handler all inside), parented on the trace context the client put in
// `params._meta`, with a link to the transport's span (an HTTP server span) when one is active.
// The handler runs with the span active, so its own spans (and the requests it sends the client
// in a session) belong to the trace.
import { endOperation, extractContext, injectContext, requestAttributes, startOperation, type Operation, type Outcome, type Telemetry, type TraceAttributes } from "../shared/tracing.js";
import { isObject } from "../shared/messages.js";
import type { JsonObject, JsonRpcRequest, JsonRpcResponse } from "./types.js";

/** What the dispatcher knows of a request's connection. */
export interface TracedExchange {
  /** The session's id (an HTTP session's `Mcp-Session-Id`), if any. */
  sessionId?: string | undefined;
  /** The protocol version, once known (a session's is known only after its initialize). */
  protocolVersion(): string | undefined;
  /** Over HTTP (the request has headers). */
  http: boolean;
}

/** Sends a request of the server's own (`params`, its `_meta` carrying the trace) and resolves with the client's answer. */
export type TraceAsk = (method: string, params: JsonObject | undefined, send: (params: JsonObject) => Promise<JsonRpcResponse>) => Promise<JsonRpcResponse>;

/** Answers `request` through `answer` inside its server span (`asks.traceAsk`: what the handler asks the client, in spans under it). */
export async function traceRequest(loading: Promise<Telemetry | undefined>, request: JsonRpcRequest, exchange: TracedExchange, asks: { traceAsk?: TraceAsk | undefined }, answer: () => Promise<JsonRpcResponse | undefined>): Promise<JsonRpcResponse | undefined> {
  const telemetry = await loading;
  if (!telemetry) return answer();
  const { api } = telemetry;
  const meta = isObject(request.params) ? request.params["_meta"] : undefined;
  const ambient = api.trace.getSpanContext(api.context.active());
  const operation = startOperation(telemetry, "server", requestAttributes(request.method, request.params, request.id), extractContext(telemetry, meta), ambient ? [{ context: ambient }] : undefined);
  const more = (): TraceAttributes => {
    const attributes: TraceAttributes = {};
    const version = exchange.protocolVersion();
    if (version !== undefined) attributes["mcp.protocol.version"] = version;
    if (exchange.sessionId !== undefined) attributes["mcp.session.id"] = exchange.sessionId;
    if (exchange.http) {
      attributes["network.protocol.name"] = "http";
      attributes["network.transport"] = "tcp";
    }
    return attributes;
  };
  asks.traceAsk = asker(telemetry, operation, more);
  let response: JsonRpcResponse | undefined;
  try {
    response = await api.context.with(operation.context, answer);
  } catch (error) {
    endOperation(telemetry, operation, { errorType: "_OTHER", message: (error as Error)?.message }, more());
    throw error;
  }
  endOperation(telemetry, operation, outcomeOf(response), more());
  return response;
}

/**
 * The server's own requests to the client while it answers (a session's elicitation, sampling,
 * roots): each in a CLIENT span under the request's, its context in the request's `_meta`, so the
 * client's span of its answer joins the trace.
 */
function asker(telemetry: Telemetry, parent: Operation, more: () => TraceAttributes): TraceAsk {
  return async (method, params, send) => {
    const operation = startOperation(telemetry, "client", requestAttributes(method, params, undefined), parent.context);
    const meta: JsonObject = isObject(params?.["_meta"]) ? { ...params["_meta"] } : {};
    injectContext(telemetry, operation, meta);
    let response: JsonRpcResponse;
    try {
      response = await send({ ...params, _meta: meta });
    } catch (error) {
      endOperation(telemetry, operation, { errorType: "_OTHER", message: (error as Error)?.message }, more());
      throw error;
    }
    endOperation(telemetry, operation, outcomeOf(response), more());
    return response;
  };
}

/** A JSON-RPC error's code and message; a tool's `isError` result: `tool_error`. */
export function outcomeOf(response: JsonRpcResponse | undefined): Outcome {
  if (!response) return {};
  if (response.error) return { code: response.error.code, message: response.error.message };
  return response.result?.["isError"] === true ? { errorType: "tool_error" } : {};
}
