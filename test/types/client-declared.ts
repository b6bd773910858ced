// Issue 53 item 6: a client in the server's codebase, typed by the server's own tool definitions
// (`connect<typeof tools>`, `createClient<typeof tools>`): a misspelt tool name or argument does
// not compile; without the type argument every name still does (compiled by test/spec/types.test.ts).
import { z } from "zod";
import { connect, createClient, tool, type Transport } from "@gen-root";
import { createClient as createLegacyClient } from "@gen/2025-11-25";

export const tools = [
  tool("search_incidents", { input: z.object({ query: z.string(), limit: z.int().default(10) }) }, (args) => args.query),
  tool("close_incident", { input: z.object({ id: z.string(), note: z.string().optional() }) }, (args) => args.id),
  tool("list_oncall", {}, () => "nobody"),
];

declare const transport: Transport;
const clientInfo = { name: "ops", version: "1" };

export async function connected(): Promise<void> {
  const client = await connect<typeof tools>(() => transport, { clientInfo });
  await client.callTool({ name: "search_incidents", arguments: { query: "disk" } });
  await client.callTool({ name: "close_incident", arguments: { id: "INC-1" } }, { timeoutMs: 1000 });
  await client.callTool({ name: "list_oncall" });
  // @ts-expect-error: a misspelt tool name
  await client.callTool({ name: "serch_incidents", arguments: { query: "disk" } });
  // @ts-expect-error: a misspelt argument
  await client.callTool({ name: "search_incidents", arguments: { qurey: "disk" } });
  // @ts-expect-error: an argument of the wrong type
  await client.callTool({ name: "search_incidents", arguments: { query: 5 } });
  // @ts-expect-error: another tool's arguments
  await client.callTool({ name: "close_incident", arguments: { query: "disk" } });
  // @ts-expect-error: a required argument left out
  await client.callTool({ name: "close_incident" });
  // Narrowing on the revision still works, and the rest of the client is as it was.
  if (client.revision === "2025-11-25") await client.request("ping", {});
  const listed = await client.listTools();
  void listed.tools;
}

export async function oneRevision(): Promise<void> {
  const client = createClient<typeof tools>(transport, { clientInfo });
  const result = await client.callTool({ name: "close_incident", arguments: { id: "INC-1", note: "fixed" } });
  void result.content;
  // @ts-expect-error: a misspelt tool name
  await client.callTool({ name: "close_incidnet", arguments: { id: "INC-1" } });
  // @ts-expect-error: a misspelt argument
  await client.callTool({ name: "close_incident", arguments: { id: "INC-1", note: "x", notes: "y" } });
  const legacy = createLegacyClient<typeof tools>(transport, { clientInfo });
  // @ts-expect-error: a misspelt tool name, on another revision's client
  await legacy.callTool({ name: "list_on_call" });
}

export async function untyped(): Promise<void> {
  // Without the type argument, any name compiles: the server decides (as before).
  const client = await connect(() => transport, { clientInfo });
  await client.callTool({ name: "serch_incidents", arguments: { anything: 1 } });
}
