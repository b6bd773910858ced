import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultOutputFiles } from "../helpers/output-files.js";
import { GENERATED_JS_ROOT, GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";
import { tokenDifference, typescriptDts, typescriptJs } from "../helpers/tokens.js";
import { typescript } from "../../src/transpile/index.js";
import { STRICTEST, compile } from "../helpers/tsc.js";

// The default output (`.js` + `.d.ts`, GENERATED_JS_ROOT) is the `--emit ts` sources
// (GENERATED_ROOT, which the type-level oracles check: the spec's types, Zod's API, the strictest
// settings) transpiled file by file. Held here to TypeScript's own emit of those sources, token
// for token, so that every oracle on the sources holds for what users get; and its declarations
// compile under the strictest settings with skipLibCheck off (which caught a duplicate member in
// the isolated declaration emit of a runtime file).

const HEADER = /^(?:\/\/[^\n]*\n)+/;
const ts = typescript();
/** A runtime source's role folder ("runtime/server" of runtime/server/http.ts). */
const ROLE_FOLDER = /^(runtime\/[\w-]+)\/[^/]+\.ts$/;

/** The names of the values a TypeScript file exports (its types left out), read from its syntax. */
function valueExports(text: string): string[] {
  const tree = ts.createSourceFile("source.ts", text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of tree.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) names.push(...statement.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text));
      continue;
    }
    const modifiers = (ts.canHaveModifiers(statement) && ts.getModifiers(statement)) || [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    // `declare` exports a type-level name only (no value at run time).
    const ambient = modifiers.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
    if (!exported || ambient || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) names.push(statement.name.text);
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
  }
  return names;
}

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
  it("has a .js and a .d.ts for every source file (the runtime's JavaScript one module per role), with its provenance header, and nothing else", () => {
    const expected = defaultOutputFiles(sources());
    expect(expected.length).toBeGreaterThan(100);
    expect(outputs().sort()).toEqual(expected);
    for (const file of sources()) {
      const header = HEADER.exec(read(GENERATED_ROOT, file))![0];
      const role = ROLE_FOLDER.exec(file)?.[1];
      // A role module is many files: it starts with the generated marker, the first line of each header.
      const js = role ? { path: `${role}.js`, start: header.slice(0, header.indexOf("\n") + 1) } : { path: file.replace(/\.ts$/, ".js"), start: header };
      expect(read(GENERATED_JS_ROOT, js.path).startsWith(js.start), `${file} → ${js.path}`).toBe(true);
      expect(read(GENERATED_JS_ROOT, file.replace(/\.ts$/, ".d.ts")).startsWith(header), `${file} → .d.ts`).toBe(true);
    }
  });

  it("each role module of the runtime exports every value its source files export", async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sources()) {
      const role = ROLE_FOLDER.exec(file)?.[1];
      if (!role) continue;
      const module = (await import(pathToFileURL(join(GENERATED_JS_ROOT, `${role}.js`)).href)) as Record<string, unknown>;
      for (const name of valueExports(read(GENERATED_ROOT, file))) {
        checked++;
        if (!(name in module) || module[name] === undefined) missing.push(`${role}.js: ${name} (${file})`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  // One character outside ASCII makes Node decode a whole module into a two-byte string, slower to
  // decode and to compile (scripts/runtime-roles.mjs): the runtime's JSDoc has some ("…", "×").
  it("every .js is ASCII, the role modules too, though the runtime's sources are not", () => {
    const wide = outputs().filter((file) => file.endsWith(".js") && /[^\x00-\x7f]/.test(read(GENERATED_JS_ROOT, file)));
    expect(wide).toEqual([]);
    expect(sources().filter((file) => file.startsWith("runtime/") && /[^\x00-\x7f]/.test(read(GENERATED_ROOT, file))).length).toBeGreaterThan(0);
  });

  it("each .js is TypeScript's JavaScript of its source (zod imported as a namespace), and each .d.ts TypeScript's declarations of it, token for token", () => {
    const runtime = runtimeDeclarations();
    const differences: string[] = [];
    let namespaced = 0;
    for (const file of sources()) {
      const source = read(GENERATED_ROOT, file);
      const declarations = file.startsWith("runtime/") ? runtime(file) : typescriptDts(source);
      const dts = tokenDifference(read(GENERATED_JS_ROOT, file.replace(/\.ts$/, ".d.ts")), declarations);
      if (dts) differences.push(`${file} (.d.ts): ${dts}`);
      if (file.startsWith("runtime/")) continue; // its JavaScript is in its role module (above)
      const output = read(GENERATED_JS_ROOT, file.replace(/\.ts$/, ".js"));
      // The differences: for bundlers (src/transpile/index.ts), `import { z }` becomes `import * as z`;
      // for Node's loader, imports of the runtime's files import their role module.
      expect(output, file).not.toMatch(/^import \{ z \} from "zod";$/m);
      if (/^import \{ z \} from "zod";$/m.test(source)) namespaced++;
      const expected = typescriptJs(source)
        .replace(/^import \{ z \} from "zod";$/m, 'import * as z from "zod";')
        .replace(/(["'])((?:\.\.?\/)+runtime)\/([\w-]+)\/[\w.-]+\.js\1/g, "$1$2/$3.js$1");
      const js = tokenDifference(output, expected);
      if (js) differences.push(`${file} (.js): ${js}`);
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
