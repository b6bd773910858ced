// The one bound of every stream the HTTP server sends (SSE): a session's GET stream, a
// `subscriptions/listen` stream, a request answered as SSE. Each queues its events in a web
// ReadableStream counted in bytes, for a client that reads slowly or not at all (on top of what
// node and the kernel buffer). What a stream does at its high-water mark depends on where else
// its events can wait: a GET stream pauses (they wait in its session's log, which is bounded);
// any other is closed, since nothing else keeps its events and a client that stops reading must
// not make the server hold every notification for it.

const encoder = new TextEncoder();

/** The default high-water mark of every server-sent stream (FetchHandlerOptions.streamHighWaterBytes). */
export const STREAM_HIGH_WATER_BYTES: number = 64 * 1024;

/** Every SSE response: no caching, and no buffering by reverse proxies (nginx honours X-Accel-Buffering). */
export const SSE_HEADERS: Readonly<Record<string, string>> = { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" };

export function sseEvent(message: unknown, id?: string): Uint8Array {
  return encoder.encode(`${id === undefined ? "" : `id: ${id}\n`}event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

export interface EventStreamHooks {
  highWaterBytes: number;
  /**
   * At the mark: "pause" (the caller checks `room()` and waits for `pull` before sending more),
   * or "close" (an event sent while the queue holds the mark or more closes the stream instead).
   */
  atMark: "pause" | "close";
  /** Bytes queued first (a GET stream's priming comment). */
  prelude?: Uint8Array;
  /** The client read the queue below the mark. */
  pull?: () => void;
  /** The stream is over before its end: the client went away, or it was closed at the mark. */
  cancel: () => void;
}

export interface EventStream {
  readonly body: ReadableStream<Uint8Array>;
  /** The queue holds less than the mark: an event sent now is queued. */
  room(): boolean;
  /** Queues an event; false when it was not (the stream is over, or was closed at the mark now). */
  send(message: unknown, id?: string): boolean;
  /** Queues a last event, if any (an answer, never refused for its size: it ends the stream), and ends. */
  end(last?: unknown): void;
}

/** A server-sent stream bounded by its high-water mark, in bytes. */
export function eventStream(hooks: EventStreamHooks): EventStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let over = false;
  const finish = () => {
    if (over) return false;
    over = true;
    return true;
  };
  const strategy = { highWaterMark: hooks.highWaterBytes, size: (chunk: Uint8Array) => chunk.byteLength };
  // start() runs in the constructor: the controller is there at once.
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void ((controller = c), hooks.prelude && c.enqueue(hooks.prelude)),
      pull: () => hooks.pull?.(),
      cancel: () => void (finish() && hooks.cancel()),
    },
    strategy,
  );
  const room = () => !over && (controller.desiredSize ?? 0) > 0;
  return {
    body,
    room,
    send(message, id) {
      if (over) return false;
      if (hooks.atMark === "close" && !room()) {
        finish();
        // Errored, the stream drops its queue now; node's adapter then cuts the connection.
        controller.error(new Error(`the client read too slowly: more than ${hooks.highWaterBytes} bytes of events were waiting for it (streamHighWaterBytes)`));
        hooks.cancel();
        return false;
      }
      controller.enqueue(sseEvent(message, id));
      return true;
    },
    end(last) {
      if (!finish()) return;
      if (last !== undefined) controller.enqueue(sseEvent(last));
      controller.close();
    },
  };
}
