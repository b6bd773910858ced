// Sealed `requestState` for multi round-trip requests: the state a handler keeps between rounds
// leaves the server, so it is signed (HMAC-SHA-256, Web Crypto: Node, Deno, Bun and Workers) and
// bound to the request that minted it, an expiry and, when given, the caller's principal.
// Signed, not encrypted: do not put secrets in it.

/** What a sealed state carries besides the handler's own value. */
export interface SealedPayload {
  /** The method and a digest of the request's salient params (everything but the MRTR fields and `_meta`). */
  binding: string;
  /** Milliseconds since the epoch after which the state is refused. */
  expires: number;
  /** The authenticated principal the state was minted for, if the server knows one. */
  principal?: string;
  /** The input requests that were asked: key → method (their responses are validated on return). */
  asked: Record<string, string>;
  /** The handler's own state (any JSON value), absent when it kept none. */
  state?: unknown;
}

const PREFIX = "v1";
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * JSON with object keys sorted, so equal params give equal digests whatever their key order.
 * Iterative (an explicit stack), so any depth that `JSON.parse` accepts is digested, never a
 * RangeError.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Each item is a value to write or a literal piece of text (a separator or a closing bracket).
  const stack: Array<{ value: unknown } | string> = [{ value }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    const current = item.value;
    if (current === null || typeof current !== "object") {
      out.push(JSON.stringify(current) ?? "null");
    } else if (Array.isArray(current)) {
      out.push("[");
      stack.push("]");
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i] });
        if (i > 0) stack.push(",");
      }
    } else {
      const entries = Object.entries(current as Record<string, unknown>).filter(([, v]) => v !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push("{");
      stack.push("}");
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ value: entries[i]![1] });
        stack.push(`${JSON.stringify(entries[i]![0])}:`);
        if (i > 0) stack.push(",");
      }
    }
  }
  return out.join("");
}

/** The request a state belongs to: method + digest of params without `_meta`, `inputResponses`, `requestState`. */
export async function bindingOf(method: string, params: unknown): Promise<string> {
  const salient = params !== null && typeof params === "object" ? { ...(params as Record<string, unknown>) } : {};
  delete salient["_meta"];
  delete salient["inputResponses"];
  delete salient["requestState"];
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(canonicalJson([method, salient])));
  return `${method}#${base64url(new Uint8Array(digest))}`;
}

export interface StateSealerOptions {
  /** The server secret: at least 32 bytes (a string is taken as UTF-8). Without it, a random key for this process. */
  secret?: string | Uint8Array;
  /** How long a state stays valid, in milliseconds (default 10 minutes). */
  ttlMs?: number;
  now?: () => number;
}

/** Seals and opens request states with one key. */
export interface StateSealer {
  seal(payload: Omit<SealedPayload, "expires">): Promise<string>;
  /** The payload, or a reason why the state is refused. */
  open(sealed: string, expect: { binding: string; principal?: string }): Promise<SealedPayload | { refused: string }>;
}

export function createStateSealer(options: StateSealerOptions = {}): StateSealer {
  const given = typeof options.secret === "string" ? encoder.encode(options.secret) : options.secret;
  const secret = given ? new Uint8Array(given) : undefined;
  if (secret && secret.length < 32) throw new TypeError("the requestState secret must be at least 32 bytes");
  // The key (and a random secret, when none is given) is made on first use: Web Crypto's first
  // call loads Node's whole crypto stack, a few milliseconds of every cold start, and a server
  // that never asks for input never needs it.
  let key: Promise<CryptoKey> | undefined;
  const keyOf = () => (key ??= crypto.subtle.importKey("raw", secret ?? crypto.getRandomValues(new Uint8Array(32)), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));
  const ttl = options.ttlMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  return {
    async seal(payload) {
      const body = base64url(encoder.encode(JSON.stringify({ ...payload, expires: now() + ttl })));
      const signature = await crypto.subtle.sign("HMAC", await keyOf(), encoder.encode(`${PREFIX}.${body}`));
      return `${PREFIX}.${body}.${base64url(new Uint8Array(signature))}`;
    },
    async open(sealed, expect) {
      const [prefix, body, signature, ...rest] = sealed.split(".");
      const sig = signature === undefined ? undefined : fromBase64url(signature);
      if (prefix !== PREFIX || body === undefined || !sig || rest.length) return { refused: "malformed" };
      if (!(await crypto.subtle.verify("HMAC", await keyOf(), sig, encoder.encode(`${PREFIX}.${body}`)))) return { refused: "bad signature" };
      const payload = parsePayload(fromBase64url(body));
      if (!payload) return { refused: "malformed" };
      if (payload.expires < now()) return { refused: "expired" };
      if (payload.binding !== expect.binding) return { refused: "minted for another request" };
      if (payload.principal !== expect.principal) return { refused: "minted for another principal" };
      return payload;
    },
  };
}

function parsePayload(bytes: Uint8Array | undefined): SealedPayload | undefined {
  if (!bytes) return undefined;
  try {
    const value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as SealedPayload;
    const ok = typeof value.binding === "string" && typeof value.expires === "number" && value.asked !== null && typeof value.asked === "object";
    return ok ? value : undefined;
  } catch {
    return undefined;
  }
}
