import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { REPO_ROOT } from "../helpers/spec.js";
import { startHttpExample } from "../helpers/processes.js";
import { runTasksScenarios, SKIPPED_BY_THE_RUNNER, TASKS_SCENARIOS } from "../helpers/tasks-scenarios.js";

/**
 * The pinned runner's Tasks scenarios against one examples/everything process, all at once (56 s
 * one after the other on the loaded CI machine, most of it the runner's own start); the replicas
 * suite runs them again through three processes on one Redis.
 */
let server: Awaited<ReturnType<typeof startHttpExample>>;
const OUT = join(REPO_ROOT, "test/tmp/conformance/extensions-tasks");

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  server = await startHttpExample("everything");
}, 300_000);

afterAll(async () => server?.stop());

describe("conformance, Tasks extension scenarios (server leg)", () => {
  it("every tasks-* scenario passes", async () => {
    const { problems, passing, skipped } = await runTasksScenarios(server.url, OUT);
    console.log(`conformance, Tasks: ${passing}/${TASKS_SCENARIOS.length} judged scenarios pass`);
    expect(problems).toEqual([]);
    expect(skipped).toEqual([`${SKIPPED_BY_THE_RUNNER}:SKIPPED`]);
  }, 300_000);
});
