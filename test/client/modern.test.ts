// The 2026-07-28 client over an in-memory transport: envelope, results, input_required rounds,
// errors, pagination, cancellation, progress, subscriptions and tool headers.
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, FakeTransport, loadClient, type ClientModule } from "../helpers/client.js";
import type { JsonRpcMessage, JsonRpcRequest } from "../../templates/runtime/shared/jsonrpc.js";

const REVISION = "2026-07-28";
const META = "io.modelcontextprotocol/";
let gen: ClientModule;

beforeAll(async () => {
  gen = await loadClient(REVISION);
});

const params = (message: JsonRpcMessage) => (message as JsonRpcRequest).params as Record<string, any>;
const TEXT = { content: [{ type: "text", text: "ok" }] };
const elicitHandler = async () => ({ action: "accept", content: { name: "Ada" } });

describe("the 2026-07-28 client: envelope and results", () => {
  it("stubs are named from the request types and every request carries the envelope, with capabilities from the handlers", async () => {
    const fake = new FakeTransport((m, t) => t.result(m, { resultType: "complete", ...TEXT }));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": elicitHandler }, capabilities: { sampling: {}, extensions: { "com.example/x": {} } } });
    expect(typeof client.callTool).toBe("function");
    expect(typeof client.listResourceTemplates).toBe("function");
    expect(typeof client.discover).toBe("function");
    expect(client.initialize).toBeUndefined();
    await client.callTool({ name: "echo", arguments: { a: 1 }, _meta: { progressToken: "mine", [`${META}protocolVersion`]: "1999-01-01" } });
    const sent = params(fake.requests("tools/call")[0]!);
    expect(sent["name"]).toBe("echo");
    expect(sent["_meta"]).toEqual({
      progressToken: "mine",
      [`${META}protocolVersion`]: REVISION,
      [`${META}clientCapabilities`]: { elicitation: {}, extensions: { "com.example/x": {} } },
      [`${META}clientInfo`]: CLIENT_INFO,
    });
    expect(client.era).toBe("stateless");
    expect(client.revision).toBe(REVISION);
  });

  it("a result without resultType (an older server) counts as complete and is not retried", async () => {
    const fake = new FakeTransport((m, t) => t.result(m, TEXT));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": elicitHandler } });
    expect(await client.callTool({ name: "x" })).toEqual({ ...TEXT, resultType: "complete" });
    expect(fake.requests()).toHaveLength(1);
  });

  it("a result that fails its schema, or an unknown resultType, is a ClientError", async () => {
    const fake = new FakeTransport((m, t) => t.result(m, (m as JsonRpcRequest).method === "tools/list" ? { resultType: "complete", tools: [{ name: 5 }] } : { resultType: "tasks-maybe", content: [] }));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const invalid = await client.listTools().catch((e: unknown) => e);
    expect(gen.isClientError(invalid, "invalid-result")).toBe(true);
    expect((invalid as Error).message).toMatch(/tools\/list.*tools\.0\.name/);
    const unknown = await client.callTool({ name: "x" }).catch((e: unknown) => e);
    expect(gen.isClientError(unknown, "invalid-result")).toBe(true);
    expect((unknown as Error).message).toMatch(/tasks-maybe/);
  });

  it("error responses become McpError with the data of their code", async () => {
    const fake = new FakeTransport((m, t) => t.error(m, -32021, "needs sampling", { requiredCapabilities: { sampling: {} } }));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const error = await client.callTool({ name: "x" }).catch((e: unknown) => e);
    expect(gen.isMcpError(error, -32021)).toBe(true);
    expect((error as { data: unknown }).data).toEqual({ requiredCapabilities: { sampling: {} } });
  });

  it("-32022 listing the client's version is retried once with it; with retries off it surfaces", async () => {
    const fake = new FakeTransport((m, t) => {
      const version = params(m)["_meta"][`${META}protocolVersion`];
      if (version !== REVISION) t.error(m, -32022, "Unsupported protocol version", { supported: [REVISION], requested: version });
      else t.result(m, { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "private" });
    });
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, protocolVersion: "2099-01-01" });
    await client.listTools();
    expect(fake.requests().map((r) => params(r)["_meta"][`${META}protocolVersion`])).toEqual(["2099-01-01", REVISION]);
    const strict = gen.createClient(new FakeTransport((m, t) => t.error(m, -32022, "no", { supported: [REVISION], requested: "2099-01-01" })), { clientInfo: CLIENT_INFO, protocolVersion: "2099-01-01", retryOnUnsupportedVersion: false });
    const error = await strict.listTools().catch((e: unknown) => e);
    expect(gen.isMcpError(error, -32022)).toBe(true);
    expect((error as { data: { supported: string[] } }).data.supported).toEqual([REVISION]);
  });
});

describe("the 2026-07-28 client: input_required rounds", () => {
  it("answers each input request with its handler and retries with a new id, the responses and the opaque state", async () => {
    const state = '{"nonce":"n-1","originalId":7} \u00e9\n';
    const fake = new FakeTransport((m, t) => {
      const p = params(m);
      if (!p["inputResponses"]) {
        return t.result(m, {
          resultType: "input_required",
          requestState: state,
          inputRequests: {
            who: { method: "elicitation/create", params: { mode: "form", message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } } },
            where: { method: "roots/list" },
          },
        });
      }
      t.result(m, { resultType: "complete", content: [{ type: "text", text: JSON.stringify(p["inputResponses"]) }] });
    });
    const seen: unknown[] = [];
    const client = gen.createClient(fake, {
      clientInfo: CLIENT_INFO,
      handlers: {
        "elicitation/create": async (p: unknown, ctx: { inputKey: string; method: string }) => (seen.push([ctx.method, ctx.inputKey, (p as { message: string }).message]), { action: "accept", content: { name: "Ada" } }),
        "roots/list": async () => ({ roots: [{ uri: "file:///r", name: "r" }] }),
      },
    });
    const result = await client.callTool({ name: "deploy", arguments: { env: "prod" } });
    const [first, retry] = fake.requests("tools/call");
    expect(retry!.id).not.toBe(first!.id);
    expect(params(retry!)["requestState"]).toBe(state);
    expect(params(retry!)["arguments"]).toEqual({ env: "prod" });
    expect(params(retry!)["inputResponses"]).toEqual({ who: { action: "accept", content: { name: "Ada" } }, where: { roots: [{ uri: "file:///r", name: "r" }] } });
    expect(seen).toEqual([["tools/call", "who", "Name?"]]);
    expect(result.resultType).toBe("complete");
    expect(params(retry!)["_meta"][`${META}clientCapabilities`]).toEqual({ elicitation: {}, roots: {} });
  });

  it("a retry without a requestState from the server has no requestState key, and a caller's stale one is dropped", async () => {
    const fake = new FakeTransport((m, t) =>
      params(m)["inputResponses"] ? t.result(m, { resultType: "complete", ...TEXT }) : t.result(m, { resultType: "input_required", inputRequests: { q: { method: "elicitation/create", params: { message: "?", requestedSchema: { type: "object", properties: {} } } } } }),
    );
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": elicitHandler } });
    await client.callTool({ name: "x", requestState: "stale" });
    expect("requestState" in params(fake.requests()[1]!)).toBe(false);
  });

  it("rounds are bounded: input_required forever fails clearly after maxInputRounds (default 8)", async () => {
    const fake = new FakeTransport((m, t) => t.result(m, { resultType: "input_required", requestState: "again" }));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const error = await client.callTool({ name: "loop" }).catch((e: unknown) => e);
    expect(gen.isClientError(error, "input-rounds-exceeded")).toBe(true);
    expect((error as Error).message).toMatch(/8 rounds/);
    expect(fake.requests()).toHaveLength(9);
    const three = gen.createClient(new FakeTransport((m, t) => t.result(m, { resultType: "input_required", requestState: "again" })), { clientInfo: CLIENT_INFO, maxInputRounds: 2 });
    expect(gen.isClientError(await three.callTool({ name: "loop" }).catch((e: unknown) => e), "input-rounds-exceeded")).toBe(true);
  });

  it("a request for input without a handler fails clearly, and nothing is retried", async () => {
    const fake = new FakeTransport((m, t) => t.result(m, { resultType: "input_required", inputRequests: { llm: { method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } } } }));
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": elicitHandler } });
    const error = await client.callTool({ name: "x" }).catch((e: unknown) => e);
    expect(gen.isClientError(error, "missing-handler")).toBe(true);
    expect((error as Error).message).toMatch(/sampling\/createMessage \(input "llm"\).*no handler/);
    expect(fake.requests()).toHaveLength(1);
  });

  it("a handler result that fails its schema is reported and sent as it is (the server judges it)", async () => {
    const fake = new FakeTransport((m, t) =>
      params(m)["inputResponses"] ? t.result(m, { resultType: "complete", ...TEXT }) : t.result(m, { resultType: "input_required", inputRequests: { q: { method: "elicitation/create", params: { message: "?", requestedSchema: { type: "object", properties: {} } } } } }),
    );
    const warnings: string[] = [];
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": async () => ({ action: "maybe" }) }, onWarning: (w: string) => warnings.push(w) });
    await client.callTool({ name: "x" });
    expect(params(fake.requests()[1]!)["inputResponses"]).toEqual({ q: { action: "maybe" } });
    expect(warnings).toEqual([expect.stringMatching(/elicitation\/create handler returned a result that does not match.*action/)]);
  });
});

describe("the 2026-07-28 client: lists, cancellation, progress, subscriptions", () => {
  const PAGES: Record<string, { tools: object[]; nextCursor?: string }> = {
    "": { tools: [{ name: "a", inputSchema: { type: "object" } }], nextCursor: "c1" },
    c1: { tools: [{ name: "b", inputSchema: { type: "object" } }], nextCursor: "c2" },
    c2: { tools: [{ name: "c", inputSchema: { type: "object" } }] },
  };
  const paged = () => new FakeTransport((m, t) => t.result(m, { resultType: "complete", ttlMs: 0, cacheScope: "private", ...PAGES[params(m)["cursor"] ?? ""] }));

  it("paginate() yields every item of every page, pages() every page", async () => {
    const fake = paged();
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const names: string[] = [];
    for await (const tool of client.paginate("tools/list")) names.push(tool.name);
    expect(names).toEqual(["a", "b", "c"]);
    expect(fake.requests().map((r) => params(r)["cursor"])).toEqual([undefined, "c1", "c2"]);
    let pages = 0;
    for await (const page of client.pages("tools/list")) pages += page.tools.length ? 1 : 0;
    expect(pages).toBe(3);
  });

  it("a cursor that comes back twice stops pagination with an error", async () => {
    const client = gen.createClient(new FakeTransport((m, t) => t.result(m, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [], nextCursor: "same" })), { clientInfo: CLIENT_INFO });
    const error = await (async () => {
      for await (const _ of client.paginate("tools/list"));
    })().catch((e: unknown) => e);
    expect(gen.isClientError(error, "pagination")).toBe(true);
  });

  it("tools/list drops tools whose x-mcp-header annotations are invalid and reports them; tool calls mirror the valid ones", async () => {
    const tools = [
      { name: "ok", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, n: { type: "integer", "x-mcp-header": "N" } } } },
      { name: "bad", inputSchema: { type: "object", properties: { x: { type: "number", "x-mcp-header": "X" } } } },
    ];
    const fake = new FakeTransport((m, t) => t.result(m, (m as JsonRpcRequest).method === "tools/list" ? { resultType: "complete", ttlMs: 0, cacheScope: "private", tools } : { resultType: "complete", ...TEXT }));
    const rejected: unknown[] = [];
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, onRejectedTool: (tool: unknown) => rejected.push(tool) });
    expect((await client.listTools()).tools.map((t: { name: string }) => t.name)).toEqual(["ok"]);
    expect(rejected).toEqual([{ name: "bad", reason: expect.stringMatching(/type "number"/) }]);
    await client.callTool({ name: "ok", arguments: { region: " us-west1", n: 42 } });
    expect(fake.sent.at(-1)!.options?.headers).toEqual({ "Mcp-Param-Region": "=?base64?IHVzLXdlc3Qx?=", "Mcp-Param-N": "42" });
  });

  it("aborting a request on stdio sends notifications/cancelled; on a stream-per-request transport it aborts the stream instead", async () => {
    for (const perRequestStream of [false, true]) {
      const fake = new FakeTransport(() => undefined, { perRequestStream });
      const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
      const controller = new AbortController();
      const pending = client.callTool({ name: "slow" }, { signal: controller.signal });
      await new Promise((r) => setTimeout(r, 5));
      controller.abort("user");
      expect(gen.isClientError(await pending.catch((e: unknown) => e), "aborted")).toBe(true);
      await new Promise((r) => setTimeout(r, 5));
      const id = fake.requests("tools/call")[0]!.id;
      const cancelled = fake.notifications("notifications/cancelled");
      expect(cancelled.map((n) => params(n)["requestId"])).toEqual(perRequestStream ? [] : [id]);
      expect(fake.sent[0]!.options?.requestSignal?.aborted).toBe(true);
    }
  });

  it("a server that never answers times out (per request), and the request is cancelled", async () => {
    const fake = new FakeTransport(() => undefined);
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, timeoutMs: 10_000 });
    const error = await client.listTools(undefined, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(gen.isClientError(error, "timeout")).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(fake.notifications("notifications/cancelled")).toHaveLength(1);
  });

  it("progress notifications reach the request's callback", async () => {
    const fake = new FakeTransport((m, t) => {
      const token = params(m)["_meta"].progressToken;
      for (const progress of [0, 50, 100]) t.deliver({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress, total: 100 } });
      t.result(m, { resultType: "complete", ...TEXT });
    });
    const updates: number[] = [];
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    await client.callTool({ name: "p" }, { onprogress: (p: { progress: number }) => updates.push(p.progress) });
    expect(updates).toEqual([0, 50, 100]);
  });

  it("listen() yields the subscription's notifications (the acknowledgment first) until the server ends it gracefully", async () => {
    const fake = new FakeTransport((m, t) => {
      const id = (m as JsonRpcRequest).id;
      const tag = { [`${META}subscriptionId`]: id };
      t.deliver({ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { notifications: { toolsListChanged: true }, _meta: tag } });
      t.deliver({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { [`${META}subscriptionId`]: "other" } } });
      t.deliver({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: tag } });
      t.result(m, { resultType: "complete", _meta: tag });
    });
    const others: string[] = [];
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO, onNotification: (n: { method: string }) => others.push(n.method) });
    const subscription = client.listen({ notifications: { toolsListChanged: true } });
    const methods: string[] = [];
    for await (const notification of subscription) methods.push(notification.method);
    expect(methods).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
    expect(others).toEqual(["notifications/tools/list_changed"]);
    expect(await subscription.ended).toBe("completed");
    expect((await subscription.acknowledged).params.notifications).toEqual({ toolsListChanged: true });
  });

  it("breaking out of a listen loop closes the subscription (stdio: notifications/cancelled)", async () => {
    const fake = new FakeTransport((m, t) => {
      if ((m as JsonRpcRequest).method !== "subscriptions/listen") return;
      t.deliver({ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { notifications: {}, _meta: { [`${META}subscriptionId`]: (m as JsonRpcRequest).id } } });
    });
    const client = gen.createClient(fake, { clientInfo: CLIENT_INFO });
    const subscription = client.listen({ notifications: {} });
    for await (const _ of subscription) break;
    expect(await subscription.ended).toBe("closed-by-client");
    await new Promise((r) => setTimeout(r, 5));
    expect(fake.notifications("notifications/cancelled").map((n) => params(n)["requestId"])).toEqual([fake.requests()[0]!.id]);
  });
});
