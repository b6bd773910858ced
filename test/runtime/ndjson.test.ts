import { describe, expect, it } from "vitest";
import { NdjsonDecoder, encodeNdjson, readNdjson, type NdjsonItem } from "../../templates/runtime/shared/ndjson.js";

async function collect(source: AsyncIterable<NdjsonItem>): Promise<NdjsonItem[]> {
  const items: NdjsonItem[] = [];
  for await (const item of source) items.push(item);
  return items;
}

async function* chunks(...parts: Array<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  yield* parts;
}

describe("newline-delimited JSON-RPC", () => {
  it("decodes one message per line across chunk boundaries, CRLF included, and skips blank lines", async () => {
    const bytes = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"result":{"text":"世界"}}\r\n\n{"jsonrpc":"2.0","method":"n"}\n');
    const items = await collect(readNdjson(chunks(bytes.slice(0, 37), bytes.slice(37, 38), bytes.slice(38))));
    expect(items).toEqual([
      { kind: "message", message: { jsonrpc: "2.0", id: 1, result: { text: "世界" } } },
      { kind: "message", message: { jsonrpc: "2.0", method: "n" } },
    ]);
  });

  it("reports lines that are not JSON-RPC as noise and keeps going", async () => {
    const items = await collect(readNdjson(chunks("Server listening on stdio\n", '{"not":"rpc"}\n{"jsonrpc":"2.0","id":2,"result":{}}\n')));
    expect(items).toEqual([
      { kind: "noise", line: "Server listening on stdio", reason: "not JSON" },
      { kind: "noise", line: '{"not":"rpc"}', reason: 'not a JSON-RPC message: jsonrpc is not "2.0"' },
      { kind: "message", message: { jsonrpc: "2.0", id: 2, result: {} } },
    ]);
  });

  it("a last line without its newline is decoded at the end of the stream", async () => {
    const items = await collect(readNdjson(new Blob(['{"jsonrpc":"2.0","id":3,"result":{}}']).stream()));
    expect(items).toEqual([{ kind: "message", message: { jsonrpc: "2.0", id: 3, result: {} } }]);
  });

  it("an overlong line is dropped as noise, and the next line still decodes", () => {
    const decoder = new NdjsonDecoder(40);
    const first = decoder.push("x".repeat(50));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: "noise", reason: "line longer than 40 bytes" });
    expect(decoder.push('xxxx\n{"jsonrpc":"2.0","method":"m"}\n')).toEqual([{ kind: "message", message: { jsonrpc: "2.0", method: "m" } }]);
  });

  it("encodes compact JSON with exactly one newline, even for strings holding newlines", () => {
    const line = encodeNdjson({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { text: "a\nb" } });
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toContain("\n");
    expect(new NdjsonDecoder().push(line)).toEqual([{ kind: "message", message: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { text: "a\nb" } } }]);
  });
});
