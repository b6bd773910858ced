import { describe, expect, it } from "vitest";
import { typeOf } from "../../src/model/shapes.js";
import { admits, equivalent, isAnyObject, isAnyValue, sameShape, type Decls } from "../../src/diff/values.js";
import { parseSchema } from "../../src/parse/index.js";
import type { TypeNode } from "../../src/model/types.js";

const DECLARATIONS = `
export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;
export type JSONObject = { [key: string]: JSONValue };
export type JSONArray = JSONValue[];
export type Bag = Record<string, unknown>;
export type Ints = number;
export type Tree = { children: Tree[]; label?: string };
export type Forest = { children: Forest[]; label?: string };
export interface OnlyA { a: string }
export interface Open { a: string; b?: number }
export interface Wider { a: string; b?: number; c?: boolean }
export interface Closed { a: string; [key: string]: string }
export interface T {
  any: unknown;
  json: JSONValue;
  object: object;
  record: Bag;
  jsonObject: JSONObject;
  int: number;
  /** @TJS-type number */
  float: number;
  short: string;
  /** @maxLength 3 */
  shortest: string;
  literal: "x";
  open: "x" | string;
  list: string[];
  /** @maxItems 2 */
  pair: string[];
  nullable: string | null;
}
`;

const { model } = parseSchema({ text: DECLARATIONS, fileName: "values.ts", revision: null });
const decls: Decls = new Map(model.declarations.map((d) => [d.name, d]));
const property = (name: string): TypeNode => {
  const t = typeOf(decls.get("T")!, decls);
  if (t.kind !== "object") throw new Error("T");
  return t.properties.find((p) => p.name === name)!.type;
};
const ref = (name: string): TypeNode => ({ kind: "ref", name });
const typed = (node: TypeNode) => ({ node, decls });
/** Does `outer` admit every value of `inner`? */
const wider = (outer: TypeNode, inner: TypeNode) => admits(typed(outer), typed(inner));

describe("values: which JSON values a type admits", () => {
  it("unknown and JSONValue admit every value; JSONObject, object and Record<string, unknown> every object", () => {
    expect([isAnyValue(property("any"), decls), isAnyValue(property("json"), decls), isAnyValue(property("object"), decls)]).toEqual([true, true, false]);
    expect(["object", "record", "jsonObject"].map((p) => isAnyObject(property(p), decls))).toEqual([true, true, true]);
    expect(isAnyObject(ref("Open"), decls)).toBe(false);
  });

  it("object ≡ JSONObject ≡ Record<string, unknown>; unknown is wider than any of them", () => {
    expect(equivalent(typed(property("object")), typed(property("jsonObject")))).toBe(true);
    expect(equivalent(typed(property("record")), typed(property("jsonObject")))).toBe(true);
    expect([wider(property("any"), property("object")), wider(property("object"), property("any"))]).toEqual([true, false]);
  });

  it("integer ⊂ number, in both directions of the question", () => {
    expect([wider(property("float"), property("int")), wider(property("int"), property("float"))]).toEqual([true, false]);
  });

  it("constraints: a tighter string or array is admitted by the looser one, not the other way", () => {
    expect([wider(property("short"), property("shortest")), wider(property("shortest"), property("short"))]).toEqual([true, false]);
    expect([wider(property("list"), property("pair")), wider(property("pair"), property("list"))]).toEqual([true, false]);
  });

  it("a literal beside string adds no values; null widens", () => {
    expect(equivalent(typed(property("open")), typed(property("short")))).toBe(true);
    expect([wider(property("open"), property("literal")), wider(property("literal"), property("open"))]).toEqual([true, false]);
    expect([wider(property("nullable"), property("short")), wider(property("short"), property("nullable"))]).toEqual([true, false]);
  });

  it("open objects: declaring an optional property adds no requirement; an index signature of string does", () => {
    expect(equivalent(typed(ref("Open")), typed(ref("Wider")))).toBe(true);
    expect([wider(ref("OnlyA"), ref("Closed")), wider(ref("Closed"), ref("OnlyA"))]).toEqual([true, false]);
    // Closed admits b: "y", Open only a number there: neither contains the other.
    expect([wider(ref("Open"), ref("Closed")), wider(ref("Closed"), ref("Open"))]).toEqual([false, false]);
  });

  it("recursive shapes under different names compare equal (and terminate)", () => {
    expect(equivalent(typed(ref("Tree")), typed(ref("Forest")))).toBe(true);
    expect(sameShape(typed(ref("Tree")), typed(ref("Forest")))).toBe(true);
  });

  it("sameShape is strict: an extra optional property or a different constraint is a different shape", () => {
    expect(sameShape(typed(ref("Open")), typed(ref("Wider")))).toBe(false);
    expect(sameShape(typed(property("short")), typed(property("shortest")))).toBe(false);
    expect(sameShape(typed(property("short")), typed(property("short")))).toBe(true);
  });
});
