import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../src/errors.js";
import { parseSchema } from "../../src/parse/index.js";
import { fullType } from "./helpers.js";
import type { Declaration, ObjectType, TypeNode } from "../../src/model/types.js";

function parse(text: string) {
  return parseSchema({ text, fileName: "fixture.ts", revision: null });
}

/** A declaration with its full type (an interface's inherited members included), as the emitters see it. */
function declaration(text: string, name: string): Declaration & { type: TypeNode } {
  const { model } = parse(text);
  const found = model.declarations.find((d) => d.name === name);
  if (!found) throw new Error(`no ${name}`);
  return { ...found, type: fullType(model, name) };
}

function propertyType(text: string, name: string, property: string): TypeNode {
  const type = declaration(text, name).type as ObjectType;
  return type.properties.find((p) => p.name === property)!.type;
}

describe("parser: constructs become plain model nodes", () => {
  const cases: Array<{ name: string; text: string; check: (text: string) => void }> = [
    {
      name: "extends chains flatten inherited properties first, overrides keep their place",
      text: "interface A { a: string; m: string }\ninterface B extends A { b: number; m: \"x\" }",
      check: (text) => {
        const b = declaration(text, "B");
        expect(b.kind === "interface" && b.heritage).toEqual([{ name: "A" }]);
        expect((b.type as ObjectType).properties.map((p) => [p.name, p.inheritedFrom ?? "own"])).toEqual([["a", "A"], ["m", "own"], ["b", "own"]]);
        expect(propertyType(text, "B", "m")).toEqual({ kind: "literal", value: "x" });
      },
    },
    {
      name: "extending a Record alias gives an open index signature",
      text: "type Bag = Record<string, unknown>;\ninterface C extends Bag { c?: boolean }",
      check: (text) => expect(declaration(text, "C").type).toMatchObject({ kind: "object", indexSignature: { kind: "unknown" } }),
    },
    {
      name: "Omit removes keys; intersections merge and narrow",
      text: "const K = -1;\ninterface E { code: number; data?: unknown; x: string }\ninterface F extends Omit<E, \"x\"> { e: E & { code: typeof K; data: { d: string } } }",
      check: (text) => {
        expect((declaration(text, "F").type as ObjectType).properties.map((p) => p.name)).toEqual(["code", "data", "e"]);
        const e = propertyType(text, "F", "e") as ObjectType;
        expect(e.properties.map((p) => [p.name, p.optional, p.type.kind])).toEqual([["code", false, "literal"], ["data", false, "object"], ["x", false, "string"]]);
        expect(e.properties[0]!.type).toEqual({ kind: "literal", value: -1 });
      },
    },
    {
      name: "number is an integer unless @TJS-type number; recursive aliases hold any JSON number",
      text: "interface N { i: number;\n/** @TJS-type number\n@minimum 0 */ r: number }\ntype J = number | J[];",
      check: (text) => {
        expect(propertyType(text, "N", "i")).toEqual({ kind: "number", integer: true });
        expect(propertyType(text, "N", "r")).toEqual({ kind: "number", integer: false, minimum: 0 });
        expect(declaration(text, "J").type).toMatchObject({ members: [{ kind: "number", integer: false }, { kind: "array" }] });
      },
    },
    {
      name: "JSDoc: description, @deprecated, @internal and formats",
      text: "/** Thing.\n@deprecated Use other.\n@internal */\ninterface T {\n  /** @format uri */ u: string }",
      check: (text) => {
        expect(declaration(text, "T").doc).toEqual({ text: "Thing.", deprecated: "Use other.", internal: true });
        expect(propertyType(text, "T", "u")).toEqual({ kind: "string", format: "uri" });
      },
    },
    {
      name: "`\"a\" | string` keeps its literals; Array<{…}> and quoted keys",
      text: "type R = \"a\" | string;\ninterface Q { \"io.x/y\": Array<{ k: R }> }",
      check: (text) => {
        expect(declaration(text, "R").type).toEqual({ kind: "union", members: [{ kind: "literal", value: "a" }, { kind: "string" }] });
        expect(propertyType(text, "Q", "io.x/y")).toMatchObject({ kind: "array", items: { kind: "object", properties: [{ name: "k", type: { kind: "ref", name: "R" } }] } });
      },
    },
  ];
  it.each(cases)("$name", ({ text, check }) => check(text));

  it("the model is plain JSON: it survives a JSON round trip unchanged", () => {
    const { model } = parse("type J = string | J[];\ninterface A { a?: J }");
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });

  it("an unknown @format is a warning with its location, kept but not enforced", () => {
    const { warnings, model } = parse("interface A {\n  /** @format color */\n  c: string;\n}");
    expect(warnings).toEqual([{ message: expect.stringMatching(/@format color is not known/), location: { file: "fixture.ts", line: 2, column: 7 } }]);
    expect((fullType(model, model.declarations[0]!.name) as ObjectType).properties[0]!.type).toEqual({ kind: "string", format: "color" });
  });
});

describe("parser: untranslatable input is an error naming the construct and its location", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["tuple", "interface A {\n  t: [string, number];\n}", /fixture\.ts:2:6: unsupported type construct \(tuple type\)/],
    ["keyof", "interface A { a: string }\ntype K = keyof A;", /fixture\.ts:2:10: unsupported type construct/],
    ["method", "interface A {\n  m(): void;\n}", /fixture\.ts:2:3: unsupported member/],
    ["function", "export function f() {}", /fixture\.ts:1:1: unsupported statement \(FunctionDeclaration\)/],
    ["enum", "enum E { A }", /fixture\.ts:1:1: unsupported statement \(EnumDeclaration\)/],
    ["non-literal const", "const X = Math.PI;", /fixture\.ts:1:7: unsupported constant/],
    ["typeof non-constant", "interface A { a: typeof B }", /`typeof B` does not name a literal constant/],
    ["Omit of a missing key", "interface A { a: string }\ninterface B extends Omit<A, \"z\"> {}", /Omit removes `z`/],
    ["duplicate declaration", "interface A { a: string }\ninterface A { b: string }", /`A` is declared twice/],
    ["bad constraint value", "interface A {\n  /** @minimum lots */\n  n: number;\n}", /@minimum needs a number/],
  ];
  it.each(cases)("%s", (_name, text, message) => {
    let error: unknown;
    try {
      parse(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).format()).toMatch(message);
  });
});

describe("parser: an alias of an intersection of declarations and literals is an extension", () => {
  const base = "interface A { a: string; m?: number }\ninterface B { b: boolean }\n";
  const cases: Array<[string, string, { heritage: unknown; own: string[] } | "alias"]> = [
    ["declarations then a literal", "type X = A & B & { c: string };", { heritage: [{ name: "A" }, { name: "B" }], own: ["c"] }],
    ["Omit, and the omitted key declared again", 'type X = Omit<A, "a"> & { a: number };', { heritage: [{ name: "A", omit: ["a"] }], own: ["a"] }],
    ["a literal that narrows an inherited key stays an intersection", 'type X = A & { a: "only" };', "alias"],
    ["a literal before a declaration keeps the written order", "type X = { c: string } & A;", "alias"],
    ["bases that disagree on a key", 'interface C { a: "x" }\ntype X = A & C;', "alias"],
    ["bases that agree on a key", "interface C { a: string }\ntype X = A & C;", { heritage: [{ name: "A" }, { name: "C" }], own: [] }],
    ["a Record part", "type X = A & Record<string, string>;", "alias"],
  ];
  it.each(cases)("%s", (_name, text, expected) => {
    const { model } = parse(base + text);
    const x = model.declarations.find((d) => d.name === "X")!;
    if (expected === "alias") expect(x.kind).toBe("alias");
    else expect(x.kind === "interface" && { heritage: x.heritage, own: x.own.properties.map((p) => p.name) }).toEqual(expected);
  });

  it("either way the full type is the intersection's", () => {
    for (const [, text] of cases) {
      const { model } = parse(base + text);
      const full = fullType(model, "X") as ObjectType;
      const names = full.properties.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      if (text.includes("B &")) expect(names).toEqual(["a", "m", "b", "c"]);
      if (text.includes("Omit")) expect(full.properties.find((p) => p.name === "a")!.type).toEqual({ kind: "number", integer: true });
      if (text.includes('{ a: "only" }')) expect(full.properties.find((p) => p.name === "a")!.type).toEqual({ kind: "literal", value: "only" });
    }
  });
});
