// How the Redis store talks to Redis: one command at a time with a timeout, scripts by their
// digest, and a deadline for the scripts run on behalf of a client's request. A command that
// times out is not taken back by node-redis: it still reaches Redis, and runs there whenever
// Redis gets to it. So that a request answered 503 is not applied later behind the client's back,
// such a script carries a deadline on Redis's own clock, earlier than the timeout by a margin,
// and changes nothing when it runs after it (LATE, also a 503). The margin covers the error of
// the clock estimate and the reply's way back; a reply that arrived while the event loop was
// busy past the timeout is still taken (the timeout yields to pending I/O before it fires).
import { SCRIPTS, type ScriptName } from "./redis-scripts.js";
import { StoreUnavailableError } from "./store.js";

/** What the store uses of a node-redis client (`RedisClientType` of the `redis` package fits). */
export interface RedisClientLike {
  sendCommand(args: string[]): Promise<unknown>;
  /** A second connection like this one, for the subscription (a subscribed connection sends nothing else). */
  duplicate(): RedisClientLike;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>;
  on(event: string, listener: (...args: any[]) => void): unknown;
  readonly isOpen: boolean;
  readonly isReady: boolean;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
}

/** How long an estimate of Redis's clock is trusted before it is measured again (ms). */
const CLOCK_TTL_MS = 30_000;

async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Runs `callback` after the I/O already received (node: setImmediate, after the poll phase), elsewhere on the next task. */
const afterPendingIo: (callback: () => void) => void = (callback) => {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (immediate) immediate(callback);
  else setTimeout(callback, 0);
};

export class RedisCommands {
  readonly #client: RedisClientLike;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #shas = new Map<ScriptName, Promise<string>>();
  /** Redis's clock minus ours (ms), and when that was measured. */
  #clock: { offset: number; at: number } | undefined;

  constructor(client: RedisClientLike, prefix: string, timeoutMs: number) {
    this.#client = client;
    this.#prefix = prefix;
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Runs a script by its digest, sending it whole when Redis does not know it (first use, or a
   * restarted Redis). `gated`: it runs on behalf of a client's request, with a deadline.
   */
  async run(name: ScriptName, args: string[], gated = true): Promise<unknown> {
    let sha = this.#shas.get(name);
    if (!sha) this.#shas.set(name, (sha = sha1(SCRIPTS[name])));
    try {
      return await this.#script(["EVALSHA", await sha], args, gated);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return this.#script(["EVAL", SCRIPTS[name]], args, gated);
    }
  }

  async #script(head: string[], args: string[], gated: boolean): Promise<unknown> {
    const deadline = gated ? await this.#deadline() : "";
    try {
      return await this.command([...head, "0", this.#prefix, deadline, ...args]);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("LATE")) throw new StoreUnavailableError(`redis store: Redis ran the command after its deadline (commandTimeoutMs ${this.#timeoutMs}), so it was not applied`);
      throw error;
    }
  }

  /** The latest time on Redis's clock at which a script may still apply (ms, as a string). */
  async #deadline(): Promise<string> {
    const now = Date.now();
    if (!this.#clock || now - this.#clock.at > CLOCK_TTL_MS) {
      const reply = await this.command(["TIME"]);
      const received = Date.now();
      const [seconds, micros] = Array.isArray(reply) ? reply.map(Number) : [NaN, NaN];
      if (!Number.isFinite(seconds) || !Number.isFinite(micros)) throw new Error("redis store: TIME gave no time");
      this.#clock = { offset: seconds! * 1000 + Math.floor(micros! / 1000) - (now + received) / 2, at: received };
    }
    const margin = Math.min(1_000, this.#timeoutMs / 4);
    return String(Math.floor(Date.now() + this.#clock.offset + this.#timeoutMs - margin));
  }

  /** One command; fails at once when the client is not connected, and after the timeout when Redis does not answer. */
  async command(args: string[]): Promise<unknown> {
    if (!this.#client.isReady) throw new StoreUnavailableError("redis store: not connected to Redis");
    let timer: unknown;
    const timeout = new Promise<never>((_, reject) => {
      const fail = () => reject(new StoreUnavailableError(`redis store: no answer from Redis within ${this.#timeoutMs} ms`));
      // A reply that came in while the event loop was busy is read before the timeout counts.
      timer = setTimeout(() => afterPendingIo(fail), this.#timeoutMs);
    });
    try {
      return await Promise.race([this.#client.sendCommand(args), timeout]);
    } catch (error) {
      // A reply error (a script's, a wrong type) is Redis speaking; anything else is the connection failing.
      if (error instanceof StoreUnavailableError || /^[A-Z]+ /.test(error instanceof Error ? error.message : "")) throw error;
      throw new StoreUnavailableError(`redis store: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer as Parameters<typeof clearTimeout>[0]);
    }
  }
}
