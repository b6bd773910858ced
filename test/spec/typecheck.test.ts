import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importPath } from "../helpers/equivalence.js";
import { exportedTypeNames } from "../helpers/spec-exports.js";
import { GENERATED_ROOT, REPO_ROOT, REVISIONS, SPEC_ROOT, generatedDir } from "../helpers/spec.js";
import { STRICTEST, compile, type Compilation } from "../helpers/tsc.js";

// One in-process program serves every test of this file: the generated output of every revision
// under the strictest settings, plus edited copies of single files that prove each setting is on.
// Each test asks for the diagnostics of its own files only. (The type equivalence with the spec
// has its own program, in equivalence.test.ts, so that the two run side by side.)
const ROOT = join(REPO_ROOT, "test/tmp/typecheck");
const MUTANTS = join(ROOT, "mutants");
const SAMPLE = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;

/** Declarations as a library built on the output would ship them: stripInternal included. */
const DECLARATIONS = { ...STRICTEST, noEmit: false, declaration: true, emitDeclarationOnly: true, stripInternal: true };

const under = (dir: string) => (file: string) => !relative(dir, file).startsWith("..");

/**
 * A generated file with one edit, written under MUTANTS with its imports pointed back at the
 * generated output: the edited file is the only new file in the program.
 */
function mutant(name: string, revision: string, file: string, edit: (text: string) => string): string {
  const text = readFileSync(join(generatedDir(revision), file), "utf8");
  const edited = edit(text);
  expect(edited, `${name}: the edit applies`).not.toBe(text);
  const path = join(MUTANTS, name, revision, file);
  const repoint = (target: string) => importPath(path, target);
  const rewritten = edited
    .replace(/from "\.\/([\w.-]+)\.js"/g, (_, module: string) => `from "${repoint(join(generatedDir(revision), `${module}.ts`))}"`)
    .replace(/from "\.\.\/runtime\/([\w./-]+)\.js"/g, (_, module: string) => `from "${repoint(join(GENERATED_ROOT, "runtime", `${module}.ts`))}"`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, rewritten);
  return path;
}

interface Strictest {
  compilation: Compilation;
  /** Revisions whose schemas.ts has `as unknown as` casts (recursive types), with the copy checked by `satisfies`. */
  recursive: Array<{ revision: string; casts: number; file: string }>;
  /** SAMPLE's schemas.ts with the three edits of BROKEN, each in its own statement. */
  broken: string;
  brokenOptional: string;
  brokenInternal: { file: string; name: string };
}

/**
 * The edits of the one broken copy of SAMPLE's schemas.ts, each with the error it must cause. The
 * value's error is told from the others' by leaving out what their patterns match.
 */
const BROKEN = {
  value: {
    edit: (t: string) => t.replace(/(const \w+Schema\$ = (?:z\.looseObject|rt\.openObject)\(\{\s+\w+: )(?:z\.string\(\)|z\$string\b)/, "$1z.number()"),
    error: /schemas\.ts\(\d+,\d+\): error TS2(322|375|345|379)/, // an argument of rt.typed<…>: 2345/2379
  },
  annotation: {
    edit: (t: string) => t.replace(/export const (\w+Schema): rt\.Typed<\s*\w+\$Type,\s*[\w.]+\s*> =\s*schema\((\d+, \d+)\);/, "export const $1 = schema($2);"),
    error: /TS9010/,
  },
  // The export of CallToolRequestSchema bound to another export's place in the builder's list.
  index: {
    edit: (t: string) => {
      const place = (name: string) => new RegExp(`export const ${name}:[^=]+=\\s*schema\\((\\d+, \\d+)\\);`).exec(t)?.[1];
      return t.replace(new RegExp(`(export const CallToolRequestSchema:[^=]+=\\s*schema\\()\\d+, \\d+\\)`), `$1${place("ListToolsRequestSchema")})`);
    },
    error: /schemas\.ts\(\d+,\d+\): error TS23(22|75): Type .Typed<ListToolsRequestSchema\$Type/,
  },
};

/** The broken copy's errors, less those the other edits' patterns match. */
function brokenErrors(compilation: Compilation, broken: string, edit: keyof typeof BROKEN): string {
  const others = Object.entries(BROKEN).filter(([name]) => name !== edit && name !== "value");
  return compilation.diagnostics((f) => f === broken).filter((d) => !others.some(([, { error }]) => error.test(d))).join("\n");
}

let strictest: Strictest | undefined;
function strictestProgram(): Strictest {
  if (strictest) return strictest;
  for (const stale of [MUTANTS, join(ROOT, "dts")]) rmSync(stale, { recursive: true, force: true });
  const recursive = REVISIONS.map((revision) => ({ revision, casts: readFileSync(join(generatedDir(revision), "schemas.ts"), "utf8").split(" as unknown as ").length - 1 }))
    .filter((r) => r.casts > 0)
    .map((r) => ({ ...r, file: mutant("recursive", r.revision, "schemas.ts", (t) => t.replaceAll(" as unknown as ", " satisfies ")) }));
  // One copy holds the three edits (a copy costs a full check of a 5,000-line schemas.ts, about
  // 2 CPU-s): each test below tells its own error from the others' (see BROKEN).
  const broken = mutant("broken", SAMPLE, "schemas.ts", (t) =>
    Object.entries(BROKEN).reduce((text, [name, { edit }]) => {
      const edited = edit(text);
      expect(edited, `${name}: the edit applies`).not.toBe(text);
      return edited;
    }, t),
  );
  const internalFile = mutant("broken-internal", SAMPLE, "types.ts", (t) => t.replace(/\nexport type (\w+) =/, "\n/** @internal */\nexport type $1 ="));
  const name = /\/\*\* @internal \*\/\nexport type (\w+) =/.exec(readFileSync(internalFile, "utf8"))![1]!;
  const brokenOptional = join(MUTANTS, "broken-optional", "check.ts");
  mkdirSync(dirname(brokenOptional), { recursive: true });
  const schemas = importPath(brokenOptional, join(generatedDir(SAMPLE), "schemas.ts"));
  writeFileSync(brokenOptional, `import type { z } from "zod";\nimport type { ImplementationSchema } from "${schemas}";\nexport const x: z.output<typeof ImplementationSchema> = { name: "n", version: "1", title: undefined };\n`);
  const generated = relative(ROOT, GENERATED_ROOT).replace(/\\/g, "/");
  const options = { ...DECLARATIONS, outDir: "dts", rootDir: relative(ROOT, dirname(GENERATED_ROOT)) };
  const compilation = compile(ROOT, options, [`${generated}/**/*.ts`, "mutants/**/*.ts"]);
  strictest = { compilation, recursive, broken, brokenOptional, brokenInternal: { file: internalFile, name } };
  return strictest;
}

/** Where the declarations of a file of the program land (outDir dts, rootDir test/tmp). */
function declarationOf(file: string): string {
  return join(ROOT, "dts", relative(dirname(GENERATED_ROOT), file)).replace(/\.ts$/, ".d.ts");
}

describe("generated output type-checks under the strictest settings", () => {
  it("every revision compiles (exactOptionalPropertyTypes, isolatedDeclarations, …) and its declarations, built with stripInternal, keep every exported type", () => {
    const { compilation } = strictestProgram();
    expect(compilation.diagnostics(under(GENERATED_ROOT))).toEqual([]);
    expect(compilation.emit(under(GENERATED_ROOT))).toEqual([]);
    for (const revision of REVISIONS) {
      const declarations = readFileSync(declarationOf(join(generatedDir(revision), "types.ts")), "utf8");
      const missing = exportedTypeNames(join(SPEC_ROOT, revision, "schema.ts")).filter((name) => !new RegExp(`export (interface|type) ${name}\\b`).test(declarations));
      expect(missing, revision).toEqual([]);
    }
  });

  it("the recursive schemas' values match their stated types (the cast removed, checked with satisfies)", () => {
    const { compilation, recursive } = strictestProgram();
    // The revisions without a cast are compiled as they are by the test above.
    expect(recursive.reduce((sum, r) => sum + r.casts, 0)).toBeGreaterThan(0);
    const files = new Set(recursive.map((r) => r.file));
    expect(compilation.diagnostics((f) => files.has(f))).toEqual([]);
  });
});

describe("each strictest setting is really on (copies of single files, edited on purpose)", () => {
  it("a schema value that does not match its declared Zod type is a compile error in schemas.ts", () => {
    const { compilation, broken } = strictestProgram();
    expect(brokenErrors(compilation, broken, "value")).toMatch(BROKEN.value.error);
  });

  it("an export bound to another schema's place in the builder's list is a compile error", () => {
    const { compilation, broken } = strictestProgram();
    expect(brokenErrors(compilation, broken, "index")).toMatch(BROKEN.index.error);
  });

  it("exactOptionalPropertyTypes is really on: `?: T | undefined` in a generated type is rejected against its schema", () => {
    const { compilation, brokenOptional } = strictestProgram();
    expect(compilation.diagnostics((f) => f === brokenOptional).join("\n")).toMatch(/check\.ts.*TS2375|check\.ts.*TS2322/);
  });

  it("isolatedDeclarations is really on: an export without its annotation is an error", () => {
    const { compilation, broken } = strictestProgram();
    expect(brokenErrors(compilation, broken, "annotation")).toMatch(BROKEN.annotation.error);
  });

  it("stripInternal is really on: an @internal tag would drop a declaration", () => {
    const { compilation, brokenInternal } = strictestProgram();
    compilation.emit((f) => f === brokenInternal.file);
    const declarations = readFileSync(declarationOf(brokenInternal.file), "utf8");
    expect(declarations).toMatch(/export type \w+ =/);
    expect(declarations).not.toMatch(new RegExp(`export type ${brokenInternal.name} =`));
    expect(readdirSync(dirname(declarationOf(brokenInternal.file)))).toEqual(["types.d.ts"]);
  });
});
