// A `subscriptions/listen` stream as an async iterator: the server's notifications for that
// subscription, in order, until the server ends it gracefully, the caller stops, or the
// connection drops (which rejects: the caller may listen again).
import { isClientError } from "./errors.js";
import type { JsonRpcNotification } from "../shared/jsonrpc.js";

/** How the subscription ended. */
export type SubscriptionEnd = "completed" | "ended-by-server" | "closed-by-client";

export class Subscription<N = JsonRpcNotification> implements AsyncIterableIterator<N> {
  /** The first notification, `notifications/subscriptions/acknowledged` (its params: what the server agreed to). */
  readonly acknowledged: Promise<N>;
  /** Settles when the stream is over: how it ended, or the error that broke it. */
  readonly ended: Promise<SubscriptionEnd>;
  private readonly queue: N[] = [];
  private readonly waiters: Array<{ resolve(result: IteratorResult<N>): void; reject(error: unknown): void }> = [];
  private outcome: { end: SubscriptionEnd } | { error: unknown } | undefined;
  private readonly stop: () => void;
  private acknowledge!: (notification: N) => void;
  private unacknowledged!: (error: unknown) => void;
  private finish!: (end: SubscriptionEnd) => void;
  private fail!: (error: unknown) => void;

  /** `start` sends the request with the push callback; `stop` aborts it. */
  constructor(start: (push: (notification: JsonRpcNotification) => void) => Promise<unknown>, stop: () => void) {
    this.stop = stop;
    this.acknowledged = new Promise<N>((resolve, reject) => {
      this.acknowledge = resolve;
      this.unacknowledged = reject;
    });
    this.ended = new Promise<SubscriptionEnd>((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    // Nobody may await these two: an unobserved rejection must not crash the process.
    this.acknowledged.catch(() => undefined);
    this.ended.catch(() => undefined);
    let first = true;
    start((notification) => {
      if (first) {
        first = false;
        this.acknowledge(notification as N);
      }
      this.push(notification as N);
    }).then(
      () => this.settle({ end: "completed" }),
      (error: unknown) => this.settle(isClientError(error, "closed") && error.detail?.["endedByServer"] ? { end: "ended-by-server" } : isClientError(error, "aborted") ? { end: "closed-by-client" } : { error }),
    );
  }

  next(): Promise<IteratorResult<N>> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve({ done: false, value: queued });
    if (this.outcome) return "error" in this.outcome ? Promise.reject(this.outcome.error) : Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Stops listening (a `for await` that breaks calls this). */
  async return(): Promise<IteratorResult<N>> {
    this.close();
    return { done: true, value: undefined };
  }

  /** Stops listening: HTTP closes the stream, stdio sends `notifications/cancelled`. */
  close(): void {
    if (this.outcome) return;
    this.queue.length = 0;
    this.settle({ end: "closed-by-client" });
    this.stop();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private push(notification: N): void {
    if (this.outcome) return;
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve({ done: false, value: notification });
    else this.queue.push(notification);
  }

  private settle(outcome: { end: SubscriptionEnd } | { error: unknown }): void {
    if (this.outcome) return;
    this.outcome = outcome;
    if ("error" in outcome) {
      this.fail(outcome.error);
      this.unacknowledged(outcome.error);
    } else {
      this.finish(outcome.end);
      this.unacknowledged(new Error(`the subscription ended (${outcome.end}) before it was acknowledged`));
    }
    for (const waiter of this.waiters.splice(0)) {
      if ("error" in outcome && this.queue.length === 0) waiter.reject(outcome.error);
      else waiter.resolve({ done: true, value: undefined });
    }
  }
}
