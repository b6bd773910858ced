// The 2025-11-25 client's types, and connect() over both revisions.
import type * as Spec from "@spec/2025-11-25";
import type { McpClient, McpClientOptions } from "@gen/2025-11-25";
import { StdioTransport, connect, type ConnectedClient } from "@gen-root";
import type { Assert, Equal, Same } from "./assert.js";

declare const client: McpClient;

export type InitializeIsSpec = Assert<Same<Awaited<ReturnType<McpClient["initialize"]>>, Spec.InitializeResult>>;
export type CallToolIsSpec = Assert<Same<Awaited<ReturnType<McpClient["callTool"]>>, Spec.CallToolResult>>;
export type RevisionLiteral = Assert<Equal<McpClient["revision"], "2025-11-25">>;

export async function uses(): Promise<void> {
  await client.ping();
  await client.setLevel({ level: "debug" });
  const tools = await client.listTools();
  // @ts-expect-error: 2025-11-25 results have no ttlMs (an unknown index-signature value at most)
  const ttl: number = tools["ttlMs"];
  // @ts-expect-error: server/discover is a 2026-07-28 method
  await client.discover();
  // @ts-expect-error: subscriptions/listen is a 2026-07-28 method: listen takes nothing
  client.listen({ notifications: {} });
  void ttl;
}

// Legacy servers send requests: ping and the task methods are handlers here.
export const options: McpClientOptions = {
  clientInfo: { name: "t", version: "1" },
  handlers: { ping: async () => ({}), "elicitation/create": async () => ({ action: "decline" }) },
};

// connect(): one handler serves every revision; the client is a union narrowed on `revision`.
export async function connected(): Promise<void> {
  const c: ConnectedClient = await connect(() => new StdioTransport({ command: "server" }), {
    clientInfo: { name: "t", version: "1" },
    handlers: { "elicitation/create": async () => ({ action: "accept", content: { ok: true } }) },
  });
  if (c.revision === "2026-07-28") {
    const discovered = await c.discover();
    void discovered.supportedVersions;
  } else if (c.revision === "2025-11-25") {
    await c.ping();
    // @ts-expect-error: narrowed to 2025-11-25, which has no discover
    await c.discover();
  }
  // @ts-expect-error: before narrowing, discover is not on every member
  await c.discover();
}
