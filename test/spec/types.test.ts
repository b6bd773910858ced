import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_ROOT, REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";
import { STRICTEST, tsc } from "../helpers/tsc.js";

const ROOT = join(REPO_ROOT, "test/tmp/types");
const SOURCES = join(REPO_ROOT, "test/types");

/**
 * The type-level tests of test/types import the spec as `@spec/<revision>` and the generated
 * output as `@gen/<revision>`; compiled under the strictest settings (declarations aside: a
 * test file exports untyped constants on purpose).
 */
const OPTIONS = {
  ...STRICTEST,
  module: "ESNext",
  moduleResolution: "bundler",
  isolatedDeclarations: false,
  declaration: false,
  noUnusedLocals: false,
  paths: { "@spec/*": [join(SPEC_ROOT, "*/schema.ts")], "@gen/*": [join(GENERATED_ROOT, "*/index.ts")] },
};

function copySources(dir: string): string[] {
  cpSync(SOURCES, dir, { recursive: true });
  return readdirSync(dir).filter((f) => f.endsWith(".ts"));
}

describe("type-level facts of the generated maps (test/types)", () => {
  it("hold for every revision tested, positive and @ts-expect-error negative", async () => {
    const dir = join(ROOT, "facts");
    expect(copySources(dir).length).toBeGreaterThanOrEqual(4);
    const result = await tsc(dir, OPTIONS, ["*.ts"]);
    expect(result.diagnostics).toEqual([]);
  });

  it("can fail: a wrong fact and a negative case that compiles are both reported", async () => {
    const dir = join(ROOT, "broken");
    copySources(dir);
    const file = join(dir, "methods-2026-07-28.ts");
    const text = readFileSync(file, "utf8");
    const broken = text
      .replace(`Equal<InputRequestMethod, "sampling/createMessage" | "roots/list" | "elicitation/create">`, `Equal<InputRequestMethod, "sampling/createMessage" | "roots/list">`)
      .replace(`export const initialize: RequestMethod = "initialize";`, `export const initialize: RequestMethod = "tools/call";`);
    expect(broken).not.toBe(text);
    writeFileSync(file, broken);
    // And in the Zod API facts: a wrong option count, and a negative case whose directive is gone.
    const zodFile = join(dir, "zod-api.ts");
    const zodText = readFileSync(zodFile, "utf8");
    const zodBroken = zodText.replace(`["length"], 10>>`, `["length"], 9>>`).replace("// @ts-expect-error: a request's shape has no `result`\n", "");
    expect(zodBroken.length).toBeLessThan(zodText.length);
    writeFileSync(zodFile, zodBroken);
    const result = await tsc(dir, OPTIONS, ["*.ts"]);
    const text2 = result.diagnostics.join("\n");
    expect(text2).toMatch(/methods-2026-07-28\.ts\(\d+,\d+\): error TS2344/); // the Assert<Equal<…>> fails
    expect(text2).toMatch(/methods-2026-07-28\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/);
    expect(text2).toMatch(/zod-api\.ts\(\d+,\d+\): error TS2344/); // OptionCount
    expect(text2).toMatch(/zod-api\.ts\(\d+,\d+\): error TS2339: Property 'result' does not exist/); // the negative case, unguarded
  });
});
