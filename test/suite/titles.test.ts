import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { eachTitleProblems } from "../helpers/titles.js";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "tmp" || entry.name === "fixtures" ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Titles of our own, one per kind of mistake and of correct use. */
const SAMPLE = `import { it } from "vitest";
const REVISIONS: string[] = ["a", "b"];
const PAIRS = REVISIONS.map((r, i) => [r, REVISIONS[i + 1] ?? r] as [string, string]);
const CASES = [{ name: "x", code: 1 }];
it.each(REVISIONS)("%s → %s: one argument, two placeholders", (r) => void r);
it.each(REVISIONS)("%s against itself, 100%% fine", (r) => void r);
it.each(PAIRS)("%s → %s: a pair", (a, b) => void [a, b]);
it.each(PAIRS)("%s → %s → %s: three of two", (a, b) => void [a, b]);
it.each(CASES)("$name is $code", (c) => void c);
it.each(CASES)("$name is $nope", (c) => void c);
it.each([["a", 1], ["b", 2]] as const)("%s is %d", (s, n) => void [s, n]);
`;

describe("test titles name what they test (no \"→ undefined\")", () => {
  it("every .each title of the suite has an argument for each placeholder", () => {
    const dir = scratchDir("titles");
    mkdirSync(dir, { recursive: true });
    const sample = join(dir, "sample-titles.ts");
    writeFileSync(sample, SAMPLE);
    const files = testFiles(join(REPO_ROOT, "test"));
    expect(files.length).toBeGreaterThan(20);
    const { problems, checked, skipped } = eachTitleProblems([...files, sample]);
    // Nearly every title's rows are typed (rows of untyped arrays, e.g. `string[][]`, are skipped).
    expect(checked).toBeGreaterThan(40);
    console.log(`titles: ${checked} checked, skipped: ${skipped.join(", ") || "none"}`);
    // The checker finds each planted mistake, and nothing in the suite itself.
    expect(problems.filter((p) => p.at.includes("sample-titles.ts")).map((p) => [p.at.split(":")[1], p.problem])).toEqual([
      ["5", "2 placeholders, rows give 1 argument"],
      ["8", "3 placeholders, rows give 2 arguments"],
      ["10", "$nope is not a property of the rows"],
    ]);
    expect(problems.filter((p) => !p.at.includes("sample-titles.ts"))).toEqual([]);
  });
});
