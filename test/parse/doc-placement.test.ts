import { describe, expect, it } from "vitest";
import type { ObjectType } from "../../src/model/types.js";
import { declarationOf, fullTypeOf, parse, propertyType, warningsOf } from "./helpers.js";

// A constraint in a JSDoc comment must never vanish silently: wherever the comment sits, it is
// either applied to the member or declaration it directly precedes, or reported with its place.

describe("JSDoc on the same line as the member it precedes applies to that member", () => {
  it("after the opening brace: `{ /** @format uri */ src: string }`", () => {
    const text = "export interface Img { /** The source. @format uri */ src: string }";
    expect(propertyType(text, "Img", "src")).toEqual({ kind: "string", format: "uri" });
    expect(fullTypeOf(text, "Img")).toMatchObject({ properties: [{ doc: { text: "The source." } }] });
  });

  it("after another property on the same line: `a: string; /** @format uri */ b: string`", () => {
    const text = "interface A { a: string; /** @format uri */ b: string }";
    expect(propertyType(text, "A", "a")).toEqual({ kind: "string" });
    expect(propertyType(text, "A", "b")).toEqual({ kind: "string", format: "uri" });
  });

  it("inside a type literal: `{ /** @minimum 1 */ n: number }`", () => {
    const inner = propertyType("interface A { x: { /** @minimum 1 */ n: number } }", "A", "x") as ObjectType;
    expect(inner.properties[0]!.type).toEqual({ kind: "number", integer: true, minimum: 1 });
  });

  it("on an index signature: `{ /** @minimum 1 */ [key: string]: number }`", () => {
    expect(fullTypeOf("interface A { /** @minimum 1 */ [key: string]: number }", "A")).toEqual({
      kind: "object",
      properties: [],
      // An index signature's bare number is any JSON number (docs/validation.md); the tag still applies.
      indexSignature: { kind: "number", integer: false, minimum: 1 },
    });
    expect(fullTypeOf("interface A { /** @TJS-type integer */ [key: string]: number }", "A")).toEqual({
      kind: "object",
      properties: [],
      indexSignature: { kind: "number", integer: true },
    });
  });

  it("on a declaration after another one on the same line (alias and interface)", () => {
    const text = 'type X = string; /** @minLength 1 */ type Y = string;\ninterface P { p: string } /** Q. @deprecated use P */ interface Q { q: string }';
    expect(fullTypeOf(text, "Y")).toEqual({ kind: "string", minLength: 1 });
    expect(declarationOf(text, "Q").doc).toEqual({ text: "Q.", deprecated: "use P" });
    expect(parse(text).warnings).toEqual([]);
  });

  it("every block before a member counts, not only the last one", () => {
    const text = "interface A {\n  /** @minimum 2 */\n  /** How many. */\n  n: number;\n}";
    expect(propertyType(text, "A", "n")).toEqual({ kind: "number", integer: true, minimum: 2 });
    expect(fullTypeOf(text, "A")).toMatchObject({ properties: [{ doc: { text: "How many." } }] });
  });
});

describe("a constraint tag where it cannot apply is a warning with its location", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["inside a property's type", "interface A {\n  n: /** @minimum 1 */ number;\n}", /^2:10: @minimum ignored: this JSDoc comment documents no property/],
    ["on a union member", "type U =\n  | /** @format uri */ string\n  | number;", /^2:9: @format ignored/],
    ["after the last member", "interface A { a: string; /** @minimum 1 */ }", /^1:30: @minimum ignored/],
    ["in an empty type literal", "interface A { a: { /** @maxItems 1 */ } }", /^1:24: @maxItems ignored/],
    ["at the end of a line, with the member on the next", "interface A {\n  a: string; /** @format uri */\n  b: string;\n}", /^2:18: @format ignored/],
    ["on an interface", "/** An A. @minimum 1 */\ninterface A { n: number }", /^1:11: @minimum does not apply to an interface/],
    ["on a constant", "/**\n * @format uri\n */\nexport const HOME = \"https://x\";", /^2:4: @format does not apply to a constant/],
  ];
  it.each(cases)("%s", (_name, text, message) => {
    const warnings = warningsOf(text);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(message);
  });

  it("the misplaced tag is not applied anywhere", () => {
    const text = "interface A {\n  a: string; /** @format uri */\n  b: string;\n}";
    expect(propertyType(text, "A", "a")).toEqual({ kind: "string" });
    expect(propertyType(text, "A", "b")).toEqual({ kind: "string" });
  });

  it("a comment without tags inside a type is documentation, not a warning", () => {
    expect(warningsOf("type U =\n  /** the common case */\n  | string\n  | number;\ninterface A { n: /** any count */ number }")).toEqual([]);
  });
});
