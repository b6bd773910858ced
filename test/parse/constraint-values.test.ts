import { describe, expect, it } from "vitest";
import { fullType, parse, parseError, propertyType, warningsOf } from "./helpers.js";

/** An interface with one property `p` of `type`, documented by the JSDoc `lines` (one tag a line). */
function withTags(type: string, ...lines: string[]): string {
  return `interface A {\n  /**\n${lines.map((line) => `   * ${line}\n`).join("")}   */\n  p: ${type};\n}`;
}

describe("@pattern compiles at generation, with the \"u\" flag the validators use", () => {
  const invalid: Array<[string, string, RegExp]> = [
    ["valid in ECMA-262 without u, invalid with it (\\_)", "^\\_[a-z]+$", /Invalid escape/],
    ["unclosed class", "[unclosed", /Unterminated character class/],
    ["identity escape of - outside a class", "^a\\-b$", /Invalid escape/],
    ["quantifier range out of order", "a{2,1}", /numbers out of order/],
    ["unknown named group in a backreference", "(?<n>a)\\k<m>", /Invalid named capture referenced/],
  ];
  it.each(invalid)("%s: an error at the tag", (_name, pattern, reason) => {
    const message = parseError(withTags("string", `@pattern ${pattern}`));
    expect(message).toMatch(/^fixture\.ts:3:6: @pattern `.*` is not a valid regular expression with the "u" flag/);
    expect(message).toMatch(reason);
  });

  it("also on the string member of a union", () => {
    expect(parseError(withTags("string | null", "@pattern [a-"))).toMatch(/^fixture\.ts:3:6: @pattern/);
  });

  it("an empty @pattern is an error", () => {
    expect(parseError(withTags("string", "@pattern"))).toMatch(/^fixture\.ts:3:6: @pattern needs a regular expression/);
  });

  it("valid patterns are kept as written and compile with u", () => {
    for (const pattern of ["^[a-z][a-z0-9_-]*$", "^\\p{L}+$", "^(?<scheme>[a-z]+):\\/\\/"]) {
      expect(propertyType(withTags("string", `@pattern ${pattern}`), "A", "p")).toEqual({ kind: "string", pattern });
      expect(() => new RegExp(pattern, "u")).not.toThrow();
    }
  });
});

describe("@TJS-type accepts number and integer only (no inherited object keys)", () => {
  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "string"])("`%s` is an error at the tag", (value) => {
    expect(parseError(withTags("number", `@TJS-type ${value}`))).toMatch(new RegExp(`^fixture\\.ts:3:6: unsupported @TJS-type \`${value}\``));
  });

  it("number and integer set the integer flag to a boolean", () => {
    expect(propertyType(withTags("number", "@TJS-type number"), "A", "p")).toEqual({ kind: "number", integer: false });
    expect(propertyType(withTags("number", "@TJS-type integer"), "A", "p")).toEqual({ kind: "number", integer: true });
  });
});

describe("@format", () => {
  it("an empty @format is an error at the tag", () => {
    expect(parseError(withTags("string", "@format"))).toMatch(/^fixture\.ts:3:6: @format needs a format name/);
  });

  it.each(["constructor", "toString", "__proto__"])("`%s` is an unknown format like any other: kept, with a warning", (format) => {
    const text = withTags("string", `@format ${format}`);
    expect(warningsOf(text)).toEqual([`3:6: @format ${format} is not known to mcp-gen: kept in the docs, not enforced`]);
    expect(propertyType(text, "A", "p")).toEqual({ kind: "string", format });
  });
});

describe("@minimum/@maximum and the count tags take JSON numbers", () => {
  const bad: Array<[string, string]> = [
    ["minimum", "0x10"],
    ["minimum", "1_000"],
    ["maximum", "Infinity"],
    ["maximum", "1e999"],
    ["minimum", "NaN"],
    ["minimum", "+5"],
    ["minimum", " "],
  ];
  it.each(bad)("@%s %s is an error at the tag", (tag, value) => {
    expect(parseError(withTags("number", `@${tag} ${value}`))).toMatch(new RegExp(`^fixture\\.ts:3:6: @${tag} needs a number`));
  });

  it("JSON numbers are read as JSON reads them; -0 is 0", () => {
    expect(propertyType(withTags("number", "@minimum -2.5e1", "@maximum 1E3"), "A", "p")).toEqual({ kind: "number", integer: true, minimum: -25, maximum: 1000 });
    const { minimum } = propertyType(withTags("number", "@minimum -0"), "A", "p") as { minimum: number };
    expect(Object.is(minimum, 0)).toBe(true);
  });

  it.each(["-1", "1.5", "0x2", "1e400", "1e20"])("@minLength %s is an error (a non-negative safe integer is needed)", (value) => {
    expect(parseError(withTags("string", `@minLength ${value}`))).toMatch(/^fixture\.ts:3:6: @minLength needs a non-negative integer/);
  });

  it("@maxItems 2.0 is the integer 2", () => {
    expect(propertyType(withTags("string[]", "@maxItems 2.0"), "A", "p")).toMatchObject({ kind: "array", maxItems: 2 });
  });
});

describe("bounds that admit no value, and repeated tags, are warnings at the tag", () => {
  const contradictions: Array<[string, string, string[], RegExp]> = [
    ["minimum above maximum", "number", ["@minimum 10", "@maximum 1"], /^4:6: @minimum 10 and @maximum 1 contradict each other/],
    ["minLength above maxLength", "string", ["@minLength 5", "@maxLength 2"], /^4:6: @minLength 5 and @maxLength 2 contradict/],
    ["minItems above maxItems", "boolean[]", ["@minItems 3", "@maxItems 1"], /^4:6: @minItems 3 and @maxItems 1 contradict/],
    ["maximum first, then minimum", "number", ["@maximum -1", "@minimum 0"], /^4:6: @minimum 0 and @maximum -1 contradict/],
    ["on the string member of a union", "string | null", ["@minLength 3", "@maxLength 0"], /^4:6: @minLength 3 and @maxLength 0 contradict/],
  ];
  it.each(contradictions)("%s", (_name, type, tags, message) => {
    const warnings = warningsOf(withTags(type, ...tags));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(message);
  });

  it("on a type alias too", () => {
    expect(warningsOf("/**\n * @minimum 3\n * @maximum 2\n */\ntype Small = number;")).toEqual([
      expect.stringMatching(/^3:4: @minimum 3 and @maximum 2 contradict each other: no value satisfies both/),
    ]);
  });

  it("equal bounds admit one value: no warning", () => {
    expect(warningsOf(withTags("number", "@minimum 2", "@maximum 2"))).toEqual([]);
  });

  it("a tag given twice: the last applies, with a warning", () => {
    const text = withTags("number", "@minimum 1", "@minimum 5");
    expect(warningsOf(text)).toEqual([expect.stringMatching(/^4:6: @minimum is given twice \(also at line 3\): the last one, `5`, applies/)]);
    expect(propertyType(text, "A", "p")).toEqual({ kind: "number", integer: true, minimum: 5 });
  });

  it("the contradiction is kept in the model (the schema says so), not dropped", () => {
    const { model } = parse(withTags("number", "@minimum 10", "@maximum 1"));
    expect(fullType(model, model.declarations[0]!.name)).toMatchObject({ properties: [{ type: { minimum: 10, maximum: 1 } }] });
  });
});
