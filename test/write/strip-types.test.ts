import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stripTypes } from "../../src/write/strip-types.js";
import { typescript } from "../../src/write/transpile.js";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { tokenDifference, typescriptJs } from "../helpers/tokens.js";

// The default output's JavaScript is the generated TypeScript with its types deleted
// (src/write/strip-types.ts). Oracle: TypeScript's own emit (`transpileModule`) of the same file,
// compared token by token (test/helpers/tokens.ts), every generated file of every revision and
// the runtime included.

const ts = typescript();

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

  it("covers every generated file (all revisions, root files, runtime)", () => {
    expect(generated.length).toBeGreaterThan(50);
  });

  it("gives TypeScript's tokens for every file it handles, and handles every generated revision file", () => {
    const differences: string[] = [];
    const unhandled: string[] = [];
    for (const file of generated) {
      const text = readFileSync(file, "utf8");
      const js = stripped(text);
      if (js === undefined) {
        unhandled.push(file);
        continue;
      }
      const difference = tokenDifference(js, typescriptJs(text));
      if (difference) differences.push(`${file}: ${difference}`);
    }
    expect(differences).toEqual([]);
    // The runtime is transpiled by TypeScript at build time; the revisions' files go through strip-types.
    expect(unhandled.filter((f) => !f.includes("/runtime/"))).toEqual([]);
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
