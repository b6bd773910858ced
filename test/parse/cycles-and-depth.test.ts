import { describe, expect, it } from "vitest";
import { componentsInDependencyOrder, recursiveDeclarations, referencesOf, walkType } from "../../src/model/graph.js";
import { discriminatorOf, literalValuesOf, objectBehind } from "../../src/model/derive.js";
import type { ObjectType, TypeNode } from "../../src/model/types.js";
import { declarationOf, fullType, fullTypeOf, parse, parseError, propertyOf, propertyType } from "./helpers.js";

// Each input here used to overflow the stack or emit something that does not compile; each must
// give a working model or a GeneratorError with file:line:col.

const lines = (count: number, line: (i: number) => string): string => Array.from({ length: count }, (_, i) => line(i)).join("\n");

describe("alias cycles that never reach a type are errors at the cycle's first alias", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["extended", "type A = B;\ntype B = A;\ninterface C extends A {}", /^fixture\.ts:1:1: type alias `A` never reaches a type: A → B → A /],
    [
      "used as a union's tag type",
      'type T = U;\ntype U = T;\ninterface M { kind: T }\ninterface N { kind: "n" }\ntype X = M | N;',
      /^fixture\.ts:1:1: type alias `T` never reaches a type: T → U → T/,
    ],
    ["a self-union (item 10)", "type A = A | string;", /^fixture\.ts:1:1: type alias `A` never reaches a type: A → A /],
    ["parenthesized", "type A = (A);", /^fixture\.ts:1:1: type alias `A` never reaches a type: A → A /],
    ["through two unions", "type A = B | null;\ntype B = A | string;", /^fixture\.ts:1:1: type alias `A` never reaches a type: A → B → A/],
    [
      "declared out of order, reached from an interface",
      "interface X { p: D }\ntype C = D;\ntype D = E | number;\ntype E = C;",
      /^fixture\.ts:2:1: type alias `C` never reaches a type: C → D → E → C/,
    ],
    ["extended through a long alias chain", `interface X extends T0 {}\n${lines(2000, (i) => `type T${i} = T${(i + 1) % 2000};`)}`, /^fixture\.ts:2:1: type alias `T0` never reaches a type/],
    ["intersected", "type A = B & { a: string };\ntype B = A & { b: string };", /^fixture\.ts:2:10: `A` inherits from itself/],
  ];
  it.each(cases)("%s", (_name, text, message) => {
    expect(parseError(text)).toMatch(message);
  });

  it("recursion through arrays and object members is a sound recursive type", () => {
    const { model } = parse("type J = string | null | J[] | { [key: string]: J };\ntype L = { next?: L; v: number };");
    expect([...recursiveDeclarations(model.declarations)].sort()).toEqual(["J", "L"]);
  });
});

describe("model helpers are cycle-safe on a model that was not built by the parser", () => {
  const ref = (name: string): TypeNode => ({ kind: "ref", name });
  const alias = (name: string, type: TypeNode) => ({ kind: "alias" as const, name, exported: true, doc: { text: "" }, location: { file: "m", line: 1, column: 1 }, type });
  const object = (kind: TypeNode): ObjectType => ({ kind: "object", properties: [{ name: "kind", optional: false, type: kind, doc: { text: "" } }] });
  const byName = new Map([alias("T", ref("U")), alias("U", ref("T")), alias("S", { kind: "union", members: [{ kind: "literal", value: "s" }, ref("S")] }), alias("M", object(ref("T"))), alias("N", object({ kind: "literal", value: "n" }))].map((d) => [d.name, d]));

  it("objectBehind, literalValuesOf and discriminatorOf answer undefined for a cycle", () => {
    expect(objectBehind(ref("T"), byName)).toBeUndefined();
    expect(literalValuesOf(ref("T"), byName)).toBeUndefined();
    expect(literalValuesOf(ref("S"), byName)).toBeUndefined();
    expect(discriminatorOf([ref("M"), ref("N")], byName)).toBeUndefined();
  });

  it("an alias reached twice without a cycle still counts twice (unchanged semantics)", () => {
    const diamond = new Map([alias("A", { kind: "literal", value: "a" }), alias("K", { kind: "union", members: [ref("A"), ref("A"), { kind: "null" }] })].map((d) => [d.name, d]));
    expect(literalValuesOf(ref("K"), diamond)).toEqual(["a", "a", null]);
  });

  it("a 10,000-long alias chain is followed without recursion", () => {
    const chain = new Map(Array.from({ length: 10_000 }, (_, i) => alias(`T${i}`, i === 9_999 ? { kind: "union", members: [{ kind: "literal", value: 1 }, { kind: "literal", value: 2 }] } : ref(`T${i + 1}`))).map((d) => [d.name, d]));
    expect(literalValuesOf(ref("T0"), chain)).toEqual([1, 2]);
    expect(objectBehind(ref("T0"), chain)).toBeUndefined();
  });
});

describe("deep and long inputs", () => {
  it("a type literal nested 200 levels deep parses and walks", () => {
    const text = `export interface D { x: ${"{ a: ".repeat(200)}string${" }".repeat(200)} }`;
    const { model } = parse(text);
    let depth = 0;
    walkType(fullType(model, model.declarations[0]!.name), (node) => {
      if (node.kind === "object") depth++;
    });
    expect(depth).toBe(201);
    expect(referencesOf(fullType(model, model.declarations[0]!.name))).toEqual([]);
  });

  it("nesting deeper than TypeScript's parser can go is an error at the deepest point", () => {
    const text = `export interface D {\n  x: ${"{ a: ".repeat(5000)}string${" }".repeat(5000)};\n}`;
    expect(parseError(text)).toMatch(/^fixture\.ts:2:25001: nesting too deep to parse: 5001 levels of brackets reach here/);
  });

  it("a 10,000-interface reference chain: model and dependency order", () => {
    const text = lines(10_000, (i) => (i < 9_999 ? `interface I${i} { next: I${i + 1} }` : `interface I${i} { v: string }`));
    const { model } = parse(text);
    const components = componentsInDependencyOrder(model.declarations);
    expect(components).toHaveLength(10_000);
    expect(components.slice(0, 2)).toEqual([["I9999"], ["I9998"]]);
    expect(components[9_999]).toEqual(["I0"]);
    expect(recursiveDeclarations(model.declarations).size).toBe(0);
  });

  it("the same chain closed into a cycle is one recursive component", () => {
    const text = lines(10_000, (i) => `interface I${i} { next?: I${(i + 1) % 10_000} }`);
    const { model } = parse(text);
    const components = componentsInDependencyOrder(model.declarations);
    expect(components).toHaveLength(1);
    expect(components[0]!.slice(0, 3)).toEqual(["I0", "I1", "I2"]);
    expect(recursiveDeclarations(model.declarations).size).toBe(10_000);
  });

  it("a 3,000-long extends chain declared in reverse order flattens", () => {
    const body = (i: number) => (i % 500 ? "{}" : `{ p${i}?: string }`);
    const text = lines(3_000, (k) => (k < 2_999 ? `interface I${2_999 - k} extends I${2_998 - k} ${body(2_999 - k)}` : "interface I0 { v: string }"));
    const { model } = parse(text);
    const top = model.declarations.find((d) => d.name === "I2999")!;
    expect((fullType(model, "I2999") as ObjectType).properties.map((p) => p.name)).toEqual(["v", "p500", "p1000", "p1500", "p2000", "p2500"]);
    expect(propertyOf(model, "I2999", "v")).toMatchObject({ inheritedFrom: "I0", type: { kind: "string" } });
    expect(propertyOf(model, "I2999", "p1500")).toMatchObject({ inheritedFrom: "I1500", optional: true });
    expect(top.kind === "interface" && top.heritage).toEqual([{ name: "I2998" }]);
  });

  it("a 2,000-long chain of intersections and Omit, declared in reverse order", () => {
    const text = lines(2_000, (k) => {
      const i = 1_999 - k;
      if (i === 0) return "type X0 = { v: string; drop: number };";
      return i === 1 ? "type X1 = Omit<X0, \"drop\"> & { p1: string };" : `type X${i} = X${i - 1} & { p${i}: string };`;
    });
    const shape = fullTypeOf(text, "X1999") as ObjectType;
    expect(shape.properties.map((p) => p.name).slice(0, 3)).toEqual(["v", "p1", "p2"]);
    expect(shape.properties).toHaveLength(2_000);
  });

  it("a 10,000-long alias chain behind an extends clause", () => {
    const text = `interface X extends T0 { x: number }\n${lines(10_000, (i) => (i < 9_999 ? `type T${i} = T${i + 1};` : `type T${i} = { v: string };`))}`;
    expect((fullTypeOf(text, "X") as ObjectType).properties.map((p) => [p.name, p.inheritedFrom])).toEqual([["v", "T9999"], ["x", undefined]]);
  });
});

describe("a property whose only type is undefined has no JSON form: an error", () => {
  it.each([
    ["x?: undefined | undefined", /^fixture\.ts:2:7: property `x` can only be `undefined`, which has no JSON form/],
    ["x?: undefined", /^fixture\.ts:2:7: property `x` can only be `undefined`/],
    ["x?: (undefined) | (undefined | undefined)", /^fixture\.ts:2:7: property `x` can only be `undefined`/],
    ["x: undefined", /^fixture\.ts:2:6: `undefined` has no JSON form/],
    ["x: string | undefined", /^fixture\.ts:2:15: `undefined` has no JSON form \(an optional property may add it/],
  ])("`%s`", (member, message) => {
    expect(parseError(`interface A {\n  ${member};\n}`)).toMatch(message);
  });

  it("`x?: T | undefined` is `x?: T`, parenthesized or not", () => {
    expect(propertyType("interface A { x?: (string | undefined) }", "A", "x")).toEqual({ kind: "string" });
    expect(propertyType("interface A { x?: undefined | (number | null) }", "A", "x")).toEqual({ kind: "union", members: [{ kind: "number", integer: true }, { kind: "literal", value: null }] });
  });
});
