import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures, requirements, runServerLeg } from "./conformance-runner.js";
import { checkDeployedLimits, startDeployed, type Deployed } from "./deployed-checks.js";
import { REPO_ROOT } from "./spec.js";

/**
 * The deploy suite of some targets, each started by its npm script: the official conformance
 * runner's server leg against each, both eras, and the body limit and Host/Origin checks; the
 * targets run at once. Two test files call it (runtimes, frameworks), so two workers share them.
 */
export function describeDeployed(TARGETS: readonly string[]): void {
  const servers = new Map<string, Deployed>();

  beforeAll(async () => {
    for (const server of await Promise.all(TARGETS.map((target) => startDeployed(target)))) servers.set(server.target, server);
  }, 300_000);

  afterAll(async () => void (await Promise.all([...servers.values()].map((s) => s.stop()))));

  describe.each(TARGETS)("example:%s", (target) => {
    it.concurrent.each(["2026-07-28", "2025-11-25"])("conformance, server leg, --requirements %s: every scored scenario passes", async (revision) => {
      const server = servers.get(target)!;
      const required = requirements(revision);
      const result = await runServerLeg(server.url, revision, join(REPO_ROOT, "test/tmp/conformance", `deploy-${target}-${revision}`));
      const failed = failures(result.scenarios, required.server);
      console.log(`conformance server ${revision} on ${target}: ${required.server.length - new Set(failed.map((f) => f.split(":")[0])).size}/${required.server.length}`);
      expect(failed, server.stderr().slice(-2000)).toEqual([]);
      expect(required.server.length).toBeGreaterThanOrEqual(revision === "2026-07-28" ? 37 : 30);
    }, 300_000);

    it("refuses a body over the limit (413) and a foreign Origin or Host (403)", async () => {
      await checkDeployedLimits(servers.get(target)!.url);
    });
  });
}
