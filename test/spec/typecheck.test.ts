import { readFileSync, writeFileSync, mkdirSync, cpSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { equivalenceFile, writeEquivalenceModule } from "../helpers/equivalence.js";
import { exportedTypeNames } from "../helpers/spec-exports.js";
import { GENERATED_ROOT, REPO_ROOT, REVISIONS, SPEC_ROOT, generatedDir } from "../helpers/spec.js";
import { STRICT_NODENEXT, tsc } from "../helpers/tsc.js";

const ROOT = join(REPO_ROOT, "test/tmp/typecheck");

const BUNDLER = { ...STRICT_NODENEXT, module: "ESNext", moduleResolution: "bundler" };

function rel(from: string, to: string): string {
  return relative(from, to).replace(/\\/g, "/");
}

describe("generated output type-checks", () => {
  it("every revision compiles with tsc --strict, NodeNext, verbatimModuleSyntax, isolatedModules", async () => {
    const dir = join(ROOT, "strict");
    const result = await tsc(dir, STRICT_NODENEXT, [`${rel(dir, GENERATED_ROOT)}/**/*.ts`]);
    expect(result.diagnostics).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe("type equivalence with the spec's own schema.ts", () => {
  const dir = join(ROOT, "equivalence");
  const counts = new Map<string, number>();

  beforeAll(() => {
    for (const revision of REVISIONS) {
      const names = exportedTypeNames(join(SPEC_ROOT, revision, "schema.ts"));
      counts.set(revision, names.length);
      writeEquivalenceModule(
        equivalenceFile(dir, revision),
        join(SPEC_ROOT, revision, "schema.ts"),
        join(generatedDir(revision), "index.ts"),
        join(generatedDir(revision), "schemas.ts"),
        names,
      );
    }
  });

  it("asserts every exported type of every revision", () => {
    expect([...counts.keys()]).toEqual(REVISIONS);
    for (const count of counts.values()) expect(count).toBeGreaterThan(70);
  });

  it("generated X and spec X are mutually assignable, and XSchema's output is a spec X", async () => {
    const result = await tsc(dir, BUNDLER, ["*/equivalence.ts"]);
    expect(result.diagnostics).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe("the type assertions can fail (broken on purpose)", () => {
  const revision = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;

  it("a spec type that differs from the generated one is reported, in each direction", async () => {
    const dir = join(ROOT, "broken-spec");
    const spec = readFileSync(join(SPEC_ROOT, revision, "schema.ts"), "utf8");
    // Two interfaces with a `string` property: widen one, narrow the other, in a scratch
    // copy of the spec under test/tmp (never committed).
    const candidates = [...spec.matchAll(/export interface (\w+) \{[^}]*?\n\s+\w+\??: string;/g)];
    const [widened, narrowed] = [candidates[0]!, candidates[1]!];
    const mutate = (match: RegExpMatchArray, replacement: string) => match[0].replace(/: string;$/, `: ${replacement};`);
    const mutated = spec
      .replace(widened[0], mutate(widened, "string | boolean"))
      .replace(narrowed[0], mutate(narrowed, '"only-this"'));
    mkdirSync(join(dir, "spec"), { recursive: true });
    writeFileSync(join(dir, "spec/schema.ts"), mutated);
    const names = exportedTypeNames(join(SPEC_ROOT, revision, "schema.ts"));
    const file = join(dir, "equivalence.ts");
    writeEquivalenceModule(file, join(dir, "spec/schema.ts"), join(generatedDir(revision), "index.ts"), join(generatedDir(revision), "schemas.ts"), names);
    const result = await tsc(dir, BUNDLER, ["equivalence.ts"]);
    expect(result.code).not.toBe(0);
    const failing = new Set(result.diagnostics.filter((d) => d.includes("equivalence.ts")).map((d) => /export type (\w+) =/.exec(readLine(file, d))?.[1]));
    expect(failing).toContain(`${widened[1]}_SpecIsGenerated`);
    expect(failing).not.toContain(`${widened[1]}_GeneratedIsSpec`);
    expect(failing).toContain(`${narrowed[1]}_GeneratedIsSpec`);
    expect(failing).toContain(`${narrowed[1]}_ParseOutputIsSpec`);
  });

  it("a validator whose output does not match its type is a compile error in schemas.ts", async () => {
    const dir = join(ROOT, "broken-schema");
    cpSync(generatedDir(revision), join(dir, "gen"), { recursive: true });
    const schemas = readFileSync(join(dir, "gen/schemas.ts"), "utf8");
    const mutated = schemas.replace(/(export const (\w+)Schema: z\.ZodType<T\.\w+> = z\.looseObject\(\{\s+\w+: )z\.string\(\)/, "$1z.number()");
    expect(mutated).not.toBe(schemas);
    writeFileSync(join(dir, "gen/schemas.ts"), mutated);
    const result = await tsc(dir, STRICT_NODENEXT, ["gen/*.ts"]);
    expect(result.code).not.toBe(0);
    expect(result.diagnostics.some((d) => d.includes("schemas.ts"))).toBe(true);
  });
});

/** The source line a `file(line,col): error` diagnostic points at. */
function readLine(file: string, diagnostic: string): string {
  const line = Number(/\((\d+),\d+\)/.exec(diagnostic)?.[1] ?? 0);
  return readFileSync(file, "utf8").split("\n")[line - 1] ?? "";
}
