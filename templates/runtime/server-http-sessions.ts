// The legacy sessions of a Streamable HTTP server (`Mcp-Session-Id`, 2025-11-25 and earlier):
// bounded in number, closed when idle, bound to the principal that opened them, and each with
// the GET streams its client holds open.
import type { Session } from "./server.js";
import type { JsonRpcNotification } from "./server-types.js";

export interface SessionLimits {
  /** Sessions idle longer than this are closed (ms). */
  idleMs: number;
  /** The most sessions held at once. */
  maxSessions: number;
  /** What a new session does when the table is full: close the least recently used one, or be refused (503). */
  whenFull: "evict-oldest" | "refuse";
}

/** One open GET stream of a session. */
export interface SessionStream {
  send(message: JsonRpcNotification): void;
  close(): void;
}

export interface SessionEntry {
  readonly session: Session;
  /** The principal that opened the session (undefined: none was known). */
  readonly principal: string | undefined;
  lastSeen: number;
  /** Open GET streams, oldest first; messages go to the newest (a message is sent on one stream only). */
  readonly streams: SessionStream[];
}

export class SessionTable {
  /** In least-recently-used order: a touched entry moves to the end, so sweeps stop at the first live one. */
  readonly #entries = new Map<string, SessionEntry>();
  readonly #limits: SessionLimits;

  constructor(limits: SessionLimits) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session with this id opened by this principal (another principal's is not found), touched. */
  get(id: string, principal: string | undefined, now: number = Date.now()): SessionEntry | undefined {
    const entry = this.#entries.get(id);
    if (!entry || entry.principal !== principal) return undefined;
    this.#touch(id, entry, now);
    return entry;
  }

  /** Adds a new session; false when the table is full and refuses new ones. */
  add(session: Session, principal: string | undefined, now: number = Date.now()): boolean {
    this.sweep(now);
    if (this.#entries.size >= this.#limits.maxSessions) {
      if (this.#limits.whenFull === "refuse") return false;
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.close(oldest.value);
    }
    this.#entries.set(session.id, { session, principal, lastSeen: now, streams: [] });
    return true;
  }

  /** Closes a session and every stream it holds. */
  close(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    for (const stream of entry.streams.splice(0)) stream.close();
    entry.session.send = undefined;
    entry.session.close();
  }

  /** Closes sessions idle past the limit. A session with an open GET stream is in use, not idle. */
  sweep(now: number = Date.now()): void {
    for (const [id, entry] of this.#entries) {
      if (now - entry.lastSeen <= this.#limits.idleMs) return;
      if (entry.streams.length) this.#touch(id, entry, now);
      else this.close(id);
    }
  }

  /** Attaches a GET stream; the returned function detaches it. */
  attach(entry: SessionEntry, stream: SessionStream): () => void {
    entry.streams.push(stream);
    route(entry);
    return () => {
      const at = entry.streams.indexOf(stream);
      if (at >= 0) entry.streams.splice(at, 1);
      entry.lastSeen = Date.now();
      route(entry);
    };
  }

  #touch(id: string, entry: SessionEntry, now: number): void {
    entry.lastSeen = now;
    this.#entries.delete(id);
    this.#entries.set(id, entry);
  }
}

/** Messages outside requests go to the newest open stream, or nowhere when none is open. */
function route(entry: SessionEntry): void {
  const newest = entry.streams[entry.streams.length - 1];
  entry.session.send = newest ? (message) => newest.send(message) : undefined;
}
