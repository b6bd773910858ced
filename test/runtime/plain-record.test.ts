// rt.isPlainRecord (templates/runtime/shared/own-keys.ts) against Zod's own isPlainObject, the
// oracle: the objects a record accepts. Its shortcut for objects built by this realm's Object
// must give Zod's verdict in every case, Object.prototype's isPrototypeOf deleted included.
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { isPlainRecord } from "../../templates/runtime/shared/own-keys.js";

const isPrototypeOf = Object.getOwnPropertyDescriptor(Object.prototype, "isPrototypeOf")!;
afterEach(() => {
  Object.defineProperty(Object.prototype, "isPrototypeOf", isPrototypeOf);
});

class Point {
  x = 1;
}

function values(): Array<[string, unknown]> {
  return [
    ["JSON object", JSON.parse('{"a":1}')],
    ["literal", {}],
    ["null prototype", Object.create(null)],
    ["own constructor: a number", { constructor: 5 }],
    ["own constructor: Object", { constructor: Object }],
    ["own constructor: a function without isPrototypeOf on its prototype", { constructor: function F() {} }],
    ["class instance", new Point()],
    ["Map", new Map()],
    ["Date", new Date(0)],
    ["array", [1]],
    ["null", null],
    ["string", "s"],
    ["another realm's object", runInNewContext("({ a: 1 })")],
    ["a getter constructor returning Object", { get constructor() { return Object; } }],
  ];
}

describe("isPlainRecord gives Zod's isPlainObject verdict", () => {
  it("on every kind of value", () => {
    for (const [label, value] of values()) expect(isPlainRecord(value), label).toBe(z.util.isPlainObject(value));
    expect(isPlainRecord({})).toBe(true); // the oracle is not vacuous
  });

  it("after Object.prototype.isPrototypeOf is deleted (Zod then refuses every plain object)", () => {
    delete (Object.prototype as { isPrototypeOf?: unknown }).isPrototypeOf;
    for (const [label, value] of values()) expect(isPlainRecord(value), label).toBe(z.util.isPlainObject(value));
    expect(isPlainRecord(JSON.parse("{}"))).toBe(false);
  });
});
