// Failures a client raises on its own side (as opposed to McpError, which carries an error the
// server sent): timeouts, aborts, a closed connection, an HTTP failure, a result that fails its
// schema… They never look like a peer's JSON-RPC error.

export type ClientErrorKind =
  /** The request got no response within its timeout. */
  | "timeout"
  /** The caller aborted the request. */
  | "aborted"
  /** The connection closed (a stdio server exited, the client was closed) before the response. */
  | "closed"
  /** The transport could not deliver the request. */
  | "transport"
  /** An HTTP response that carries no JSON-RPC message (status and body in `detail`). */
  | "http"
  /** A response stream ended before the response arrived. */
  | "stream-ended"
  /** A result that fails the revision's schema, or whose `resultType` is unknown. */
  | "invalid-result"
  /** Arguments that fail a tool's or prompt's input schema (a catalog's stubs check them before sending). */
  | "invalid-arguments"
  /** A server asked for input (`input_required`) more times than the client allows. */
  | "input-rounds-exceeded"
  /** A server asked for input the client has no handler for. */
  | "missing-handler"
  /** The server asked for input in a shape the revision does not allow. */
  | "invalid-input-request"
  /** No protocol version both sides speak, or a method the negotiated revision does not have. */
  | "version"
  /** Pagination that does not end (a cursor seen twice, or too many pages). */
  | "pagination"
  /** HTTP 401: no bearer token, or a refused one (an `UnauthorizedError`). */
  | "unauthorized"
  /** HTTP 403 `insufficient_scope`: the token lacks scopes the call needs (an `InsufficientScopeError`). */
  | "insufficient-scope"
  /** A task the client waited for ended `cancelled` (by another client, or by the server). */
  | "task-cancelled"
  /** A task still not ended past its own `ttlMs` (counted from when this client first saw it): the client stops polling. */
  | "task-expired"
  /** A skill file that fails SEP-2640 verification against its entry: size, digest, frontmatter, or a file the entry does not list. */
  | "verification";

export class ClientError extends Error {
  readonly kind: ClientErrorKind;
  /** What the failure is about: exit code, HTTP status and body, schema issues… */
  readonly detail: { [key: string]: unknown } | undefined;

  constructor(kind: ClientErrorKind, message: string, options?: { cause?: unknown; detail?: { [key: string]: unknown } }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ClientError";
    this.kind = kind;
    this.detail = options?.detail;
  }
}

/** True for a ClientError (of that kind, when given). */
export function isClientError(error: unknown, kind?: ClientErrorKind): error is ClientError {
  return error instanceof ClientError && (kind === undefined || error.kind === kind);
}
