// A refused bearer token, typed. The server's JSON-RPC body says only -32000; what a caller acts on
// is in the HTTP status and the `WWW-Authenticate` challenge (RFC 6750 section 3, RFC 9728
// section 5.1): where the resource's metadata is (to find the authorization server), and on a 403
// which scopes the call needs (to step up). Both errors keep the status and the server's error.
import { ClientError } from "./errors.js";

/** A `WWW-Authenticate` challenge: its scheme, its auth-params (names lower-cased) and the header as sent. */
export interface AuthChallenge {
  scheme: string;
  params: Readonly<Record<string, string>>;
  raw: string;
}

/** The server's JSON-RPC error of the refusal, when its body held one. */
interface Refusal {
  challenge: AuthChallenge;
  serverError: unknown;
  message: string;
}

/** A 401: no token, or one the server refused (`invalid_token`); get a token and try again. */
export class UnauthorizedError extends ClientError {
  readonly status = 401;
  /** The resource's protected-resource metadata URL (`resource_metadata`), when the challenge names it. */
  readonly resourceMetadata: string | undefined;
  readonly challenge: AuthChallenge;

  constructor(refusal: Refusal) {
    super("unauthorized", refusal.message, { detail: { status: 401, error: refusal.serverError } });
    this.name = "UnauthorizedError";
    this.challenge = refusal.challenge;
    this.resourceMetadata = refusal.challenge.params["resource_metadata"];
  }
}

/** A 403 `insufficient_scope`: the token lacks scopes this call needs; `scopes` names every one. */
export class InsufficientScopeError extends ClientError {
  readonly status = 403;
  readonly scopes: string[];
  readonly resourceMetadata: string | undefined;
  readonly challenge: AuthChallenge;

  constructor(refusal: Refusal) {
    super("insufficient-scope", refusal.message, { detail: { status: 403, error: refusal.serverError } });
    this.name = "InsufficientScopeError";
    this.challenge = refusal.challenge;
    this.resourceMetadata = refusal.challenge.params["resource_metadata"];
    this.scopes = (refusal.challenge.params["scope"] ?? "").split(" ").filter(Boolean);
  }
}

/**
 * The typed error for an HTTP refusal, or undefined when it is not one: a 401, or a 403 whose
 * Bearer challenge says `insufficient_scope` (a 403 for a foreign Origin is not about the token).
 */
export function authRefusal(status: number, header: string | null, serverError: unknown, message: string): ClientError | undefined {
  if (status !== 401 && status !== 403) return undefined;
  const challenge = bearerChallenge(header ?? "");
  if (status === 401) return new UnauthorizedError({ challenge, serverError, message });
  return challenge.params["error"] === "insufficient_scope" ? new InsufficientScopeError({ challenge, serverError, message }) : undefined;
}

/** A header is read up to this many characters: a challenge is a line, not a document. */
const MAX_CHALLENGE_CHARS = 8192;

const PARAM = /\s*([!#$%&'*+.^_`|~\w-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^\s,]*)\s*,?/y;
const SCHEME = /\s*,?\s*([!#$%&'*+.^_`|~\w-]+)(?=\s|$|,)/y;

/** The Bearer challenge of a `WWW-Authenticate` value (another scheme's, or none: empty params). */
export function bearerChallenge(header: string): AuthChallenge {
  const raw = header.slice(0, MAX_CHALLENGE_CHARS);
  const challenges: AuthChallenge[] = [];
  let at = 0;
  while (at < raw.length) {
    SCHEME.lastIndex = at;
    const scheme = SCHEME.exec(raw);
    if (!scheme) break;
    at = SCHEME.lastIndex;
    const params: Record<string, string> = {};
    for (;;) {
      PARAM.lastIndex = at;
      const param = PARAM.exec(raw);
      if (!param) break;
      params[param[1]!.toLowerCase()] = param[3] !== undefined ? param[3].replace(/\\(.)/g, "$1") : param[2]!;
      at = PARAM.lastIndex;
    }
    challenges.push({ scheme: scheme[1]!, params, raw });
  }
  return challenges.find((c) => c.scheme.toLowerCase() === "bearer") ?? { scheme: challenges[0]?.scheme ?? "", params: {}, raw };
}
