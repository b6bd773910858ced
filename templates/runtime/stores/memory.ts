// The store of one process, and the default: sessions in a map kept in least-recently-used
// order (so that sweeps and evictions look at the oldest first), each with its bounded event log
// and its open GET streams. Nothing leaves the process, so there is nothing to forward or relay.
import { changedRecord, wantsNotification, type ChangeOutcome, type CreatedSession, type McpStore, type SessionChange, type SessionRecord, type StoreLimits, type StoreListener, type StoredEvent } from "./store.js";
import type { JsonRpcMessage, JsonRpcNotification } from "../shared/messages.js";

interface Entry {
  record: SessionRecord;
  /** The URIs of its `resources/subscribe`, beside the record. */
  subscriptions: Set<string>;
  lastSeen: number;
  log: StoredEvent[];
  /** The id of the last event logged (ids are 1, 2, 3… per session). */
  last: number;
  /** Open GET streams, oldest first: events are logged for the newest. */
  streams: string[];
}

const NO_LIMITS: StoreLimits = { idleMs: 30 * 60_000, maxSessions: 10_000, whenFull: "evict-oldest", eventWindow: 100 };

/** Sessions without a principal are never counted per principal: nothing tells their callers apart. */
const counted = (principal: string | null): principal is string => principal !== null;

/** A copy: what a caller changes in a record it was given never reaches the store unasked. */
const copy = (record: SessionRecord): SessionRecord => ({ ...record });

export class MemoryStore implements McpStore {
  readonly heartbeatMs: undefined = undefined;
  readonly #entries = new Map<string, Entry>();
  /** Each principal's sessions, least recently used first (for maxSessionsPerPrincipal). */
  readonly #byPrincipal = new Map<string, Set<string>>();
  #limits: StoreLimits = NO_LIMITS;
  #listener: StoreListener | undefined;
  /** The clock, replaceable for tests of expiry. */
  now: () => number = Date.now;

  get size(): number {
    return this.#entries.size;
  }

  open(limits: StoreLimits, listener: StoreListener): void {
    if (this.#listener) throw new TypeError("this store already serves a fetch handler: give each handler its own memoryStore()");
    this.#limits = limits;
    this.#listener = listener;
  }

  async createSession(record: SessionRecord): Promise<CreatedSession> {
    this.#sweep();
    const evicted: string[] = [];
    // A principal at its own bound makes room among its own sessions first, so that it never
    // reaches the store's bound by itself and evicts another principal's.
    const own = counted(record.principal) ? this.#byPrincipal.get(record.principal) : undefined;
    while (own && own.size >= (this.#limits.maxSessionsPerPrincipal ?? Infinity)) {
      if (this.#limits.whenFull === "refuse") return { created: false, evicted, full: "principal" };
      const oldest = own.values().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
      evicted.push(oldest.value);
    }
    while (this.#entries.size >= this.#limits.maxSessions) {
      if (this.#limits.whenFull === "refuse") return { created: false, evicted };
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
      evicted.push(oldest.value);
    }
    this.#entries.set(record.id, { record: copy(record), subscriptions: new Set(), lastSeen: this.now(), log: [], last: 0, streams: [] });
    if (counted(record.principal)) this.#byPrincipal.set(record.principal, (this.#byPrincipal.get(record.principal) ?? new Set()).add(record.id));
    return { created: true, evicted };
  }

  async getSession(id: string, principal: string | null): Promise<SessionRecord | undefined> {
    this.#sweep();
    const entry = this.#entries.get(id);
    // Another principal's request changes nothing: neither the idle deadline nor the eviction order.
    if (!entry || entry.record.principal !== principal) return undefined;
    this.#touch(id, entry);
    return copy(entry.record);
  }

  async updateSession(id: string, change: SessionChange): Promise<ChangeOutcome> {
    const entry = this.#entries.get(id);
    if (!entry) return "gone";
    if ("logLevel" in change) entry.record = changedRecord(entry.record, change);
    else if ("unsubscribe" in change) entry.subscriptions.delete(change.unsubscribe);
    else if (!entry.subscriptions.has(change.subscribe) && entry.subscriptions.size >= change.max) return "full";
    else entry.subscriptions.add(change.subscribe);
    return "done";
  }

  async deleteSession(id: string): Promise<void> {
    this.#drop(id);
  }

  async keepAlive(sessionIds: readonly string[]): Promise<string[]> {
    return sessionIds.filter((id) => !this.#entries.has(id));
  }

  async attachStream(sessionId: string, stream: string, lastEventId: string | undefined): Promise<{ replay: StoredEvent[]; cursor: string } | undefined> {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    entry.streams.push(stream);
    const after = lastEventId !== undefined && /^\d+$/.test(lastEventId) ? Number(lastEventId) : entry.last;
    return { replay: entry.log.filter((e) => Number(e.id) > after), cursor: String(entry.last) };
  }

  async detachStream(sessionId: string, stream: string): Promise<void> {
    const entry = this.#entries.get(sessionId);
    if (!entry) return;
    entry.streams = entry.streams.filter((s) => s !== stream);
    entry.lastSeen = this.now(); // idle from now on, not from before the stream opened
  }

  async readEvents(sessionId: string, cursor: string): Promise<StoredEvent[]> {
    const after = Number(cursor);
    return this.#entries.get(sessionId)?.log.filter((e) => Number(e.id) > after) ?? [];
  }

  async publish(message: JsonRpcNotification): Promise<void> {
    const logged: string[] = [];
    for (const [id, entry] of this.#entries) {
      if (!wantsNotification(entry.subscriptions, message)) continue;
      entry.log.push({ id: String(++entry.last), target: entry.streams[entry.streams.length - 1] ?? "", message });
      if (entry.log.length > this.#limits.eventWindow) entry.log.splice(0, entry.log.length - this.#limits.eventWindow);
      logged.push(id);
    }
    if (logged.length) this.#listener?.logged(logged);
  }

  // One process: the session's requests all run here, so nobody else awaits an answer or runs a request.
  async awaitAnswer(_sessionId: string, _requestId: string): Promise<void> {}

  async settleAnswer(_sessionId: string, _requestId: string): Promise<void> {}

  async forward(_sessionId: string, _message: JsonRpcMessage): Promise<boolean> {
    return false;
  }

  async close(): Promise<void> {
    for (const id of [...this.#entries.keys()]) this.#drop(id);
  }

  /** Closes sessions idle past the limit, oldest first; one with an open GET stream is in use. */
  #sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.#entries) {
      if (now - entry.lastSeen <= this.#limits.idleMs) return;
      if (entry.streams.length) this.#touch(id, entry);
      else this.#drop(id);
    }
  }

  #touch(id: string, entry: Entry): void {
    entry.lastSeen = this.now();
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    const own = counted(entry.record.principal) ? this.#byPrincipal.get(entry.record.principal) : undefined;
    own?.delete(id);
    own?.add(id);
  }

  #drop(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    const principal = entry.record.principal;
    if (counted(principal)) {
      const own = this.#byPrincipal.get(principal);
      if (own?.delete(id) && own.size === 0) this.#byPrincipal.delete(principal);
    }
    this.#listener?.closed(id);
  }
}

/** The in-memory store (the default of `toFetchHandler`): one process's sessions, streams and events. */
export function memoryStore(): McpStore {
  return new MemoryStore();
}
