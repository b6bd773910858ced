import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/spec.js";
import { startHttpExample } from "../helpers/processes.js";
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { failures, NODE22, readChecks, requirements, RUNNER, runServerLeg } from "../helpers/conformance-runner.js";

/**
 * The field's yardstick: the official conformance runner's server leg, per requirement set,
 * against examples/everything (generated code only), both eras on one URL.
 */
const PENDING_REPORTED = ["json-schema-2020-12", "http-header-validation", "http-custom-header-server-validation"];

let server: Awaited<ReturnType<typeof startHttpExample>>;

beforeAll(async () => {
  server = await startHttpExample("everything");
}, 300_000);

afterAll(async () => server?.stop());

describe.each(["2026-07-28", "2025-11-25"])("conformance, server leg, --requirements %s", (revision) => {
  it("every scored scenario passes; the runner exits 0", async () => {
    const required = requirements(revision);
    const result = await runServerLeg(server.url, revision, join(REPO_ROOT, "test/tmp/conformance", `server-${revision}`));
    const failed = failures(result.scenarios, required.server);
    console.log(`conformance server ${revision}: ${required.server.length - new Set(failed.map((f) => f.split(":")[0])).size}/${required.server.length} scored scenarios pass`);
    expect(failed).toEqual([]);
    expect(required.server.length).toBeGreaterThanOrEqual(revision === "2026-07-28" ? 37 : 30);
    expect(result.exitCode, result.output.slice(-2000)).toBe(0);
    // The not-scored scenarios the SDK's own fixture cannot pass yet: reported, and held to as well.
    const pending = PENDING_REPORTED.filter((name) => result.scenarios.has(name));
    const pendingFailed = failures(result.scenarios, pending);
    console.log(`conformance server ${revision}: not scored but run: ${pending.length - new Set(pendingFailed.map((f) => f.split(":")[0])).size}/${pending.length} pass (${pending.join(", ")})`);
    expect(pendingFailed).toEqual([]);
  });
});

// The Skills extension's server scenarios (SEP-2640, issue 52 item 6; examples/everything/skills.ts):
// on no requirement list, so each is run by name. No FAILURE, at least one SUCCESS, and no WARNING
// (the SHOULDs: SKILL.md's mimeType, name and description, the _meta prefix, the limits).
const SKILLS = ["sep-2640-skills-directory", "sep-2640-skills-enumeration", "sep-2640-skills-manifest"];
describe.concurrent("Skills extension scenarios", () => {
  it.for(SKILLS)("%s passes", async (scenario, { expect }) => {
    const out = join(REPO_ROOT, "test/tmp/conformance/skills", scenario);
    rmSync(out, { recursive: true, force: true });
    await promisify(execFile)(NODE22, [RUNNER, "server", "--url", server.url, "--scenario", scenario, "-o", out], { cwd: REPO_ROOT }).catch((e: { stdout: string; stderr: string }) => e);
    const checks = readChecks(out, "server-").get(scenario);
    expect(failures(new Map([[scenario, checks ?? []]]), [scenario])).toEqual([]);
    expect(checks?.filter((c) => c.status === "WARNING").map((c) => `${c.id}: ${c.errorMessage}`)).toEqual([]);
  });
});
