// A store shared by every replica of a server, on one Redis (6.2 or later; standalone or a
// primary, not a cluster): `toFetchHandler(server, { store: redisStore(client) })`, the client
// being a connected node-redis client (`createClient({ url })` of the `redis` package, 4.x or
// later). Nothing here imports it: the client is typed by what the store uses of it, so the
// generated code compiles and runs without the package unless you pass one. Every key is under
// `prefix` and expires (see redis-scripts.ts); a lost connection is reported once through the
// server's onError, requests that need Redis meanwhile get 503, and everything goes on when the
// client has reconnected (node-redis reconnects and resubscribes by itself). A subscription
// that drops alone (Redis cut it, say) fails nothing: what the bus carried meanwhile is read
// from Redis once it is back (the answers awaited here wait in w:, events in the log).
import { JSONRPC, ProtocolError } from "../shared/messages.js";
import { RedisCommands, type RedisClientLike } from "./redis-commands.js";
import { changedRecord, type ChangeOutcome, type CreatedSession, type McpStore, type SessionChange, type SessionRecord, type StoreLimits, type StoreListener, type StoredEvent } from "./store.js";
import type { JsonRpcMessage, JsonRpcNotification } from "../shared/messages.js";

export type { RedisClientLike } from "./redis-commands.js";

export interface RedisStoreOptions {
  /** Prepended to every key and to the channel: servers sharing one Redis need distinct ones. Default "mcp:". */
  prefix?: string;
  /** How often a replica renews the sessions and leases of the GET streams it holds (ms, default 5,000); a lease lasts 3 times that. */
  heartbeatMs?: number;
  /**
   * A command not answered within this is failed (ms, default 5,000): a request never hangs on a
   * stalled Redis, and what such a request asked is not applied when Redis gets to it later.
   */
  commandTimeoutMs?: number;
}

/**
 * The bus's messages: events logged, a session closed, a notification, a cancellation forwarded,
 * an answer waiting in w: (its session and request id only).
 */
type BusMessage =
  | { t: "ev"; s: string[] }
  | { t: "closed"; s: string }
  | { t: "n"; o: string; m: JsonRpcNotification }
  | { t: "f"; o: string; s: string; m: JsonRpcMessage }
  | { t: "a"; s: string; i: string };

/** The largest stream id part Redis takes (64 bits). */
const MAX_ID_PART = 18446744073709551615n;

/** A stream entry's id Redis accepts (each part within 64 bits); anything else replays nothing. */
function streamId(text: string | undefined): string {
  const parts = text === undefined ? null : /^(\d{1,20})-(\d{1,20})$/.exec(text);
  return parts && BigInt(parts[1]!) <= MAX_ID_PART && BigInt(parts[2]!) <= MAX_ID_PART ? text! : "";
}

function isRecord(value: unknown): value is SessionRecord {
  const record = value as SessionRecord | null;
  return typeof record === "object" && record !== null && typeof record.id === "string" && typeof record.version === "string" && typeof record.client === "object";
}

/** A stream entry ([id, [field, value, …]]) as an event; undefined when it is not one of ours. */
function eventOf(entry: unknown): StoredEvent | undefined {
  if (!Array.isArray(entry) || typeof entry[0] !== "string" || !Array.isArray(entry[1])) return undefined;
  const fields = entry[1] as unknown[];
  const field = (name: string) => fields[fields.indexOf(name) + 1];
  const message = field("m");
  const target = field("t");
  if (typeof message !== "string" || typeof target !== "string") return undefined;
  try {
    return { id: entry[0], target, message: JSON.parse(message) as JsonRpcNotification };
  } catch {
    return undefined;
  }
}

/** A record as JSON; one nested too deeply for JSON.stringify (a hostile client's capabilities) is the client's error. */
function serialised(record: SessionRecord): string {
  try {
    return JSON.stringify(record);
  } catch (error) {
    if (error instanceof RangeError) throw new ProtocolError(JSONRPC.invalidParams, "Invalid params: the client's capabilities or info are nested too deeply to be kept", undefined, 400);
    throw error;
  }
}

const events = (entries: unknown): StoredEvent[] => (Array.isArray(entries) ? entries.map(eventOf).filter((e): e is StoredEvent => e !== undefined) : []);
const outcome = (reply: unknown): ChangeOutcome => (reply === "done" || reply === "full" ? reply : "gone");

let lastNow = 0;

/**
 * Now in ms, for the sessions' recency scores: strictly increasing in this process, so that two
 * sessions used within one millisecond keep their order (on equal scores Redis orders by id, and
 * the least recently used one would not be the one evicted).
 */
function recencyNow(): string {
  const now = Date.now();
  lastNow = now > lastNow ? now : lastNow + 0.001;
  return String(lastNow);
}

export class RedisStore implements McpStore {
  readonly heartbeatMs: number;
  readonly #client: RedisClientLike;
  readonly #redis: RedisCommands;
  readonly #prefix: string;
  readonly #origin: string = crypto.randomUUID();
  /** The requests to clients this replica awaits answers to, by session. */
  readonly #awaiting = new Map<string, Set<string>>();
  #subscriber: RedisClientLike | undefined;
  #limits: StoreLimits | undefined;
  #listener: StoreListener | undefined;
  /** Whether an outage was reported and the client is not ready again yet. */
  #down = false;
  /** Whether the subscription dropped and is not back yet. */
  #busDown = false;

  constructor(client: RedisClientLike, options: RedisStoreOptions = {}) {
    this.#client = client;
    this.#prefix = options.prefix ?? "mcp:";
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.#redis = new RedisCommands(client, this.#prefix, options.commandTimeoutMs ?? 5_000);
  }

  open(limits: StoreLimits, listener: StoreListener): void {
    if (this.#listener) throw new TypeError("this store already serves a fetch handler: give each handler its own redisStore(client)");
    this.#limits = limits;
    this.#listener = listener;
    this.#client.on("error", (error: unknown) => this.#lost(error));
    this.#client.on("ready", () => this.#back());
    const subscriber = (this.#subscriber = this.#client.duplicate());
    subscriber.on("error", (error: unknown) => this.#busLost(error));
    subscriber.on("ready", () => this.#busBack());
    void (async () => {
      if (!this.#client.isOpen) await this.#client.connect();
      await subscriber.connect();
      await subscriber.subscribe(`${this.#prefix}bus`, (text) => this.#heard(text));
    })().catch((error: unknown) => this.#lost(error));
  }

  async createSession(record: SessionRecord): Promise<CreatedSession> {
    const limits = this.#limitsOf();
    const perPrincipal = limits.maxSessionsPerPrincipal;
    const bound = perPrincipal !== undefined && Number.isFinite(perPrincipal) ? String(perPrincipal) : "";
    const reply = await this.#redis.run("create", [record.id, serialised(record), JSON.stringify(record.principal), recencyNow(), String(limits.idleMs), String(limits.maxSessions), limits.whenFull, bound]);
    const [created, ...evicted] = Array.isArray(reply) ? reply : [0];
    if (Number(created) === -1) return { created: false, evicted: [], full: "principal" };
    return { created: Number(created) === 1, evicted: evicted.map(String) };
  }

  async getSession(id: string, principal: string | null): Promise<SessionRecord | undefined> {
    const reply = await this.#redis.run("get", [id, JSON.stringify(principal), recencyNow(), String(this.#limitsOf().idleMs)]);
    if (typeof reply !== "string") return undefined;
    const record = JSON.parse(reply) as unknown;
    return isRecord(record) ? record : undefined;
  }

  /** A subscription is a set beside the record; a log level a compare-and-set of the record (retried if another request changed it meanwhile). */
  async updateSession(id: string, change: SessionChange): Promise<ChangeOutcome> {
    if ("subscribe" in change) return outcome(await this.#redis.run("subscribe", [id, change.subscribe, String(change.max)]));
    if ("unsubscribe" in change) return outcome(await this.#redis.run("unsubscribe", [id, change.unsubscribe]));
    for (let attempt = 0; attempt < 8; attempt++) {
      const current = await this.#redis.command(["HGET", this.#key("s:", id), "r"]);
      if (typeof current !== "string") return "gone";
      const next = changedRecord(JSON.parse(current) as SessionRecord, change);
      const done = Number(await this.#redis.run("update", [id, current, JSON.stringify(next)]));
      if (done !== -1) return done === 1 ? "done" : "gone";
    }
    throw new Error(`redis store: session ${id} kept changing while it was being updated`);
  }

  async deleteSession(id: string): Promise<void> {
    await this.#redis.run("delete", [id]);
  }

  async keepAlive(sessionIds: readonly string[], streams: readonly string[]): Promise<string[]> {
    const reply = await this.#redis.run("keepAlive", [recencyNow(), String(this.#limitsOf().idleMs), String(this.#leaseMs()), String(sessionIds.length), ...sessionIds, ...streams], false);
    return Array.isArray(reply) ? reply.map(String) : [];
  }

  async attachStream(sessionId: string, stream: string, lastEventId: string | undefined): Promise<{ replay: StoredEvent[]; cursor: string } | undefined> {
    // An id that is not a stream entry's Redis takes (garbage, past 64 bits, another store's) replays nothing.
    const reply = await this.#redis.run("attach", [sessionId, stream, streamId(lastEventId), String(this.#leaseMs())]);
    if (!Array.isArray(reply) || typeof reply[0] !== "string") return undefined;
    return { cursor: reply[0], replay: events(reply[1]) };
  }

  async detachStream(sessionId: string, stream: string): Promise<void> {
    await this.#redis.run("detach", [sessionId, stream], false);
  }

  async readEvents(sessionId: string, cursor: string): Promise<StoredEvent[]> {
    return events(await this.#redis.command(["XRANGE", this.#key("e:", sessionId), `(${cursor}`, "+"]));
  }

  async publish(message: JsonRpcNotification): Promise<void> {
    const uri = message.method === "notifications/resources/updated" ? String(message.params?.["uri"] ?? "") : "";
    const bus: BusMessage = { t: "n", o: this.#origin, m: message };
    await this.#redis.run("publish", [JSON.stringify(message), uri, String(this.#limitsOf().eventWindow), JSON.stringify(bus)], false);
  }

  async awaitAnswer(sessionId: string, requestId: string): Promise<void> {
    const awaited = this.#awaiting.get(sessionId) ?? new Set();
    this.#awaiting.set(sessionId, awaited.add(requestId));
    try {
      await this.#redis.run("await", [sessionId, requestId]);
    } catch (error) {
      this.#forget(sessionId, requestId);
      throw error;
    }
  }

  async settleAnswer(sessionId: string, requestId: string): Promise<void> {
    if (this.#forget(sessionId, requestId)) await this.#redis.run("settle", [sessionId, requestId], false);
  }

  /** An answer is left in w: for its replica, if one awaits it (the bus carries a notice); a cancellation goes on the bus. */
  async forward(sessionId: string, message: JsonRpcMessage): Promise<boolean> {
    if (!("method" in message)) {
      if (typeof message.id !== "string") return false; // the runtime's requests to clients have string ids
      const notice: BusMessage = { t: "a", s: sessionId, i: message.id };
      return Number(await this.#redis.run("answer", [sessionId, message.id, JSON.stringify(message), JSON.stringify(notice)])) === 1;
    }
    const bus: BusMessage = { t: "f", o: this.#origin, s: sessionId, m: message };
    await this.#redis.run("relay", [JSON.stringify(bus)]);
    return true;
  }

  /** Closes the subscription's connection (the client passed in stays open: it is the caller's). */
  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    this.#listener = undefined;
    if (subscriber?.isOpen) await (subscriber.close?.() ?? subscriber.quit?.());
  }

  #key(kind: string, id: string): string {
    return `${this.#prefix}${kind}${id}`;
  }

  #leaseMs(): number {
    return this.heartbeatMs * 3;
  }

  #limitsOf(): StoreLimits {
    if (!this.#limits) throw new TypeError("redis store: not opened (pass it to toFetchHandler)");
    return this.#limits;
  }

  /** True when this replica awaited the answer (it does no more). */
  #forget(sessionId: string, requestId: string): boolean {
    const awaited = this.#awaiting.get(sessionId);
    const had = awaited?.delete(requestId) ?? false;
    if (awaited?.size === 0) this.#awaiting.delete(sessionId);
    return had;
  }

  /** Takes an answer left for a request awaited here, and hands it to the listener. */
  async #take(sessionId: string, requestId: string): Promise<void> {
    const answer = await this.#redis.run("take", [sessionId, requestId], false);
    if (typeof answer !== "string" || !this.#forget(sessionId, requestId)) return;
    this.#listener?.forwarded(sessionId, JSON.parse(answer) as JsonRpcMessage);
  }

  /** Takes every answer left meanwhile for the requests awaited here (the subscription was down). */
  #takeAll(): void {
    for (const [sessionId, ids] of this.#awaiting) for (const id of [...ids]) this.#take(sessionId, id).catch(() => undefined);
  }

  #lost(error: unknown): void {
    if (this.#down) return;
    this.#down = true;
    const cause = error instanceof Error ? error.message : String(error);
    this.#listener?.connection(new Error(`redis store: the connection to Redis was lost (${cause}); requests that need it get 503 until it is back`));
  }

  #back(): void {
    if (!this.#down || !this.#client.isReady) return;
    this.#down = false;
    this.#listener?.connection(undefined);
  }

  #busLost(error: unknown): void {
    if (this.#busDown) return;
    this.#busDown = true;
    if (this.#down) return; // the outage was said already
    const cause = error instanceof Error ? error.message : String(error);
    this.#listener?.bus(new Error(`redis store: the subscription to Redis was lost (${cause}); resubscribing (requests awaiting answers go on)`));
  }

  /** Resubscribed (node-redis restores the subscription before it says ready): read what was missed. */
  #busBack(): void {
    if (!this.#busDown) return;
    this.#busDown = false;
    this.#takeAll();
    this.#listener?.bus(undefined);
  }

  #heard(text: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    const listener = this.#listener;
    if (!listener || typeof message !== "object" || message === null) return;
    if (message.t === "ev" && Array.isArray(message.s)) listener.logged(message.s.map(String));
    else if (message.t === "closed" && typeof message.s === "string") listener.closed(message.s);
    else if (message.t === "n" && message.o !== this.#origin) listener.notification(message.m);
    else if (message.t === "f" && message.o !== this.#origin && typeof message.s === "string") listener.forwarded(message.s, message.m);
    else if (message.t === "a" && this.#awaiting.get(message.s)?.has(message.i)) this.#take(message.s, message.i).catch(() => undefined);
  }
}

/** A store on Redis, shared by every replica given a client of the same Redis (and the same prefix). */
export function redisStore(client: RedisClientLike, options: RedisStoreOptions = {}): McpStore {
  return new RedisStore(client, options);
}
