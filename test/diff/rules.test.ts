import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { diffModels } from "../../src/diff/compare.js";
import { fingerprintOf, locationOf } from "../../src/diff/rules.js";
import { revisionModel } from "../helpers/models.js";

// Rule ids and fingerprints (issue 34 item 5) on the mirror's 2025-11-25 → 2026-07-28 diff.
const report = () => diffModels(revisionModel("2025-11-25"), revisionModel("2026-07-28"));

describe("rule ids and fingerprints", () => {
  it("every entry has a rule and the fingerprint sha256(rule:location) cut to 12 hex", () => {
    for (const change of report().changes) {
      expect(change.rule).toMatch(/^[a-z]+(-[a-z]+)*$/);
      const expected = createHash("sha256").update(`${change.rule}:${locationOf(change)}`).digest("hex").slice(0, 12);
      expect(change.fingerprint).toBe(expected);
    }
  });

  it("names the issue's examples", () => {
    const changes = report().changes;
    const rule = (pred: (c: (typeof changes)[number]) => boolean) => changes.filter(pred).map((c) => c.rule);
    expect(rule((c) => c.kind === "message-removed" && c.group === "ping")).toEqual(["method-removed"]);
    expect(rule((c) => c.group === "CacheableResult" && c.path === "ttlMs")).toEqual(["result-property-required-added"]);
    expect(rule((c) => c.kind === "union-members" && c.group === "tools/call")).toEqual(["union-member-added"]);
    expect(rule((c) => c.kind === "constant-changed")).toEqual(["constant-changed"]);
  });

  it("is stable across runs: the same ids and fingerprints twice, fingerprints distinct per location", () => {
    const [a, b] = [report().changes, report().changes];
    expect(a.map((c) => [c.rule, c.fingerprint])).toEqual(b.map((c) => [c.rule, c.fingerprint]));
    expect(fingerprintOf("method-removed", "ping")).toBe(createHash("sha256").update("method-removed:ping").digest("hex").slice(0, 12));
  });
});
