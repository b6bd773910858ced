import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { equivalenceFile, writeEquivalenceModule } from "../helpers/equivalence.js";
import { exportedTypeNames } from "../helpers/spec-exports.js";
import { GENERATED_ROOT, REPO_ROOT, REVISIONS, SPEC_ROOT, generatedDir } from "../helpers/spec.js";
import { STRICTEST, tsc } from "../helpers/tsc.js";

const ROOT = join(REPO_ROOT, "test/tmp/typecheck");

/** The spec's schema.ts has no package.json of its own: resolve it the bundler way. */
const BUNDLER = { ...STRICTEST, module: "ESNext", moduleResolution: "bundler", isolatedDeclarations: false, noUnusedLocals: false };

/** Declarations as a library built on the output would ship them: stripInternal included. */
const DECLARATIONS = { ...STRICTEST, noEmit: false, declaration: true, emitDeclarationOnly: true, stripInternal: true };

function rel(from: string, to: string): string {
  return relative(from, to).replace(/\\/g, "/");
}

describe("generated output type-checks under the strictest settings", () => {
  it("every revision compiles (exactOptionalPropertyTypes, isolatedDeclarations, …) and its declarations, built with stripInternal, keep every exported type", async () => {
    const dir = join(ROOT, "strictest");
    const out = join(dir, "dts");
    const result = await tsc(dir, { ...DECLARATIONS, outDir: out, rootDir: rel(dir, GENERATED_ROOT) }, [`${rel(dir, GENERATED_ROOT)}/**/*.ts`]);
    expect(result.diagnostics).toEqual([]);
    expect(result.code).toBe(0);
    for (const revision of REVISIONS) {
      const declarations = readFileSync(join(out, revision, "types.d.ts"), "utf8");
      const missing = exportedTypeNames(join(SPEC_ROOT, revision, "schema.ts")).filter((name) => !new RegExp(`export (interface|type) ${name}\\b`).test(declarations));
      expect(missing, revision).toEqual([]);
    }
  });

  it("the recursive schemas' values match their stated types (the cast removed, checked with satisfies)", async () => {
    const dir = join(ROOT, "recursive");
    let casts = 0;
    cpSync(GENERATED_ROOT, dir, { recursive: true });
    for (const revision of REVISIONS) {
      const file = join(dir, revision, "schemas.ts");
      const text = readFileSync(file, "utf8");
      casts += text.split(" as unknown as ").length - 1;
      writeFileSync(file, text.replaceAll(" as unknown as ", " satisfies "));
    }
    expect(casts).toBeGreaterThan(0);
    const result = await tsc(dir, STRICTEST, ["*/**/*.ts"]);
    expect(result.diagnostics).toEqual([]);
  });
});

describe("type equivalence with the spec's own schema.ts", () => {
  const dir = join(ROOT, "equivalence");
  const counts = new Map<string, number>();

  beforeAll(() => {
    for (const revision of REVISIONS) {
      const names = exportedTypeNames(join(SPEC_ROOT, revision, "schema.ts"));
      counts.set(revision, names.length);
      writeEquivalenceModule(equivalenceFile(dir, revision), join(SPEC_ROOT, revision, "schema.ts"), join(generatedDir(revision), "index.ts"), join(generatedDir(revision), "schemas.ts"), names);
    }
  });

  it("asserts every exported type of every revision", () => {
    expect([...counts.keys()]).toEqual(REVISIONS);
    for (const count of counts.values()) expect(count).toBeGreaterThan(70);
  });

  it("generated X and spec X are mutually assignable; XSchema's input and output are spec Xs (exactOptionalPropertyTypes on)", async () => {
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
    const mutated = spec.replace(widened[0], mutate(widened, "string | boolean")).replace(narrowed[0], mutate(narrowed, '"only-this"'));
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

  /** A copy of the revision's output with one edit, compiled under the strictest settings. */
  async function compileMutated(name: string, file: string, edit: (text: string) => string, options: object = STRICTEST): Promise<string[]> {
    const dir = join(ROOT, name);
    cpSync(GENERATED_ROOT, join(dir, "gen"), { recursive: true });
    const text = readFileSync(join(dir, "gen", revision, file), "utf8");
    const mutated = edit(text);
    expect(mutated, `${name}: the edit applies`).not.toBe(text);
    writeFileSync(join(dir, "gen", revision, file), mutated);
    return (await tsc(dir, options, [`gen/${revision}/*.ts`])).diagnostics;
  }

  it("a schema value that does not match its declared Zod type is a compile error in schemas.ts", async () => {
    const diagnostics = await compileMutated("broken-value", "schemas.ts", (t) => t.replace(/(const \w+Schema\$ = z\.looseObject\(\{\s+\w+: )z\.string\(\)/, "$1z.number()"));
    expect(diagnostics.some((d) => d.includes("schemas.ts"))).toBe(true);
  });

  it("exactOptionalPropertyTypes is really on: `?: T | undefined` in a generated type is rejected against its schema", async () => {
    const dir = join(ROOT, "broken-optional");
    cpSync(GENERATED_ROOT, join(dir, "gen"), { recursive: true });
    writeFileSync(join(dir, "check.ts"), `import type { z } from "zod";\nimport type { ImplementationSchema } from "./gen/${revision}/schemas.js";\nexport const x: z.output<typeof ImplementationSchema> = { name: "n", version: "1", title: undefined };\n`);
    const result = await tsc(dir, STRICTEST, [`gen/${revision}/*.ts`, "check.ts"]);
    expect(result.diagnostics.join("\n")).toMatch(/check\.ts.*TS2375|check\.ts.*TS2322/);
  });

  it("isolatedDeclarations is really on: an export without its annotation is an error", async () => {
    const diagnostics = await compileMutated("broken-annotation", "schemas.ts", (t) => t.replace(/export const (\w+Schema): z\.ZodObject<[\s\S]*?> = (\w+\$);/, "export const $1 = $2;"));
    expect(diagnostics.join("\n")).toMatch(/TS9010/);
  });

  it("stripInternal is really on: an @internal tag would drop a declaration", async () => {
    const dir = join(ROOT, "broken-internal");
    const out = join(dir, "dts");
    cpSync(GENERATED_ROOT, join(dir, "gen"), { recursive: true });
    const types = join(dir, "gen", revision, "types.ts");
    writeFileSync(types, readFileSync(types, "utf8").replace(/\nexport type (\w+) =/, "\n/** @internal */\nexport type $1 ="));
    const name = /\/\*\* @internal \*\/\nexport type (\w+) =/.exec(readFileSync(types, "utf8"))![1]!;
    await tsc(dir, { ...DECLARATIONS, outDir: out, rootDir: "gen" }, [`gen/${revision}/*.ts`]);
    expect(readdirSync(join(out, revision))).toContain("types.d.ts");
    expect(readFileSync(join(out, revision, "types.d.ts"), "utf8")).not.toMatch(new RegExp(`export type ${name} =`));
  });
});

/** The source line a `file(line,col): error` diagnostic points at. */
function readLine(file: string, diagnostic: string): string {
  const line = Number(/\((\d+),\d+\)/.exec(diagnostic)?.[1] ?? 0);
  return readFileSync(file, "utf8").split("\n")[line - 1] ?? "";
}
