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

/** A validation issue as Zod gives it: what the formatters read of one. */
export interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  readonly code?: string;
  /** A union's: each member's issues, paths relative to the union. */
  readonly errors?: ReadonlyArray<ReadonlyArray<Issue>>;
  readonly expected?: string;
}

/**
 * Issues as `path: message` lines, for `data.issues` of -32602 answers: a union's failure names
 * the innermost field of the member meant (see innermostIssues; `input` is the value validated).
 */
export function issueData(issues: ReadonlyArray<Issue>, input?: unknown): { issues: string[] } {
  return { issues: innermostIssues(issues, input).slice(0, 20).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`) };
}

/**
 * Issues with every union failure replaced by the issues of the member the value was meant for,
 * their paths made absolute. Zod reports a union that no member accepts as one "Invalid input" at
 * the union's path, which names neither the field at fault nor what it should be (a bad form
 * answer in `params.inputResponses.form`, for one). The member meant: of those that got past the
 * value itself, the one missing the fewest keys the input has not (when the input is given), then
 * the one whose issues reach deepest, then the one with the fewest issues, then the first. When
 * every member refuses the value itself, one issue at the union's path says what it could be.
 */
export function innermostIssues(issues: ReadonlyArray<Issue>, input?: unknown): Array<{ path: PropertyKey[]; message: string }> {
  const out: Array<{ path: PropertyKey[]; message: string }> = [];
  for (const issue of issues) flatten(issue, [], input, out);
  return out;
}

function flatten(issue: Issue, prefix: PropertyKey[], input: unknown, out: Array<{ path: PropertyKey[]; message: string }>): void {
  const path = [...prefix, ...(issue.path ?? [])];
  const errors = issue.code === "invalid_union" && Array.isArray(issue.errors) ? issue.errors : [];
  if (errors.length === 0) return void out.push({ path, message: issue.message });
  const members = errors.map((member) => {
    const flat: Array<{ path: PropertyKey[]; message: string }> = [];
    for (const inner of member) flatten(inner, path, input, flat);
    return flat;
  });
  const reached = members.filter((flat) => flat.some((i) => i.path.length > path.length));
  if (reached.length === 0) return void out.push({ path, message: kinds(errors) ?? issue.message });
  const ranked = reached.map((member) => ({ member, rank: rank(member, input) }));
  let best = ranked[0]!;
  for (const candidate of ranked.slice(1)) if (nearer(candidate.rank, best.rank)) best = candidate;
  out.push(...best.member);
}

/** A member's distance from the input: keys it misses, minus its depth, its issue count. */
function rank(member: ReadonlyArray<{ path: PropertyKey[] }>, input: unknown): number[] {
  const missing = input === undefined ? 0 : member.filter((i) => !reaches(input, i.path)).length;
  return [missing, -Math.max(...member.map((i) => i.path.length)), member.length];
}

function nearer(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** True when `path` names an own property all the way down `value` (a getter that throws: not). */
function reaches(value: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let current = value;
  try {
    for (const key of path) {
      if (current === null || typeof current !== "object" || !Object.prototype.hasOwnProperty.call(current, key)) return false;
      current = (current as Record<PropertyKey, unknown>)[key];
    }
  } catch {
    return false;
  }
  return true;
}

/** "Invalid input: expected string | number" when each member refused the value's kind alone. */
function kinds(errors: ReadonlyArray<ReadonlyArray<Issue>>): string | undefined {
  const expected: string[] = [];
  for (const member of errors) {
    const only = member.length === 1 ? member[0]! : undefined;
    if (!only || only.code !== "invalid_type" || (only.path ?? []).length > 0 || typeof only.expected !== "string") return undefined;
    if (!expected.includes(only.expected)) expected.push(only.expected);
  }
  return `Invalid input: expected ${expected.join(" | ")}`;
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
