// Token verifiers for `toFetchHandler`'s `auth.verify`: JWT access tokens (RFC 9068) checked
// with the user's own jose module (panva/jose, passed in as `redisStore` takes the user's redis
// client: the generated code depends on zod alone), and opaque tokens asked of the authorization
// server's introspection endpoint (RFC 7662). Both use web standards only (fetch, WebCrypto).
import { DEFAULT_CLOCK_TOLERANCE_SEC, type TokenVerifier } from "./auth.js";
import { readBounded } from "../shared/bytes.js";
import { anySignal } from "../shared/signals.js";
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
  /** `false` accepts any `typ`; by default it must be `at+jwt` (RFC 9068). */
  typ?: false;
}

const ASYMMETRIC = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];
/** jose's codes for a key set that has no key for the token: the token's fault (401); any other failure to get keys is not. */
const NO_KEY_FOR_TOKEN = new Set(["ERR_JWKS_NO_MATCHING_KEY", "ERR_JWKS_MULTIPLE_MATCHING_KEYS"]);

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

/** A verifier of JWT access tokens: signature, `iss`, `aud`, `exp`/`nbf` (with `auth.clockToleranceSec`), `alg` and `typ`. */
export function jwtVerifier(jose: JoseLike, options: JwtVerifierOptions): TokenVerifier {
  if (typeof options.issuer !== "string" || !options.issuer) throw new TypeError("jwtVerifier: issuer is required");
  if ((options.jwksUri === undefined) === (options.jwks === undefined)) throw new TypeError("jwtVerifier: give jwksUri or jwks (one of them)");
  if ("clockToleranceSec" in options) throw new TypeError("jwtVerifier: clockToleranceSec is now toFetchHandler's auth.clockToleranceSec, the one leeway for exp and nbf");
  const algorithms = [...(options.algorithms ?? ASYMMETRIC)];
  const refused = algorithms.filter((alg) => !ASYMMETRIC.includes(alg));
  if (refused.length || !algorithms.length) throw new TypeError(`jwtVerifier: algorithms must be asymmetric signature algorithms (never none or HMAC); refused: ${refused.join(", ") || "an empty list"}`);
  const keys = options.jwks ? jose.createLocalJWKSet(options.jwks) : remoteKeys(jose, secureUrl(options.jwksUri!, "jwtVerifier: jwksUri"));
  const checks = { issuer: options.issuer, algorithms, requiredClaims: ["exp"], ...(options.typ === false ? {} : { typ: "at+jwt" }) };
  return async (token, _request, { resource, clockToleranceSec }) => {
    try {
      const clockTolerance = clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC; // the leeway authenticate applies too
      const { payload } = await jose.jwtVerify(token, keys, { ...checks, clockTolerance, audience: options.audience ?? resource });
      return authInfoOf(payload as Record<string, unknown>);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === "string" && code.startsWith("ERR_J")) return undefined;
      throw error; // the key set could not be had (see remoteKeys): 503, the token may be fine
    }
  };
}

/**
 * The key set at `url`, fetched and cached by jose. Any failure to get it (a timeout, a non-200
 * answer, which jose reports as ERR_JOSE_GENERIC, a body that is not a key set) is rethrown
 * without jose's code, so that the request gets 503 and onError hears of it; only a set that
 * has no key for the token refuses the token.
 */
function remoteKeys(jose: JoseLike, url: URL): (...args: unknown[]) => Promise<unknown> {
  const remote = jose.createRemoteJWKSet(url, { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 });
  return async (...args) => {
    try {
      return await remote(...args);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === "string" && NO_KEY_FOR_TOKEN.has(code)) throw error;
      throw new Error(`the key set at ${url.href} could not be fetched: ${error instanceof Error ? error.message : String(error)}${typeof code === "string" ? ` (${code})` : ""}`);
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
  /** How long a refused token is remembered, in ms (default 10 s): a client retrying it is not asked about again. */
  refusalCacheMs?: number;
  /** The longest wait for the endpoint's whole answer, in ms (default 5 s); past it the request gets 503 and Retry-After. */
  timeoutMs?: number;
  /** The largest answer read, in bytes (default 64 KiB); a longer one is not read on (503). */
  maxAnswerBytes?: number;
  /** Introspections in flight at once (default 32); past it a token not remembered gets 503 without asking. */
  maxConcurrent?: number;
  /** The fetch to use (default: the global one). */
  fetch?: (url: URL, init: RequestInit) => Promise<Response>;
}

/** Entries of each cache (accepted, refused): a flood of made-up tokens evicts refusals only. */
const CACHE_ENTRIES = 1000;
const INTROSPECTION_DEFAULTS = { cacheMs: 60_000, refusalCacheMs: 10_000, timeoutMs: 5_000, maxAnswerBytes: 64 * 1024, maxConcurrent: 32 };
type IntrospectionLimits = typeof INTROSPECTION_DEFAULTS;
type Remembered = Map<string, { auth: AuthInfo | undefined; until: number }>;

/**
 * A verifier of opaque tokens: asks the introspection endpoint, and remembers its verdicts
 * briefly. The endpoint is not trusted to be quick, small or where it says: its answer is
 * awaited `timeoutMs` at most (and no longer than the client waits), read up to
 * `maxAnswerBytes`, never followed through a redirect (which would send the token on), and no
 * more than `maxConcurrent` questions are open at once.
 */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = secureUrl(options.endpoint, "introspectionVerifier: endpoint");
  const basic = `Basic ${btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`)}`;
  const limits = limitsOf(options);
  const accepted: Remembered = new Map();
  const refused: Remembered = new Map();
  let inFlight = 0;
  return async (token, request, { resource }) => {
    const key = `${await digest(token)} ${options.audience === undefined ? resource : ""}`; // accepted for one resource is not for another
    const hit = recall(accepted, key) ?? recall(refused, key);
    if (hit) return hit.auth;
    if (inFlight >= limits.maxConcurrent) throw new Error(`introspectionVerifier: ${inFlight} introspections are in flight already (maxConcurrent ${limits.maxConcurrent}); this token was not checked`);
    inFlight++;
    let answer: Record<string, unknown>;
    try {
      answer = await introspect(endpoint, { authorization: basic, token, signal: request.signal, fetch: options.fetch ?? fetch }, limits);
    } finally {
      inFlight--;
    }
    const auth = answer["active"] === true && acceptable(answer, options, resource) ? authInfoOf(answer) : undefined;
    const now = Date.now();
    if (auth) keep(accepted, key, auth, Math.min(now + limits.cacheMs, (auth.expiresAt ?? Infinity) * 1000));
    else keep(refused, key, undefined, now + limits.refusalCacheMs);
    return auth;
  };
}

function limitsOf(options: IntrospectionVerifierOptions): IntrospectionLimits {
  const limits = { ...INTROSPECTION_DEFAULTS };
  for (const name of Object.keys(limits) as (keyof IntrospectionLimits)[]) {
    const value = options[name];
    if (value === undefined) continue;
    const least = name === "maxAnswerBytes" || name === "maxConcurrent" || name === "timeoutMs" ? 1 : 0;
    if (typeof value !== "number" || !Number.isFinite(value) || value < least) throw new TypeError(`introspectionVerifier: ${name} must be a number, ${least} or more, not ${JSON.stringify(value)}`);
    limits[name] = value;
  }
  return limits;
}

function recall(cache: Remembered, key: string): { auth: AuthInfo | undefined } | undefined {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit;
  if (hit) cache.delete(key);
  return undefined;
}

function keep(cache: Remembered, key: string, auth: AuthInfo | undefined, until: number): void {
  if (until <= Date.now()) return;
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { auth, until });
}

interface Question {
  authorization: string;
  token: string;
  /** The client's request's signal: a client that goes away takes its introspection with it. */
  signal: AbortSignal;
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
}

/** The endpoint's answer, a JSON object; it throws (503) on a timeout, an abort, a redirect, a non-2xx, an oversize or a malformed answer. */
async function introspect(endpoint: URL, question: Question, limits: IntrospectionLimits): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = anySignal(question.signal, timeout);
  const asked = async (): Promise<Record<string, unknown>> => {
    const response = await question.fetch(endpoint, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: { authorization: question.authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ token: question.token, token_type_hint: "access_token" }).toString(),
    });
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      void response.body?.cancel().catch(() => undefined);
      throw new Error(`the introspection endpoint redirected (HTTP ${response.status}): a redirect is not followed, it would take the token elsewhere`);
    }
    if (!response.ok) throw new Error(`the introspection endpoint answered HTTP ${response.status}: ${((await readCapped(response, 200).catch(() => "")) ?? "").slice(0, 200)}`);
    const text = await readCapped(response, limits.maxAnswerBytes);
    if (text === undefined) throw new Error(`the introspection endpoint's answer is longer than ${limits.maxAnswerBytes} bytes (maxAnswerBytes); it was not read on`);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error("the introspection endpoint's answer is not JSON");
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) throw new Error("the introspection endpoint's answer is not a JSON object");
    return answer as Record<string, unknown>;
  };
  try {
    return await untilAborted(asked(), signal);
  } catch (error) {
    if (timeout.aborted) throw new Error(`the introspection endpoint did not answer within ${limits.timeoutMs} ms (timeoutMs)`);
    if (question.signal.aborted) throw new Error("the client went away while its token was being introspected");
    throw error;
  }
}

/** `promise`, or a rejection as soon as `signal` aborts (a fetch that ignores its signal is not waited for). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A body as text, read chunk by chunk up to `max` bytes; undefined (and the body cancelled) past them. */
async function readCapped(response: Response, max: number): Promise<string | undefined> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > max || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    return declared > max ? undefined : "";
  }
  const read = await readBounded(response.body, max);
  if (read === "broken") throw new Error("the introspection answer broke off");
  return read === "too-large" ? undefined : new TextDecoder().decode(read);
}

/** The checks of an active token's answer beyond `active`; its `exp` is authenticate's to judge, with the leeway. */
function acceptable(answer: Record<string, unknown>, options: IntrospectionVerifierOptions, resource: string): boolean {
  if (options.issuer !== undefined && answer["iss"] !== options.issuer) return false;
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
