// Newline framing of JSON-RPC over a byte stream (the stdio binding, and any socket that reuses
// it): one message per line, both directions. Lines that are not JSON-RPC are reported, not fatal.
import { parseMessage, type JsonRpcMessage } from "./jsonrpc.js";

/** One decoded line: a message, or noise (a line that is not a JSON-RPC message) and why. */
export type NdjsonItem = { kind: "message"; message: JsonRpcMessage } | { kind: "noise"; line: string; reason: string };

/** The default longest line kept in memory, in bytes (a longer one is reported and dropped). */
export const MAX_LINE_LENGTH: number = 64 * 1024 * 1024;

/** One framed line: its text (without the line break), or the start of a line that was too long (and dropped). */
export type FramedLine = { kind: "line"; text: string } | { kind: "too-long"; head: string; limit: number };

const NEWLINE = 0x0a;
const encoder = new TextEncoder();

/**
 * Splits a byte stream into lines in linear time: each chunk is scanned once for "\n" and the
 * bytes of a pending line are kept as a list of chunks, joined once when the line ends. A line
 * that passes `maxBytes` is reported at once and skipped to its end, so memory stays bounded and
 * the next line is read as usual. "\r\n" ends a line too; UTF-8 is decoded per whole line (a
 * newline byte never occurs inside a multi-byte character).
 */
export class LineFramer {
  private parts: Uint8Array[] = [];
  private size = 0;
  private skipping = false;
  private readonly maxBytes: number;
  private readonly decoder = new TextDecoder("utf-8");

  constructor(maxBytes: number = MAX_LINE_LENGTH) {
    this.maxBytes = maxBytes;
  }

  push(chunk: Uint8Array | string): FramedLine[] {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    const lines: FramedLine[] = [];
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      this.take(bytes.subarray(start, end), lines);
      start = end + 1;
      if (this.skipping) this.skipping = false;
      else lines.push({ kind: "line", text: this.flush() });
      this.parts = [];
      this.size = 0;
    }
    this.take(bytes.subarray(start), lines);
    return lines;
  }

  /** The stream ended: a last line without its newline is still a line. */
  end(): FramedLine[] {
    if (this.skipping || this.size === 0) return [];
    const text = this.flush();
    this.parts = [];
    this.size = 0;
    return [{ kind: "line", text }];
  }

  private take(bytes: Uint8Array, lines: FramedLine[]): void {
    if (this.skipping || bytes.byteLength === 0) return;
    if (this.size + bytes.byteLength > this.maxBytes) {
      const head = this.decoder.decode((this.parts[0] ?? bytes).subarray(0, 200));
      lines.push({ kind: "too-long", head, limit: this.maxBytes });
      this.skipping = true;
      this.parts = [];
      this.size = 0;
      return;
    }
    this.parts.push(bytes);
    this.size += bytes.byteLength;
  }

  private flush(): string {
    let line: Uint8Array;
    if (this.parts.length === 1) line = this.parts[0]!;
    else {
      line = new Uint8Array(this.size);
      let at = 0;
      for (const part of this.parts) {
        line.set(part, at);
        at += part.byteLength;
      }
    }
    const text = this.decoder.decode(line);
    return text.endsWith("\r") ? text.slice(0, -1) : text;
  }
}

/**
 * An incremental decoder: feed it bytes or text, get one item per complete line. "\r\n" and "\n"
 * both end a line; blank lines are skipped; lines longer than `maxLineLength` bytes are noise.
 */
export class NdjsonDecoder {
  private readonly framer: LineFramer;

  constructor(maxLineLength: number = MAX_LINE_LENGTH) {
    this.framer = new LineFramer(maxLineLength);
  }

  push(chunk: Uint8Array | string): NdjsonItem[] {
    return itemsOf(this.framer.push(chunk));
  }

  /** The stream ended: a last line without its newline is still decoded. */
  end(): NdjsonItem[] {
    return itemsOf(this.framer.end());
  }
}

function itemsOf(lines: FramedLine[]): NdjsonItem[] {
  const items: NdjsonItem[] = [];
  for (const line of lines) {
    if (line.kind === "too-long") items.push({ kind: "noise", line: `${line.head}…`, reason: `line longer than ${line.limit} bytes` });
    else {
      const item = decodeLine(line.text);
      if (item) items.push(item);
    }
  }
  return items;
}

function decodeLine(line: string): NdjsonItem | undefined {
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
