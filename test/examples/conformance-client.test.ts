// The client leg of the official conformance suite, once per revision, against the example
// fixture built on the generated clients (examples/conformance-client). Non-auth scored
// scenarios must all pass; the auth/… scenarios run the same fixture with the SDK's HTTP
// transport and an OAuth fetch plugged into the generated client, and are counted.
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../examples/build.mjs";
import { NODE22, RUNNER, readChecks, requirements, runClientLeg, scenarioFailures as failures, type Check } from "../helpers/conformance-runner.js";
import { REPO_ROOT } from "../helpers/spec.js";

const OUT = join(REPO_ROOT, "test/tmp/conformance-client");
beforeAll(async () => {
  await ensureBuilt("conformance-client"); // once, before the runner starts every client at the same time
}, 600_000);

describe.each([
  ["2026-07-28", 7],
  ["2025-11-25", 4],
])("conformance client leg, --requirements %s", (revision, nonAuthCount) => {
  let verdicts: Map<string, Check[]>;
  let scored: string[];

  beforeAll(async () => {
    const out = join(OUT, revision);
    rmSync(out, { recursive: true, force: true });
    // The fixture as the runner would start it; `node examples/run.mjs` is what the npm script runs.
    verdicts = (await runClientLeg(`node examples/run.mjs conformance-client`, revision, out)).scenarios;
    scored = requirements(revision).client;
  }, 600_000);

  it(`every scored scenario that is not auth/… passes (${nonAuthCount})`, () => {
    const nonAuth = scored.filter((s) => !s.startsWith("auth/"));
    expect(nonAuth).toHaveLength(nonAuthCount);
    expect(Object.fromEntries(nonAuth.map((s) => [s, failures(verdicts.get(s))]))).toEqual(Object.fromEntries(nonAuth.map((s) => [s, []])));
  });

  it("auth/…: the SDK's HTTP transport and OAuth plugged into the generated client (counted, and all expected to pass)", () => {
    const auth = scored.filter((s) => s.startsWith("auth/"));
    const passing = auth.filter((s) => failures(verdicts.get(s)).length === 0);
    writeFileSync(join(OUT, `auth-${revision}.json`), JSON.stringify({ revision, scored: auth.length, passing: passing.length, failing: auth.filter((s) => !passing.includes(s)) }, null, 2));
    console.log(`conformance ${revision}: auth/… ${passing.length}/${auth.length} scored scenarios pass`);
    expect(auth.filter((s) => !passing.includes(s))).toEqual([]);
  });
});

describe("the npm script the runner is documented with", () => {
  it("`npm run --silent example:conformance-client -- URL` passes a single scenario", async () => {
    const { stdout, stderr } = await promisify(execFile)(NODE22, [RUNNER, "client", "--command", "npm run --silent example:conformance-client --", "--scenario", "tools_call", "--spec-version", "2026-07-28"], { cwd: REPO_ROOT }).catch((e: { stdout: string; stderr: string }) => e);
    expect(stdout + stderr).toContain("OVERALL: PASSED");
  }, 120_000);
});

// The six extension scenarios (issue 31 item 4): not scored and on no spec timeline, so each is run
// by name: client credentials (a secret, a private-key JWT), enterprise-managed authorization,
// DPoP (with the servers' nonces) and workload identity federation.
const EXTENSIONS = ["auth/client-credentials-basic", "auth/client-credentials-jwt", "auth/enterprise-managed-authorization", "auth/dpop", "auth/dpop-nonce", "auth/wif-jwt-bearer"];
describe.concurrent("extension scenarios", () => {
  it("are the runner's not_scored extension entries of the client leg, all six", () => {
    const listed = requirements("2026-07-28").notScored.filter((e) => e.leg === "client" && e.reason === "extension").map((e) => e.scenario);
    expect(listed.sort()).toEqual([...EXTENSIONS].sort());
  });

  it.for(EXTENSIONS)("%s passes every check", async (scenario, { expect }) => {
    const { stdout, stderr } = await promisify(execFile)(NODE22, [RUNNER, "client", "--command", "node examples/run.mjs conformance-client", "--scenario", scenario], { cwd: REPO_ROOT }).catch((e: { stdout: string; stderr: string }) => e);
    expect(stdout + stderr).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    expect(stdout + stderr).toContain("OVERALL: PASSED");
  });
});

// The Skills extension's client scenarios (SEP-2640, issue 52 item 6): on no requirement list, so
// each is run by name. Each must have no FAILURE and at least one SUCCESS (scenarioFailures): a
// client that never lists, or never loads the tampered skill, gets SKIPPED or an "untestable"
// FAILURE, not a pass.
const SKILLS = ["sep-2640-client-no-prefetch", "sep-2640-client-verify-digest", "sep-2640-client-verify-size", "sep-2640-client-verify-frontmatter"];
describe.concurrent("Skills extension scenarios", () => {
  it.for(SKILLS)("%s passes", async (scenario, { expect }) => {
    const out = join(OUT, "skills", scenario);
    rmSync(out, { recursive: true, force: true });
    await promisify(execFile)(NODE22, [RUNNER, "client", "--command", "node examples/run.mjs conformance-client", "--scenario", scenario, "-o", out], { cwd: REPO_ROOT }).catch((e: { stdout: string; stderr: string }) => e);
    const checks = readChecks(out).get(scenario);
    expect(failures(checks)).toEqual([]);
    expect(checks?.filter((c) => c.status === "SUCCESS").length).toBeGreaterThan(0);
  });
});
