import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, MODERN } from "./wire-server.js";

/**
 * A server generated for 2026-07-28 alone, asked to `initialize` by a 2025-11-25 client (the
 * Inspector, SDK 1.x): -32022, whose message names the way out; and that way out (the server
 * generated with both revisions, here the root of every revision) answers the same request.
 */
async function serverOf(module: string): Promise<(request: Request) => Promise<Response>> {
  const { createServer, toFetchHandler } = await import(pathToFileURL(module).href);
  const server = createServer({ serverInfo: { name: "single", version: "1.0.0" }, capabilities: { tools: {} }, handlers: { "tools/list": () => ({ tools: [], ttlMs: 0, cacheScope: "private" }) } });
  return toFetchHandler(server);
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "legacy", version: "1" } },
};

async function send(handler: (request: Request) => Promise<Response>): Promise<{ status: number; body: any }> {
  const request = new Request("http://127.0.0.1:3000/mcp", {
    method: "POST",
    headers: { host: "127.0.0.1:3000", "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(initialize),
  });
  const response = await handler(request);
  return { status: response.status, body: JSON.parse(await response.text()) };
}

describe("a legacy client's initialize on a server of 2026-07-28 only", () => {
  it("is refused with -32022, whose message names the versions served and the way out", async () => {
    const refused = await send(await serverOf(join(GENERATED_ROOT, MODERN, "server.ts")));
    expect([refused.status, refused.body.id, refused.body.error.code]).toEqual([400, 1, -32022]);
    expect(refused.body.error.data).toEqual({ supported: [MODERN], requested: LEGACY });
    expect(refused.body.error.message).toBe(
      `Unsupported protocol version: this server speaks ${MODERN} (per-request _meta, no initialize). ` +
        `To serve clients that call initialize, generate the server with their revision too: mcp-gen --revision ${MODERN} --revision ${LEGACY}`,
    );
  });

  it("is answered by the server generated with the client's revision too", async () => {
    const opened = await send(await serverOf(join(GENERATED_ROOT, "server.ts")));
    expect(opened.status).toBe(200);
    expect(opened.body.result).toMatchObject({ protocolVersion: LEGACY, serverInfo: { name: "single" } });
  });
});
