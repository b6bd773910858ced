// The examples' `--redis URL` flag: two processes of examples/everything and of examples/calendar,
// each pair on the run's shared Redis (a prefix of its own), serve one legacy session between
// them; a malformed URL stops the example with a message.
import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { call, openSession } from "../helpers/mcp-http.js";
import { exampleMain, startHttpExample, TEST_STATE_SECRET } from "../helpers/processes.js";
import { NO_REDIS, sharedRedisUrl, uniquePrefix } from "../helpers/redis.js";

const started: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => Promise.all(started.map((s) => s.stop())));

describe.skipIf(NO_REDIS)("examples with --redis", () => {
  it.each([
    ["everything", "tools/list", (result: any) => result.tools.length > 10],
    ["calendar", "resources/read", (result: any) => result.contents[0].uri === "calendar://week"],
  ])("%s: a session opened on one process is served by the other", async (name, method, fits) => {
    const url = sharedRedisUrl();
    const env = { MCP_REDIS_PREFIX: uniquePrefix(name), MCP_REDIS_URL: "" };
    const pair = await Promise.all([0, 1].map(() => startHttpExample(name, env, ["--redis", url])));
    started.push(...pair);
    expect(pair[0]!.stderr()).toContain(`(sessions in ${url})`);
    const session = await openSession(pair[0]!.url);
    const answer = await call(pair[1]!.url, session, method, method === "resources/read" ? { uri: "calendar://week" } : {});
    expect(fits(answer.result)).toBe(true);
  });

  it("a --redis that is not a redis:// URL stops the example with a message", () => {
    const run = spawnSync(process.execPath, [exampleMain("everything"), "--port", "0", "--redis", "localhost:6379"], { env: { ...process.env, MCP_STATE_SECRET: TEST_STATE_SECRET }, encoding: "utf8", timeout: 30_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("--redis needs a redis:// URL, got localhost:6379");
  });
});
