// The client's side of server-initiated requests: the capabilities its handlers stand for, the
// handlers answering `inputRequests` (2026-07-28 and later) and session-era server→client requests,
// each checked against the revision's validators.
import { ClientError } from "./errors.js";
import { messageOf } from "./channel.js";
import { issueLines } from "../shared/errors.js";
import { JSONRPC_ERROR, type JsonRpcId } from "../shared/jsonrpc.js";

/** The structural view of a Zod schema the runtime needs (no Zod types are related). */
export interface Validator {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** One entry of a revision's METHODS table, as the runtime reads it. */
export interface MethodSpec {
  kind: "request" | "notification";
  /** The whole message (for an input request of 2026-07-28: `{ method, params }`). */
  request?: Validator;
  params?: Validator;
  result?: Validator;
  /** What a complete result must be, where `result` also admits an input_required one. */
  complete?: Validator;
  /** What an input_required result must be (2026-07-28 and later). */
  inputRequired?: Validator;
}

/** What a generated client.ts tells the runtime about its revision. */
export interface RevisionSpec {
  /** The revision's label (`2026-07-28`, `draft`). */
  revision: string;
  /** The protocol version it speaks. */
  protocolVersion: string;
  methods: { readonly [method: string]: MethodSpec | undefined };
  /** The revision's McpError for a received error object. */
  toError(error: { code: number; message: string; data?: unknown }): Error;
  /** Handler method → the client capability it stands for (`elicitation/create` → `elicitation`). */
  capabilities: Readonly<Record<string, string>>;
  /** Paginated request method → the result's array of items (`tools/list` → `tools`). */
  pages: Readonly<Record<string, string>>;
}

/** What a handler is told besides the params. */
export interface HandlerContext {
  /** The request the input is for, or the server's own request (session-era). */
  method: string;
  /** The key of the input request (`input_required` rounds), if any. */
  inputKey?: string | undefined;
  /** The server's request id (session-era server→client requests). */
  requestId?: JsonRpcId | undefined;
  /** Aborted when the request is cancelled or the client closes. */
  signal: AbortSignal;
  revision: string;
}

export type HandlerFunction = (params: unknown, context: HandlerContext) => unknown;
export type HandlerTable = { readonly [method: string]: HandlerFunction | undefined };

/**
 * The capabilities to declare: those the caller gave, except that a capability some handler
 * method stands for is declared exactly when that handler is given (with the caller's settings
 * for it, `{}` otherwise).
 */
export function capabilitiesFor(spec: RevisionSpec, handlers: HandlerTable, given: { [key: string]: unknown } = {}): { [key: string]: unknown } {
  const declared: { [key: string]: unknown } = { ...given };
  for (const key of Object.values(spec.capabilities)) delete declared[key];
  for (const [method, key] of Object.entries(spec.capabilities)) {
    if (typeof handlers[method] === "function") declared[key] = given[key] ?? {};
  }
  return declared;
}

/**
 * A handler's answer, checked against the revision's schema. A mismatch is reported, not fatal:
 * the server is the judge of what it receives (2025-11-25's schema types SEP-1034's numbers as
 * integers, for one, where elicitation defaults such as 95.5 are meant).
 */
function answerChecked(validator: Validator | undefined, answer: unknown, what: string, warn: (message: string) => void): unknown {
  const result = validator?.safeParse(answer);
  if (result && !result.success) warn(`${what} returned a result that does not match the revision's schema (sent as it is): ${issueLines(result.error.issues, answer).join("; ")}`);
  return answer;
}

/** Validates with the method's schema, throwing `fail(issues)` when it does not hold. */
export function checked(validator: Validator | undefined, value: unknown, fail: (issues: string[]) => unknown): unknown {
  if (!validator) return value;
  const result = validator.safeParse(value);
  if (result.success) return result.data;
  throw fail(issueLines(result.error.issues, value));
}

/**
 * Answers every entry of an `inputRequests` map with its handler (concurrently); the responses
 * go back under the same keys. A request for which there is no handler fails the call clearly.
 */
export async function fulfilInputs(spec: RevisionSpec, handlers: HandlerTable, method: string, inputRequests: unknown, signal: AbortSignal, warn: (message: string) => void): Promise<{ [key: string]: unknown }> {
  if (inputRequests === undefined) return {};
  if (inputRequests === null || typeof inputRequests !== "object") throw new ClientError("invalid-input-request", `${method}: inputRequests is not an object`);
  const entries = Object.entries(inputRequests as { [key: string]: unknown });
  const answers = await Promise.all(
    entries.map(async ([key, entry]) => {
      const { method: asked, params } = (entry ?? {}) as { method?: unknown; params?: unknown };
      if (typeof asked !== "string") throw new ClientError("invalid-input-request", `${method}: input "${key}" names no method`);
      const handler = handlers[asked];
      if (!handler) {
        throw new ClientError("missing-handler", `${method}: the server asked for ${asked} (input "${key}"), and this client has no handler for ${asked}; pass one in handlers`, { detail: { method: asked, key } });
      }
      const askedSpec = spec.methods[asked];
      if (!askedSpec) throw new ClientError("invalid-input-request", `${method}: input "${key}" asks for ${asked}, which revision ${spec.revision} does not define`);
      // An input request is the request object without jsonrpc and id: its schema checks it whole
      // (params may be optional); a revision whose requests need an id checks the params alone.
      const invalid = (issues: string[]) => new ClientError("invalid-input-request", `${method}: input "${key}" (${asked}) is invalid: ${issues.join("; ")}`, { detail: { issues } });
      const whole = askedSpec.request?.safeParse(entry);
      const valid = whole?.success ? (whole.data as { params?: unknown }).params : checked(askedSpec.params, params, invalid);
      const answer = await handler(valid, { method, inputKey: key, signal, revision: spec.revision });
      return [key, answerChecked(askedSpec.result, answer, `the ${asked} handler`, warn)] as const;
    }),
  );
  return Object.fromEntries(answers);
}

/**
 * Answers a request a session-era server sent: its handler, or `{}` for `ping` without one; errors
 * are JSON-RPC error objects (the session sends them).
 */
export async function answerServerRequest(spec: RevisionSpec, handlers: HandlerTable, method: string, params: unknown, requestId: JsonRpcId, signal: AbortSignal, warn: (message: string) => void): Promise<{ [key: string]: unknown }> {
  const handler = handlers[method];
  if (!handler) {
    if (method === "ping") return {};
    throw { code: JSONRPC_ERROR.methodNotFound, message: `Method not found: this client has no handler for ${method}` };
  }
  const methodSpec = spec.methods[method];
  const invalid = (issues: string[]) => ({ code: JSONRPC_ERROR.invalidParams, message: `Invalid params: ${issues.join("; ")}` });
  // The whole request is checked when the revision has its schema (its params may be optional).
  const valid = methodSpec?.request ? (checked(methodSpec.request, { jsonrpc: "2.0", id: requestId, method, ...(params === undefined ? {} : { params }) }, invalid) as { params?: unknown }).params : checked(methodSpec?.params, params, invalid);
  let answer: unknown;
  try {
    answer = await handler(valid, { method, requestId, signal, revision: spec.revision });
  } catch (error) {
    if (error !== null && typeof error === "object" && typeof (error as { code?: unknown }).code === "number") throw error;
    throw { code: JSONRPC_ERROR.internalError, message: `the ${method} handler failed: ${messageOf(error)}` };
  }
  return (answerChecked(methodSpec?.result, answer, `the ${method} handler`, warn) ?? {}) as { [key: string]: unknown };
}
