import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_JS_ROOT, GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";
import { tokenDifference, typescriptDts, typescriptJs } from "../helpers/tokens.js";
import { STRICTEST, compile } from "../helpers/tsc.js";

// The default output (`.js` + `.d.ts`, GENERATED_JS_ROOT) is the `--emit ts` sources
// (GENERATED_ROOT, which the type-level oracles check: the spec's types, Zod's API, the strictest
// settings) transpiled file by file. Held here to TypeScript's own emit of those sources, token
// for token, so that every oracle on the sources holds for what users get; and its declarations
// compile under the strictest settings with skipLibCheck off (which caught a duplicate member in
// the isolated declaration emit of a runtime file).

const HEADER = /^(?:\/\/[^\n]*\n)+/;

function sources(): string[] {
  return readdirSync(GENERATED_ROOT, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
}

function outputs(): string[] {
  return readdirSync(GENERATED_JS_ROOT, { recursive: true, encoding: "utf8" }).filter((f) => /\.(js|ts)$/.test(f));
}

const read = (root: string, file: string) => readFileSync(join(root, file), "utf8");

/**
 * The runtime's declarations as tsc emits them with its checker and real library (the build makes
 * them so: isolated declaration emit mangles `[Symbol.asyncIterator]()`); a revision's files are
 * held to isolated declaration emit, which is what generation runs.
 */
function runtimeDeclarations(): (file: string) => string {
  const dir = join(REPO_ROOT, "test/tmp/declarations/runtime");
  const runtime = relative(dir, join(GENERATED_ROOT, "runtime")).replace(/\\/g, "/");
  const outDir = join(dir, "out");
  const compilation = compile(dir, { ...STRICTEST, noEmit: false, emitDeclarationOnly: true, outDir }, [`${runtime}/**/*.ts`]);
  expect(compilation.emit()).toEqual([]);
  return (file) => readFileSync(join(outDir, file.slice("runtime/".length).replace(/\.ts$/, ".d.ts")), "utf8");
}

describe("the default output is the --emit ts sources, transpiled", () => {
  it("has a .js and a .d.ts for every source file, with its provenance header, and nothing else", () => {
    const expected = sources().flatMap((f) => [f.replace(/\.ts$/, ".js"), f.replace(/\.ts$/, ".d.ts")]);
    expect(expected.length).toBeGreaterThan(100);
    expect(outputs().sort()).toEqual(expected.sort());
    for (const file of sources()) {
      const header = HEADER.exec(read(GENERATED_ROOT, file))![0];
      for (const out of [".js", ".d.ts"]) expect(read(GENERATED_JS_ROOT, file.replace(/\.ts$/, out)).startsWith(header), `${file} → ${out}`).toBe(true);
    }
  });

  it("each .js is TypeScript's JavaScript of its source (zod imported as a namespace), and each .d.ts TypeScript's declarations of it, token for token", () => {
    const runtime = runtimeDeclarations();
    const differences: string[] = [];
    let namespaced = 0;
    for (const file of sources()) {
      const source = read(GENERATED_ROOT, file);
      const output = read(GENERATED_JS_ROOT, file.replace(/\.ts$/, ".js"));
      // The one difference, for bundlers (src/write/transpile.ts): `import { z }` becomes `import * as z`.
      expect(output, file).not.toMatch(/^import \{ z \} from "zod";$/m);
      if (/^import \{ z \} from "zod";$/m.test(source)) namespaced++;
      const js = tokenDifference(output, typescriptJs(source).replace(/^import \{ z \} from "zod";$/m, 'import * as z from "zod";'));
      const declarations = file.startsWith("runtime/") ? runtime(file) : typescriptDts(source);
      const dts = tokenDifference(read(GENERATED_JS_ROOT, file.replace(/\.ts$/, ".d.ts")), declarations);
      if (js) differences.push(`${file} (.js): ${js}`);
      if (dts) differences.push(`${file} (.d.ts): ${dts}`);
    }
    expect(differences).toEqual([]);
    expect(namespaced).toBeGreaterThan(0);
  });

  it("its declarations type-check under the strictest settings with skipLibCheck off (a broken copy does not)", () => {
    const root = join(REPO_ROOT, "test/tmp/declarations");
    const broken = join(root, "broken/schemas.d.ts");
    const sample = readdirSync(GENERATED_JS_ROOT).find((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))!;
    mkdirSync(dirname(broken), { recursive: true });
    const original = read(GENERATED_JS_ROOT, `${sample}/schemas.d.ts`).replace(/from "\.\/(\w+)\.js"/g, (_, m: string) => `from "${relative(dirname(broken), join(GENERATED_JS_ROOT, sample, m))}.js"`);
    writeFileSync(broken, original.replace(/: z\.ZodString;/, ": z.ZodStrin;").replace(/from "\.\.\/runtime\//g, `from "${relative(dirname(broken), join(GENERATED_JS_ROOT, "runtime"))}/`));
    const generated = relative(root, GENERATED_JS_ROOT).replace(/\\/g, "/");
    const compilation = compile(root, { ...STRICTEST, skipLibCheck: false, declaration: false, isolatedDeclarations: false }, [`${generated}/**/*.d.ts`, "broken/*.d.ts"]);
    const ours = (f: string) => !relative(GENERATED_JS_ROOT, f).startsWith("..");
    expect(compilation.diagnostics(ours)).toEqual([]);
    expect(compilation.diagnostics((f) => f === broken).join("\n")).toMatch(/TS2724|TS2694|TS2305/);
  });
});
