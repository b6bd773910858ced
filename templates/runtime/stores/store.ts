// What a Streamable HTTP server keeps between requests, behind one interface so that several
// replicas of a server can share it: sessions (protocol version, client facts, log level,
// subscriptions, idle expiry), the events of their GET streams (kept with ids, so that a
// `Last-Event-ID` reconnect to any replica replays what was missed), and what one replica tells
// the others (a notification for their `subscriptions/listen` streams, a client's answer to a
// request another replica is waiting on, a session that was closed). `memoryStore()`
// (memory.ts) is one process's and the default; `redisStore(client)`
// (redis.ts) is shared by every replica that is given the same Redis.
import type { ClientFacts, JsonRpcMessage, JsonRpcNotification, LogLevel } from "../shared/messages.js";

/**
 * A session as the store keeps it: everything a replica needs to serve its next request,
 * and nothing that grows with what the session does (its subscriptions are kept beside it, read
 * only by subscribe, unsubscribe and the delivery of resource updates).
 */
export interface SessionRecord {
  id: string;
  /** The principal that opened it (another one gets 404); null when none was known. */
  principal: string | null;
  /** The negotiated protocol version (the revision a replica serves it with). */
  version: string;
  client: ClientFacts;
  /** The level `logging/setLevel` asked for, if any. */
  logLevel?: LogLevel;
}

/** What a request changed in its session (the runtime's built-in answers); a subscription says how many the session may hold. */
export type SessionChange = { logLevel: LogLevel } | { subscribe: string; max: number } | { unsubscribe: string };

/** What a change came to: done; the session is gone; or a new subscription past `max` (nothing changed). */
export type ChangeOutcome = "done" | "gone" | "full";

/** One event of a session's log: what its GET stream sends, with the id a client resumes from. */
export interface StoredEvent {
  /** Unique within the session, increasing: the SSE `id:`. */
  id: string;
  /** The stream it was logged for: the session's newest open GET stream then ("" when none was open). */
  target: string;
  message: JsonRpcNotification;
}

/** The limits a fetch handler opens its store with (its options, or their defaults). */
export interface StoreLimits {
  /** A session not used for this long is closed (ms); an open GET stream keeps it in use. */
  idleMs: number;
  /** The most sessions held at once (by every replica together, on a shared store). */
  maxSessions: number;
  /**
   * The most sessions one principal holds at once (by every replica together, on a shared store);
   * sessions without a principal are bounded by `maxSessions` alone. Undefined: no such bound.
   */
  maxSessionsPerPrincipal?: number;
  /**
   * A new session when `maxSessions` are open, or when its principal holds
   * `maxSessionsPerPrincipal`: close the least recently used one (of that principal's, in the
   * second case), or refuse the new one.
   */
  whenFull: "evict-oldest" | "refuse";
  /** How many events each session keeps for `Last-Event-ID` replay. */
  eventWindow: number;
}

/** What a store tells the fetch handler that opened it (from this replica or another). */
export interface StoreListener {
  /** New events were logged for these sessions: the streams held here read them. */
  logged(sessionIds: readonly string[]): void;
  /** A notification another replica published, for the `subscriptions/listen` streams held here. */
  notification(message: JsonRpcNotification): void;
  /** A client's message for a session that another replica received: an answer to a request awaited here, or a cancellation of one running here. */
  forwarded(sessionId: string, message: JsonRpcMessage): void;
  /** A session was closed (DELETE, eviction, expiry): its streams and requests here end. */
  closed(sessionId: string): void;
  /** The store lost its connection (an error), or has it back (undefined): held streams catch up then. */
  connection(error: Error | undefined): void;
  /**
   * Only the store's subscription to the other replicas dropped (an error; it resubscribes by
   * itself), or is back (undefined): held streams catch up then. Requests awaiting an answer go
   * on (an answer given meanwhile waits in the store).
   */
  bus(error: Error | undefined): void;
}

/** The result of opening a session: refused when the store is full and refuses new ones. */
export interface CreatedSession {
  created: boolean;
  /** Sessions closed to make room (evict-oldest). */
  evicted: string[];
  /** Set when the refusal was the principal's own bound (`maxSessionsPerPrincipal`), not `maxSessions`. */
  full?: "principal";
}

/** Where the state of a Streamable HTTP server lives. Every method may reject (a store that is unreachable). */
export interface McpStore {
  /** Called once by the fetch handler it is given to, before anything else. */
  open(limits: StoreLimits, listener: StoreListener): void;
  /** How often the holder of open GET streams calls `keepAlive` (ms); undefined: never (the store sees its streams). */
  readonly heartbeatMs: number | undefined;
  createSession(record: SessionRecord): Promise<CreatedSession>;
  /**
   * The live session with this id opened by this principal, its idle time restarted; undefined
   * when unknown, closed, expired or another principal's (whose request changes nothing).
   */
  getSession(id: string, principal: string | null): Promise<SessionRecord | undefined>;
  /** Applies a change (see ChangeOutcome). */
  updateSession(id: string, change: SessionChange): Promise<ChangeOutcome>;
  /** Closes a session everywhere (each replica's listener hears `closed`). */
  deleteSession(id: string): Promise<void>;
  /** Keeps the sessions and streams held here alive; resolves with the sessions that are gone. */
  keepAlive(sessionIds: readonly string[], streams: readonly string[]): Promise<string[]>;
  /**
   * Registers a GET stream as its session's newest (later events are logged for it) and gives
   * the events after `lastEventId` to replay, and the id to read on from; undefined when the
   * session is gone.
   */
  attachStream(sessionId: string, stream: string, lastEventId: string | undefined): Promise<{ replay: StoredEvent[]; cursor: string } | undefined>;
  detachStream(sessionId: string, stream: string): Promise<void>;
  /** The events logged after `cursor`, oldest first. */
  readEvents(sessionId: string, cursor: string): Promise<StoredEvent[]>;
  /**
   * Publishes a server notification: logged for every session that wants it (a list change: all
   * of them; a resource update: those subscribed to its URI), and sent to the other replicas'
   * listen streams. The answer to the request that caused it is sent once this settles (so it
   * should settle, or fail, within a bounded time: the Redis store's commandTimeoutMs).
   */
  publish(message: JsonRpcNotification): Promise<void>;
  /** A request to the client of a session was sent from here: its answer, posted to any replica, is forwarded here. */
  awaitAnswer(sessionId: string, requestId: string): Promise<void>;
  /** That request was answered here, or given up: a later answer to it is dropped. */
  settleAnswer(sessionId: string, requestId: string): Promise<void>;
  /**
   * Sends a client's message for a session to the replica that awaits it (an answer) or runs the
   * request it cancels; false when it was dropped (an answer to an id nothing awaits, or answered already).
   */
  forward(sessionId: string, message: JsonRpcMessage): Promise<boolean>;
  /** Stops listening (the client passed in stays the caller's). */
  close(): Promise<void>;
}

/** Thrown by a store that cannot answer now: the request gets 503 and may be retried. */
export class StoreUnavailableError extends Error {
  override readonly name: string = "StoreUnavailableError";
}

/** Whether a session subscribed to these URIs wants a notification: a resource update goes to its subscribers, anything else to every session. */
export function wantsNotification(subscriptions: ReadonlySet<string>, message: JsonRpcNotification): boolean {
  if (message.method !== "notifications/resources/updated") return true;
  return subscriptions.has(String(message.params?.["uri"]));
}

/** A session's record with its log level changed (a new object: records are never shared). */
export function changedRecord(record: SessionRecord, change: { logLevel: LogLevel }): SessionRecord {
  return { ...record, logLevel: change.logLevel };
}
