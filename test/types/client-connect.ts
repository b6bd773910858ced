// connect()'s client before narrowing: the generic methods every revision shares (request,
// paginate, pages) and the named ones are callable on the union, typed by the intersection of
// what the revisions accept and the union of what they return (compiled by test/spec/types.test.ts).
import type * as Old from "@spec/2025-11-25";
import type * as New from "@spec/2026-07-28";
import type { McpClient as OldClient, McpClientParams as OldParams } from "@gen/2025-11-25";
import type { McpClient as NewClient, McpClientParams as NewParams } from "@gen/2026-07-28";
import type { ConnectedClient, ConnectedMethod, ConnectedPagedMethod, ConnectedParams, ConnectedResult } from "@gen-root";
import type { Assert, Extends } from "./assert.js";

declare const c: ConnectedClient;

// Only what every revision has: tools/call and tools/list, not ping (gone in 2026-07-28) nor
// server/discover (new in 2026-07-28); paginated lists are among them, tools/call is not one.
export type CallIsShared = Assert<Extends<"tools/call" | "tools/list", ConnectedMethod>>;
export type PingIsNotShared = Assert<Extends<Extract<"ping" | "server/discover", ConnectedMethod>, never>>;
export type ListsArePaged = Assert<Extends<"tools/list" | "resources/list", ConnectedPagedMethod>>;
export type CallIsNotPaged = Assert<Extends<Extract<"tools/call", ConnectedPagedMethod>, never>>;
// What every revision accepts: shared params fit each revision's own.
export type ParamsFitOld = Assert<Extends<ConnectedParams<"tools/call">, OldParams["tools/call"]>>;
export type ParamsFitNew = Assert<Extends<ConnectedParams<"tools/call">, NewParams["tools/call"]>>;
// What any revision returns: each revision's result is one of the union's.
export type OldResultIsOne = Assert<Extends<Old.CallToolResult, ConnectedResult<"tools/call">>>;
export type NewResultIsOne = Assert<Extends<New.CallToolResult, ConnectedResult<"tools/call">>>;

export async function unnarrowed(): Promise<void> {
  for await (const tool of c.paginate("tools/list")) {
    const name: string = tool.name;
    const spec: Old.Tool | New.Tool = tool;
    void [name, spec];
  }
  for await (const page of c.pages("resources/list")) {
    const resources: Array<Old.Resource | New.Resource> = page.resources;
    void resources;
  }
  const called = await c.request("tools/call", { name: "echo", arguments: { text: "hi" } });
  const content: Array<Old.ContentBlock | New.ContentBlock> = called.content;
  const named = await c.callTool({ name: "echo" });
  const listed = await c.listTools();
  void [content, named.content, listed.tools];

  // @ts-expect-error: tools/call has no pages
  c.paginate("tools/call");
  // @ts-expect-error: pages of a method 2026-07-28 does not have
  c.pages("tasks/list");
  // @ts-expect-error: ping is not a method of every revision
  await c.request("ping", {});
  // @ts-expect-error: a tool's name is a string in every revision
  await c.request("tools/call", { name: 5 });
  // @ts-expect-error: the result's content is an array of blocks in every revision, not a string
  const text: string = (await c.request("tools/call", { name: "echo" })).content;
  void text;
}

// Narrowed, each revision's own generic methods take over, with methods only it has.
export async function narrowed(): Promise<void> {
  if (c.revision === "2026-07-28") {
    const discovered = await c.request("server/discover", {});
    const versions: string[] = discovered.supportedVersions;
    const only: NewClient["revision"] = c.revision;
    void [versions, only];
  } else if (c.revision === "2025-11-25") {
    await c.request("ping", {});
    const only: OldClient["revision"] = c.revision;
    void only;
  }
}
