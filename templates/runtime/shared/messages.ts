// JSON-RPC 2.0 message shapes as a server receives and answers them.

export type JsonObject = Record<string, unknown>;

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: JsonObject;
}

export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: JsonObject;
}

export interface JsonRpcResponse {
  jsonrpc: "2.0";
  id?: RequestId | null;
  result?: JsonObject;
  error?: { code: number; message: string; data?: unknown };
}

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** Client facts of a request: from its `_meta` envelope (stateless) or the session's `initialize`. */
export interface ClientFacts {
  protocolVersion: string;
  capabilities: JsonObject;
  info?: JsonObject;
}

/** The log levels of MCP (RFC 5424 severities), least severe first. */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** JSON-RPC's own error codes (the JSON-RPC 2.0 specification, not an MCP schema). */
export const JSONRPC = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internalError: -32603 } as const;

export const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

const isId = (value: unknown): value is RequestId => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

export type Classified =
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "response"; message: JsonRpcResponse }
  | { kind: "invalid"; id: RequestId | null; reason: string };

/** What a decoded JSON value is, as JSON-RPC 2.0 reads it. */
export function classify(value: unknown): Classified {
  if (!isObject(value)) return { kind: "invalid", id: null, reason: Array.isArray(value) ? "batches are not supported" : "a message is a JSON object" };
  const id = isId(value["id"]) ? value["id"] : null;
  if (value["jsonrpc"] !== "2.0") return { kind: "invalid", id, reason: 'jsonrpc must be "2.0"' };
  if (value["params"] !== undefined && !isObject(value["params"])) return { kind: "invalid", id, reason: "params must be an object" };
  if (typeof value["method"] === "string") {
    if (!("id" in value)) return { kind: "notification", message: value as unknown as JsonRpcNotification };
    if (id === null) return { kind: "invalid", id: null, reason: "id must be a string or a number" };
    return { kind: "request", message: value as unknown as JsonRpcRequest };
  }
  if ("method" in value) return { kind: "invalid", id, reason: "method must be a string" };
  if (id !== null && ("result" in value || "error" in value)) return { kind: "response", message: value as unknown as JsonRpcResponse };
  return { kind: "invalid", id, reason: "not a request, a notification or a response" };
}

export function errorResponse(id: RequestId | null | undefined, code: number, message: string, data?: unknown): JsonRpcResponse {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: "2.0", id: id ?? null, error };
}

export function resultResponse(id: RequestId, result: JsonObject): JsonRpcResponse {
  return { jsonrpc: "2.0", id, result };
}

export function notification(method: string, params?: JsonObject): JsonRpcNotification {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

/** Issues as `path: message` lines, for `data.issues` of -32602 answers. */
export function issueData(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): { issues: string[] } {
  return { issues: issues.slice(0, 20).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`) };
}

/** A thrown error that becomes a JSON-RPC error answer (the runtime's own, revision-independent). */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** The HTTP status a Streamable HTTP server answers with (default 200). */
    readonly httpStatus = 200,
    /** HTTP headers a Streamable HTTP server adds to that answer (`Retry-After`). */
    readonly httpHeaders?: Readonly<Record<string, string>> | undefined,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}
