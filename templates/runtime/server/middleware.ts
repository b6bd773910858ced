// Middleware: the author's code around every request a handler answers (core methods, the
// definitions' and extensions' own). It runs inside the dispatcher's checks, never before them: by
// the time a middleware sees a call, its message was validated, its scopes were checked and its
// sealed state opened; what it returns instead of calling `next()` is still checked against the
// method's result schema. So it can answer early, map errors and time calls, and cannot become a
// second dispatcher. Three come with the runtime: requestLog, rateLimit (a token bucket per
// principal) and requestTiming.
import { runChain } from "../shared/chain.js";
import { ProtocolError } from "../shared/messages.js";
import type { AuthInfo, RequestContext } from "./types.js";

/** One request as middleware sees it; generated servers narrow `method` and `params` per revision. */
export interface MiddlewareCall<Method extends string = string, Params = unknown> {
  readonly method: Method;
  readonly params: Params;
  /** The verified caller (the fetch handler's `auth`), if any. */
  readonly auth: AuthInfo | undefined;
  /** The request's principal (its token's subject and client, or the fetch handler's `principal`), if any. */
  readonly principal: string | undefined;
  readonly signal: AbortSignal;
  /** The handler's context, as the handler will get it. */
  readonly ctx: RequestContext;
}

/** `next()` runs the rest (the next middleware, then the handler) and resolves with its result. */
export type Middleware<Call extends MiddlewareCall = MiddlewareCall> = (call: Call, next: () => Promise<unknown>) => Promise<unknown>;

/** Runs `handler` inside `middleware`, the first given outermost. */
export function runMiddleware(middleware: readonly Middleware[] | undefined, call: MiddlewareCall, handler: () => Promise<unknown>): Promise<unknown> {
  return runChain(middleware, call, handler, "server");
}

/** The call's context fields, for middleware. */
export function middlewareCall(method: string, params: unknown, ctx: RequestContext): MiddlewareCall {
  return { method, params, auth: ctx.auth, principal: ctx.principal, signal: ctx.signal, ctx };
}

/** What requestTiming reports of each call. */
export interface Timing {
  method: string;
  /** Wall time of `next()`, in ms. */
  ms: number;
  /** The JSON-RPC error code it ended with (-32603 for anything but a protocol error), if it failed. */
  errorCode?: number;
  principal: string | undefined;
}

/** Times every call and reports it (after it ended, failed or not). */
export function requestTiming(onTiming: (timing: Timing) => void): Middleware {
  return async (call, next) => {
    const started = performance.now();
    const report = (errorCode?: number) => onTiming({ method: call.method, ms: performance.now() - started, principal: call.principal, ...(errorCode !== undefined ? { errorCode } : {}) });
    try {
      const result = await next();
      report();
      return result;
    } catch (error) {
      report(errorCodeOf(error));
      throw error;
    }
  };
}

/** One line per call, on stderr by default (stdout is the stdio transport's). */
export function requestLog(options: { log?: (line: string) => void } = {}): Middleware {
  const log = options.log ?? ((line: string) => console.error(line));
  return requestTiming(({ method, ms, errorCode, principal }) => log(`mcp ${method}${principal ? ` by ${principal}` : ""}: ${errorCode === undefined ? "ok" : `error ${errorCode}`} in ${ms.toFixed(1)} ms`));
}

function errorCodeOf(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : -32603;
}

/** The options of rateLimit. */
export interface RateLimitOptions {
  /** Requests allowed per window, per key (the bucket's size). */
  requests: number;
  /** The window, in ms: the bucket refills `requests` tokens over it. */
  windowMs: number;
  /** The bucket a call draws from (default: its principal; calls without one share a bucket). */
  key?: ((call: MiddlewareCall) => string | undefined) | undefined;
  /** The most buckets kept (default 10,000): past it the least recently used bucket is forgotten. */
  maxKeys?: number | undefined;
}

export const DEFAULT_RATE_LIMIT_KEYS = 10_000;

/**
 * A token bucket per key: `requests` calls at once, refilled at `requests` per `windowMs`. A call
 * that finds the bucket empty is refused with -32000 (HTTP 429, `Retry-After` in seconds, and
 * `data.retryAfterMs`) before its handler runs.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  const { requests, windowMs } = options;
  if (!(requests >= 1) || !(windowMs > 0)) throw new TypeError("rateLimit: requests must be 1 or more and windowMs above 0");
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_KEYS;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = requests / windowMs;
  return async (call, next) => {
    const key = (options.key ? options.key(call) : call.principal) ?? "";
    const now = performance.now();
    const bucket = buckets.get(key) ?? { tokens: requests, at: now };
    buckets.delete(key); // re-inserted last: the Map's order is least recently used first
    bucket.tokens = Math.min(requests, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    buckets.set(key, bucket);
    for (const [oldest] of buckets) {
      if (buckets.size <= maxKeys) break;
      buckets.delete(oldest);
    }
    if (bucket.tokens < 1) {
      const retryAfterMs = Math.ceil((1 - bucket.tokens) / perMs);
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new ProtocolError(-32000, `Rate limit exceeded: ${requests} requests per ${windowMs} ms; retry in ${seconds} s`, { retryAfterMs }, 429, { "retry-after": String(seconds) });
    }
    bucket.tokens -= 1;
    return next();
  };
}
