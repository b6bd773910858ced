// DNS-rebinding protection for Streamable HTTP: a browser page on another site must not reach a
// server listening on localhost, so `Host` and `Origin` are checked against allow-lists.

export interface OriginOptions {
  /**
   * Hosts (`name` or `name:port`) a request may name in `Host`. Default: the loopback names
   * (localhost, 127.0.0.1, [::1]) on any port. `"*"` turns the check off (behind a proxy that does it).
   */
  allowedHosts?: readonly string[] | "*";
  /** Origins (`scheme://host[:port]`) allowed in `Origin`. Default: http(s) origins on an allowed host. */
  allowedOrigins?: readonly string[] | "*";
}

/** The loopback host names (as `Host` and `URL.hostname` give them). */
export const LOOPBACK: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * The default check's verdicts on the hosts seen lately: a client names the same Host on every
 * request. Bounded: cleared when full, so that hostile Host values cannot grow it.
 */
const loopbackVerdicts = new Map<string, boolean>();

function hostAllowed(host: string, allowed: readonly string[] | "*" | undefined): boolean {
  if (allowed !== undefined || host.length > 300) return checkHost(host, allowed);
  let verdict = loopbackVerdicts.get(host);
  if (verdict === undefined) {
    if (loopbackVerdicts.size >= 256) loopbackVerdicts.clear();
    loopbackVerdicts.set(host, (verdict = checkHost(host, undefined)));
  }
  return verdict;
}

function checkHost(host: string, allowed: readonly string[] | "*" | undefined): boolean {
  if (allowed === "*") return true;
  const lower = host.toLowerCase();
  const name = lower.startsWith("[") ? lower.slice(0, lower.indexOf("]") + 1) : lower.split(":")[0]!;
  if (!allowed) return LOOPBACK.has(name);
  return allowed.some((entry) => entry.toLowerCase() === lower || entry.toLowerCase() === name);
}

/** Why the request is refused (answered with 403), or undefined when Host and Origin are allowed. */
export function checkHostAndOrigin(request: { readonly headers: { get(name: string): string | null }; readonly url: string }, options: OriginOptions): string | undefined {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  if (!hostAllowed(host, options.allowedHosts)) return `Invalid Host: ${host}`;
  const origin = request.headers.get("origin");
  if (origin === null || options.allowedOrigins === "*") return undefined;
  if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? undefined : `Invalid Origin: ${origin}`;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && hostAllowed(url.host, options.allowedHosts) ? undefined : `Invalid Origin: ${origin}`;
  } catch {
    return `Invalid Origin: ${origin}`;
  }
}
