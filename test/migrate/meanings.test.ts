import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffModels } from "../../src/diff/compare.js";
import { eraConstants } from "../../src/migrate/eras.js";
import { meaningsOf, type Meanings, type Sides } from "../../src/migrate/meanings.js";
import { analyze } from "../../src/model/analyze.js";
import { typescript } from "../../src/transpile/index.js";
import { revisionModel } from "../helpers/models.js";
import { GENERATED_JS_ROOT, GENERATED_ROOT, SPEC_ROOT } from "../helpers/spec.js";

// The literals migrate looks for, held to the spec's own text: the schema files (methods, error
// codes, _meta keys) and the changelog (the resource-not-found code that no schema declares).

const ts = typescript();
const schemaText = (revision: string) => readFileSync(join(SPEC_ROOT, revision, "schema.ts"), "utf8");
const side = (label: string) => {
  const model = revisionModel(label);
  return { label, model, era: analyze(model).server.era };
};

function meanings(from: string, to: string): Meanings {
  const sides: Sides = { from: side(from), to: side(to) };
  const report = diffModels(sides.from.model, sides.to.model);
  return meaningsOf(report, sides, eraConstants(ts, join(GENERATED_JS_ROOT, "runtime"), [...new Set([sides.from.era, sides.to.era])]));
}

const all = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1]!));
const methods = (revision: string) => all(schemaText(revision), /\bmethod: "([^"]+)"/g);
const errorCodes = (revision: string) => new Map([...schemaText(revision).matchAll(/export const (\w+) = (-32\d\d\d);/g)].map((m) => [Number(m[2]), m[1]!]));
/** The changelog's "error code from `A` to `B`". */
const renumbered = (() => {
  const changelog = readFileSync(join(SPEC_ROOT, "docs/2026-07-28/changelog.mdx"), "utf8");
  const match = /error code from `(-\d+)` to `(-\d+)`/.exec(changelog)!;
  return { from: Number(match[1]), to: Number(match[2]) };
})();

describe("migrate's changed literals, 2025-11-25 → 2026-07-28", () => {
  const upgrade = meanings("2025-11-25", "2026-07-28");

  it("every method of 2025-11-25's schema that 2026-07-28's lacks, and no other", () => {
    const [before, after] = [methods("2025-11-25"), methods("2026-07-28")];
    const gone = [...before].filter((m) => !after.has(m)).sort();
    expect(gone.length).toBeGreaterThan(5);
    expect([...upgrade.strings.keys()].filter((k) => before.has(k)).sort()).toEqual(gone);
    for (const method of gone) expect(upgrade.strings.get(method)!.entry, method).toMatchObject({ scope: "method", group: method, rule: expect.stringMatching(/^method-/) });
  });

  it("every error code of 2025-11-25 that 2026-07-28 no longer declares, with its diff entry", () => {
    const after = errorCodes("2026-07-28");
    const removed = [...errorCodes("2025-11-25")].filter(([value]) => !after.has(value));
    expect(removed.length).toBeGreaterThan(0);
    for (const [value, name] of removed) expect(upgrade.numbers.get(value)!.entry).toMatchObject({ rule: "error-code-removed", types: [name] });
  });

  it("the changelog's renumbered resource-not-found code, from the runtime's era table (an error-code-changed entry made by migrate)", () => {
    expect(upgrade.numbers.get(renumbered.from)).toMatchObject({
      entry: { rule: "error-code-changed", before: String(renumbered.from), after: String(renumbered.to), breaking: ["clients", "servers"] },
      message: expect.stringContaining(`on 2026-07-28 (stateless era) it sends ${renumbered.to}`),
    });
    expect(upgrade.numbers.has(renumbered.to)).toBe(false);
  });

  it("the protocol version written by hand", () => {
    expect(upgrade.strings.get("2025-11-25")!.entry).toMatchObject({ rule: "constant-changed", types: ["LATEST_PROTOCOL_VERSION"] });
  });
});

describe("migrate's changed literals, other pairs", () => {
  it("2026-07-28 → 2025-11-25: every namespaced _meta key 2026-07-28 declares", () => {
    const keys = all(schemaText("2026-07-28"), /"(io\.modelcontextprotocol\/[\w-]+)"\??:/g);
    expect(keys.size).toBeGreaterThan(3);
    const downgrade = meanings("2026-07-28", "2025-11-25");
    for (const key of keys) expect(downgrade.strings.get(key)?.entry?.path, key).toMatch(new RegExp(`_meta\\.${key.replace(/[./]/g, "\\$&")}$`));
  });

  it("a revision against itself: nothing", () => {
    const same = meanings("2026-07-28", "2026-07-28");
    expect([same.numbers.size, same.strings.size]).toEqual([0, 0]);
  });

  it("the runtime's era table reads the same from declarations and from TypeScript sources", () => {
    const eras = ["session", "stateless"];
    const fromDeclarations = eraConstants(ts, join(GENERATED_JS_ROOT, "runtime"), eras);
    expect(fromDeclarations).toContainEqual({ name: expect.any(String), values: { session: renumbered.from, stateless: renumbered.to } });
    expect(eraConstants(ts, join(GENERATED_ROOT, "runtime"), eras)).toEqual(fromDeclarations);
  });
});
