import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { equivalenceFile, importPath, writeEquivalenceModule } from "../helpers/equivalence.js";
import { exportedTypeNames } from "../helpers/spec-exports.js";
import { REPO_ROOT, REVISIONS, SPEC_ROOT, generatedDir } from "../helpers/spec.js";
import { STRICTEST, compile, type Compilation } from "../helpers/tsc.js";

// For every exported type X of every revision, generated X and the spec's X are mutually
// assignable, XSchema's input and output are spec Xs, and a spec X is a valid input: one
// in-process program holds every revision's assertions and, to prove they can fail, those
// against a spec edited on purpose and against schemas typed with Zod's `$loose` input.
const ROOT = join(REPO_ROOT, "test/tmp/typecheck");
const SAMPLE = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;

/** The spec's schema.ts has no package.json of its own: resolve it the bundler way. */
const BUNDLER = { ...STRICTEST, module: "ESNext", moduleResolution: "bundler", isolatedDeclarations: false, noUnusedLocals: false };

const under = (dir: string) => (file: string) => !relative(dir, file).startsWith("..");

describe("type equivalence with the spec's own schema.ts", () => {
  const dir = join(ROOT, "equivalence");
  const counts = new Map<string, number>();
  let equivalence: Compilation | undefined;
  const brokenSpec = { dir: join(dir, "broken-spec"), widened: "", narrowed: "" };
  const looseInputs = { dir: join(dir, "loose-inputs") };

  /** Every revision's equivalence module, and one against a spec edited on purpose, in one program. */
  function equivalenceProgram(): Compilation {
    if (equivalence) return equivalence;
    for (const revision of REVISIONS) {
      const names = exportedTypeNames(join(SPEC_ROOT, revision, "schema.ts"));
      counts.set(revision, names.length);
      writeEquivalenceModule(equivalenceFile(dir, revision), join(SPEC_ROOT, revision, "schema.ts"), join(generatedDir(revision), "index.ts"), join(generatedDir(revision), "schemas.ts"), names);
    }
    writeBrokenSpec();
    writeLooseInputs();
    equivalence = compile(dir, BUNDLER, ["*/equivalence.ts"]);
    return equivalence;
  }

  /** Two interfaces with a `string` property: widen one, narrow the other, in a scratch copy of the spec (never committed). */
  function writeBrokenSpec(): void {
    const spec = readFileSync(join(SPEC_ROOT, SAMPLE, "schema.ts"), "utf8");
    const candidates = [...spec.matchAll(/export interface (\w+) \{[^}]*?\n\s+\w+\??: string;/g)];
    const [widened, narrowed] = [candidates[0]!, candidates[1]!];
    const mutate = (match: RegExpMatchArray, replacement: string) => match[0].replace(/: string;$/, `: ${replacement};`);
    const mutated = spec.replace(widened[0], mutate(widened, "string | boolean")).replace(narrowed[0], mutate(narrowed, '"only-this"'));
    mkdirSync(join(brokenSpec.dir, "spec"), { recursive: true });
    writeFileSync(join(brokenSpec.dir, "spec/schema.ts"), mutated);
    const names = exportedTypeNames(join(SPEC_ROOT, SAMPLE, "schema.ts"));
    writeEquivalenceModule(join(brokenSpec.dir, "equivalence.ts"), join(brokenSpec.dir, "spec/schema.ts"), join(generatedDir(SAMPLE), "index.ts"), join(generatedDir(SAMPLE), "schemas.ts"), names);
    [brokenSpec.widened, brokenSpec.narrowed] = [widened[1]!, narrowed[1]!];
  }

  /**
   * The sample revision's schemas.ts typed as before issue 17 (every open object's input with
   * `[key: string]: unknown`, `z.core.$loose`), in a scratch copy importing the real types and runtime.
   */
  function writeLooseInputs(): void {
    const generated = generatedDir(SAMPLE);
    const copy = join(looseInputs.dir, "schemas.ts");
    const text = readFileSync(join(generated, "schemas.ts"), "utf8");
    const loose = text
      .replaceAll("rt.openObject(", "z.looseObject(")
      .replaceAll("rt.anyObject()", "z.looseObject({})")
      .replace(/\brt\.Open(Empty)?\b/g, "z.core.$loose")
      .replace(/from "\.\/(\w+)\.js"/g, (_, module: string) => `from "${importPath(copy, join(generated, `${module}.ts`))}"`)
      .replace(/from "\.\.\/runtime\/([\w/-]+)\.js"/g, (_, module: string) => `from "${importPath(copy, join(generated, "../runtime", `${module}.ts`))}"`);
    expect(loose).not.toMatch(/rt\.(Open|openObject|anyObject)/);
    mkdirSync(looseInputs.dir, { recursive: true });
    writeFileSync(copy, loose);
    const names = exportedTypeNames(join(SPEC_ROOT, SAMPLE, "schema.ts"));
    writeEquivalenceModule(join(looseInputs.dir, "equivalence.ts"), join(SPEC_ROOT, SAMPLE, "schema.ts"), join(generated, "index.ts"), copy, names);
  }

  it("asserts every exported type of every revision", () => {
    equivalenceProgram();
    expect([...counts.keys()]).toEqual(REVISIONS);
    for (const count of counts.values()) expect(count).toBeGreaterThan(70);
  });

  it("generated X and spec X are mutually assignable; XSchema's input and output are spec Xs, and a spec X is an input (exactOptionalPropertyTypes on)", () => {
    const program = equivalenceProgram();
    const modules = new Set(REVISIONS.map((r) => equivalenceFile(dir, r)));
    expect(modules.size).toBe(REVISIONS.length);
    // The assertions, and the spec files they read (an error there could turn a type into `any`).
    expect(program.diagnostics((f) => modules.has(f) || under(SPEC_ROOT)(f))).toEqual([]);
  });

  it("can fail: a spec type that differs from the generated one is reported, in each direction", () => {
    const program = equivalenceProgram();
    const file = join(brokenSpec.dir, "equivalence.ts");
    const diagnostics = program.diagnostics((f) => f === file);
    expect(diagnostics.length).toBeGreaterThan(0);
    const failing = new Set(diagnostics.map((d) => /export type (\w+) =/.exec(readLine(file, d))?.[1]));
    expect(failing).toContain(`${brokenSpec.widened}_SpecIsGenerated`);
    expect(failing).not.toContain(`${brokenSpec.widened}_GeneratedIsSpec`);
    expect(failing).toContain(`${brokenSpec.narrowed}_GeneratedIsSpec`);
    expect(failing).toContain(`${brokenSpec.narrowed}_ParseOutputIsSpec`);
    expect(failing).toContain(`${brokenSpec.widened}_SpecIsParseInput`);
  });

  it("can fail: schemas whose inputs carry an index signature the interfaces lack are reported, and only there", () => {
    const program = equivalenceProgram();
    const file = join(looseInputs.dir, "equivalence.ts");
    // The copy itself compiles: no assertion passes by reading an `any`.
    expect(program.diagnostics((f) => f === join(looseInputs.dir, "schemas.ts"))).toEqual([]);
    const failing = new Set(program.diagnostics((f) => f === file).map((d) => /export type (\w+) =/.exec(readLine(file, d))?.[1]));
    // The issue's case: a CallToolRequest (its params' _meta, a ClientCapabilities…) is no input.
    expect(failing).toContain("CallToolRequest_SpecIsParseInput");
    expect(failing).toContain("ClientCapabilities_SpecIsParseInput");
    // A type that declares `[key: string]: unknown` itself fits such an input.
    expect(failing).not.toContain("MetaObject_SpecIsParseInput");
    expect([...failing].filter((name) => !name?.endsWith("_SpecIsParseInput"))).toEqual([]);
  });
});

/** The source line a `file(line,col): error` diagnostic points at. */
function readLine(file: string, diagnostic: string): string {
  const line = Number(/\((\d+),\d+\)/.exec(diagnostic)?.[1] ?? 0);
  return readFileSync(file, "utf8").split("\n")[line - 1] ?? "";
}
