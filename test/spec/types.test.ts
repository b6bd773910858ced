import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_ROOT, REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";
import { STRICTEST, compile, type Compilation } from "../helpers/tsc.js";

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
  paths: { "@spec/*": [join(SPEC_ROOT, "*/schema.ts")], "@gen/*": [join(GENERATED_ROOT, "*/index.ts")], "@gen-root": [join(GENERATED_ROOT, "index.ts")] },
};

function copySources(dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  cpSync(SOURCES, dir, { recursive: true });
  return readdirSync(dir).filter((f) => f.endsWith(".ts"));
}

const under = (dir: string) => (file: string) => !relative(dir, file).startsWith("..");

/**
 * One program holds the facts as written (facts/) and a copy edited to fail (broken/); each test
 * asks for the diagnostics of its own folder.
 */
let compilation: { program: Compilation; facts: string[] } | undefined;
function program(): { program: Compilation; facts: string[] } {
  if (compilation) return compilation;
  const facts = copySources(join(ROOT, "facts"));
  breakCopy(join(ROOT, "broken"));
  compilation = { program: compile(ROOT, OPTIONS, ["facts/*.ts", "broken/*.ts"]), facts };
  return compilation;
}

function breakCopy(dir: string): void {
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
  // connect()'s client typed as the bare union of the revisions' clients (as before issue 17).
  const connectFile = join(dir, "client-connect.ts");
  const connectText = readFileSync(connectFile, "utf8");
  const connectBroken = connectText.replace("declare const c: ConnectedClient;", "declare const c: OldClient | NewClient;");
  expect(connectBroken).not.toBe(connectText);
  writeFileSync(connectFile, connectBroken);
}

describe("type-level facts of the generated maps (test/types)", () => {
  it("hold for every revision tested, positive and @ts-expect-error negative", () => {
    const { program: facts, facts: files } = program();
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(facts.diagnostics(under(join(ROOT, "facts")))).toEqual([]);
  });

  it("can fail: a wrong fact and a negative case that compiles are both reported", () => {
    const text2 = program().program.diagnostics(under(join(ROOT, "broken"))).join("\n");
    expect(text2).toMatch(/methods-2026-07-28\.ts\(\d+,\d+\): error TS2344/); // the Assert<Equal<…>> fails
    expect(text2).toMatch(/methods-2026-07-28\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/);
    expect(text2).toMatch(/zod-api\.ts\(\d+,\d+\): error TS2344/); // OptionCount
    expect(text2).toMatch(/zod-api\.ts\(\d+,\d+\): error TS2339: Property 'result' does not exist/); // the negative case, unguarded
    expect(text2).toMatch(/client-connect\.ts\(\d+,\d+\): error TS2349: This expression is not callable/); // the bare union's paginate
  });
});
