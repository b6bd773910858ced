import { beforeAll, describe, expect, it } from "vitest";
import { parseSchema } from "../../src/parse/index.js";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";
import { ODD_VALUES, TRANSFORMS, variantAt } from "../helpers/hostile.js";
import { PayloadGenerator, mutate, rng, type Site } from "../helpers/payloads.js";

// The fast validators on constructs the spec's revisions use little or not at all: aliases and
// unions of unknown, any, string constraints (code points, patterns), number and array bounds,
// large enums, numeric and null literals, records and catchalls, nested inline objects, the
// `object` keyword, recursion through arrays. Hand-picked cases, then a differential run.

const SCHEMA = `
export type Anything = unknown;
export type Loose = string | unknown;
export interface Unknowns { a: Anything; b: Loose; c?: Anything; d: unknown; e?: unknown; f?: Loose; g: any }
export interface Strings {
  /** @minLength 2 @maxLength 3 */
  short: string;
  /** @pattern ^[a-z]+-[0-9]+$ */
  id?: string;
}
export interface Numbers {
  /** @minimum 0 @maximum 10 */
  count: number;
  /** @TJS-type number @minimum -1.5 */
  ratio?: number;
  /** @minItems 1 @maxItems 2 */
  pair?: string[];
}
export type Level = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j";
export interface Literals { level: Level; bit: 0 | 1; nothing: null; flag?: true; maybe: string | null }
export interface Maps { byName: { [key: string]: number }; tagged: { kind: string; [key: string]: string }; any: object; nested: { inner: { deep?: { x: boolean } } } }
export type Tree = { name: string; children: Tree[] } | string;
export interface Holder { tree: Tree; list: Tree[] }
`;

/** [type, label, value, valid] */
const CASES: Array<[string, string, unknown, boolean]> = [
  ["Unknowns", "all present", { a: 1, b: null, c: "x", d: 0, e: {}, f: [], g: false }, true],
  ["Unknowns", "a, b and g present as undefined (they accept undefined)", { a: undefined, b: undefined, d: 0, g: undefined }, false],
  ["Unknowns", "a and b undefined, g defined", { a: undefined, b: undefined, d: 0, g: 1 }, true],
  ["Unknowns", "d undefined (a required unknown must not be)", { a: 1, b: 1, d: undefined, g: 1 }, false],
  ["Unknowns", "a missing", { b: 1, d: 1, g: 1 }, false],
  ["Unknowns", "optional ones undefined", { a: 1, b: 1, d: 1, g: 1, c: undefined, e: undefined, f: undefined }, true],
  ["Strings", "two code points", { short: "ab" }, true],
  ["Strings", "one astral character is one code point", { short: "😀" }, false],
  ["Strings", "three astral characters (six UTF-16 units)", { short: "😀😀😀" }, true],
  ["Strings", "four code points", { short: "abcd" }, false],
  ["Strings", "lone surrogates count one each", { short: "\uD800\uD800" }, true],
  ["Strings", "pattern", { short: "ab", id: "abc-12" }, true],
  ["Strings", "pattern fails", { short: "ab", id: "ABC-12" }, false],
  ["Numbers", "bounds", { count: 10, ratio: -1.5, pair: ["a"] }, true],
  ["Numbers", "integer expected", { count: 1.5 }, false],
  ["Numbers", "above maximum", { count: 11 }, false],
  ["Numbers", "below minimum", { count: 0, ratio: -1.6 }, false],
  ["Numbers", "too many items", { count: 0, pair: ["a", "b", "c"] }, false],
  ["Numbers", "too few items", { count: 0, pair: [] }, false],
  ["Literals", "all", { level: "j", bit: 1, nothing: null, flag: true, maybe: null }, true],
  ["Literals", "not in the enum", { level: "k", bit: 0, nothing: null, maybe: "" }, false],
  ["Literals", "-0 is 0", { level: "a", bit: -0, nothing: null, maybe: "" }, true],
  ["Literals", "false is not true", { level: "a", bit: 0, nothing: null, flag: false, maybe: "" }, false],
  ["Maps", "records and catchalls", { byName: { a: 1 }, tagged: { kind: "k", x: "y" }, any: {}, nested: { inner: {} } }, true],
  ["Maps", "record value", { byName: { a: "1" }, tagged: { kind: "k" }, any: {}, nested: { inner: {} } }, false],
  ["Maps", "object keyword rejects arrays", { byName: {}, tagged: { kind: "k" }, any: [], nested: { inner: {} } }, false],
  ["Maps", "deep inline object", { byName: {}, tagged: { kind: "k" }, any: {}, nested: { inner: { deep: { x: 1 } } } }, false],
  ["Holder", "trees", { tree: { name: "r", children: ["a", { name: "b", children: [] }] }, list: ["x"] }, true],
  ["Holder", "bad leaf", { tree: { name: "r", children: [1] }, list: [] }, false],
];

let fixture: Fixture;

beforeAll(async () => {
  fixture = await generateFromText("fast-constructs", SCHEMA);
});

describe("fast validators on less common constructs", () => {
  it.each(CASES)("%s: %s", (type, label, value, valid) => {
    expect(zodVerdict(fixture.module, type, value), `${type}Schema, ${label}`).toBe(valid);
    expect(fastVerdict(fixture.module, type, value), `is${type}, ${label}`).toBe(valid);
  });

  it("agree with Zod on 5,000 generated, mutated and JavaScript-only values", () => {
    const { model } = parseSchema({ text: SCHEMA, fileName: "schema.ts", revision: null });
    const random = rng(0xc0de);
    const generator = new PayloadGenerator(model, random);
    const kinds = Object.keys(TRANSFORMS);
    const disagreements: string[] = [];
    let count = 0;
    let accepted = 0;
    const judge = (type: string, kind: string, value: unknown) => {
      const zod = zodVerdict(fixture.module, type, value);
      const fast = fastVerdict(fixture.module, type, value);
      count++;
      accepted += fast ? 1 : 0;
      if (zod !== fast) disagreements.push(`${type} (${kind}): zod ${zod}, fast ${fast}: ${JSON.stringify(value)}`);
    };
    for (let round = 0; count < 5000; round++) {
      for (const declaration of model.declarations) {
        const sites: Site[] = [];
        const value = generator.sample(generator.typeOf(declaration.name), sites);
        judge(declaration.name, "valid", value);
        const mutation = mutate(value, sites, random, generator);
        if (mutation) judge(declaration.name, mutation.kind, mutation.value);
        const variant = variantAt(value, sites, random, kinds[round % kinds.length]!);
        if (variant) judge(declaration.name, variant.kind, variant.value);
        if (round === 0) for (const odd of ODD_VALUES) judge(declaration.name, odd.kind, odd.value);
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(accepted).toBeGreaterThan(count / 4);
    expect(count - accepted).toBeGreaterThan(count / 5);
  });
});
