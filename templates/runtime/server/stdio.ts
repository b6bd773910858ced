// The stdio transport: newline-delimited JSON-RPC on stdin/stdout. stdout carries protocol
// messages only; diagnostics go to stderr. One process is one session when the client
// opens with `initialize`; stateless requests are served as they come. Lines are framed in
// linear time up to `maxMessageBytes`; a cancelled request gets no response; while stdout is
// full, stdin is not read (so an unread stdout cannot make the server buffer without bound).
import { LineFramer, MAX_LINE_LENGTH, type FramedLine } from "../shared/ndjson.js";
import { errorResponse, isObject, JSONRPC } from "../shared/messages.js";
import type { McpServer, Session } from "./server.js";
import { InFlight } from "./session.js";

/** What serveStdio reads from (process.stdin by default). */
export interface LineInput {
  on(event: string, listener: (...args: any[]) => void): unknown;
  pause?(): unknown;
  resume?(): unknown;
}

/** What serveStdio writes to (process.stdout by default): `write` returns false when its buffer is full, then "drain" follows. */
export interface LineOutput {
  write(text: string): unknown;
  once?(event: "drain", listener: () => void): unknown;
}

export interface StdioOptions {
  input?: LineInput;
  output?: LineOutput;
  /** The longest message line read, in bytes (default 64 MiB): a longer one is answered with -32600 and skipped. */
  maxMessageBytes?: number;
}

interface ProcessLike {
  stdin: LineInput;
  stdout: LineOutput;
}

/** Why a request's signal fired: the client cancelled it (no response then), or stdin ended. */
const CANCELLED = "cancelled by the client";
const INPUT_ENDED = "stdin ended";

/**
 * Lines in, answers out, with backpressure: when stdout's buffer is full, stdin is paused and the
 * lines already read wait in a queue until stdout drains, so an unread stdout holds the input
 * instead of filling memory.
 */
class StdioLoop {
  #queue: FramedLine[] = [];
  #head = 0;
  #waiting = false;
  #ended = false;
  readonly #inflight = new InFlight();
  readonly #session: Session;
  #finished!: () => void;
  readonly finished: Promise<void> = new Promise((resolve) => (this.#finished = resolve));

  constructor(
    private readonly server: McpServer,
    private readonly input: LineInput,
    private readonly output: LineOutput,
  ) {
    this.#session = server.createSession("stdio");
    this.#session.send = (message) => this.write(message);
  }

  lines(lines: FramedLine[], ended = false): void {
    this.#queue.push(...lines);
    this.#ended ||= ended;
    this.#pump();
  }

  write(message: unknown): void {
    const accepted = this.output.write(`${JSON.stringify(message)}\n`);
    if (accepted !== false || this.#waiting || !this.output.once) return;
    this.#waiting = true;
    this.input.pause?.();
    this.output.once("drain", () => {
      this.#waiting = false;
      this.#pump();
    });
  }

  #pump(): void {
    while (!this.#waiting && this.#head < this.#queue.length) this.#line(this.#queue[this.#head++]!);
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    }
    if (this.#waiting) return;
    if (!this.#ended) this.input.resume?.();
    else this.#finish();
  }

  #finish(): void {
    this.#inflight.cancelAll(INPUT_ENDED);
    this.#session.close();
    this.#finished();
  }

  #line(line: FramedLine): void {
    if (line.kind === "too-long") return this.write(errorResponse(null, JSONRPC.invalidRequest, `Invalid Request: a message is at most ${line.limit} bytes`));
    if (!line.text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      return this.write(errorResponse(null, JSONRPC.parseError, "Parse error"));
    }
    if (isObject(value) && value["method"] === "notifications/cancelled" && isObject(value["params"])) this.#inflight.cancel(value["params"]["requestId"], CANCELLED);
    const id = isObject(value) && typeof value["method"] === "string" && (typeof value["id"] === "string" || typeof value["id"] === "number") ? value["id"] : undefined;
    const controller = id === undefined ? new AbortController() : this.#inflight.start(id);
    // A request the client cancelled gets no further message (stdio.mdx), its response included.
    const live = () => controller.signal.reason !== CANCELLED;
    void this.server
      .handle(value, { session: this.#session, notify: (message) => live() && this.write(message), signal: controller.signal })
      .then((response) => response && live() && this.write(response))
      .catch((error: unknown) => console.error("mcp server (stdio):", error))
      .finally(() => id !== undefined && this.#inflight.finish(id, controller));
  }
}

/** Serves the server on stdin/stdout until stdin ends (and what it sent was read); resolves then. */
export function serveStdio(server: McpServer, options: StdioOptions = {}): Promise<void> {
  const proc = (globalThis as { process?: ProcessLike }).process;
  const input = options.input ?? proc?.stdin;
  const output = options.output ?? proc?.stdout;
  if (!input || !output) throw new TypeError("serveStdio needs an input and an output (no process.stdin/stdout here)");
  const loop = new StdioLoop(server, input, output);
  const framer = new LineFramer(options.maxMessageBytes ?? MAX_LINE_LENGTH);
  input.on("data", (chunk: Uint8Array | string) => loop.lines(framer.push(chunk)));
  input.on("end", () => loop.lines(framer.end(), true));
  return loop.finished;
}
