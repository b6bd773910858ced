// The client's response cache. A result that carries caching hints (`ttlMs`, `cacheScope`: the
// lists and reads of 2026-07-28) is reused for `ttlMs` by the next identical request, so a client
// that lists tools before every call asks the server once per TTL. Entries of `cacheScope:
// "private"` are keyed by the caller's authorization context and never served to another one; a
// list-changed or resource-updated notification drops what it makes stale. Bounded in entries and
// bytes, least recently used first out.

/** `cache: true` or these bounds; `shared` lets several clients use one cache (public entries are then shared between them). */
export interface CacheOptions {
  /** The most entries kept (default 500). */
  maxEntries?: number | undefined;
  /** The most bytes of results kept, counted as their JSON text (default 8 MiB). */
  maxBytes?: number | undefined;
  /**
   * A cache several clients use (`new ResponseCache(…)`); default: one of the client's own. Entries
   * are keyed by the transport's `endpoint` (its URL): clients whose transport has none share nothing.
   */
  shared?: ResponseCache | undefined;
  /**
   * The caller's authorization context (a user id, a token's subject): private entries are kept
   * under it. Default: the client itself, so no other client ever gets this client's private entries.
   */
  principal?: string | undefined;
}

export const DEFAULT_CACHE_ENTRIES = 500;
export const DEFAULT_CACHE_BYTES: number = 8 * 1024 * 1024;

interface Entry {
  value: { [key: string]: unknown };
  bytes: number;
  expiresAt: number;
  method: string;
  uri: string | undefined;
}

/** The entries, in least recently used order (a Map keeps insertion order; a hit re-inserts). */
export class ResponseCache {
  readonly maxEntries: number;
  readonly maxBytes: number;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(options: Omit<CacheOptions, "shared" | "principal"> = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_CACHE_ENTRIES;
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  }

  /** How many entries and bytes are held now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string, now: number): { [key: string]: unknown } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.drop(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    return entry.value;
  }

  set(key: string, entry: Entry): void {
    this.drop(key);
    if (entry.bytes > this.maxBytes || this.maxEntries < 1) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Drops every entry `stale` says is stale (a notification arrived). */
  dropWhere(stale: (method: string, uri: string | undefined) => boolean): void {
    for (const [key, entry] of this.entries) if (stale(entry.method, entry.uri)) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

let clients = 0;

/** One client's view of a cache: its keys (server, scope, principal) and what a notification drops. */
export class ClientCache {
  private readonly cache: ResponseCache;
  private readonly principal: string;

  private readonly id = `client ${++clients}`;

  constructor(options: CacheOptions | true) {
    const given = options === true ? {} : options;
    this.cache = given.shared ?? new ResponseCache(given);
    this.principal = given.principal ?? this.id;
  }

  /** The cached result of this request to `server` (its endpoint; "": this client's own), if there is a fresh one this caller may have. */
  lookup(server: string, method: string, params: unknown, now: number = Date.now()): { [key: string]: unknown } | undefined {
    const request = requestKey(server || this.id, method, params);
    return this.cache.get(`private\n${this.principal}\n${request}`, now) ?? this.cache.get(`public\n${request}`, now);
  }

  /** Keeps a result that says it may be cached: `ttlMs` above 0, `cacheScope` public or private. */
  store(server: string, method: string, params: unknown, result: { [key: string]: unknown }, now: number = Date.now()): void {
    const ttlMs = result["ttlMs"];
    const scope = result["cacheScope"];
    if (typeof ttlMs !== "number" || !(ttlMs > 0) || (scope !== "public" && scope !== "private")) return;
    const request = requestKey(server || this.id, method, params);
    const key = scope === "private" ? `private\n${this.principal}\n${request}` : `public\n${request}`;
    const uri = (params as { uri?: unknown } | undefined)?.uri;
    this.cache.set(key, { value: result, bytes: JSON.stringify(result).length, expiresAt: now + ttlMs, method, uri: typeof uri === "string" ? uri : undefined });
  }

  /**
   * A notification: `notifications/<kind>/list_changed` drops that kind's lists (`<kind>/list`,
   * `<kind>/templates/list`), `notifications/resources/updated` the reads of its URI.
   */
  notified(method: string, params: unknown): void {
    const changed = /^notifications\/(.+)\/list_changed$/.exec(method);
    if (changed) {
      const prefix = `${changed[1]}/`;
      this.cache.dropWhere((m) => m.startsWith(prefix) && m.endsWith("list"));
    } else if (method === "notifications/resources/updated") {
      const uri = (params as { uri?: unknown } | undefined)?.uri;
      this.cache.dropWhere((m, entryUri) => m === "resources/read" && entryUri === uri);
    }
  }
}

/** The request's identity: the server, the method, and its params as canonical JSON without `_meta`. */
function requestKey(server: string, method: string, params: unknown): string {
  return `${server}\n${method}\n${canonical(params, "_meta")}`;
}

/** JSON with object keys sorted (at every depth), leaving out the top-level key `omit`. */
function canonical(value: unknown, omit?: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v)).join(",")}]`;
  const keys = Object.keys(value).filter((k) => k !== omit && (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}
