// The layout warning (issue 29 item 2): `mcp-gen` warns when `--out` lies where a tsc build of the
// nearest tsconfig.json drops the output's .js files. The oracle is TypeScript itself: each
// layout's project is built with tsc's own reading of its tsconfig (extends, comments and all),
// and the built program is run with node. The warning must be given exactly when that run fails
// for want of the output's files.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type * as TypeScript from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { layoutWarning } from "../../src/write/layout.js";
import { runCli } from "../helpers/cli.js";
import { REPO_ROOT } from "../helpers/spec.js";

const ts = createRequire(import.meta.url)("typescript") as typeof TypeScript;
const work = mkdtempSync(join(tmpdir(), "mcp-gen-layout-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Layout {
  name: string;
  /** Files of the project besides package.json and the output (path → text; objects are JSON). */
  files: Record<string, string | object>;
  out: string;
  emit?: "js" | "ts";
  /** The program the build runs: it imports the output from here. */
  main?: string;
  warns: boolean;
}

const COMPILE = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, types: [], outDir: "dist" };
const importing = (from: string) => `import { answer } from "${from}";\nconsole.log(answer === 42 ? "ok" : "wrong");\n`;

const LAYOUTS: Layout[] = [
  { name: "--out src/gen inside rootDir src", files: { "tsconfig.json": { compilerOptions: { ...COMPILE, rootDir: "src" }, include: ["src"] }, "src/main.ts": importing("./gen/index.js") }, out: "src/gen", warns: true },
  { name: "the recommended layout: --out gen beside rootDir src", files: { "tsconfig.json": { compilerOptions: { ...COMPILE, rootDir: "src" }, include: ["src"] }, "src/main.ts": importing("../gen/index.js") }, out: "gen", warns: false },
  { name: "no rootDir, include src, --out src/gen", files: { "tsconfig.json": { compilerOptions: COMPILE, include: ["src"] }, "src/main.ts": importing("./gen/index.js") }, out: "src/gen", warns: true },
  { name: "no rootDir, no include, sources in src, --out gen", files: { "tsconfig.json": { compilerOptions: COMPILE }, "src/main.ts": importing("../gen/index.js") }, out: "gen", warns: false },
  {
    name: "no rootDir, no include, a source at the top too (rootDir inferred as the project), --out gen",
    files: { "tsconfig.json": { compilerOptions: COMPILE }, "src/main.ts": importing("../gen/index.js"), "tools.ts": "export const tool = 1;\n" },
    out: "gen",
    warns: true,
  },
  { name: "allowJs: tsc copies the .js", files: { "tsconfig.json": { compilerOptions: { ...COMPILE, rootDir: "src", allowJs: true }, include: ["src"] }, "src/main.ts": importing("./gen/index.js") }, out: "src/gen", warns: false },
  { name: "--emit ts: tsc compiles the output", files: { "tsconfig.json": { compilerOptions: { ...COMPILE, rootDir: "src" }, include: ["src"] }, "src/main.ts": importing("./gen/index.js") }, out: "src/gen", emit: "ts", warns: false },
  {
    name: "rootDir from an extended config with comments and trailing commas",
    files: {
      "tsconfig.base.json": `{\n  // shared settings\n  "compilerOptions": {\n    /* the sources */ "rootDir": "./src",\n    "outDir": "./dist",\n  },\n}\n`,
      "tsconfig.json": `{ "extends": "./tsconfig.base", "compilerOptions": ${JSON.stringify({ ...COMPILE, outDir: undefined })}, "include": ["src",], }`,
      "src/main.ts": importing("./gen/index.js"),
    },
    out: "src/gen",
    warns: true,
  },
  { name: "an excluded folder (a scratch output no source imports)", files: { "tsconfig.json": { compilerOptions: COMPILE, exclude: ["**/tmp"] }, "src/main.ts": importing("./answer.js"), "src/answer.ts": "export const answer = 42;\n" }, out: "src/tmp/gen", warns: false },
];

/** Writes a layout's project: its files, package.json, and the output in the form `--emit` gives. */
function writeLayout(layout: Layout, index: number): string {
  const dir = join(work, String(index));
  const output = layout.emit === "ts" ? { "index.ts": "export const answer: number = 42;\n" } : { "index.js": "export const answer = 42;\n", "index.d.ts": "export declare const answer: number;\n" };
  const files = { "package.json": { type: "module" }, ...layout.files, ...Object.fromEntries(Object.entries(output).map(([name, text]) => [`${layout.out}/${name}`, text])) };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** TypeScript's own libs are parsed once for every build of this file. */
const libs = new Map<string, TypeScript.SourceFile>();
function libCachingHost(options: TypeScript.CompilerOptions): TypeScript.CompilerHost {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, ...rest) => {
    if (!fileName.includes("/node_modules/typescript/lib/")) return read(fileName, version, ...rest);
    const cached = libs.get(fileName) ?? read(fileName, version, ...rest);
    if (cached) libs.set(fileName, cached);
    return cached;
  };
  return host;
}

/** `tsc -p dir` in-process, then node on the built src/main.js: whether it printed "ok". */
function buildAndRun(dir: string): { ran: boolean; output: string } {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, "tsconfig.json"), undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
  if (!config || config.errors.length) throw new Error(`tsconfig: ${config?.errors.map((e) => e.messageText).join("; ")}`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host: libCachingHost(config.options) });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  if (diagnostics.length) throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  const main = ts.getOutputFileNames(config, join(dir, "src/main.ts"), false).find((f) => f.endsWith(".js"))!;
  const run = spawnSync(process.execPath, [main], { encoding: "utf8" });
  return { ran: run.status === 0 && run.stdout.trim() === "ok", output: `${run.stdout}${run.stderr}` };
}

describe("the layout warning, held to what tsc builds", () => {
  LAYOUTS.forEach((layout, index) => {
    it(`${layout.name}: ${layout.warns ? "warns, and the build's run fails" : "silent, and the build runs"}`, () => {
      const dir = writeLayout(layout, index);
      const warning = layoutWarning(join(dir, layout.out), layout.emit ?? "js");
      const { ran, output } = buildAndRun(dir);
      expect(ran, output).toBe(!layout.warns);
      if (!layout.warns) return expect(warning?.message).toBeUndefined();
      if (!ran) expect(output).toMatch(/ERR_MODULE_NOT_FOUND/);
      expect(warning?.message).toMatch(/^--out \S+ lies inside .* drops the output's \.js files .* generate outside \S+ \(e\.g\. --out gen beside src\/, imported as \.\.\/gen\/index\.js\), or pass --emit ts, or set allowJs$/);
      expect(warning?.message).toContain(layout.out);
    });
  });

  it("points at the rootDir it read, in the config of the chain that set it", () => {
    const index = LAYOUTS.findIndex((l) => l.name.startsWith("rootDir from an extended config"));
    const warning = layoutWarning(join(work, String(index), "src/gen"), "js")!;
    expect(warning.location.file).toMatch(/tsconfig\.base\.json$/);
    const line = readFileSync(join(work, String(index), "tsconfig.base.json"), "utf8").split("\n")[warning.location.line - 1]!;
    expect(line.slice(warning.location.column - 1)).toMatch(/^"rootDir": "\.\/src",/);
  });

  it("no tsconfig.json above --out, or one without outDir or with noEmit: silent", () => {
    const bare = join(work, "bare");
    mkdirSync(bare, { recursive: true });
    const outside = layoutWarning(join(bare, "src/gen"), "js");
    writeFileSync(join(bare, "tsconfig.json"), JSON.stringify({ compilerOptions: { rootDir: "src" } }));
    const noOutDir = layoutWarning(join(bare, "src/gen"), "js");
    writeFileSync(join(bare, "tsconfig.json"), JSON.stringify({ compilerOptions: { rootDir: "src", outDir: "dist", noEmit: true } }));
    const noEmit = layoutWarning(join(bare, "src/gen"), "js");
    writeFileSync(join(bare, "tsconfig.json"), JSON.stringify({ compilerOptions: { rootDir: "src", outDir: "dist" } }));
    expect([outside, noOutDir, noEmit, layoutWarning(join(bare, "src/gen"), "js")?.location.line]).toEqual([undefined, undefined, undefined, 1]);
  });
});

describe("mcp-gen prints it as one warning line on stderr", () => {
  const schema = join(REPO_ROOT, "test/fixtures/discriminated-union/schema.ts");
  for (const [layout, warns] of [[LAYOUTS[0]!, true], [LAYOUTS[1]!, false]] as const) {
    it(`${layout.name}: ${warns ? "one line naming the tsconfig and --out, on every run" : "no warning"}`, async () => {
      const dir = join(work, `cli-${warns}`);
      mkdirSync(join(dir, "src"), { recursive: true });
      for (const [path, content] of Object.entries(layout.files)) writeFileSync(join(dir, path), typeof content === "string" ? content : JSON.stringify(content));
      const out = join(dir, layout.out);
      for (const run of ["first", "up to date"]) {
        const { code, stderr } = await runCli(["--schema", schema, "--out", out]);
        expect(code, stderr).toBe(0);
        const lines = stderr.split("\n").filter((l) => /warning/.test(l));
        if (!warns) {
          expect(lines, run).toEqual([]);
          continue;
        }
        expect(lines, run).toHaveLength(1);
        expect(lines[0]).toMatch(/tsconfig\.json:\d+:\d+: warning: --out \S*src\/gen lies inside the rootDir \S*src of \S*tsconfig\.json, .* into \S*dist drops/);
      }
    });
  }
});
