import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { REPO_ROOT } from "../helpers/spec.js";
import { startHttpExample } from "../helpers/processes.js";
import { runServerScenario, type Check } from "../helpers/conformance-runner.js";

/**
 * The pinned runner's Tasks scenarios (SEP-2663, `[extension]`), each run with `--scenario`
 * against one examples/everything process, all at once (they share no task: 56 s one after the
 * other on the loaded CI machine, most of it the runner's own start). A scenario passes with no FAILURE and at
 * least one SUCCESS beyond the generic `wire-schema-valid` (a server without the extension gets
 * only skipped or failed checks).
 */
const SCENARIOS = [
  "tasks-lifecycle",
  "tasks-capability-negotiation",
  "tasks-wire-fields",
  "tasks-request-state-removal",
  "tasks-mrtr-input",
  "tasks-request-headers",
  "tasks-dispatch-and-envelope",
  "tasks-required-task-error",
  "tasks-mrtr-composition",
];
/**
 * Judged by nobody yet: in 0.2.0-alpha.12 this scenario's run() returns one SKIPPED check whatever
 * the server does ("pending subscriptions/listen rewrite"). Held to exactly that, so a runner
 * that starts judging it fails here and is looked at; test/runtime/tasks.test.ts checks the
 * notifications themselves.
 */
const SKIPPED_BY_THE_RUNNER = "tasks-status-notifications";

let server: Awaited<ReturnType<typeof startHttpExample>>;
const OUT = join(REPO_ROOT, "test/tmp/conformance/extensions-tasks");

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  server = await startHttpExample("everything");
}, 300_000);

afterAll(async () => server?.stop());

function verdict(checks: Check[] | undefined): string[] {
  if (!checks) return ["did not run"];
  const failed = checks.filter((c) => c.status === "FAILURE").map((c) => `${c.id}: ${c.errorMessage ?? ""}`);
  const judged = checks.some((c) => c.status === "SUCCESS" && c.id !== "wire-schema-valid");
  return judged ? failed : [...failed, "no SUCCESS beyond wire-schema-valid"];
}

describe("conformance, Tasks extension scenarios (server leg)", () => {
  it("every tasks-* scenario passes", async () => {
    const runs = await Promise.all([...SCENARIOS, SKIPPED_BY_THE_RUNNER].map((scenario) => runServerScenario(server.url, scenario, join(OUT, scenario))));
    const problems = SCENARIOS.flatMap((scenario, i) => verdict(runs[i]!.checks).map((p) => `${scenario}: ${p}`));
    console.log(`conformance, Tasks: ${SCENARIOS.length - new Set(problems.map((p) => p.split(":")[0])).size}/${SCENARIOS.length} judged scenarios pass`);
    expect(problems).toEqual([]);
    const skipped = runs[SCENARIOS.length]!.checks;
    expect(skipped?.map((c) => `${c.id}:${c.status}`)).toEqual([`${SKIPPED_BY_THE_RUNNER}:SKIPPED`]);
  }, 300_000);
});
