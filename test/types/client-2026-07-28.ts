// The 2026-07-28 client's types: stubs, params, results, handlers, lists, subscriptions.
import type * as Spec from "@spec/2026-07-28";
import { StdioTransport, createClient, type McpClient, type McpClientOptions } from "@gen/2026-07-28";
import type { Assert, Equal, Same } from "./assert.js";

declare const client: McpClient;
const info = { name: "t", version: "1" };

// Stub results are the complete results of the spec (the input_required member is answered by the client).
export type CallToolIsComplete = Assert<Same<Awaited<ReturnType<McpClient["callTool"]>>, Spec.CallToolResult>>;
export type DiscoverIsSpec = Assert<Same<Awaited<ReturnType<McpClient["discover"]>>, Spec.DiscoverResult>>;
export type ReadIsComplete = Assert<Same<Awaited<ReturnType<McpClient["readResource"]>>, Spec.ReadResourceResult>>;
export type RevisionLiteral = Assert<Equal<McpClient["revision"], "2026-07-28">>;

export async function uses(): Promise<void> {
  // The envelope is the client's: params without _meta compile; list params are optional.
  await client.callTool({ name: "echo", arguments: { text: "hi" } });
  await client.listTools();
  await client.discover();
  const tools = await client.listTools({ cursor: "c" });
  const ttl: number = tools.ttlMs;
  for await (const tool of client.paginate("tools/list")) {
    const name: string = tool.name;
    void name;
  }
  for await (const page of client.pages("resources/list")) void page.resources;
  const generic = await client.request("tools/call", { name: "x" });
  const content: Spec.ContentBlock[] = generic.content;
  for await (const notification of client.listen({ notifications: { toolsListChanged: true } })) {
    const method: Spec.ServerNotification["method"] = notification.method;
    void method;
  }
  void ttl;
  void content;

  // @ts-expect-error: tools/call needs a name
  await client.callTool({ arguments: {} });
  // @ts-expect-error: a name is a string
  await client.callTool({ name: 5 });
  // @ts-expect-error: resources/read needs a uri
  await client.readResource({});
  // @ts-expect-error: initialize was removed in 2026-07-28
  await client.initialize({});
  // @ts-expect-error: so was ping
  await client.ping();
  // @ts-expect-error: logging/setLevel is not a method of this revision
  await client.request("logging/setLevel", { level: "info" });
  // @ts-expect-error: tools/call has no pages
  client.paginate("tools/call");
}

// Handlers: params and results typed by the revision; a method it does not have is refused.
export const options: McpClientOptions = {
  clientInfo: info,
  handlers: {
    "elicitation/create": async (params) => ({ action: "accept", content: { echo: params.message } }),
    "roots/list": () => ({ roots: [{ uri: "file:///x" }] }),
  },
};
export const wrongResult: McpClientOptions = {
  clientInfo: info,
  // @ts-expect-error: "maybe" is not an elicitation action
  handlers: { "elicitation/create": async () => ({ action: "maybe" }) },
};
export const notAHandler: McpClientOptions = {
  clientInfo: info,
  // @ts-expect-error: servers of 2026-07-28 send no ping
  handlers: { ping: async () => ({}) },
};
// @ts-expect-error: clientInfo is required
export const noInfo = createClient(new StdioTransport({ command: "x" }), {});
