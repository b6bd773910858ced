// Issue 55 item 4: connectInProcess, the client connect() returns wired to a server in the same
// process through its fetch handler (no port, no child process), in both eras, and a revision's own
// connectInProcess (the client createClient returns).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, MODERN } from "../runtime/wire-server.js";

let gen: any;
let server: any;
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
  server = gen.createServer({
    serverInfo: { name: "in-process", version: "1.0.0" },
    stateSecret: "in-process tests: a secret of at least 32 bytes",
    tools: [
      gen.tool("add", { input: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }: { a: number; b: number }, ctx: any) => (seen.push(ctx.principal), `${a + b}`)),
      gen.tool("confirm", {}, (_args: unknown, ctx: any) => (ctx.requestState === undefined ? ctx.inputRequired({ inputRequests: { ok: { method: "elicitation/create", params: { mode: "form", message: "sure?", requestedSchema: { type: "object", properties: {} } } } }, requestState: 1 }) : "confirmed")),
    ],
  });
});

describe("connectInProcess", () => {
  it.each([
    [MODERN, undefined],
    [LEGACY, [LEGACY]],
  ])("negotiates %s, validates arguments, carries the principal and answers the server's input requests", async (revision, versions) => {
    const handlers = { "elicitation/create": async () => ({ action: "accept", content: {} }) };
    const client = await gen.connectInProcess(server, { versions, handlers, http: { principal: () => "alice" } });
    try {
      expect(client.revision).toBe(revision);
      expect((await client.callTool({ name: "add", arguments: { a: 2, b: 3 } })).content).toEqual([{ type: "text", text: "5" }]);
      expect(seen.at(-1)).toBe("alice");
      const refused = await client.callTool({ name: "add", arguments: { a: "two" } }).then((r: any) => r, (e: unknown) => e);
      expect(refused.isError ?? refused.code).toBeTruthy(); // the server's validation ran (a tool error, or -32602)
      expect((await client.callTool({ name: "confirm", arguments: {} })).content).toEqual([{ type: "text", text: "confirmed" }]);
    } finally {
      await client.close();
    }
  });

  it("a revision's own connectInProcess gives that revision's client, and unknown versions are refused", async () => {
    const client = await gen.v2025_11_25.connectInProcess(server);
    try {
      expect((await client.listTools()).tools.map((t: { name: string }) => t.name)).toEqual(["add", "confirm"]);
    } finally {
      await client.close();
    }
    await expect(gen.connectInProcess(server, { versions: ["1999-01-01"] })).rejects.toThrow(/no generated revision/);
  });
});
