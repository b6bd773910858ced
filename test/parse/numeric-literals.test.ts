import { describe, expect, it } from "vitest";
import { parse, parseError, propertyType } from "./helpers.js";

// Numeric literals are read the way TypeScript reads them; what JSON cannot hold is an error.

describe("numeric literal types", () => {
  const values: Array<[string, number]> = [
    ["-1_000", -1000],
    ["1_000_000", 1_000_000],
    ["0x1F", 31],
    ["-0x10", -16],
    ["0o17", 15],
    ["0b101", 5],
    ["0B1_0", 2],
    ["1e3", 1000],
    ["1e21", 1e21],
    ["-1.5e-3", -0.0015],
    [".5", 0.5],
    ["9007199254740991", Number.MAX_SAFE_INTEGER],
    ["-32_700", -32700],
  ];
  it.each(values)("`%s` is %d", (literal, value) => {
    expect(propertyType(`interface A { a: ${literal} }`, "A", "a")).toEqual({ kind: "literal", value });
  });

  it("in a union and after typeof of a constant", () => {
    const text = "export const CODE = -32_601;\ninterface A { a: 1_0 | -0x1; code: typeof CODE }";
    expect(propertyType(text, "A", "a")).toEqual({ kind: "union", members: [{ kind: "literal", value: 10 }, { kind: "literal", value: -1 }] });
    expect(propertyType(text, "A", "code")).toEqual({ kind: "literal", value: -32601 });
  });

  it("-0 is the literal 0 (TypeScript and JSON do not tell them apart)", () => {
    const type = propertyType("interface A { a: -0 }", "A", "a") as { value: number };
    expect(Object.is(type.value, 0)).toBe(true);
  });

  const errors: Array<[string, string, RegExp]> = [
    ["Infinity", "interface A {\n  a: 1e999;\n}", /^fixture\.ts:2:6: `1e999` is Infinity as a number: JSON cannot represent it/],
    ["-Infinity", "interface A {\n  a: -1e999;\n}", /^fixture\.ts:2:6: `-1e999` is -Infinity/],
    ["a bigint", "interface A {\n  a: 10n;\n}", /^fixture\.ts:2:6: bigint literal `10n` has no JSON form/],
    ["a negative bigint", "interface A {\n  a: -1n;\n}", /^fixture\.ts:2:6: bigint literal `-1n` has no JSON form/],
    ["an integer a double cannot hold", "interface A {\n  a: 9007199254740993;\n}", /^fixture\.ts:2:6: `9007199254740993` cannot be represented exactly.*9007199254740992/],
    ["a hex integer a double cannot hold", "interface A {\n  a: 0x20000000000001;\n}", /^fixture\.ts:2:6: `0x20000000000001` cannot be represented exactly/],
    ["legacy octal (a syntax error)", "interface A {\n  a: 017;\n}", /^fixture\.ts:2:6: syntax error: Octal literals are not allowed/],
  ];
  it.each(errors)("%s is an error with its location", (_name, text, message) => {
    expect(parseError(text)).toMatch(message);
  });
});

describe("numeric constants", () => {
  it("separators, bases, exponents and a leading minus", () => {
    const { model } = parse("export const A = -1_000;\nexport const B = 0b101;\nexport const C = 1e21;\nexport const D = 0xff as const;\nexport const E = -0;");
    expect(model.constants.map((c) => [c.name, c.value])).toEqual([["A", -1000], ["B", 5], ["C", 1e21], ["D", 255], ["E", 0]]);
    expect(Object.is(model.constants[4]!.value, 0)).toBe(true);
  });

  it.each([
    ["export const BIG = 1e999;", /^fixture\.ts:1:20: `1e999` is Infinity/],
    ["export const SMALL = -1e400;", /^fixture\.ts:1:22: `-1e400` is -Infinity/],
    ["export const N = 10n;", /^fixture\.ts:1:18: bigint literal `10n`/],
    ["export const N = -10n;", /^fixture\.ts:1:18: bigint literal `-10n`/],
    ["export const X = null;", /^fixture\.ts:1:14: unsupported constant `X = null`/],
  ])("%s is an error with its location", (text, message) => {
    expect(parseError(text)).toMatch(message);
  });

  it("the model stays plain JSON: every number survives a round trip", () => {
    const { model } = parse("export const A = -1_000;\ninterface B { b: 0x10 | 1e21 | -0.5 }");
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});
