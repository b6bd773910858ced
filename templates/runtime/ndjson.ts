// Newline framing of JSON-RPC over a byte stream (the stdio binding, and any socket that reuses
// it): one message per line, both directions. Lines that are not JSON-RPC are reported, not fatal.
import { parseMessage, type JsonRpcMessage } from "./jsonrpc.js";

/** One decoded line: a message, or noise (a line that is not a JSON-RPC message) and why. */
export type NdjsonItem = { kind: "message"; message: JsonRpcMessage } | { kind: "noise"; line: string; reason: string };

/** The default longest line kept in memory (a longer one is reported as noise and dropped). */
export const MAX_LINE_LENGTH: number = 64 * 1024 * 1024;

/**
 * An incremental decoder: feed it bytes or text, get one item per complete line. "\r\n" and "\n"
 * both end a line; blank lines are skipped; UTF-8 is decoded across chunk boundaries.
 */
export class NdjsonDecoder {
  private readonly decoder = new TextDecoder("utf-8");
  private buffer = "";
  private skipping = false;
  private readonly maxLineLength: number;

  constructor(maxLineLength: number = MAX_LINE_LENGTH) {
    this.maxLineLength = maxLineLength;
  }

  push(chunk: Uint8Array | string): NdjsonItem[] {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const items: NdjsonItem[] = [];
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      const line = this.buffer + text.slice(start, end);
      this.buffer = "";
      start = end + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const item = decodeLine(line);
      if (item) items.push(item);
    }
    if (!this.skipping) this.buffer += text.slice(start);
    if (this.buffer.length > this.maxLineLength) {
      items.push({ kind: "noise", line: `${this.buffer.slice(0, 200)}…`, reason: `line longer than ${this.maxLineLength} characters` });
      this.buffer = "";
      this.skipping = true;
    }
    return items;
  }

  /** The stream ended: a last line without its newline is still decoded. */
  end(): NdjsonItem[] {
    const line = this.buffer + this.decoder.decode();
    this.buffer = "";
    const item = this.skipping ? undefined : decodeLine(line);
    return item ? [item] : [];
  }
}

function decodeLine(raw: string): NdjsonItem | undefined {
  const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (line.trim() === "") return undefined;
  const parsed = parseMessage(line);
  return parsed.ok ? { kind: "message", message: parsed.message } : { kind: "noise", line, reason: parsed.reason };
}

/** Reads a byte stream (a web ReadableStream or any async iterable of chunks) to its end. */
export async function* readNdjson(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, decoder: NdjsonDecoder = new NdjsonDecoder()): AsyncGenerator<NdjsonItem> {
  const iterable: AsyncIterable<Uint8Array | string> = Symbol.asyncIterator in source ? source : chunksOf(source);
  for await (const chunk of iterable) yield* decoder.push(chunk);
  yield* decoder.end();
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** One message as a line: compact JSON (which never holds a raw newline) and "\n". */
export function encodeNdjson(message: JsonRpcMessage): string {
  return `${JSON.stringify(message)}\n`;
}
