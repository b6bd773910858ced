import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fastVerdict, generateFromText, generateOnly, zodVerdict, type Fixture } from "../helpers/fixture.js";
import { STRICTEST, compile, moduleDiagnostics } from "../helpers/tsc.js";

// Hardening (item 13): a deep chain of `extends` was flattened into every schema and fast
// validator, so an N-deep chain emitted O(N²) code (a 1,000-deep one: a 15.6 MB schemas.ts).
// Past model/links.ts's LINK_DEPTH, an interface builds on its bases' schema and validator (also
// through Omit and with overrides): output grows linearly, and the verdicts and types stay the
// flattened ones.

/** L0 … L(n-1), each adding one property (every third optional) to the one before; a side branch with two bases. */
function chain(n: number): string {
  let text = "export interface L0 {\n  /** The root's property. */\n  p0: string;\n}\n";
  for (let i = 1; i < n; i++) text += `/** Level ${i}. */\nexport interface L${i} extends L${i - 1} {\n  p${i}${i % 3 === 0 ? "?" : ""}: ${i % 2 ? "number" : "string"};\n}\n`;
  text += `export interface Side { side: boolean }\nexport interface Both extends L${n - 1}, Side { both: "yes" }\n`;
  // An override and an Omit at the top of the chain.
  text += `export interface Narrowed extends L${n - 1} { p0: "only" }\nexport interface Without extends Omit<L${n - 1}, "p1"> { extra?: string[] }\n`;
  return text + omitChain(n) + intersectionChain(n);
}

/** I0 … I(n-1) as aliases: `type I<i> = I<i-1> & { r<i>: string }`, the same chain written as intersections. */
function intersectionChain(n: number): string {
  let text = "export type I0 = { r0: string };\n";
  for (let i = 1; i < n; i++) text += `export type I${i} = I${i - 1} & { r${i}${i % 4 === 0 ? "?" : ""}: string };\n`;
  return text;
}

/**
 * O0 … O(n-1): each level omits `x` and declares it again with the other type, narrows the
 * inherited `kind` (an override), and adds `q<i>`; `_meta` is declared again at every level.
 * The override of `kind` and the integer `count` test that a base does not check a replaced key.
 */
function omitChain(n: number): string {
  let text = "export interface O0 {\n  x: string;\n  kind: string;\n  /** @minimum 10 */\n  count: number;\n  _meta?: { [key: string]: unknown };\n  q0: string;\n}\n";
  for (let i = 1; i < n; i++) {
    const count = i === 1 ? "  /** @TJS-type number */\n  count: number;\n" : "";
    text += `export interface O${i} extends Omit<O${i - 1}, "x"> {\n  x: ${i % 2 ? "number" : "string"};\n  kind: "o";\n${count}  _meta?: { [key: string]: unknown };\n  q${i}: string;\n}\n`;
  }
  return text;
}

function omitSample(n: number, level: number): Record<string, unknown> {
  const value: Record<string, unknown> = { x: level % 2 ? 1 : "s", kind: "o", count: 1.5, _meta: { a: 1 }, extra: true };
  for (let i = 0; i <= level; i++) value[`q${i}`] = `q${i}`;
  return value;
}

function sample(n: number): Record<string, unknown> {
  const value: Record<string, unknown> = { unknownKey: { kept: true } };
  for (let i = 0; i < n; i++) value[`p${i}`] = i % 2 ? i : `s${i}`;
  return value;
}

const bytes = (outDir: string, file: string) => statSync(join(outDir, file)).size;

describe("a deep extends chain: linear output, flattened verdicts and types", () => {
  // Quadratic output would grow about 3× from 50 to 100 levels already (50 levels flatten 1,275
  // properties into the L chain alone); the tests below import and compile only the middle one,
  // 98 levels: twelve times LINK_DEPTH, past the 60 where TypeScript stops resolving an Omit
  // chain. (The 196-level one cost 24 CPU-s to compile; its verdicts and types are the same code.)
  const sizes = [49, 98, 196];
  const N = sizes[1]!;
  const outDirs = new Map<number, string>();
  const fixtures = new Map<number, Fixture>();
  beforeAll(async () => {
    for (const n of sizes.filter((n) => n !== N)) outDirs.set(n, await generateOnly(`extends-chain-${n}`, chain(n)));
    fixtures.set(N, await generateFromText(`extends-chain-${N}`, chain(N)));
    outDirs.set(N, fixtures.get(N)!.outDir);
  }, 300_000);

  it.each(["schemas.ts", "validators.ts"])("%s grows linearly with the chain's depth (doubling it at most 2.2× the bytes)", (file) => {
    const [small, medium, large] = sizes.map((n) => bytes(outDirs.get(n)!, file));
    console.log(`${file}: ${sizes.map((n, i) => `${n} levels ${[small, medium, large][i]} bytes`).join(", ")}`);
    expect(medium! / small!).toBeLessThan(2.2);
    expect(large! / medium!).toBeLessThan(2.2);
  });

  it("Zod and the fast path agree with the flattened shape at every depth, and unknown keys are kept", () => {
    const n = N;
    const { module } = fixtures.get(n)!;
    const full = sample(n);
    for (const level of [0, 5, 8, 9, 10, 64, n - 1]) {
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
    for (const level of [1, 5, 8, 9, 10, 57, n - 1]) {
      const name = `O${level}`;
      const good = omitSample(n, level);
      const cases: Array<[unknown, boolean]> = [
        [good, true],
        [{ ...good, x: level % 2 ? "s" : 1 }, false], // x has the other type at this level
        [{ ...good, kind: "other" }, false], // the narrowed kind
        [{ ...good, count: 5 }, true], // count is a number from level 1 on: neither integer nor at least 10
        [{ ...good, _meta: 1 }, false],
        [{ ...good, q0: 1 }, false], // far down the chain
        [Object.fromEntries(Object.entries(good).filter(([key]) => key !== `q${level}`)), false],
      ];
      for (const [value, expected] of cases) {
        expect(zodVerdict(module, name, value), `${name} Zod ${JSON.stringify(value)?.slice(0, 60)}`).toBe(expected);
        expect(fastVerdict(module, name, value), `${name} fast ${JSON.stringify(value)?.slice(0, 60)}`).toBe(expected);
      }
    }
    const rs = Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, `r${i}`]));
    for (const [value, expected] of [
      [rs, true],
      [{ ...rs, r0: 0 }, false],
      [Object.fromEntries(Object.entries(rs).filter(([key]) => key !== "r1")), false],
      [Object.fromEntries(Object.entries(rs).filter(([key]) => key !== "r4")), true],
    ] as const) {
      expect(zodVerdict(module, `I${n - 1}`, value), `I${n - 1} Zod`).toBe(expected);
      expect(fastVerdict(module, `I${n - 1}`, value), `I${n - 1} fast`).toBe(expected);
    }
    const omitted = (module[`O${n - 1}Schema`] as { parse(v: unknown): Record<string, unknown> }).parse(omitSample(n, n - 1));
    expect(Object.keys(omitted).slice(0, 5)).toEqual(["kind", "count", "_meta", "q0", "q1"]);
    expect(omitted["extra"]).toBe(true);
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
    const n = N; // n - 1 is odd and not a multiple of 3: its property is a required number
    const { outDir } = fixtures.get(n)!;
    // TypeScript itself stops resolving a chain of `Omit` interfaces past about 60 levels (TS2589 on
    // `T.O100["q0"]`), so the Omit chain's types are checked below that; its schemas are typed by
    // those interfaces (opaqueLinks), and its verdicts are checked at every depth above.
    const levels = [...[1, 8, 9, 10, 57, n - 1].flatMap((l) => [`L${l}`, `I${l}`]), ...[1, 8, 9, 10, 40].map((l) => `O${l}`)];
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
        `export type RightAtTheTop = Holds<Extends<${deepest}, { p91: number; p${n - 1}: number }>>;\n` +
        `export type WrongAtTheTop = Fails<Extends<${deepest}, { p91: string }>>;\n` +
        `export type WrongAtTheRoot = Fails<Extends<${deepest}, { p0: number }>>;\n` +
        `export type OptionalStaysOptional = Fails<Extends<${deepest}, { p3: number }>>;\n` +
        `export type OmittedAndDeclaredAgain = Holds<Extends<z.output<typeof S.O40Schema>, { x: string; kind: "o"; q0: string }>>;\n` +
        `export type NotTheOmittedType = Fails<Extends<z.output<typeof S.O40Schema>, { x: number }>>;\n` +
        `export type NotTheReplacedType = Fails<Extends<z.output<typeof S.O39Schema>, { kind: "other" }>>;\n`,
    );
    const diagnostics = moduleDiagnostics(compile(outDir, STRICTEST, ["**/*.ts"])); // the runtime is checked elsewhere
    expect(diagnostics).toEqual([]);
    const schemas = readFileSync(join(outDir, "schemas.ts"), "utf8");
    expect(schemas).toContain(`...L${n - 2}Schema.shape`);
    expect(schemas).toContain(`...I${n - 2}Schema.shape`);
    expect(schemas).toContain(`...rt.withoutKeys(rt.shapeOf(O${n - 2}Schema), ["x"])`);
    expect(schemas).toContain(`export const O${n - 1}Schema: z.ZodType<T.O${n - 1}, T.O${n - 1}>`);
  }, 300_000);
});
