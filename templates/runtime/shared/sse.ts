// Server-Sent Events as the HTML standard defines the event-stream format: a streaming parser over
// bytes (clients read SSE responses with it) and an encoder (servers write them with it).

/** One dispatched event. */
export interface SseEvent {
  /** The event type: the last `event:` field, "message" when none was given. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The last event id in force when the event was dispatched ("" when none was ever set). */
  lastEventId: string;
}

export interface SseParserOptions {
  /** The longest line kept, in characters (default 64 Mi): a longer line is skipped, with the event it belongs to. */
  maxLineLength?: number | undefined;
  /** Told when a line was too long (its event is dropped; the stream goes on). */
  onOversize?: ((limit: number) => void) | undefined;
}

export const MAX_SSE_LINE_LENGTH: number = 64 * 1024 * 1024;

/**
 * An incremental event-stream parser: feed it text (`push`) and it returns the events completed
 * so far. Fields follow the standard: `data` lines accumulate, `event` names the type, `id`
 * (without NUL) sets the last event id, `retry` (digits only) sets the reconnection time, lines
 * starting with ":" are comments; lines end with CRLF, LF or CR. An event is dispatched at a
 * blank line, and only when it has data. Linear in its input: each chunk is scanned once, and
 * the pieces of a line that spans chunks are joined once, when it ends.
 */
export class SseParser {
  /** The last event id seen (it survives events: a resuming client sends it as `Last-Event-ID`). */
  lastEventId = "";
  /** The reconnection time in ms from the last valid `retry:` field, if any. */
  retry: number | undefined;
  private parts: string[] = [];
  private partLength = 0;
  private skipping = false;
  /** Set by an oversized line: the rest of its event, to the blank line, is dropped too. */
  private dropping = false;
  private data: string[] = [];
  private eventType = "";
  private started = false;
  private pendingCR = false;
  private readonly maxLineLength: number;
  private readonly onOversize: ((limit: number) => void) | undefined;

  constructor(options: SseParserOptions = {}) {
    this.maxLineLength = options.maxLineLength ?? MAX_SSE_LINE_LENGTH;
    this.onOversize = options.onOversize;
  }

  /** Parses more text; returns the events it completed. */
  push(text: string): SseEvent[] {
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (this.pendingCR && text.startsWith("\n")) text = text.slice(1);
    this.pendingCR = false;
    const events: SseEvent[] = [];
    let start = 0;
    let lf = text.indexOf("\n");
    let cr = text.indexOf("\r");
    while (lf !== -1 || cr !== -1) {
      const at = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      let next = at + 1;
      if (at === cr) {
        if (next === text.length) this.pendingCR = true;
        else if (text.charCodeAt(next) === 0x0a) next++;
      }
      this.endLine(text.slice(start, at), events);
      start = next;
      if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
    }
    this.keep(text.slice(start));
    return events;
  }

  /** True when the stream so far ends inside an event (fields or a partial line not yet dispatched). */
  get midEvent(): boolean {
    return this.partLength > 0 || this.data.length > 0 || this.eventType !== "";
  }

  /** The rest of a chunk: the start of a line that goes on in the next one. */
  private keep(rest: string): void {
    if (this.skipping || rest === "") return;
    if (this.partLength + rest.length > this.maxLineLength) return this.oversize();
    this.parts.push(rest);
    this.partLength += rest.length;
  }

  private endLine(piece: string, events: SseEvent[]): void {
    const skipped = this.skipping;
    const line = this.parts.length ? this.parts.join("") + piece : piece;
    this.parts = [];
    this.partLength = 0;
    this.skipping = false;
    if (skipped) return;
    if (line.length > this.maxLineLength) return this.oversize(false);
    const event = this.line(line);
    if (event) events.push(event);
  }

  /** A line past the limit: it and the event it belongs to are dropped. */
  private oversize(untilLineEnd = true): void {
    this.parts = [];
    this.partLength = 0;
    this.skipping = untilLineEnd;
    this.data = [];
    this.eventType = "";
    this.dropping = true;
    this.onOversize?.(this.maxLineLength);
  }

  private line(line: string): SseEvent | undefined {
    if (this.dropping) {
      if (line === "") this.dropping = false;
      return undefined;
    }
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.eventType = value;
    else if (field === "id") {
      if (!value.includes("\u0000")) this.lastEventId = value;
    } else if (field === "retry" && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const data = this.data;
    const event = this.eventType || "message";
    this.data = [];
    this.eventType = "";
    if (data.length === 0) return undefined;
    return { event, data: data.join("\n"), lastEventId: this.lastEventId };
  }
}

/** What a read of a whole stream ends with, besides its events. */
export interface SseStreamEnd {
  /** The stream ended inside an event: that event was dropped (the standard discards it). */
  cutMidEvent: boolean;
  lastEventId: string;
  retry: number | undefined;
}

/**
 * Reads an event stream of bytes to its end, yielding each event as it completes; returns how it
 * ended. UTF-8 is decoded across chunk boundaries. Cancelling the iteration cancels the stream.
 */
export async function* readSse(stream: ReadableStream<Uint8Array>, parser: SseParser = new SseParser()): AsyncGenerator<SseEvent, SseStreamEnd> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8");
  let done = false;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      yield* parser.push(decoder.decode(chunk.value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    done = true;
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return { cutMidEvent: parser.midEvent, lastEventId: parser.lastEventId, retry: parser.retry };
}

/** An event to encode. */
export interface SseEventInit {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

/**
 * One event in the event-stream format, ending with its blank line: `data` is split into one
 * `data:` line per line (so a payload with newlines round-trips), `event` and `id` may not hold
 * line breaks (and `id` no NUL), `retry` is a whole number of ms.
 */
export function encodeSseEvent(init: SseEventInit): string {
  let text = "";
  if (init.event !== undefined) {
    if (/[\r\n]/.test(init.event)) throw new TypeError("an SSE event type cannot contain a line break");
    text += `event: ${init.event}\n`;
  }
  if (init.id !== undefined) {
    if (/[\r\n\u0000]/.test(init.id)) throw new TypeError("an SSE event id cannot contain a line break or NUL");
    text += `id: ${init.id}\n`;
  }
  if (init.retry !== undefined) {
    if (!Number.isInteger(init.retry) || init.retry < 0) throw new TypeError("an SSE retry must be a non-negative integer");
    text += `retry: ${init.retry}\n`;
  }
  for (const line of init.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** A comment line (keep-alive): ignored by every reader. */
export function encodeSseComment(text = ""): string {
  return `:${text.replace(/[\r\n]+/g, " ")}\n\n`;
}
