import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";
import { STRICTEST, compile } from "../helpers/tsc.js";

// Hardening (item 13): a deep chain of `extends` was flattened into every schema and fast
// validator, so an N-deep chain emitted O(N²) code (a 1,000-deep one: a 15.6 MB schemas.ts).
// Past model/links.ts's LINK_DEPTH, an interface that only adds properties builds on its bases'
// schema and validator: output grows linearly, and the verdicts and types stay the flattened ones.

/** L0 … L(n-1), each adding one property (every third optional) to the one before; a side branch with two bases. */
function chain(n: number): string {
  let text = "export interface L0 {\n  /** The root's property. */\n  p0: string;\n}\n";
  for (let i = 1; i < n; i++) text += `/** Level ${i}. */\nexport interface L${i} extends L${i - 1} {\n  p${i}${i % 3 === 0 ? "?" : ""}: ${i % 2 ? "number" : "string"};\n}\n`;
  text += `export interface Side { side: boolean }\nexport interface Both extends L${n - 1}, Side { both: "yes" }\n`;
  // Overrides and Omit are not plain extensions: they keep the flattened form, with the same verdicts.
  text += `export interface Narrowed extends L${n - 1} { p0: "only" }\nexport interface Without extends Omit<L${n - 1}, "p1"> { extra?: string[] }\n`;
  return text;
}

function sample(n: number): Record<string, unknown> {
  const value: Record<string, unknown> = { unknownKey: { kept: true } };
  for (let i = 0; i < n; i++) value[`p${i}`] = i % 2 ? i : `s${i}`;
  return value;
}

const bytes = (fixture: Fixture, file: string) => statSync(join(fixture.outDir, file)).size;

describe("a deep extends chain: linear output, flattened verdicts and types", () => {
  const sizes = [100, 200, 400];
  const fixtures = new Map<number, Fixture>();
  beforeAll(async () => {
    for (const n of sizes) fixtures.set(n, await generateFromText(`extends-chain-${n}`, chain(n)));
  }, 300_000);

  it.each(["schemas.ts", "validators.ts"])("%s grows linearly with the chain's depth (doubling it at most 2.2× the bytes)", (file) => {
    const [small, medium, large] = sizes.map((n) => bytes(fixtures.get(n)!, file));
    console.log(`${file}: ${sizes.map((n, i) => `${n} levels ${[small, medium, large][i]} bytes`).join(", ")}`);
    expect(medium! / small!).toBeLessThan(2.2);
    expect(large! / medium!).toBeLessThan(2.2);
  });

  it("Zod and the fast path agree with the flattened shape at every depth, and unknown keys are kept", () => {
    const n = 200;
    const { module } = fixtures.get(n)!;
    const full = sample(n);
    for (const level of [0, 5, 8, 9, 10, 100, n - 1]) {
      const name = `L${level}`;
      const wrongDeep = { ...full, p3: "not a number" }; // a property far down the chain
      const missing = { ...full };
      delete missing[`p${level}`];
      const present = level % 3 !== 0 || level === 0; // p(level) is optional on every third level
      const cases: Array<[unknown, boolean]> = [[full, true], [wrongDeep, level < 3], [missing, !present], [null, false], [[], false]];
      for (const [value, expected] of cases) {
        expect(zodVerdict(module, name, value), `${name} Zod ${JSON.stringify(value)?.slice(0, 40)}`).toBe(expected);
        expect(fastVerdict(module, name, value), `${name} fast`).toBe(expected);
      }
    }
    const parsed = (module[`L${n - 1}Schema`] as { parse(v: unknown): Record<string, unknown> }).parse(full);
    expect(parsed["unknownKey"]).toEqual({ kept: true });
    expect(Object.keys(parsed)).toHaveLength(n + 1);
    for (const [name, value, expected] of [
      ["Both", { ...full, side: true, both: "yes" }, true],
      ["Both", { ...full, side: true, both: "no" }, false],
      ["Both", { ...full, both: "yes" }, false],
      ["Narrowed", { ...full, p0: "only" }, true],
      ["Narrowed", full, false],
      ["Without", { ...full, p1: "no longer checked", extra: ["a"] }, true],
      ["Without", { ...full, extra: [1] }, false],
    ] as const) {
      expect(zodVerdict(module, name, value), `${name} Zod`).toBe(expected);
      expect(fastVerdict(module, name, value), `${name} fast`).toBe(expected);
    }
  });

  it("compiles under the strictest settings, and each schema's input and output types are its interface", () => {
    const n = 200;
    const { outDir } = fixtures.get(n)!;
    const levels = [1, 8, 9, 10, 57, n - 1].map((l) => `L${l}`);
    // As in the spec equivalence tests: a loose object's output is the interface plus unknown
    // keys, so it must extend the interface; wrong types at both ends of the chain must not.
    const check = (name: string) =>
      `export type ${name}Out = Holds<Extends<z.output<typeof S.${name}Schema>, T.${name}>>;\n` +
      `export type ${name}In = Holds<Extends<z.input<typeof S.${name}Schema>, T.${name}>>;\n`;
    const deepest = `z.output<typeof S.L${n - 1}Schema>`;
    writeFileSync(
      join(outDir, "equivalence.ts"),
      `import type { z } from "zod";\nimport type * as S from "./schemas.js";\nimport type * as T from "./types.js";\n` +
        `type Extends<A, B> = [A] extends [B] ? true : false;\ntype Holds<X extends true> = X;\ntype Fails<X extends false> = X;\n` +
        [...levels, "Both"].map(check).join("") +
        `export type RightAtTheTop = Holds<Extends<${deepest}, { p101: number; p${n - 1}: number }>>;\n` +
        `export type WrongAtTheTop = Fails<Extends<${deepest}, { p101: string }>>;\n` +
        `export type WrongAtTheRoot = Fails<Extends<${deepest}, { p0: number }>>;\n` +
        `export type OptionalStaysOptional = Fails<Extends<${deepest}, { p3: number }>>;\n`,
    );
    const diagnostics = compile(outDir, STRICTEST, ["**/*.ts"]).diagnostics();
    expect(diagnostics).toEqual([]);
    expect(readFileSync(join(outDir, "schemas.ts"), "utf8")).toContain("...L198Schema.shape");
  }, 300_000);
});
