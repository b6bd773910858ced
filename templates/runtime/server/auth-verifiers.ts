// Token verifiers for `toFetchHandler`'s `auth.verify`: JWT access tokens (RFC 9068) checked
// with the user's own jose module (panva/jose, passed in as `redisStore` takes the user's redis
// client: the generated code depends on zod alone), and opaque tokens asked of the authorization
// server's introspection endpoint (RFC 7662). Both use web standards only (fetch, WebCrypto).
import type { TokenVerifier } from "./auth.js";
import { LOOPBACK } from "./origin.js";
import type { AuthInfo } from "./types.js";

/** What jwtVerifier uses of jose (`import * as jose from "jose"` fits). */
export interface JoseLike {
  jwtVerify(jwt: string, key: any, options?: any): Promise<{ payload: object }>;
  createRemoteJWKSet(url: URL, options?: any): any;
  createLocalJWKSet(jwks: any): any;
}

export interface JwtVerifierOptions {
  /** The `iss` every token must carry. */
  issuer: string;
  /** The `aud` every token must contain (default: `auth.resource`). */
  audience?: string;
  /** The issuer's key set, fetched and cached (HTTPS, or http on a loopback host). */
  jwksUri?: string;
  /** Or the keys themselves. */
  jwks?: { keys: object[] };
  /** The signature algorithms accepted (default: every asymmetric one jose knows; never `none` nor HMAC). */
  algorithms?: readonly string[];
  /** Leeway for `exp` and `nbf`, in seconds (default 60). */
  clockToleranceSec?: number;
  /** `false` accepts any `typ`; by default it must be `at+jwt` (RFC 9068). */
  typ?: false;
}

const ASYMMETRIC = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];
/** jose's codes for a key set it could not get: the token may be fine, so the request gets 503, not 401. */
const UNAVAILABLE = new Set(["ERR_JWKS_TIMEOUT", "ERR_JWKS_INVALID"]);

/** An endpoint of the authorization server: HTTPS, except on loopback hosts (tests, local development). */
function secureUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${what} must be an absolute URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) throw new TypeError(`${what} must use https (http only on 127.0.0.1, [::1] or localhost): ${value}`);
  return url;
}

/** A verifier of JWT access tokens: signature, `iss`, `aud`, `exp`/`nbf`, `alg` and `typ`. */
export function jwtVerifier(jose: JoseLike, options: JwtVerifierOptions): TokenVerifier {
  if (typeof options.issuer !== "string" || !options.issuer) throw new TypeError("jwtVerifier: issuer is required");
  if ((options.jwksUri === undefined) === (options.jwks === undefined)) throw new TypeError("jwtVerifier: give jwksUri or jwks (one of them)");
  const algorithms = [...(options.algorithms ?? ASYMMETRIC)];
  const refused = algorithms.filter((alg) => !ASYMMETRIC.includes(alg));
  if (refused.length || !algorithms.length) throw new TypeError(`jwtVerifier: algorithms must be asymmetric signature algorithms (never none or HMAC); refused: ${refused.join(", ") || "an empty list"}`);
  const keys = options.jwks ? jose.createLocalJWKSet(options.jwks) : jose.createRemoteJWKSet(secureUrl(options.jwksUri!, "jwtVerifier: jwksUri"), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 });
  const checks = { issuer: options.issuer, algorithms, clockTolerance: options.clockToleranceSec ?? 60, requiredClaims: ["exp"], ...(options.typ === false ? {} : { typ: "at+jwt" }) };
  return async (token, _request, { resource }) => {
    try {
      const { payload } = await jose.jwtVerify(token, keys, { ...checks, audience: options.audience ?? resource });
      return authInfoOf(payload as Record<string, unknown>);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === "string" && code.startsWith("ERR_J") && !UNAVAILABLE.has(code)) return undefined;
      throw error;
    }
  };
}

/** AuthInfo from a token's claims (or an introspection answer); undefined without a subject or a client. */
export function authInfoOf(claims: Record<string, unknown>): AuthInfo | undefined {
  const text = (key: string) => (typeof claims[key] === "string" && claims[key] !== "" ? (claims[key] as string) : undefined);
  const clientId = text("client_id") ?? text("azp");
  const subject = text("sub") ?? clientId;
  if (subject === undefined) return undefined;
  const scp = claims["scp"];
  const scopes = text("scope")?.split(" ").filter(Boolean) ?? (Array.isArray(scp) ? scp.filter((s): s is string => typeof s === "string") : typeof scp === "string" ? scp.split(" ").filter(Boolean) : []);
  const exp = claims["exp"];
  return { subject, ...(clientId !== undefined ? { clientId } : {}), scopes, ...(typeof exp === "number" ? { expiresAt: exp } : {}), claims: { ...claims } };
}

export interface IntrospectionVerifierOptions {
  /** The authorization server's introspection endpoint (HTTPS, or http on a loopback host). */
  endpoint: string;
  /** This resource server's own credentials at the authorization server (client_secret_basic). */
  clientId: string;
  clientSecret: string;
  /** The `aud` an active token must contain (default: `auth.resource`); `false` skips the check. */
  audience?: string | false;
  /** The `iss` an active token must carry, when given. */
  issuer?: string;
  /** How long an accepted token is remembered, in ms (default 60 s; never past its `exp`). */
  cacheMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: (url: URL, init: RequestInit) => Promise<Response>;
}

const CACHE_ENTRIES = 1000;

/** A verifier of opaque tokens: asks the introspection endpoint, and remembers accepted tokens briefly. */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = secureUrl(options.endpoint, "introspectionVerifier: endpoint");
  const basic = `Basic ${btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`)}`;
  const cache = new Map<string, { auth: AuthInfo; until: number }>();
  const cacheMs = options.cacheMs ?? 60_000;
  return async (token, _request, { resource }) => {
    const key = `${await digest(token)} ${options.audience === undefined ? resource : ""}`; // accepted for one resource is not for another
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.auth;
    cache.delete(key);
    const response = await (options.fetch ?? fetch)(endpoint, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
    });
    if (!response.ok) throw new Error(`the introspection endpoint answered HTTP ${response.status}: ${(await response.text().catch(() => "")).slice(0, 200)}`);
    const answer = (await response.json()) as Record<string, unknown>;
    const auth = answer["active"] === true && accepted(answer, options, resource) ? authInfoOf(answer) : undefined;
    if (!auth) return undefined;
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { auth, until: Math.min(Date.now() + cacheMs, (auth.expiresAt ?? Infinity) * 1000) });
    return auth;
  };
}

function accepted(answer: Record<string, unknown>, options: IntrospectionVerifierOptions, resource: string): boolean {
  if (options.issuer !== undefined && answer["iss"] !== options.issuer) return false;
  const exp = answer["exp"];
  if (typeof exp === "number" && exp * 1000 <= Date.now()) return false;
  if (options.audience === false) return true;
  const aud = answer["aud"];
  const audiences = Array.isArray(aud) ? aud : [aud];
  return audiences.includes(options.audience ?? resource);
}

/** The cache's key: a token's SHA-256, so that the cache holds no token. */
async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
