import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { emitRevision } from "../../src/emit/index.js";
import { exportedNames } from "../../src/emit/names.js";
import { GeneratorError } from "../../src/errors.js";
import { generate } from "../../src/generate.js";
import { readSchemaFile } from "../../src/schema/resolve.js";
import { revisionModel } from "../helpers/models.js";
import { REVISIONS, scratchDir } from "../helpers/spec.js";
import { shareRuntime, STRICTEST, tsc } from "../helpers/tsc.js";

async function generateText(text: string, out = join(scratchDir("names-out"), "gen")): Promise<{ error?: GeneratorError; out: string }> {
  const dir = scratchDir("names");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "schema.ts"), text);
  try {
    await generate({ sources: [readSchemaFile(join(dir, "schema.ts"))], outDir: out, check: false, emit: "ts" });
    return { out };
  } catch (error) {
    if (error instanceof GeneratorError) return { error, out };
    throw error;
  }
}

/** Each must be refused with a location (line:col of the culprit), never generate code that does not compile. */
const refused: Array<[string, string, RegExp]> = [
  ["a type Foo beside a type FooSchema", "export interface Foo { a: string }\nexport type FooSchema = string;\n", /:2:\d+: `FooSchema` would be exported/],
  ["a type Foo beside a constant FooSchema", "export interface Foo { a: string }\nexport const FooSchema = \"x\";\n", /:2:\d+: `FooSchema` would be exported/],
  ["a constant PROTOCOL_VERSION that is not the protocol version", "export const LATEST = \"2030-01-01\";\nexport const PROTOCOL_VERSION = 3;\n", /:2:\d+: the schema's PROTOCOL_VERSION \(3\) disagrees/],
  ["a constant named MAX_NESTING_DEPTH", "export const MAX_NESTING_DEPTH = 3;\n", /:1:\d+: `MAX_NESTING_DEPTH` would be exported/],
  ["a type named like the API (McpError)", "export interface McpError { code: number }\n", /:1:\d+: `McpError` would be exported/],
  ["a type named like the API (createServer)", "export type createServer = string;\n", /:1:\d+: `createServer` would be exported/],
  ["a user interface Omit", "export interface Omit { a: string }\nexport interface B { b: string }\nexport interface C extends Omit<B, \"b\"> { c: string }\n", /:1:\d+: `Omit` redeclares/],
  ["a user type Record", "export type Record = { a: string };\n", /:1:\d+: `Record` redeclares/],
  ["type A = A | string", "export type A = A | string;\n", /:1:\d+: /],
  ...["await", "yield", "let", "undefined", "static", "number"].map((name): [string, string, RegExp] => [`a type named ${name}`, `export interface X { a: string }\nexport type ${name} = X;\n`, /:2:\d+: `\w+` cannot name a type/]),
  ["a constant named let", "export const let = 1;\n", /:1:\d+: .*(cannot name a constant|reserved|syntax)/],
];

describe("names the generated code cannot carry are refused at the declaration (exit 2, file:line:col)", () => {
  it.each(refused)("%s", async (_name, text, message) => {
    const { error } = await generateText(text);
    expect(error, "refused").toBeInstanceOf(GeneratorError);
    expect(error!.format()).toMatch(message);
  });

  it("near misses generate and compile under the strictest settings", async () => {
    const root = scratchDir("names-ok");
    const cases = [
      "export interface Foo { a: string }\nexport type FooSchemaLike = string;\n",
      "export const LATEST = \"2030-01-01\";\nexport const MAX_DEPTH = 3;\n",
      "export const PROTOCOL_VERSION = \"2030-01-01\";\n",
      "export interface McpErrors { code: number }\nexport type Awaited2 = string;\n",
      "export interface Omitted { a: string }\nexport interface C extends Omit<Omitted, \"a\"> { c: string }\n",
    ];
    for (const [i, text] of cases.entries()) {
      const { error } = await generateText(text, join(root, `case${i}`));
      expect(error, text).toBeUndefined();
    }
    writeFileSync(join(root, "package.json"), '{"type":"module"}');
    shareRuntime(cases.map((_, i) => join(root, `case${i}`))); // the runtime checked once, not once per case
    const result = await tsc(root, STRICTEST, ["case*/*.ts"], { modulesOnly: true }); // the modules; the runtime through their imports (its bodies are checked elsewhere: moduleDiagnostics)
    expect(result.diagnostics).toEqual([]);
  });
});

describe("exportedNames against TypeScript's own reading of each emitted module", () => {
  /** The exports TypeScript's parser sees: declarations with `export`, and `export { … }` lists. */
  function parsedExports(path: string, content: string): string[] {
    const file = ts.createSourceFile(path, content, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    const out: string[] = [];
    const exported = (s: ts.Statement) => ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const s of file.statements) {
      if (ts.isVariableStatement(s) && exported(s)) for (const d of s.declarationList.declarations) out.push(`${d.name.getText(file)}|value|`);
      else if (ts.isFunctionDeclaration(s) && exported(s) && s.name) out.push(`${s.name.text}|value|`);
      else if ((ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && exported(s)) out.push(`${s.name.text}|type|`);
      else if ((ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) && exported(s) && s.name) out.push(`${s.name.text}|both|`);
      else if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause)) {
        const module = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? /^\.\/([\w.-]+)\.js$/.exec(s.moduleSpecifier.text)?.[1] : undefined;
        for (const e of s.exportClause.elements) {
          const from = module !== undefined && !e.propertyName ? `${module}.ts` : "";
          out.push(`${e.name.text}|${s.isTypeOnly || e.isTypeOnly ? "type" : "both"}|${from}`);
        }
      }
    }
    return out.sort();
  }

  it.each(REVISIONS)("%s: every module of the revision", (revision) => {
    const model = revisionModel(revision);
    const files = emitRevision(model, { generatorVersion: "0.0.0-test", runtimeImport: "./runtime" });
    let counted = 0;
    for (const file of files.filter((f) => f.path.endsWith(".ts"))) {
      const read = exportedNames(file.content).map((n) => `${n.name}|${n.space}|${n.from ?? ""}`).sort();
      expect(read, file.path).toEqual(parsedExports(file.path, file.content));
      counted += read.length;
    }
    // Each declaration X gives at least X, XSchema, isX, parseX and safeParseX.
    expect(counted).toBeGreaterThanOrEqual(5 * model.declarations.length);
  });
});

describe("non-ASCII names are whole Unicode identifiers (issue 32 item 10)", () => {
  it("exportedNames reads CaféArgs whole, not as Caf", () => {
    expect(exportedNames("export type CaféArgs = { a: string };\nexport const CaféArgsSchema = 1;\nexport interface Ünïcødé\u200dX {}\n").map((e) => e.name)).toEqual(["CaféArgs", "CaféArgsSchema", "Ünïcødé\u200dX"]);
  });

  it("a catalog with a tool café generates, its stubs name it café, and a real clash of Unicode names is still refused", async () => {
    const { catalog } = await import("../catalog/helpers.js");
    const dir = scratchDir("unicode-tools");
    mkdirSync(dir, { recursive: true });
    const tools = (names: string[]) => JSON.stringify({ mcpGenCatalog: 1, server: { name: "u", version: "1" }, protocolVersion: "2026-07-28", revision: "2026-07-28", tools: names.map((name) => ({ name, inputSchema: { type: "object", properties: { x: { type: "string" } } } })), prompts: [], resources: [], resourceTemplates: [] });
    writeFileSync(join(dir, "ok.json"), tools(["café", "cafe", "日本語"]));
    const ok = await catalog(["--from", join(dir, "ok.json")], join(dir, "ok"));
    expect([ok.code, ok.stderr]).toEqual([0, ""]);
    const { readFileSync } = await import("node:fs");
    const index = readFileSync(join(dir, "ok/index.ts"), "utf8");
    expect(index).toContain("café: {");
    expect(index).toContain("日本語: {");
    writeFileSync(join(dir, "clash.json"), tools(["café", "Café"]));
    const clash = await catalog(["--from", join(dir, "clash.json")], join(dir, "clash"));
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(/"café", "Café" all become café\(\)|"Café", "café" all become café\(\)/);
  });
});
