// The 2025-11-25 client over an in-memory transport: the initialize handshake, the negotiated
// version, server→client requests answered by the same handlers, and cancellation.
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, FakeTransport, loadClient, type ClientModule } from "../helpers/client.js";
import type { JsonRpcMessage, JsonRpcRequest } from "../../templates/runtime/shared/jsonrpc.js";

const REVISION = "2025-11-25";
let gen: ClientModule;

beforeAll(async () => {
  gen = await loadClient(REVISION);
});

const INIT_RESULT = { protocolVersion: REVISION, capabilities: { tools: {} }, serverInfo: { name: "fake", version: "2" }, instructions: "hi" };

/** A legacy server: answers initialize, tools/list; records the rest. */
function legacyServer(extra?: (m: JsonRpcMessage, t: FakeTransport) => boolean): FakeTransport {
  return new FakeTransport((m, t) => {
    if (extra?.(m, t)) return;
    if (!("id" in m) || !("method" in m)) return;
    if (m.method === "initialize") return t.result(m, INIT_RESULT);
    if (m.method === "tools/list") return t.result(m, { tools: [{ name: "a", inputSchema: { type: "object" } }] });
  });
}

describe("the 2025-11-25 client", () => {
  it("runs initialize, then notifications/initialized, before the first request, and keeps the negotiated version", async () => {
    const fake = legacyServer();
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "sampling/createMessage": async () => ({}) } });
    expect(client.era).toBe("session");
    const tools = await client.listTools();
    expect(tools.tools.map((t: { name: string }) => t.name)).toEqual(["a"]);
    expect(fake.sent.map((s) => (s.message as { method?: string }).method)).toEqual(["initialize", "notifications/initialized", "tools/list"]);
    expect((fake.sent[0]!.message as JsonRpcRequest).params).toEqual({ protocolVersion: REVISION, capabilities: { sampling: {} }, clientInfo: CLIENT_INFO });
    expect(fake.protocolVersions).toEqual([REVISION]);
    expect(client.server).toEqual({ protocolVersion: REVISION, serverInfo: INIT_RESULT.serverInfo, capabilities: INIT_RESULT.capabilities, instructions: "hi" });
    expect("_meta" in ((fake.sent[2]!.message as JsonRpcRequest).params ?? {})).toBe(false);
  });

  it("concurrent first requests share one handshake", async () => {
    const fake = legacyServer();
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    await Promise.all([client.listTools(), client.listTools(), client.open()]);
    expect(fake.requests("initialize")).toHaveLength(1);
  });

  it("a server that picks a version this client does not speak fails the handshake clearly", async () => {
    const fake = new FakeTransport((m, t) => void ("id" in m && t.result(m, { ...INIT_RESULT, protocolVersion: "2024-11-05" })));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const error = await client.listTools().catch((e: unknown) => e);
    expect(gen.isClientError(error, "version")).toBe(true);
    expect((error as Error).message).toMatch(/2024-11-05/);
  });

  it("answers server→client requests through the handlers: elicitation, ping without a handler, an unknown method", async () => {
    const answers = new Map<string | number, unknown>();
    const fake = legacyServer((m) => {
      if ("result" in m || "error" in m) answers.set((m as { id: string | number }).id, "result" in m ? m.result : m.error);
      return false;
    });
    const client = gen.createClient(fake, {
      clientInfo: CLIENT_INFO,
      handlers: { "elicitation/create": async (params: { message: string }) => ({ action: "accept", content: { said: params.message } }) },
    });
    await client.open();
    fake.deliver({ jsonrpc: "2.0", id: "e1", method: "elicitation/create", params: { mode: "form", message: "Name?", requestedSchema: { type: "object", properties: {} } } });
    fake.deliver({ jsonrpc: "2.0", id: "p1", method: "ping" });
    fake.deliver({ jsonrpc: "2.0", id: "s1", method: "sampling/createMessage", params: { messages: [], maxTokens: 1 } });
    fake.deliver({ jsonrpc: "2.0", id: "bad", method: "elicitation/create", params: { nope: true } });
    await new Promise((r) => setTimeout(r, 20));
    expect(answers.get("e1")).toEqual({ action: "accept", content: { said: "Name?" } });
    expect(answers.get("p1")).toEqual({});
    expect(answers.get("s1")).toMatchObject({ code: -32601 });
    expect(answers.get("bad")).toMatchObject({ code: -32602 });
  });

  it("aborting a request sends notifications/cancelled, even over a stream-per-request transport", async () => {
    const fake = new FakeTransport((m, t) => void ("method" in m && m.method === "initialize" && t.result(m, INIT_RESULT)), { perRequestStream: true });
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    await client.open();
    const controller = new AbortController();
    const pending = client.callTool({ name: "slow" }, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(gen.isClientError(await pending.catch((e: unknown) => e), "aborted")).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(fake.notifications("notifications/cancelled")).toHaveLength(1);
  });

  it("a server's notifications/cancelled aborts the handler's signal, and no answer is sent", async () => {
    let aborted = false;
    const fake = legacyServer();
    const client = gen.createClient(fake, {
      clientInfo: CLIENT_INFO,
      handlers: { "roots/list": (_: unknown, ctx: { signal: AbortSignal }) => new Promise((resolve) => ctx.signal.addEventListener("abort", () => ((aborted = true), resolve({ roots: [] })))) },
    });
    await client.open();
    fake.deliver({ jsonrpc: "2.0", id: 9, method: "roots/list" });
    fake.deliver({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 9 } });
    await new Promise((r) => setTimeout(r, 10));
    expect(aborted).toBe(true);
    expect(fake.sent.filter((s) => "result" in s.message)).toEqual([]);
  });
});
