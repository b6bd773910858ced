import { analyze } from "../../src/model/analyze.js";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../src/errors.js";
import type { OutputFile } from "../../src/emit/common.js";
import { emitRevision, emitRoot } from "../../src/emit/index.js";
import { parseSchema } from "../../src/parse/index.js";
import { declarationsOf, isolatedStatements } from "../../src/transpile/declarations.js";
import { splitHeader, transpileSources, typescript } from "../../src/transpile/index.js";
import { revisionModel } from "../helpers/models.js";
import { REPO_ROOT, REVISIONS } from "../helpers/spec.js";
import { tokenDifference, typescriptDts } from "../helpers/tokens.js";

// The default output's declarations come from deleting bodies and initialisers
// (src/transpile/declarations.ts), not from TypeScript's declaration emitter. Oracle: TypeScript's
// own `transpileDeclaration` of the same text, token for token (test/helpers/tokens.ts), and
// the same `export {}` (which decides what a declaration file keeps private): on the whole
// output of every revision, both revisions' root files, every fixture schema, and small cases.

const ts = typescript();
const OPTIONS = { generatorVersion: "test" };

function declared(text: string): string | undefined {
  return declarationsOf(ts, ts.createSourceFile("/file.ts", text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS));
}

/** Where our declarations of `text` differ from TypeScript's, or undefined. */
function difference(text: string): string | undefined {
  const ours = declared(text)!;
  const theirs = typescriptDts(text);
  const marker = (dts: string) => /^export \{\};$/m.test(dts);
  if (marker(ours) !== marker(theirs)) return `export {}: ours ${marker(ours)}, TypeScript's ${marker(theirs)}`;
  return tokenDifference(ours, theirs);
}

function fixtureFiles(): OutputFile[] {
  const root = join(REPO_ROOT, "test/fixtures");
  return readdirSync(root, { withFileTypes: true })
    // Folders holding a schema.ts of their own (extensions/ holds extension schemas, one per folder).
    .filter((e) => e.isDirectory() && existsSync(join(root, e.name, "schema.ts")))
    .flatMap((e) => {
      const fileName = join(root, e.name, "schema.ts");
      const { model } = parseSchema({ text: readFileSync(fileName, "utf8"), fileName, revision: null });
      return emitRevision(model, { ...OPTIONS, runtimeImport: "./runtime" }).map((f) => ({ ...f, path: `${e.name}/${f.path}` }));
    });
}

function revisionFiles(): OutputFile[] {
  const models = REVISIONS.map((revision) => ({ dir: revision, model: revisionModel(revision) }));
  const files = models.flatMap(({ dir, model }) => emitRevision(model, { ...OPTIONS, runtimeImport: "../runtime" }).map((f) => ({ ...f, path: `${dir}/${f.path}` })));
  return [...files, ...emitRoot(models.map(({ dir, model }) => ({ dir, facts: analyze(model) })), OPTIONS)];
}

describe("declarations without TypeScript's declaration emitter", () => {
  it.each([
    ["every revision's output and the root files", revisionFiles],
    ["every fixture schema's output", fixtureFiles],
  ])("give TypeScript's declarations on %s, no statement left to TypeScript", (_, files) => {
    const all = files();
    expect(all.length).toBeGreaterThan(8);
    const before = isolatedStatements.count;
    const differences = all.flatMap((file) => {
      const found = difference(splitHeader(file.content).body);
      return found ? [`${file.path}: ${found}`] : [];
    });
    expect(differences).toEqual([]);
    expect(isolatedStatements.count - before).toBe(0);
  });

  it.each([
    ["annotations, bodies, initialisers", "export const a: number = f();\nexport function g(x: string, y: number = 1): boolean { return !!x; }"],
    ["literal constants", 'export const a = "x", b = -1, c = true, d = 2n;\nexport let e: string;'],
    ["modifiers TypeScript drops", "export async function f(): Promise<void> {}\nexport function* g(): Generator<number> {}"],
    ["overloads", "export function o(a: string): void;\nexport function o(a: number): void;\nexport function o(a: any) {}"],
    ["destructured parameters with defaults", "export function f({ a = 1, b: [c = 2] }: { a?: number; b: number[] } = { b: [] }): void {}"],
    ["imports: unused ones go, used specifiers stay", 'import { a, b, type C } from "m";\nimport * as ns from "n";\nimport d from "d";\nimport "side";\nexport const x: C = a();\nexport type Y = ns.Y;'],
    ["private declarations kept where referenced, with export {}", "type Hidden = { a: 1 };\ninterface Unused {}\nconst v: Hidden = { a: 1 };\nexport const w: typeof v = v;"],
    ["type parameters are not references", 'import type { T } from "t";\nexport function f<T>(x: T): T { return x; }\nexport type M<K extends string> = { [P in K]: P };\nexport type I<X> = X extends Array<infer T> ? T : never;'],
    ["classes", "export class A<T> extends B<T> implements I {\n  #h = 1;\n  private p = 2;\n  private static q(): void {}\n  protected r: number = 2;\n  readonly s = 1;\n  declare z: 1;\n  static {}\n  constructor(a: T, b: string = \"\") { super(); }\n  public override async m(x?: number): Promise<void> {}\n  get g(): number { return 1; }\n  set g(v: number) {}\n  n(a: string): void;\n  n(a: number): void;\n  n(a: any) {}\n}"],
    ["local exports and re-exports", 'import { a } from "a";\nconst b: number = 1;\nexport { a, b as c };\nexport { d } from "d";\nexport * from "e";'],
    ["statements that only run code", "f();\nif (x) g();\nexport const y: number = 1;"],
    ["literals under as const", 'export const E = { A: -1, "b-c": "x", D: [1, true, { e: 2n }], F: {} } as const;'],
    ["constructs left to TypeScript", "export enum E { A }\nexport namespace N { export const a = 1; }\nconst o: number = 1;\nexport default o;"],
  ])("gives TypeScript's declarations for %s", (_, text) => {
    expect(difference(text)).toBeUndefined();
  });

  it("reports a statement TypeScript cannot declare on its own, where it is", () => {
    const text = "export const fine: number = 1;\nexport const inferred = compute();\n";
    expect(() => transpileSources(new Map([["/bad.ts", text]]))).toThrow(GeneratorError);
    expect(() => transpileSources(new Map([["/bad.ts", text]]))).toThrow(/bad\.ts does not transpile on its own \(TS9010\)/);
  });
});
