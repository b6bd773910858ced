import { describe, expect, it } from "vitest";
import { parse, parseError } from "./helpers.js";

// Each schema parses syntactically and mcp-gen's own conversion could model it, but TypeScript
// rejects it, so the generated code (which restates it) would not compile. The gate reports
// TypeScript's own first error, at its place.
describe("schemas TypeScript rejects are refused at the error", () => {
  it.each([
    ["a property that does not fit the index signature", "interface A {\n  [k: string]: number;\n  x: string;\n}", /^fixture\.ts:3:3: not valid TypeScript \(TS2411\): Property 'x' of type 'string'/],
    ["an incompatible extends", "interface B { x: string }\ninterface A extends B {\n  x: number;\n}", /^fixture\.ts:2:11: not valid TypeScript \(TS2430\)/],
    ["a duplicate property (TypeScript reports the first)", "interface A {\n  x: string;\n  x: number;\n}", /^fixture\.ts:2:3: not valid TypeScript \(TS2300\): Duplicate identifier 'x'/],
    ["an optional property its base requires", "interface B { a: string }\ninterface A extends B {\n  a?: string;\n}", /^fixture\.ts:2:11: not valid TypeScript \(TS2430\)/],
  ])("%s", (_, text, message) => {
    expect(parseError(text)).toMatch(message);
  });

  it("schemas using the global types the spec uses (Record, Omit, arrays) pass the gate", () => {
    const text = "interface B { a: string; b: number }\nexport type A = Omit<B, \"b\"> & { m: Record<string, unknown>; l: B[]; r: Array<string> };";
    expect(parse(text).model.declarations.map((d) => d.name)).toEqual(["B", "A"]);
  });
});
