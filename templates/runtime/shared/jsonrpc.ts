// JSON-RPC 2.0 messages as every MCP revision frames them: the message types, guards that
// classify a decoded value, and error objects. Direction-neutral: clients and servers both use it.
import { isErrorObject, type ErrorObject } from "./errors.js";

export type JsonRpcId = string | number;

/** Params of a request or notification: JSON-RPC allows an object (MCP never sends arrays). */
export type JsonRpcParams = { [key: string]: unknown };

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: JsonRpcId;
  method: string;
  params?: JsonRpcParams;
}

export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: JsonRpcParams;
}

export interface JsonRpcResultResponse {
  jsonrpc: "2.0";
  id: JsonRpcId;
  result: { [key: string]: unknown };
}

export interface JsonRpcErrorResponse {
  jsonrpc: "2.0";
  /** Absent when the request's id could not be read (a wire `null` is read as absent). */
  id?: JsonRpcId;
  error: ErrorObject;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** The error codes JSON-RPC 2.0 itself defines (every MCP revision uses them). */
export const JSONRPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type MessageKind = "request" | "notification" | "result" | "error";

/** What a decoded value is: a message of some kind, or why it is not one. */
export type Classified =
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "result"; message: JsonRpcResultResponse }
  | { kind: "error"; message: JsonRpcErrorResponse }
  | { kind: "invalid"; reason: string };

const isObject = (value: unknown): value is { [key: string]: unknown } => value !== null && typeof value === "object" && !Array.isArray(value);

const isId = (value: unknown): value is JsonRpcId => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

/**
 * Classifies a decoded JSON value. A message with `method` is a request when it has an id (a
 * string or a number, never null) and a notification otherwise; without `method` it is a
 * response: `result` or `error`, never both.
 */
export function classifyMessage(value: unknown): Classified {
  if (!isObject(value)) return { kind: "invalid", reason: "not a JSON object" };
  if (value["jsonrpc"] !== "2.0") return { kind: "invalid", reason: 'jsonrpc is not "2.0"' };
  const params = value["params"];
  if ("method" in value) {
    if (typeof value["method"] !== "string") return { kind: "invalid", reason: "method is not a string" };
    if (params !== undefined && !isObject(params)) return { kind: "invalid", reason: "params is not an object" };
    if (!("id" in value)) return { kind: "notification", message: value as unknown as JsonRpcNotification };
    if (!isId(value["id"])) return { kind: "invalid", reason: "a request id must be a string or a number" };
    return { kind: "request", message: value as unknown as JsonRpcRequest };
  }
  const hasResult = "result" in value;
  const hasError = "error" in value;
  if (hasResult === hasError) return { kind: "invalid", reason: hasResult ? "a response has both result and error" : "neither a request, a notification nor a response" };
  if (hasResult) {
    if (!isId(value["id"])) return { kind: "invalid", reason: "a result response needs a string or number id" };
    if (!isObject(value["result"])) return { kind: "invalid", reason: "result is not an object" };
    return { kind: "result", message: value as unknown as JsonRpcResultResponse };
  }
  const id = value["id"];
  if (id !== undefined && id !== null && !isId(id)) return { kind: "invalid", reason: "an error response id must be a string, a number or null" };
  if (!isErrorObject(value["error"])) return { kind: "invalid", reason: "error needs an integer code and a string message" };
  if (id === null) {
    const { id: _null, ...rest } = value;
    return { kind: "error", message: rest as unknown as JsonRpcErrorResponse };
  }
  return { kind: "error", message: value as unknown as JsonRpcErrorResponse };
}

export function isJsonRpcMessage(value: unknown): value is JsonRpcMessage {
  return classifyMessage(value).kind !== "invalid";
}

export function isJsonRpcRequest(value: unknown): value is JsonRpcRequest {
  return classifyMessage(value).kind === "request";
}

export function isJsonRpcNotification(value: unknown): value is JsonRpcNotification {
  return classifyMessage(value).kind === "notification";
}

export function isJsonRpcResultResponse(value: unknown): value is JsonRpcResultResponse {
  return classifyMessage(value).kind === "result";
}

export function isJsonRpcErrorResponse(value: unknown): value is JsonRpcErrorResponse {
  return classifyMessage(value).kind === "error";
}

export function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  const kind = classifyMessage(value).kind;
  return kind === "result" || kind === "error";
}

/** Parses one JSON text as a message: the message, or why it is none (not JSON, not JSON-RPC). */
export function parseMessage(text: string): { ok: true; message: JsonRpcMessage; kind: MessageKind } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const classified = classifyMessage(value);
  if (classified.kind === "invalid") return { ok: false, reason: `not a JSON-RPC message: ${classified.reason}` };
  return { ok: true, message: classified.message, kind: classified.kind };
}

/** A request message. */
export function rpcRequest(id: JsonRpcId, method: string, params?: JsonRpcParams): JsonRpcRequest {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

/** A notification message. */
export function rpcNotification(method: string, params?: JsonRpcParams): JsonRpcNotification {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

/** A result response. */
export function rpcResult(id: JsonRpcId, result: { [key: string]: unknown }): JsonRpcResultResponse {
  return { jsonrpc: "2.0", id, result };
}

/** An error object (no `data` key when there is no data). */
export function errorObject(code: number, message: string, data?: unknown): ErrorObject {
  return data === undefined ? { code, message } : { code, message, data };
}

/** An error response; without an id (the request's id could not be read) it carries none. */
export function rpcError(id: JsonRpcId | null | undefined, code: number, message: string, data?: unknown): JsonRpcErrorResponse {
  const error = errorObject(code, message, data);
  return id === undefined || id === null ? { jsonrpc: "2.0", error } : { jsonrpc: "2.0", id, error };
}
