import { createParser, type EventSourceMessage } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { SseParser, encodeSseComment, encodeSseEvent, readSse, type SseEvent } from "../../templates/runtime/shared/sse.js";

/** A byte stream that delivers `text` in the given chunk sizes (cycled). */
function streamOf(text: string, sizes: number[] = [text.length]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const size = Math.max(1, sizes[turn++ % sizes.length]!);
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

async function readAll(text: string, sizes?: number[]): Promise<{ events: SseEvent[]; end: { cutMidEvent: boolean; lastEventId: string; retry: number | undefined } }> {
  const events: SseEvent[] = [];
  const iterator = readSse(streamOf(text, sizes));
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { events, end: next.value };
    events.push(next.value);
  }
}

/** The reference: eventsource-parser (what the official SDK uses), fed the whole text. */
function reference(text: string): { events: Array<{ event: string; data: string }>; retry: number | undefined } {
  const events: EventSourceMessage[] = [];
  let retry: number | undefined;
  const parser = createParser({ onEvent: (e) => events.push(e), onRetry: (r) => (retry = r) });
  parser.feed(text);
  return { events: events.map((e) => ({ event: e.event ?? "message", data: e.data })), retry };
}

const SAMPLES = [
  'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
  "data: a\ndata: b\n\ndata:c\n\n",
  "id: event-1\nretry: 500\ndata: \n\n",
  ": comment\n\ndata: x\r\n\r\ndata: y\r\rdata: z\n\n",
  "event: custom\ndata: 世界\nid: 7\n\nretry: nope\ndata: after\n\n",
  "data\n\ndata:  two spaces\n\n",
  "id: a\u0000b\ndata: nul id ignored\n\n",
];

describe("SSE parsing", () => {
  it.each(SAMPLES)("%j: same events as eventsource-parser, whatever the chunking", async (text) => {
    const expected = reference(text);
    for (const sizes of [[text.length], [1], [2, 3], [5, 1, 7]]) {
      const { events, end } = await readAll(text, sizes);
      expect(events.map((e) => ({ event: e.event, data: e.data }))).toEqual(expected.events);
      expect(end.retry).toBe(expected.retry);
    }
  });

  it("tracks the last event id across events, with empty-data priming events", async () => {
    const { events, end } = await readAll("id: event-1\nretry: 500\ndata: \n\nid: event-2\n\n", [3]);
    expect(events).toEqual([{ event: "message", data: "", lastEventId: "event-1" }]);
    expect(end).toEqual({ cutMidEvent: false, lastEventId: "event-2", retry: 500 });
  });

  it("a stream cut in the middle of an event drops that event and says so", async () => {
    const { events, end } = await readAll('data: {"complete":true}\n\ndata: {"cut":', [4]);
    expect(events.map((e) => e.data)).toEqual(['{"complete":true}']);
    expect(end.cutMidEvent).toBe(true);
    const cutAfterField = await readAll("data: whole line\n");
    expect(cutAfterField.events).toEqual([]);
    expect(cutAfterField.end.cutMidEvent).toBe(true);
  });

  it("a byte order mark at the start is not part of the first field name", async () => {
    const { events } = await readAll("\uFEFFdata: bom\n\n", [1]);
    expect(events.map((e) => e.data)).toEqual(["bom"]);
    expect(new SseParser().push("\uFEFFdata: bom\n\n").map((e) => e.data)).toEqual(["bom"]);
  });

  it("UTF-8 split across chunks decodes", async () => {
    const { events } = await readAll("data: Hello, 世界\n\n", [8, 1, 1]);
    expect(events[0]!.data).toBe("Hello, 世界");
  });

  it("a CR at a chunk's end followed by LF in the next is one line break", () => {
    const parser = new SseParser();
    expect(parser.push("data: a\r")).toEqual([]);
    expect(parser.push("\n\r\n")).toEqual([{ event: "message", data: "a", lastEventId: "" }]);
  });
});

describe("SSE encoding", () => {
  it("round-trips through the parser and through eventsource-parser", () => {
    const text = encodeSseEvent({ event: "message", id: "e-1", retry: 250, data: '{"a":1}\nsecond line\r\nthird' }) + encodeSseComment("keep-alive") + encodeSseEvent({ data: "" });
    const ours = new SseParser();
    const events = ours.push(text);
    expect(events).toEqual([
      { event: "message", data: '{"a":1}\nsecond line\nthird', lastEventId: "e-1" },
      { event: "message", data: "", lastEventId: "e-1" },
    ]);
    expect(ours.retry).toBe(250);
    expect(reference(text).events).toEqual(events.map((e) => ({ event: e.event, data: e.data })));
  });

  it("refuses fields that would break the framing", () => {
    expect(() => encodeSseEvent({ data: "x", event: "a\nb" })).toThrow(TypeError);
    expect(() => encodeSseEvent({ data: "x", id: "a\rb" })).toThrow(TypeError);
    expect(() => encodeSseEvent({ data: "x", retry: -1 })).toThrow(TypeError);
  });
});
