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

/**
 * An incremental event-stream parser: feed it text (`push`) and it returns the events completed
 * so far. Fields follow the standard: `data` lines accumulate, `event` names the type, `id`
 * (without NUL) sets the last event id, `retry` (digits only) sets the reconnection time, lines
 * starting with ":" are comments; lines end with CRLF, LF or CR. An event is dispatched at a
 * blank line, and only when it has data.
 */
export class SseParser {
  /** The last event id seen (it survives events: a resuming client sends it as `Last-Event-ID`). */
  lastEventId = "";
  /** The reconnection time in ms from the last valid `retry:` field, if any. */
  retry: number | undefined;
  private buffer = "";
  private data: string[] = [];
  private eventType = "";
  private started = false;
  private pendingCR = false;

  /** Parses more text; returns the events it completed. */
  push(text: string): SseEvent[] {
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (this.pendingCR && text.startsWith("\n")) text = text.slice(1);
    this.pendingCR = false;
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      const line = this.buffer.slice(start, i);
      if (c === 0x0d) {
        if (i + 1 === this.buffer.length) this.pendingCR = true;
        else if (this.buffer.charCodeAt(i + 1) === 0x0a) i++;
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** True when the stream so far ends inside an event (fields or a partial line not yet dispatched). */
  get midEvent(): boolean {
    return this.buffer.length > 0 || this.data.length > 0 || this.eventType !== "";
  }

  private line(line: string): SseEvent | undefined {
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
