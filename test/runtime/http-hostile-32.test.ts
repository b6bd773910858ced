// Streamable HTTP under hostile input, second pass (issue 32): real sockets through node:http.
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wireServer } from "./wire-server.js";

type Http = typeof import("../../templates/runtime/server/http.js");
type Node = typeof import("../../templates/runtime/server/node.js");
let http: Http;
let node: Node;

beforeAll(async () => {
  http = await import("../../templates/runtime/server/http.js");
  node = await import("../../templates/runtime/server/node.js");
});

describe("item 2: a chunked body over maxBodyBytes does not kill a toNodeListener server", () => {
  let listener: Server;
  let port = 0;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => void uncaught.push(error);
  beforeAll(async () => {
    process.on("uncaughtException", record);
    const handler = http.toFetchHandler(await wireServer(), { path: "/mcp", maxBodyBytes: 64 * 1024 });
    listener = createHttpServer(node.toNodeListener(handler, { onError: () => undefined }) as never);
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(async () => {
    process.off("uncaughtException", record);
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  /** POSTs `body` in chunks of 64 KiB with Transfer-Encoding: chunked; resolves with the status and the body. */
  function chunked(body: Buffer): Promise<[number, string]> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ port, host: "127.0.0.1", path: "/mcp", method: "POST", headers: { host: `127.0.0.1:${port}`, "content-type": "application/json", "transfer-encoding": "chunked" } }, (res: IncomingMessage) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve([res.statusCode ?? 0, text]));
      });
      req.on("error", reject);
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    });
  }

  it("a 5 MB chunked body gets its 413, nothing is thrown, and the process still answers", async () => {
    const [status] = await chunked(Buffer.alloc(5 * 1024 * 1024, 0x20));
    expect(status).toBe(413);
    // The body's end arrives after the refusal cancelled the stream: give it time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ping = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
    const [after, text] = await chunked(ping);
    expect(uncaught).toEqual([]);
    expect(after).not.toBe(413);
    expect(text.length).toBeGreaterThan(0);
  });
});
