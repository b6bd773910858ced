// Tasks across three processes of examples/everything on one Redis (redisTaskStore): a task made
// on one replica is read by the others, its input answered through another reaches the process
// running it (over the store's channel), and a replica killed while running a task leaves it
// `failed` once its lease (1.5 s here) runs out, not `working` forever.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, envelope, MODERN, post } from "../helpers/mcp-http.js";
import { startHttpExample } from "../helpers/processes.js";
import { NO_REDIS, sharedRedisUrl, uniquePrefix } from "../helpers/redis.js";

type Replica = Awaited<ReturnType<typeof startHttpExample>>;
const TASKS = { extensions: { "io.modelcontextprotocol/tasks": {} }, elicitation: {} };
let replicas: Replica[];
let ids = 0;

/** One stateless request to a replica, declaring the extension; its answer. */
async function request(url: string, method: string, params: Record<string, unknown>): Promise<any> {
  const id = ++ids;
  const name = typeof params["taskId"] === "string" ? params["taskId"] : typeof params["name"] === "string" ? params["name"] : undefined;
  const headers: Record<string, string> = { "mcp-protocol-version": MODERN, "mcp-method": method, ...(name ? { "mcp-name": name } : {}) };
  return answerOf(await post(url, { jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope(TASKS) } }, headers), id);
}

async function until(url: string, taskId: string, done: (task: any) => boolean, ms = 15_000): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const task = (await request(url, "tasks/get", { taskId })).result;
    if (done(task) || Date.now() > deadline) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(NO_REDIS)("Tasks on three replicas sharing one Redis", () => {
  beforeAll(async () => {
    const env = { MCP_REDIS_URL: sharedRedisUrl(), MCP_REDIS_PREFIX: uniquePrefix("tasks"), MCP_TASK_LEASE_MS: "1500" };
    replicas = await Promise.all([0, 1, 2].map(() => startHttpExample("everything", env)));
  }, 300_000);

  afterAll(async () => Promise.all((replicas ?? []).map((r) => r.stop())));

  it("answers tasks/get on any replica, and input answered through another reaches the one running it", async () => {
    const [a, b, c] = replicas.map((r) => r.url) as [string, string, string];
    const created = (await request(a, "tools/call", { name: "confirm_delete", arguments: { filename: "x.txt" } })).result;
    expect(created.resultType).toBe("task");
    const waiting = await until(b, created.taskId, (t) => t.status === "input_required");
    expect(Object.keys(waiting.inputRequests)).toEqual(["confirm"]);
    expect((await request(c, "tasks/update", { taskId: created.taskId, inputResponses: { confirm: { action: "accept", content: { confirm: true } } } })).result.resultType).toBe("complete");
    const done = await until(b, created.taskId, (t) => t.status === "completed");
    expect(done.result.content[0].text).toBe("Deleted x.txt");
  }, 60_000);

  it("a replica killed while running a task: the task turns failed once its lease runs out", async () => {
    const [a, b] = replicas as [Replica, Replica, Replica];
    const { taskId } = (await request(a.url, "tools/call", { name: "slow_compute", arguments: { seconds: 60 } })).result;
    // Alive, the replica renews the lease: working well past 1.5 s.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await request(b.url, "tasks/get", { taskId })).result.status).toBe("working");
    a.child.kill("SIGKILL");
    const started = Date.now();
    const failed = await until(b.url, taskId, (t) => t.status !== "working");
    expect(failed.status).toBe("failed");
    expect(failed.error.code).toBe(-32603);
    expect(failed.error.message).toMatch(/did not renew its lease/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);
});
