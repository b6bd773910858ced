import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stripTypes } from "../../src/transpile/strip-types.js";
import { typescript } from "../../src/transpile/index.js";
import { GENERATED_ROOT, REVISIONS } from "../helpers/spec.js";
import { tokenDifference, typescriptJs } from "../helpers/tokens.js";

// The default output's JavaScript is the generated TypeScript with its types deleted
// (src/transpile/strip-types.ts). Oracle: TypeScript's own emit (`transpileModule`) of the same file,
// compared token by token (test/helpers/tokens.ts): here on small cases and a revision's files;
// the shipped JavaScript of every file, by test/spec/default-output.test.ts.

const ts = typescript();
const SAMPLE = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;

function stripped(text: string): string | undefined {
  return stripTypes(ts, ts.createSourceFile("file.ts", text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS));
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f));
}

describe("the default output's JavaScript: the types deleted, the rest as TypeScript emits it", () => {
  const generated = files(GENERATED_ROOT);

  // The shipped JavaScript of every file is held to TypeScript's emit by test/spec/default-output.test.ts.
  it("handles every file of a revision's output (none is left to TypeScript's slower emit)", () => {
    const revisionFiles = generated.filter((f) => f.includes(`/${SAMPLE}/`));
    expect(revisionFiles.length).toBeGreaterThan(5);
    expect(revisionFiles.filter((f) => stripped(readFileSync(f, "utf8")) === undefined)).toEqual([]);
  });

  it("gives TypeScript's tokens on a sample revision's files", () => {
    for (const file of generated.filter((f) => f.includes(`/${SAMPLE}/`))) {
      const text = readFileSync(file, "utf8");
      expect(tokenDifference(stripped(text)!, typescriptJs(text)), file).toBeUndefined();
    }
  });

  it.each([
    ["an enum", "export enum E { A }"],
    ["a namespace", "export namespace N { export const a = 1; }"],
    ["a parameter property", "export class C { constructor(private x: number) {} }"],
    ["import = require", 'import fs = require("fs");'],
  ])("leaves %s to TypeScript's emit", (_, text) => {
    expect(stripped(text)).toBeUndefined();
  });

  it.each([
    ["annotations and return types", "function f(a: number, b?: string): boolean { return !!a; }", "function f(a, b) { return !!a; }"],
    ["type-only imports and specifiers", 'import type { A } from "a";\nimport { b, type C } from "b";\nb();', 'import { b, } from "b";\nb();'],
    ["as, satisfies, non-null, type arguments", "const x = f<A>(y as B)! satisfies C;", "const x = f(y);"],
    ["interfaces and aliases, with their comments", "/** doc */\nexport interface I { a: 1 }\ntype T = 1;\nexport const v = 1;", "\nexport const v = 1;"],
    ["class modifiers, implements, declare fields, overloads", "class K<T> implements I { private readonly a: T; declare b: 1; m(x: 1): void; m(x: any) {} }", "class K { a; m(x) {} }"],
  ])("deletes %s", (_, text, expected) => {
    expect(stripped(text)!.replace(/\s+/g, " ").trim()).toBe(expected.replace(/\s+/g, " ").trim());
  });
});
