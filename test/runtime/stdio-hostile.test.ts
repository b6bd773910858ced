// The stdio server under hostile input (issue 16, items 10-12): long lines, cancellation,
// an unread stdout.
import { PassThrough, Writable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { LineFramer } from "../../templates/runtime/shared/ndjson.js";
import { MODERN, meta, wireServer } from "./wire-server.js";

type Stdio = typeof import("../../templates/runtime/server/stdio.js");
let stdio: Stdio;
beforeAll(async () => {
  stdio = await import("../../templates/runtime/server/stdio.js");
});

const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: meta() } });
const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Serves `server` on an in-memory stdin; `lines()` are the decoded stdout lines so far. */
function serve(server: any, options: { maxMessageBytes?: number } = {}) {
  const input = new PassThrough();
  const written: string[] = [];
  const done = stdio.serveStdio(server, { input, output: { write: (text: string) => written.push(text) }, ...options });
  return { input, done, lines: () => written.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l)) };
}

describe("item 10: framing is linear and bounded", () => {
  it("a line past maxMessageBytes is answered with -32600 and skipped; the stream stays usable", async () => {
    const server = await wireServer();
    const { input, done, lines } = serve(server, { maxMessageBytes: 1024 });
    const huge = line(call(1, "echo", { blob: "x".repeat(5000) }));
    for (let at = 0; at < huge.length; at += 700) input.write(huge.slice(at, at + 700)); // the line arrives in parts
    input.write(line(call(2, "echo", { small: true })));
    input.end();
    await done;
    await settle();
    const answers = lines();
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(answers[0].error.message).toContain("1024 bytes");
    expect(answers[1]).toMatchObject({ id: 2, result: { content: [{ text: 'echo {"small":true}' }] } });
  });

  it("the framer counts bytes, not characters, and decodes characters split across chunks", () => {
    const framer = new LineFramer(6);
    const bytes = new TextEncoder().encode("世界\n世界!\nok\n"); // 6 bytes, then 7 bytes, then 2
    const parts = [bytes.slice(0, 2), bytes.slice(2, 8), bytes.slice(8)];
    const out = parts.flatMap((p) => framer.push(p));
    expect(out.map((l) => (l.kind === "line" ? l.text : l.kind))).toEqual(["世界", "too-long", "ok"]);
  });

  it("a 20 MB line in 64 KiB chunks is one message, its bytes kept once", async () => {
    const framer = new LineFramer(64 * 1024 * 1024);
    const payload = Buffer.from(line({ jsonrpc: "2.0", id: 1, method: "m", params: { s: "y".repeat(20 * 1024 * 1024) } }));
    const out = [];
    for (let at = 0; at < payload.length; at += 65536) out.push(...framer.push(payload.subarray(at, at + 65536)));
    expect(out).toHaveLength(1);
    expect(out[0]!.kind === "line" && out[0]!.text.length).toBe(payload.length - 1);
  });
});

describe("item 11: responses after cancellation", () => {
  it("a cancelled request gets no response, and every in-flight request with that id is cancelled", async () => {
    const aborted: unknown[] = [];
    const server = await wireServer({
      handlers: {
        "tools/call": async (params: any, ctx: any) => {
          await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
          aborted.push(params.arguments.n);
          return { content: [{ type: "text", text: "too late" }] };
        },
      },
    });
    const { input, done, lines } = serve(server);
    input.write(line(call(7, "wait", { n: 1 })));
    input.write(line(call(7, "wait", { n: 2 }))); // the same id, still in flight
    input.write(line(call(8, "wait", { n: 3 })));
    await settle();
    input.write(line({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } }));
    await settle();
    expect(aborted.sort()).toEqual([1, 2]);
    expect(lines()).toEqual([]);
    input.end(); // the end of stdin aborts 8 too; not cancelled by the client, it is still answered
    await done;
    await settle();
    expect(aborted.sort()).toEqual([1, 2, 3]);
    expect(lines().map((l) => l.id)).toEqual([8]);
  });
});

describe("item 12: an unread stdout holds the input", () => {
  it("past stdout's buffer, stdin is paused; once stdout drains, every request is answered", async () => {
    let handled = 0;
    const server = await wireServer({ handlers: { "tools/call": () => (handled++, { content: [{ type: "text", text: "z".repeat(100) }] }) } });
    const held: Array<() => void> = [];
    let released = false;
    let written = 0;
    const output = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (released) callback();
        else held.push(() => callback());
      },
    });
    const input = new PassThrough({ highWaterMark: 16 * 1024 });
    const done = stdio.serveStdio(server, { input, output });
    const total = 20_000;
    const requests = Buffer.from(Array.from({ length: total }, (_, i) => line({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "z", _meta: meta() } })).join(""));
    // As stdin delivers it: a chunk of 64 KiB per turn of the event loop, written without waiting
    // for the server (the client does not read stdout).
    void (async () => {
      for (let at = 0; at < requests.length; at += 65536) {
        input.write(requests.subarray(at, at + 65536));
        await new Promise((resolve) => setImmediate(resolve));
      }
      input.end();
    })();
    await settle(300);
    expect(handled).toBeLessThan(2_000);
    expect(output.writableLength).toBeLessThan(1024 * 1024);
    released = true;
    for (const callback of held.splice(0)) callback();
    await done;
    for (let i = 0; i < 100 && handled < total; i++) await settle(20);
    await settle(100);
    expect(handled).toBe(total);
    expect(written).toBeGreaterThan(total * 100);
  });
});

describe("stdio: the protocol version is read per request", () => {
  it("answers a stateless request on stdio without HTTP headers", async () => {
    const { input, done, lines } = serve(await wireServer());
    input.end(line({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta() } }));
    await done;
    await settle();
    expect(lines()[0].result.supportedVersions).toContain(MODERN);
  });
});
