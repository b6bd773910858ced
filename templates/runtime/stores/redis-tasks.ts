// Tasks on a Redis shared by every replica (`tasks(EXTENSION, { store: redisTaskStore(client) })`):
// a task is one key (its record as JSON, expiring with its ttlMs), its principal's live tasks a
// sorted set scored by expiry (the per-principal bound, checked in the script that creates the
// task), and the signals to the replica running a task (answers, cancellation) go over a channel.
// A change is a compare-and-set of the record (read, changed here, written only if unchanged),
// retried when another replica changed it meanwhile. The client is typed by what the store uses.
import { RedisCommands, type RedisClientLike } from "./redis-commands.js";
import { applyPatch, takeAnswers, TERMINAL, type TaskRecord, type TaskSignal, type TaskStore } from "./tasks.js";

export interface RedisTaskStoreOptions {
  /** Prepended to every key and to the channel (default "mcp:"). */
  prefix?: string;
  /** A command not answered within this fails (ms, default 5,000). */
  commandTimeoutMs?: number;
}

/** Sets the task unless its principal holds the bound: KEYS none; ARGV key, record, principal set, id, expiresAt (or ""), now, max, ttl ms (or ""). */
const CREATE = `
local key, record, set, id, expires, now, max, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7]), ARGV[8]
redis.call('ZREMRANGEBYSCORE', set, '-inf', now)
if redis.call('ZCARD', set) >= max then return 0 end
local before = redis.call('PTTL', set)
if ttl == '' then redis.call('SET', key, record) else redis.call('SET', key, record, 'PX', ttl) end
redis.call('ZADD', set, expires == '' and '+inf' or expires, id)
-- The set lives as long as its longest-lived task: none expiring, or the latest expiry.
if ttl == '' then redis.call('PERSIST', set)
elseif before == -2 or (before >= 0 and before < tonumber(ttl)) then redis.call('PEXPIRE', set, ttl) end
return 1`;

/** Writes the record only if it is still `old`, keeping its expiry: ARGV key, old, new. */
const SWAP = `
if redis.call('GET', ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('SET', ARGV[1], ARGV[3], 'KEEPTTL')
return 1`;

async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

class RedisTaskStore implements TaskStore {
  readonly #client: RedisClientLike;
  readonly #redis: RedisCommands;
  readonly #prefix: string;
  readonly #listeners = new Set<(signal: TaskSignal) => void>();
  #subscriber: RedisClientLike | undefined;

  constructor(client: RedisClientLike, options: RedisTaskStoreOptions) {
    this.#client = client;
    this.#prefix = options.prefix ?? "mcp:";
    this.#redis = new RedisCommands(client, this.#prefix, options.commandTimeoutMs ?? 5_000);
  }

  #key(taskId: string): string {
    return `${this.#prefix}t:${taskId}`;
  }

  async #read(taskId: string): Promise<{ text: string; record: TaskRecord } | undefined> {
    const text = await this.#redis.command(["GET", this.#key(taskId)]);
    if (typeof text !== "string") return undefined;
    const record = JSON.parse(text) as TaskRecord;
    return record.expiresAt === null || record.expiresAt > Date.now() ? { text, record } : undefined;
  }

  /** Reads, changes and writes back unless another replica wrote meanwhile (then again). */
  async #change<T>(taskId: string, change: (record: TaskRecord) => { next: TaskRecord; out: T } | undefined): Promise<T | undefined> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const read = await this.#read(taskId);
      const changed = read && change(read.record);
      if (!read || !changed) return undefined;
      if (changed.next === read.record) return changed.out;
      if (Number(await this.#redis.command(["EVAL", SWAP, "0", this.#key(taskId), read.text, JSON.stringify(changed.next)])) === 1) return changed.out;
    }
    throw new Error(`redis task store: task ${taskId} kept changing while it was being updated`);
  }

  async create(record: TaskRecord, maxPerPrincipal: number): Promise<boolean> {
    const set = `${this.#prefix}tp:${await sha1(JSON.stringify(record.principal))}`;
    const ttl = record.expiresAt === null ? "" : String(Math.max(1, record.expiresAt - Date.now()));
    const args = [this.#key(record.taskId), JSON.stringify(record), set, record.taskId, record.expiresAt === null ? "" : String(record.expiresAt), String(Date.now()), String(maxPerPrincipal), ttl];
    return Number(await this.#redis.command(["EVAL", CREATE, "0", ...args])) === 1;
  }

  async get(taskId: string, principal: string | null): Promise<TaskRecord | undefined> {
    const read = await this.#read(taskId);
    return read && read.record.principal === principal ? read.record : undefined;
  }

  update(taskId: string, patch: Parameters<TaskStore["update"]>[1]): Promise<TaskRecord | undefined> {
    return this.#change(taskId, (record) => {
      if (TERMINAL.includes(record.status)) return undefined;
      const next = applyPatch(record, patch);
      return { next, out: next };
    });
  }

  answer(taskId: string, principal: string | null, responses: Record<string, unknown>, check: (key: string, request: unknown, response: unknown) => void): ReturnType<TaskStore["answer"]> {
    return this.#change(taskId, (record) => {
      if (record.principal !== principal) return undefined;
      const { next, taken } = takeAnswers(record, responses, check);
      return { next, out: { record: next, taken } };
    });
  }

  async signal(signal: TaskSignal): Promise<void> {
    await this.#redis.command(["PUBLISH", `${this.#prefix}tasks`, JSON.stringify(signal)]);
  }

  onSignal(listener: (signal: TaskSignal) => void): () => void {
    this.#listeners.add(listener);
    if (!this.#subscriber) {
      const subscriber = (this.#subscriber = this.#client.duplicate());
      subscriber.on("error", () => undefined); // node-redis reconnects and resubscribes by itself
      void (async () => {
        await subscriber.connect();
        await subscriber.subscribe(`${this.#prefix}tasks`, (text) => this.#heard(text));
      })().catch(() => undefined);
    }
    return () => void this.#listeners.delete(listener);
  }

  #heard(text: string): void {
    let signal: TaskSignal;
    try {
      signal = JSON.parse(text) as TaskSignal;
    } catch {
      return;
    }
    if (typeof signal?.taskId !== "string") return;
    for (const listener of [...this.#listeners]) listener(signal);
  }

  /** Closes the subscription's connection (the client passed in stays the caller's). */
  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber?.isOpen) await (subscriber.close?.() ?? subscriber.quit?.());
  }
}

/** Tasks on Redis, shared by every replica given a client of the same Redis (and the same prefix). */
export function redisTaskStore(client: RedisClientLike, options: RedisTaskStoreOptions = {}): TaskStore & { close(): Promise<void> } {
  return new RedisTaskStore(client, options);
}
