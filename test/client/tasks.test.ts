// The 2026-07-28 client with the Tasks extension (clientTasks), against the generated server with
// tasks() in process: callTool returns the final result whether or not the server made a task,
// answers a task's input with the client's handlers, and turns an abort into tasks/cancel.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CLIENT_INFO, FakeTransport, loadClient, type ClientModule } from "../helpers/client.js";
import { REPO_ROOT } from "../helpers/spec.js";
import type { JsonRpcRequest } from "../../templates/runtime/shared/jsonrpc.js";

let gen: ClientModule & Record<string, any>;
let EXT: any;
beforeAll(async () => {
  gen = (await loadClient("2026-07-28")) as never;
  EXT = (await import(pathToFileURL(join(REPO_ROOT, "examples/shared/tasks-extension.ts")).href)).TASKS_EXTENSION;
});

function pair(clientOptions: Record<string, unknown> = {}) {
  const confirm = gen.elicitForm({ message: "Sure?", schema: z.object({ ok: z.boolean() }) });
  const cancelled: string[] = [];
  const server = gen.createServer({
    serverInfo: { name: "tasks", version: "1" },
    tools: [
      gen.tool("slow", { task: "optional" }, async (_a: unknown, ctx: any) => {
        await new Promise((r) => setTimeout(r, 60));
        if (ctx.signal.aborted) cancelled.push("slow");
        return "done slowly";
      }),
      gen.tool("ask", { task: "optional" }, (_a: unknown, ctx: any) => (ctx.accepted("sure", confirm)?.ok ? "confirmed" : ctx.inputRequired({ inputRequests: { sure: confirm } }))),
    ],
    extensions: [gen.tasks(EXT, { pollIntervalMs: 20 })],
  });
  const fake = new FakeTransport(async (message, t) => {
    const answer = await server.handle(message);
    if (answer) t.deliver(answer);
  });
  const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": async () => ({ action: "accept", content: { ok: true } }) }, extensions: [gen.clientTasks(EXT)], ...clientOptions });
  return { client, fake, cancelled };
}

describe("the client with the Tasks extension", () => {
  it("declares the extension and returns a task's final result from callTool, polling tasks/get", async () => {
    const { client, fake } = pair();
    expect(await client.callTool({ name: "slow", arguments: {} })).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "done slowly" }] });
    const call = fake.requests("tools/call")[0] as JsonRpcRequest;
    expect((call.params as any)._meta["io.modelcontextprotocol/clientCapabilities"].extensions).toEqual({ "io.modelcontextprotocol/tasks": {} });
    expect(fake.requests("tasks/get").length).toBeGreaterThanOrEqual(1);
  });

  it("answers a task's input_required with its own handlers, through tasks/update", async () => {
    const { client, fake } = pair();
    expect((await client.callTool({ name: "ask", arguments: {} })).content).toEqual([{ type: "text", text: "confirmed" }]);
    expect(fake.requests("tasks/update")).toHaveLength(1);
  });

  it("turns an abort into tasks/cancel", async () => {
    const { client, fake } = pair();
    const controller = new AbortController();
    const pending = client.callTool({ name: "slow", arguments: {} }, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(gen.isClientError(await pending, "aborted")).toBe(true);
    expect(fake.requests("tasks/cancel")).toHaveLength(1);
  });

  it("without the extension, gets the plain answer (no task)", async () => {
    const { client, fake } = pair({ extensions: [] });
    expect((await client.callTool({ name: "slow", arguments: {} })).content).toEqual([{ type: "text", text: "done slowly" }]);
    expect(fake.requests("tasks/get")).toHaveLength(0);
  });
});
