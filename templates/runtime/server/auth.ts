// An HTTP server as an OAuth 2.1 resource server (the authorization pages of 2025-11-25 and
// 2026-07-28): the protected-resource metadata of RFC 9728, bearer tokens read from the
// Authorization header alone (RFC 6750) and checked by the user's `verify`, 401 and 403
// challenges that point to the metadata, and the scopes each definition requires. The token
// itself never leaves this file: not in a response, an error, a log or a principal.
import { errorResponse } from "../shared/messages.js";
import { Reply, type HttpRequest } from "./http-reply.js";
import type { AuthInfo } from "./types.js";

/**
 * Checks a bearer token: its caller, or undefined when the token is refused (401 invalid_token).
 * `request` gives the method, URL, headers and signal (under toNodeListener, made for it, bodiless).
 * `clockToleranceSec` is `auth.clockToleranceSec`: a verifier that compares times itself uses it,
 * so that it never refuses what `authenticate` would accept, nor the other way round.
 */
export type TokenVerifier = (token: string, request: Request, context: { resource: string; clockToleranceSec?: number }) => Promise<AuthInfo | undefined>;

/** The leeway for `exp` and `nbf`, in seconds, when `auth.clockToleranceSec` is not given. */
export const DEFAULT_CLOCK_TOLERANCE_SEC = 60;

export interface AuthOptions {
  /** The canonical URI of this MCP server (the tokens' audience), e.g. "https://mcp.example.com/mcp". */
  resource: string;
  /** The issuers clients may get tokens from (listed in the metadata). */
  authorizationServers: readonly string[];
  /** The scopes this server knows (listed in the metadata, and asked for in the 401 challenge). */
  scopesSupported?: readonly string[];
  /** Checks a token: `jwtVerifier(jose, …)`, `introspectionVerifier(…)` or your own. */
  verify: TokenVerifier;
  /** More fields of the metadata document (resource_name, resource_documentation…). */
  metadata?: Record<string, unknown>;
  /** The leeway for a token's `exp` and `nbf`, in seconds (default 60): the one every check uses. */
  clockToleranceSec?: number;
}

const WELL_KNOWN = "/.well-known/oauth-protected-resource";
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const CORS = { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, OPTIONS", "access-control-allow-headers": "authorization, mcp-protocol-version" };

/** A resource server's fixed parts, computed once from its options. */
export interface ResourceServer {
  options: AuthOptions;
  /** The metadata document's URL (advertised in every challenge). */
  metadataUrl: string;
  /** The paths the metadata is served on: the path-suffixed one of RFC 9728 first, then the bare one. */
  metadataPaths: readonly string[];
}

export function resourceServer(options: AuthOptions): ResourceServer {
  let url: URL;
  try {
    url = new URL(options.resource);
  } catch {
    throw new TypeError(`auth.resource must be an absolute URI, not ${JSON.stringify(options.resource)}`);
  }
  if (url.hash) throw new TypeError("auth.resource must not have a fragment (RFC 8707)");
  if (typeof options.verify !== "function") throw new TypeError("auth.verify must be a function (jwtVerifier, introspectionVerifier or your own)");
  const leeway = options.clockToleranceSec;
  if (leeway !== undefined && !(typeof leeway === "number" && leeway >= 0 && Number.isFinite(leeway))) throw new TypeError(`auth.clockToleranceSec must be a number of seconds, 0 or more, not ${JSON.stringify(leeway)}`);
  const suffix = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  const metadataPaths = suffix ? [WELL_KNOWN + suffix, WELL_KNOWN] : [WELL_KNOWN];
  return { options, metadataUrl: new URL(metadataPaths[0]!, url.origin).href, metadataPaths };
}

/** The metadata route (GET, and OPTIONS for CORS preflight), or undefined for any other request. */
export function metadataResponse(server: ResourceServer, method: string, path: string | undefined): Reply | undefined {
  if (path === undefined || !server.metadataPaths.includes(path)) return undefined;
  if (method === "OPTIONS") return new Reply(204, { ...CORS });
  if (method !== "GET" && method !== "HEAD") return new Reply(405, { allow: "GET, OPTIONS", ...CORS });
  const { options } = server;
  const document = {
    ...options.metadata,
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    ...(options.scopesSupported ? { scopes_supported: [...options.scopesSupported] } : {}),
    bearer_methods_supported: ["header"],
  };
  return new Reply(200, { "content-type": "application/json", "cache-control": "max-age=3600", ...CORS }, JSON.stringify(document));
}

/** A `WWW-Authenticate: Bearer …` value; quotes and backslashes in values are escaped. */
function challenge(params: Record<string, string | undefined>): string {
  const quoted = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `Bearer ${quoted.map(([key, value]) => `${key}="${value.replace(/["\\]/g, "\\$&")}"`).join(", ")}`;
}

function refusal(status: number, header: string, message: string, id: string | number | null = null): Reply {
  return new Reply(status, { "content-type": "application/json", "www-authenticate": header }, JSON.stringify(errorResponse(id, -32000, message)));
}

/**
 * The caller of a request to the MCP endpoint, or the response that refuses it: 401 without a
 * token or with one `verify` refuses, 400 for an Authorization header that is not a bearer token.
 * A `verify` that throws (its key set unreachable, say) answers 503: the token may be fine.
 */
export async function authenticate(server: ResourceServer, request: HttpRequest, report: (error: unknown) => void): Promise<AuthInfo | Reply> {
  const resource_metadata = server.metadataUrl;
  const header = request.headers.get("authorization");
  if (header === null) {
    const scope = server.options.scopesSupported?.join(" ") || undefined;
    return refusal(401, challenge({ resource_metadata, scope }), "Unauthorized: this server needs a bearer token (see the WWW-Authenticate header)");
  }
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) return refusal(400, challenge({ error: "invalid_request", error_description: "the Authorization header is not a bearer token", resource_metadata }), "Bad Request: the Authorization header is not a bearer token");
  const clockToleranceSec = server.options.clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC;
  let auth: AuthInfo | undefined;
  try {
    auth = await server.options.verify(token, request.web(), { resource: server.options.resource, clockToleranceSec });
  } catch (error) {
    // A client that went away gets no answer: its abort is not the server's failure to report.
    if (!request.signal.aborted) report(new Error(`auth.verify failed (the token was neither accepted nor refused): ${error instanceof Error ? error.message : String(error)}`.split(token).join("[token]")));
    return new Reply(503, { "content-type": "application/json", "retry-after": "5" }, JSON.stringify(errorResponse(null, -32000, "Service Unavailable: the token could not be checked; retry shortly")));
  }
  if (!auth) return refusal(401, challenge({ error: "invalid_token", error_description: "the access token is invalid, expired or not for this server", resource_metadata }), "Unauthorized: the access token was refused");
  const untimely = timeRefusal(auth, clockToleranceSec);
  if (untimely) return refusal(401, challenge({ error: "invalid_token", error_description: `the access token ${untimely}`, resource_metadata }), `Unauthorized: the access token ${untimely}`);
  return auth;
}

/**
 * Why a verified token's time claims refuse it now, or undefined: `exp` (as `expiresAt`) and
 * `nbf`, each with the same leeway. Every verifier's AuthInfo passes here, a custom one's too.
 */
function timeRefusal(auth: AuthInfo, leewaySec: number): string | undefined {
  const now = Date.now() / 1000;
  if (auth.expiresAt !== undefined && auth.expiresAt <= now - leewaySec) return "has expired";
  const nbf = auth.claims?.["nbf"];
  if (typeof nbf === "number" && nbf > now + leewaySec) return "is not valid yet (nbf)";
  return undefined;
}

/** 403 insufficient_scope naming every scope the request needs, or undefined when the token has them all. */
export function scopeRefusal(server: ResourceServer, auth: AuthInfo, needed: readonly string[], id: string | number | null): Reply | undefined {
  if (needed.every((scope) => auth.scopes.includes(scope))) return undefined;
  const scope = needed.join(" ");
  const header = challenge({ error: "insufficient_scope", scope, resource_metadata: server.metadataUrl, error_description: `this request needs the scopes ${scope}` });
  return refusal(403, header, `Forbidden: this request needs the scopes ${scope}`, id);
}

/** The principal sessions and sealed states are bound to: the token's subject and client, never the token. */
export function principalOfAuth(auth: AuthInfo): string {
  return JSON.stringify([auth.subject, auth.clientId ?? null]);
}
