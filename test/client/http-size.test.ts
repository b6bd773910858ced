// Issue 32 item 11: the HTTP client reads an application/json answer (and an error's body) up to
// `maxMessageBytes`, not whole. A longer one is refused as soon as it passes the bound and its
// body cancelled: the server sees its answer stop being read, long before it has written it all.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, loadClient, type ClientModule } from "../helpers/client.js";
import { eventually } from "../helpers/hostile-connect.js";

let gen: ClientModule;
beforeAll(async () => {
  gen = await loadClient("2026-07-28");
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

const LIMIT = 16 * 1024;
/** What the server would send in all: far more than any socket buffer holds. */
const TOTAL = 64 * 1024 * 1024;
const CHUNK = "x".repeat(64 * 1024);

interface Sent {
  /** Bytes of the answer written so far. */
  written: number;
  /** Set when the answer's connection closed (the client stopped reading, or it was all sent). */
  closed: boolean;
}

/**
 * A loopback server answering every POST with `status` and a valid JSON-RPC result whose text is
 * TOTAL bytes long, written chunk by chunk as the client reads (no Content-Length, so chunked,
 * unless `declare` is set).
 */
async function serveHuge(status: number, declare = false): Promise<{ url: string; sent: Sent }> {
  const sent: Sent = { written: 0, closed: false };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", async () => {
      const id = (JSON.parse(body) as { id: number }).id;
      const head = status === 200 ? `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"complete","content":[{"type":"text","text":"` : `{"jsonrpc":"2.0","id":${id},"error":{"code":-32603,"message":"`;
      const tail = status === 200 ? `"}]}}` : `"}}`;
      res.on("close", () => (sent.closed = true));
      res.writeHead(status, { "content-type": "application/json", ...(declare ? { "content-length": String(head.length + TOTAL + tail.length) } : {}) });
      const write = (text: string) => {
        sent.written += text.length;
        if (res.write(text)) return Promise.resolve();
        // Waits for drain or close, and removes the other listener (no listener piles up per write).
        return new Promise<void>((resolve) => {
          const done = () => (res.off("drain", done), res.off("close", done), resolve());
          res.once("drain", done).once("close", done);
        });
      };
      await write(head);
      for (let left = TOTAL; left > 0 && !sent.closed; left -= CHUNK.length) await write(CHUNK);
      if (!sent.closed) res.end(tail);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, sent };
}

type Failure = Error & { kind?: string; detail?: Record<string, unknown> };
const failure = (promise: Promise<unknown>): Promise<Failure> => promise.then(() => new Error("resolved") as Failure, (error: unknown) => error as Failure);
const clientFor = (url: string, options: Record<string, unknown> = { maxMessageBytes: LIMIT }) => gen.createClient(new gen.StreamableHttpTransport(url, options), { clientInfo: CLIENT_INFO, timeoutMs: 60_000 });

describe("an application/json answer is read up to maxMessageBytes", () => {
  it.each([
    ["chunked, no Content-Length", false],
    ["with a Content-Length that says so", true],
  ])("a 200 longer than the bound (%s): ClientError http naming the bound, and the server's answer stops being read", async (_name, declare) => {
    const { url, sent } = await serveHuge(200, declare);
    const error = await failure(clientFor(url).callTool({ name: "t" }));
    expect([gen.isClientError(error, "http"), error.message]).toEqual([true, expect.stringMatching(new RegExp(`the response to tools/call is longer than maxMessageBytes \\(${LIMIT} bytes\\)`))]);
    expect(error.detail).toMatchObject({ status: 200, maxMessageBytes: LIMIT });
    // Node's fetch releases a cancelled answer's socket a few seconds later; until then the
    // server is held up by backpressure, and never gets to write it all.
    expect(await eventually(() => sent.closed, 10_000)).toBe(true);
    expect(sent.written).toBeLessThan(TOTAL / 4);
  });

  it("a 4xx whose body is longer than the bound: refused the same way, not read whole", async () => {
    const { url, sent } = await serveHuge(400);
    const error = await failure(clientFor(url).callTool({ name: "t" }));
    expect([gen.isClientError(error, "http"), error.message]).toEqual([true, expect.stringMatching(new RegExp(`HTTP 400 .*for tools/call: its body is longer than maxMessageBytes \\(${LIMIT} bytes\\)`))]);
    expect(await eventually(() => sent.closed, 10_000)).toBe(true);
    expect(sent.written).toBeLessThan(TOTAL / 4);
  });

  it("an answer of exactly maxMessageBytes is read, one a byte longer is refused", async () => {
    const small = await serveHugeOf(LIMIT);
    const result = await clientFor(small.url, { maxMessageBytes: small.bodyBytes }).callTool({ name: "t" });
    expect((result.content as Array<{ text: string }>)[0]!.text).toHaveLength(LIMIT);
    const over = await failure(clientFor(small.url, { maxMessageBytes: small.bodyBytes - 1 }).callTool({ name: "t" }));
    expect(gen.isClientError(over, "http")).toBe(true);
  });
});

/** A server answering with a JSON-RPC result whose text is `size` bytes, sent at once; `bodyBytes` is the whole body's length. */
async function serveHugeOf(size: number): Promise<{ url: string; bodyBytes: number }> {
  const text = "y".repeat(size);
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const answer = JSON.stringify({ jsonrpc: "2.0", id: (JSON.parse(body) as { id: number }).id, result: { resultType: "complete", content: [{ type: "text", text }] } });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(answer);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Every answer has the same length (ids 1 to 9 are one digit): measure it once.
  const bodyBytes = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { resultType: "complete", content: [{ type: "text", text }] } }).length;
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, bodyBytes };
}
