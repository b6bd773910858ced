import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { main } from "../../src/cli.js";
import { REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { shareRuntime, STRICT_NODENEXT, tsc } from "../helpers/tsc.js";
import { GOLDEN_FILES } from "../fixtures/golden-files.mjs";

// Formatting is memoized per worker (same text and options, same prettier output): see helpers/format-cache.ts.
vi.mock("../../src/write/format.js", async (original) => (await import("../helpers/format-cache.js")).withFormatCache(await original()));

const FIXTURES = join(REPO_ROOT, "test/fixtures");
const names = readdirSync(FIXTURES).filter((name) => existsSync(join(FIXTURES, name, "schema.ts")));
const OUT = scratchDir("golden");

type Cases = Record<string, { valid: unknown[]; invalid: unknown[] }>;


beforeAll(async () => {
  for (const name of names) {
    const code = await main(["--quiet", "--emit", "ts", "--schema", join(FIXTURES, name, "schema.ts"), "--out", join(OUT, name)]);
    expect(code).toBe(0);
  }
});

describe("golden files (one fixture schema per construct; update: npm run golden:update)", () => {
  it("has fixtures", () => expect(names.length).toBeGreaterThanOrEqual(10));

  it.each(names)("%s matches its golden output", (name) => {
    for (const file of GOLDEN_FILES) {
      const expected = readFileSync(join(FIXTURES, name, "expected", file), "utf8");
      expect(readFileSync(join(OUT, name, file), "utf8"), `${name}/${file}`).toBe(expected);
    }
  });

  it("every fixture's output compiles with tsc --strict", async () => {
    shareRuntime(names.map((name) => join(OUT, name))); // the runtime checked once, not once per fixture
    const dir = join(OUT, "tsc");
    const result = await tsc(dir, STRICT_NODENEXT, names.map((name) => `${relative(dir, join(OUT, name)).replace(/\\/g, "/")}/*.ts`), { modulesOnly: true }); // the runtime is checked elsewhere (moduleDiagnostics)
    expect(result.diagnostics).toEqual([]);
  });

  it.each(names.filter((name) => existsSync(join(FIXTURES, name, "cases.json"))))("%s: valid payloads parse, invalid ones do not", async (name) => {
    const cases = JSON.parse(readFileSync(join(FIXTURES, name, "cases.json"), "utf8")) as Cases;
    const generated = (await import(pathToFileURL(join(OUT, name, "index.ts")).href)) as Record<string, z.ZodType>;
    for (const [type, { valid, invalid }] of Object.entries(cases)) {
      const schema = generated[`${type}Schema`]!;
      const guard = generated[`is${type}`] as unknown as (value: unknown) => boolean;
      for (const value of valid) expect(schema.safeParse(value).error?.issues, `${type} accepts ${JSON.stringify(value)}`).toBeUndefined();
      for (const value of invalid) expect(schema.safeParse(value).success, `${type} rejects ${JSON.stringify(value)}`).toBe(false);
      for (const value of valid) expect(schema.parse(value), "open objects keep every key").toEqual(value);
      // The fast validator gives the same verdicts.
      for (const value of valid) expect(guard(value), `is${type} accepts ${JSON.stringify(value)}`).toBe(true);
      for (const value of invalid) expect(guard(value), `is${type} rejects ${JSON.stringify(value)}`).toBe(false);
    }
  });
});
