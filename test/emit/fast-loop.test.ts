import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";

// The `for...in` path of the fast validators (src/emit/fast-loop.ts) against the Zod schemas:
// the inputs where a loop over the enumerable keys does not see what own-property presence sees
// (non-enumerable own keys, inherited enumerable keys, Object.prototype polluted before or
// during the validation), each judged by both paths, which must agree with the expected verdict.

const SCHEMA = `
export interface Inner { name: string; note?: string; count?: number }
export interface Tagged { kind: string; [key: string]: string }
export interface Outer { first: Inner; second: Inner; tags?: Tagged }
export interface Wide { name: string; note?: string; count?: number; flag?: boolean; open?: Wide; label?: string; size?: number }
`;

let fixture: Fixture;

beforeAll(async () => {
  fixture = await generateFromText("fast-loop", SCHEMA);
});

const hidden = (target: object, key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: false, writable: true, configurable: true });
const pollution = ["note", "count", "extra", "flag"];

afterEach(() => {
  for (const key of pollution) delete (Object.prototype as Record<string, unknown>)[key];
});

function both(type: string, value: unknown, valid: boolean, label: string): void {
  expect(zodVerdict(fixture.module, type, value), `${type}Schema: ${label}`).toBe(valid);
  expect(fastVerdict(fixture.module, type, value), `is${type}: ${label}`).toBe(valid);
}

describe("the for...in path gives the own-property verdict", () => {
  it("non-enumerable own keys count: a required one is present, a bad optional one fails", () => {
    both("Inner", hidden({}, "name", "n"), true, "non-enumerable required name");
    both("Inner", hidden({ name: "n" }, "note", 5), false, "non-enumerable optional note holding a number");
    both("Inner", hidden({ name: "n" }, "note", "ok"), true, "non-enumerable optional note holding a string");
    both("Tagged", hidden({ kind: "k" }, "extra", 5), true, "a non-enumerable unknown key is not an entry");
  });

  // Wide has enough optional keys for the loop to count own keys and compare them with
  // Object.getOwnPropertyNames instead of asking `in` per unmet key.
  it("non-enumerable own keys count where the loop counts own names", () => {
    both("Wide", hidden({ name: "n" }, "note", 5), false, "non-enumerable optional note holding a number");
    both("Wide", hidden({ name: "n", count: 1 }, "flag", "yes"), false, "non-enumerable optional flag holding a string, after an own optional");
    both("Wide", hidden({ name: "n" }, "note", "ok"), true, "non-enumerable optional note holding a string");
    both("Wide", hidden({ name: "n", x: 1 }, "extra", 5), true, "a non-enumerable unknown key");
    both("Wide", hidden({}, "name", "n"), true, "non-enumerable required name");
    both("Wide", { name: "n", note: "a", count: 1, flag: true, label: "l", size: 2 }, true, "every optional key met");
    // An inherited unknown key and a non-enumerable own one: counting every key the loop meets
    // would balance the two; only own keys are counted.
    both("Wide", hidden(Object.assign(Object.create({ extra: 1 }), { name: "n" }), "count", "x"), false, "an inherited unknown key beside a bad non-enumerable count");
    both("Wide", { name: "n", open: hidden({ name: "m" }, "flag", 0) }, false, "nested");
  });

  it("inherited enumerable keys do not count", () => {
    both("Inner", Object.assign(Object.create({ note: 5 }), { name: "n" }), true, "a bad note on the prototype");
    both("Inner", Object.create({ name: "n" }), false, "name only on the prototype");
    both("Tagged", Object.assign(Object.create({ extra: 5 }), { kind: "k" }), true, "a bad entry on the prototype");
    // `for...in` yields them after the own keys: the loop has already counted and checked those.
    both("Inner", Object.assign(Object.create({ name: 5, count: "x" }), { note: "ok" }), false, "required name only on the prototype, after an own key");
    both("Inner", Object.assign(Object.create({ note: 5 }), { name: "n", note: "ok" }), true, "an own note shadowing a bad inherited one");
    both("Inner", Object.assign(Object.create(Object.create({ count: "x" })), { name: "n" }), true, "a bad count two prototypes up");
    both("Outer", { first: Object.create({ name: "a" }), second: { name: "b" } }, false, "a nested object whose name is inherited");
    both("Inner", JSON.parse('{"__proto__": {"name": 5}, "name": "n"}'), true, "an own __proto__ key is an unknown key");
    both("Tagged", JSON.parse('{"kind": "k", "__proto__": 5}'), false, "an own __proto__ entry is validated");
  });

  // rt.exact (the loop's fallback) reads what is present into a copy and runs the loop on it:
  // the unknown keys an index signature checks go into the copy, and a present undefined stays one.
  it("the exact path still checks what the loop would: entries, present undefined, missing keys", () => {
    const inheritedKind = () => Object.create({ kind: "k" });
    both("Tagged", Object.assign(hidden({}, "kind", "k"), { extra: 5 }), false, "a non-enumerable kind beside a bad entry");
    both("Tagged", Object.assign(hidden({}, "kind", "k"), { extra: "ok" }), true, "a non-enumerable kind beside a good entry");
    both("Tagged", Object.assign(inheritedKind(), { extra: "ok" }), false, "kind only inherited, a good entry");
    both("Inner", hidden({ note: undefined }, "name", "n"), false, "a non-enumerable name beside an own note holding undefined");
    both("Inner", hidden({ count: 1 }, "name", undefined), false, "a non-enumerable name holding undefined");
    both("Wide", Object.assign(Object.create({ label: "l" }), { note: "a" }), false, "name missing, an inherited optional key");
    both("Wide", hidden({ name: "n", label: undefined }, "size", 1), false, "the loop counting own names: an own label holding undefined");
  });

  it("Object.prototype polluted before the validation: its enumerable keys are not read", () => {
    Object.assign(Object.prototype, { note: 5, extra: 7 });
    both("Inner", { name: "n" }, true, "note polluted with a number");
    (Object.prototype as Record<string, unknown>).flag = "x";
    both("Wide", { name: "n" }, true, "note and flag polluted, the loop counting own names");
    both("Tagged", { kind: "k" }, true, "an entry polluted with a number");
    both("Outer", { first: { name: "a" }, second: { name: "b" }, tags: { kind: "k" } }, true, "nested");
  });

  it("Object.prototype polluted by a getter during the validation: the guard validates again the exact way", () => {
    const polluting = () => {
      const first = { name: "a" };
      Object.defineProperty(first, "name", {
        enumerable: true,
        get: () => {
          (Object.prototype as Record<string, unknown>).count = "not a number";
          return "a";
        },
      });
      return { first, second: { name: "b" } };
    };
    // Read after the getter ran, `second` inherits a bad `count`: a loop would see it, own
    // presence does not (`second` has no own count). Zod's own parse is not the oracle here: on
    // this input it reports `first` as missing (it reads the getter at a different moment).
    expect(fastVerdict(fixture.module, "Outer", polluting())).toBe(true);
    expect((Object.prototype as Record<string, unknown>).count).toBe("not a number"); // the getter ran
    // The same object seen through a loop (no guard around it) would fail: the rerun is what decides.
    expect(fastVerdict(fixture.module, "Inner", { name: "b" })).toBe(true);
    expect(fastVerdict(fixture.module, "Outer", { first: { name: "a" }, second: { name: "b", count: "bad" } })).toBe(false);
  });

  it("unknown keys are not read on an open object, and every entry is read on a typed one", () => {
    const throwing = (target: object, key: string) => Object.defineProperty(target, key, { enumerable: true, get: () => { throw new Error("boom"); } });
    both("Inner", throwing({ name: "n" }, "unknown"), true, "a throwing unknown key of an open object");
    both("Tagged", throwing({ kind: "k" }, "extra"), false, "a throwing entry of a typed index signature");
    both("Inner", throwing({}, "name"), false, "a throwing declared key");
  });
});
