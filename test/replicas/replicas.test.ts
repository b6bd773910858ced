// Three processes of examples/everything on one Redis (`--redis`, a redis-server of this file's
// own, so that it can be restarted), behind a round-robin proxy without stickiness: every request
// of a session, its GET streams included, may land on any replica. The official conformance
// runner's server leg passes through the proxy on both eras; notifications, answers and streams
// cross replicas; and the set survives Redis restarting and a replica dying.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { failures, requirements, runServerLeg } from "../helpers/conformance-runner.js";
import { call, envelope, Events, getStream, MODERN, openSession, post, sessionHeaders, statelessCall } from "../helpers/mcp-http.js";
import { startHttpExample } from "../helpers/processes.js";
import { startProxy, type Proxy } from "../helpers/proxy.mjs";
import { NO_REDIS, startRedis, type RedisProcess } from "../helpers/redis.js";
import { REPO_ROOT } from "../helpers/spec.js";
import { runTasksScenarios, SKIPPED_BY_THE_RUNNER, TASKS_SCENARIOS } from "../helpers/tasks-scenarios.js";

const WATCHED = "test://watched-resource";
type Replica = Awaited<ReturnType<typeof startHttpExample>>;

let redis: RedisProcess;
let replicas: Replica[];
let proxy: Proxy;

async function eventually<T>(attempt: () => Promise<T>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A tools/call on a legacy session that must succeed: its text. */
async function tool(url: string, session: string, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const answer = await call(url, session, "tools/call", { name, arguments: args });
  if (!answer.result) throw new Error(`${name}: ${JSON.stringify(answer)}`);
  return answer.result.content[0].text;
}

describe.skipIf(NO_REDIS)("three replicas of examples/everything on one Redis, behind a round-robin proxy", () => {
  beforeAll(async () => {
    redis = await startRedis();
    const env = { MCP_REDIS_URL: redis.url, MCP_REDIS_PREFIX: "replicas-test:" };
    replicas = await Promise.all([0, 1, 2].map(() => startHttpExample("everything", env)));
    proxy = await startProxy(replicas.map((r) => r.url));
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all((replicas ?? []).map((r) => r.stop()));
    await redis?.dispose();
  });

  describe.each(["2025-11-25", "2026-07-28"])("conformance, server leg through the proxy, --requirements %s", (revision) => {
    it("every scored scenario passes, with every replica serving", async () => {
      const before = [...proxy.counts];
      const required = requirements(revision);
      const result = await runServerLeg(proxy.url, revision, join(REPO_ROOT, "test/tmp/conformance", `replicas-${revision}`));
      const failed = failures(result.scenarios, required.server);
      console.log(`conformance server ${revision} through 3 replicas: ${required.server.length - new Set(failed.map((f) => f.split(":")[0])).size}/${required.server.length} scored scenarios pass (requests per replica: ${proxy.counts.map((c, i) => c - before[i]!).join(", ")})`);
      expect(failed).toEqual([]);
      expect(required.server.length).toBeGreaterThanOrEqual(revision === "2026-07-28" ? 37 : 30);
      expect(proxy.counts.every((count, i) => count - before[i]! > 10)).toBe(true);
    });
  });

  it("the Tasks extension's scenarios pass through the proxy: tasks live in Redis, any replica answers tasks/get", async () => {
    const before = [...proxy.counts];
    const { problems, passing, skipped } = await runTasksScenarios(proxy.url, join(REPO_ROOT, "test/tmp/conformance/replicas-tasks"));
    console.log(`conformance, Tasks through 3 replicas: ${passing}/${TASKS_SCENARIOS.length} judged scenarios pass (requests per replica: ${proxy.counts.map((c, i) => c - before[i]!).join(", ")})`);
    expect(problems).toEqual([]);
    expect(skipped).toEqual([`${SKIPPED_BY_THE_RUNNER}:SKIPPED`]);
    expect(proxy.counts.every((count, i) => count - before[i]! > 10)).toBe(true);
  }, 300_000);

  it("a subscriptions/listen stream on one replica hears the resource updates and list changes triggered on the others", async () => {
    const controller = new AbortController();
    const notifications = { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: [WATCHED] };
    const body = { jsonrpc: "2.0", id: "listen-1", method: "subscriptions/listen", params: { notifications, _meta: envelope() } };
    const listen = new Events(await post(replicas[0]!.url, body, { "mcp-protocol-version": MODERN, "mcp-method": "subscriptions/listen" }, controller.signal), controller);
    expect((await listen.next())!.message.method).toBe("notifications/subscriptions/acknowledged");
    const triggered = [
      [replicas[1]!, "test_trigger_resource_update", "notifications/resources/updated"],
      [replicas[2]!, "test_trigger_tool_change", "notifications/tools/list_changed"],
      [replicas[1]!, "test_trigger_prompt_change", "notifications/prompts/list_changed"],
    ] as const;
    for (const [replica, name, method] of triggered) {
      expect((await statelessCall(replica.url, name)).result.isError).not.toBe(true);
      const heard = (await listen.next())!.message;
      expect(heard).toMatchObject({ method, params: { _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" } } });
      if (method === "notifications/resources/updated") expect(heard.params.uri).toBe(WATCHED);
    }
    listen.cut();
  });

  it("a legacy GET stream that is cut resumes on another replica with Last-Event-ID: no event lost, none twice", async () => {
    const session = await openSession(proxy.url);
    expect((await call(replicas[1]!.url, session, "resources/subscribe", { uri: WATCHED })).result).toEqual({});
    const first = await getStream(replicas[0]!.url, session);
    await tool(replicas[2]!.url, session, "test_trigger_tool_change");
    await tool(replicas[1]!.url, session, "test_trigger_resource_update");
    const before = [(await first.next())!, (await first.next())!];
    expect(before.map((e) => e.message.method)).toEqual(["notifications/tools/list_changed", "notifications/resources/updated"]);
    first.cut();
    // While no stream is open, from two replicas:
    await tool(replicas[1]!.url, session, "test_trigger_prompt_change");
    await tool(replicas[2]!.url, session, "test_trigger_tool_change");
    await tool(replicas[1]!.url, session, "test_trigger_resource_update");
    const second = await getStream(replicas[2]!.url, session, before[1]!.id);
    const replayed = [(await second.next())!, (await second.next())!, (await second.next())!];
    expect(replayed.map((e) => e.message.method)).toEqual(["notifications/prompts/list_changed", "notifications/tools/list_changed", "notifications/resources/updated"]);
    await tool(replicas[0]!.url, session, "test_trigger_prompt_change");
    const live = (await second.next())!;
    expect(live.message.method).toBe("notifications/prompts/list_changed");
    const ids = [...before, ...replayed, live].map((e) => e.id);
    expect(new Set(ids).size).toBe(6);
    await expect(second.next(500)).rejects.toThrow(/no event/); // nothing replayed twice
    second.cut();
  });

  it("Redis restarted mid-run: the request in flight fails cleanly, later ones work, and no replica crashed", async () => {
    const session = await openSession(proxy.url, { elicitation: {} });
    const asking = new Events(await post(replicas[0]!.url, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "test_elicitation", arguments: { message: "Who?" } } }, sessionHeaders(session)));
    expect((await asking.next())!.message.method).toBe("elicitation/create");
    await redis.stop();
    const failed = (await asking.next(10_000))!.message;
    expect(failed).toMatchObject({ id: 1, error: { message: expect.stringMatching(/session store/) } });
    expect(await asking.next()).toBeUndefined(); // the stream ends
    const down = await post(proxy.url, { jsonrpc: "2.0", id: 2, method: "ping" }, sessionHeaders(session));
    expect([down.status, (await down.json()).error.message]).toEqual([503, expect.stringMatching(/store is unreachable/)]);
    await redis.start();
    const again = await eventually(() => openSession(proxy.url, { elicitation: {} }));
    // The restarted Redis kept nothing: the old session is gone, the new one spans the replicas.
    await eventually(async () => expect((await post(proxy.url, { jsonrpc: "2.0", id: 3, method: "ping" }, sessionHeaders(session))).status).toBe(404));
    for (const replica of replicas) expect(await eventually(() => tool(replica.url, again, "test_simple_text"))).toBe("This is a simple text response for testing.");
    // Each replica hears the bus again (its subscription is restored after its commands work).
    for (const [i, replica] of replicas.entries()) {
      await eventually(async () => {
        const stream = await getStream(replica.url, again);
        await tool(replicas[(i + 1) % 3]!.url, again, "test_trigger_tool_change");
        const heard = await stream.next(1000).finally(() => stream.cut());
        expect(heard!.message.method).toBe("notifications/tools/list_changed");
      });
    }
    const round = new Events(await post(replicas[0]!.url, { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "test_elicitation", arguments: { message: "Who?" } } }, sessionHeaders(again)));
    const ask = (await round.next())!.message;
    const content = { username: "ada", email: "ada@example.com" };
    expect((await post(replicas[1]!.url, { jsonrpc: "2.0", id: ask.id, result: { action: "accept", content } }, sessionHeaders(again))).status).toBe(202);
    expect((await round.next())!.message.result.content[0].text).toBe(`User response: action=accept, content=${JSON.stringify(content)}`);
    for (const replica of replicas) {
      expect(replica.child.exitCode).toBeNull();
      expect(replica.stderr().match(/redis store: the connection to Redis was lost/g)?.length).toBe(1);
    }
  });

  it("a replica killed mid-session: the session, its answers and its notifications go on through the others", async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const { ElicitRequestSchema, ToolListChangedNotificationSchema } = await import("@modelcontextprotocol/sdk/types.js");
    const client = new Client({ name: "replica-tests", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { username: "ada", email: "ada@example.com" } }));
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void changes++);
    const reconnectionOptions = { initialReconnectionDelay: 100, maxReconnectionDelay: 500, reconnectionDelayGrowFactor: 1.5, maxRetries: 20 };
    await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url), { reconnectionOptions }));
    const text = async (name: string, args: Record<string, unknown> = {}) => ((await client.callTool({ name, arguments: args })).content as Array<{ text: string }>)[0]!.text;
    expect(await text("test_simple_text")).toBe("This is a simple text response for testing.");
    await eventually(async () => {
      await text("test_trigger_tool_change");
      if (changes === 0) throw new Error("no list change yet (the GET stream opens after initialize)");
    });
    // The replica that holds the client's GET stream dies.
    const holder = replicas[proxy.log.filter((r) => r.method === "GET").at(-1)!.upstream]!;
    holder.child.kill("SIGKILL");
    await new Promise((resolve) => holder.child.once("exit", resolve));
    for (let i = 0; i < 4; i++) {
      expect(await text("test_simple_text")).toBe("This is a simple text response for testing.");
      expect(await text("test_elicitation", { message: "Who?" })).toMatch(/^User response: action=accept/);
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
    }
    const heard = changes;
    await eventually(async () => {
      await text("test_trigger_tool_change");
      if (changes === heard) throw new Error("no list change since the replica died");
    });
    await client.close();
  });
});
