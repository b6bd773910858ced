import { describe, expect, it } from "vitest";
import type { ObjectType } from "../../src/model/types.js";
import { fullType, fullTypeOf, parse } from "./helpers.js";

// Names that live on Object.prototype are ordinary names in a schema: the parser keys what it
// collects by name in Maps and Sets, never in plain objects.

const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

describe("property and declaration names from Object.prototype are ordinary", () => {
  const base = `interface Base {\n${NAMES.map((n, i) => `  ${n}${i % 2 ? "?" : ""}: string;`).join("\n")}\n}`;

  it("as properties, through extends, override, Omit and intersection", () => {
    const text = `${base}
interface Child extends Omit<Base, "valueOf"> { constructor: "c"; "__proto__": "p" }
type Both = Child & { toString: "t"; hasOwnProperty?: string };`;
    const child = fullTypeOf(text, "Child") as ObjectType;
    expect(child.properties.map((p) => [p.name, p.type])).toEqual([
      ["__proto__", { kind: "literal", value: "p" }],
      ["constructor", { kind: "literal", value: "c" }],
      ["toString", { kind: "string" }],
      ["hasOwnProperty", { kind: "string" }],
    ]);
    const both = fullTypeOf(text, "Both") as ObjectType;
    expect(both.properties.map((p) => [p.name, p.optional, p.type.kind === "literal" ? p.type.value : p.type.kind])).toEqual([
      ["__proto__", false, "p"],
      ["constructor", false, "c"],
      ["toString", false, "t"],
      ["hasOwnProperty", true, "string"],
    ]);
    expect(Object.getPrototypeOf(both.properties[0])).toBe(Object.prototype);
  });

  it("as declaration and constant names", () => {
    const { model } = parse('interface constructor { toString: number }\ntype valueOf = constructor | null;\nexport const hasOwnProperty = "x";');
    expect(model.declarations.map((d) => d.name)).toEqual(["constructor", "valueOf"]);
    expect(fullType(model, "valueOf")).toEqual({ kind: "union", members: [{ kind: "ref", name: "constructor" }, { kind: "literal", value: null }] });
    expect(model.constants.map((c) => [c.name, c.value])).toEqual([["hasOwnProperty", "x"]]);
  });

  it("an Omit of a prototype name that the type does not have is still an error", () => {
    expect(() => parse("interface A { a: string }\ninterface B extends Omit<A, \"toString\"> {}")).toThrow(/Omit removes `toString`/);
  });
});
