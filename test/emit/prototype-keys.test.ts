import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { GeneratedModule } from "../helpers/generated.js";
import { loadGenerated } from "../helpers/generated.js";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";
import { REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { transpileFolder } from "../helpers/transpile.mjs";

// Hardening: names that live on Object.prototype. Zod reads `key in input` (inherited members
// count) and skips "__proto__" in shapes, catchalls and records; the generated schemas give only
// own properties presence and treat an own "__proto__" key as data. The JSON cases are in
// test/fixtures/prototype-keys/cases.json (golden test); these are the JavaScript-only ones.

const run = promisify(execFile);
const FIXTURE = join(REPO_ROOT, "test/fixtures/prototype-keys/schema.ts");

class WithName {
  get name(): string {
    return "inherited";
  }
}

/** [type, label, value, valid]: each judged the same by Zod and by the fast validator. */
function jsCases(): Array<[string, string, () => unknown, boolean]> {
  return [
    ["P", "a literal __proto__ sets the prototype, so there is no own key", () => ({ __proto__: { x: 1 } }), false],
    ["P", "own __proto__ by defineProperty", () => Object.defineProperty({}, "__proto__", { value: "x", enumerable: true }), true],
    ["P", "own non-enumerable __proto__", () => Object.defineProperty({}, "__proto__", { value: "x", enumerable: false }), true],
    ["Q", "Object.create(null)", () => Object.create(null), false],
    ["Q", "constructor present but undefined", () => ({ constructor: undefined }), false],
    ["Q", "a class instance inherits constructor", () => new WithName(), false],
    ["Q", "own constructor on a class instance", () => Object.assign(new WithName(), { constructor: 1 }), true],
    ["R", "present-undefined toString", () => ({ toString: undefined }), false],
    ["R", "a class instance (inherited toString)", () => new WithName(), true],
    ["R", "Object.create(null)", () => Object.create(null), true],
    ["Names", "valueOf inherited only", () => Object.create({ valueOf: "v" }), false],
    ["Names", "own valueOf on a null-prototype object", () => Object.assign(Object.create(null), { valueOf: "v" }), true],
    ["Open", "name inherited from a class getter", () => new WithName(), false],
    ["Open", "name inherited from a prototype object", () => Object.create({ name: "a" }), false],
    ["Open", "own name, other keys inherited", () => Object.assign(Object.create({ nested: { id: "not a number" } }), { name: "a" }), true],
    ["Open", "own name, Map instance", () => Object.assign(new Map(), { name: "a" }), true],
    ["Tagged", "inherited enumerable extra with a bad value", () => Object.assign(Object.create({ bad: 1 }), { kind: "k" }), true],
    ["Tagged", "own non-enumerable extra with a bad value", () => Object.defineProperty({ kind: "k" }, "bad", { value: 1, enumerable: false }), true],
    ["StringMap", "a symbol key (Zod's record rejects it)", () => ({ a: "b", [Symbol("s")]: "c" }), false],
    ["StringMap", "Object.create(null)", () => Object.assign(Object.create(null), { a: "b" }), true],
    ["StringMap", "a class instance is not a plain object", () => Object.assign(new WithName(), { a: "b" }), false],
  ];
}

let fixture: Fixture;

beforeAll(async () => {
  fixture = await generateFromText("prototype-keys", readFileSync(FIXTURE, "utf8"));
});

function expectBoth(module: GeneratedModule, type: string, label: string, value: unknown, valid: boolean): void {
  expect(zodVerdict(module, type, value), `${type}Schema, ${label}`).toBe(valid);
  expect(fastVerdict(module, type, value), `is${type}, ${label}`).toBe(valid);
}

describe("keys named like Object.prototype members (hardening item 8)", () => {
  it("P { __proto__: string }: the shape declares the key, and only an own key counts", () => {
    const shape = (fixture.module.PSchema as { shape: object }).shape;
    expect(Object.getPrototypeOf(shape)).toBe(Object.prototype);
    expect(Object.keys(shape)).toEqual(["__proto__"]);
    expectBoth(fixture.module, "P", "{}", {}, false);
    expectBoth(fixture.module, "P", "own string", JSON.parse('{"__proto__": "x"}'), true);
    expectBoth(fixture.module, "P", "own number", JSON.parse('{"__proto__": 5}'), false);
  });

  it("Q { constructor: unknown } rejects {}; R { toString?: string } accepts {}", () => {
    expectBoth(fixture.module, "Q", "{}", {}, false);
    expectBoth(fixture.module, "R", "{}", {}, true);
  });

  it.each(jsCases())("%s: %s", (type, label, make, valid) => {
    expectBoth(fixture.module, type, label, make(), valid);
  });

  it("Object.prototype polluted with a declared name or an enumerable key changes nothing", () => {
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto.name = "polluted";
      proto.extraKey = 1; // enumerable: for...in sees it on every object
      expectBoth(fixture.module, "Open", "{} with Object.prototype.name", {}, false);
      expectBoth(fixture.module, "Tagged", "catchall with Object.prototype.extraKey", { kind: "k" }, true);
      expectBoth(fixture.module, "StringMap", "record with Object.prototype.extraKey", { a: "b" }, true);
    } finally {
      delete proto.name;
      delete proto.extraKey;
    }
  });

  it("an own __proto__ key is kept at every level: by the parse helpers (the input itself) and by Zod's parse", () => {
    const input = JSON.parse('{"name": "a", "__proto__": {"x": 1}, "nested": {"id": 1, "__proto__": [1]}}');
    const parseOpen = fixture.module.parseOpen as (value: unknown) => unknown;
    expect(parseOpen(input)).toBe(input);
    const output = (fixture.module.OpenSchema as { parse(value: unknown): Record<string, unknown> }).parse(input);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, "__proto__")?.value).toEqual({ x: 1 });
    const nested = output.nested as object;
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(nested, "__proto__")?.value).toEqual([1]);
    const map = (fixture.module.StringMapSchema as { parse(value: unknown): object }).parse(JSON.parse('{"__proto__": "v", "a": "b"}'));
    expect(Object.getOwnPropertyDescriptor(map, "__proto__")?.value).toBe("v");
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it("the schemas keep Zod's object API, and derived schemas keep own-key semantics", () => {
    const q = fixture.module.QSchema as z.ZodObject<{ constructor: z.ZodType }>;
    expect(q.shape.constructor).toBeInstanceOf(z.ZodType);
    expect(q.extend({ extra: z.string() }).safeParse({ extra: "x" }).success).toBe(false);
    expect(q.extend({ extra: z.string() }).safeParse({ extra: "x", constructor: 1 }).success).toBe(true);
    const r = fixture.module.RSchema as z.ZodObject<{ toString: z.ZodType }>;
    expect(r.pick({ toString: true }).safeParse({}).success).toBe(true);
    expect(r.describe("d").safeParse({}).success).toBe(true);
    expect(r.partial().safeParse({ toString: 1 }).success).toBe(false);
  });

  it("in the spec's output, GetPromptRequestParams.arguments rejects an own __proto__ that is not a string", async () => {
    const spec = await loadGenerated("2026-07-28");
    const params = (value: unknown) => ({ name: "p", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} }, arguments: value });
    expectBoth(spec, "GetPromptRequestParams", "valid base", params({ a: "b" }), true);
    expectBoth(spec, "GetPromptRequestParams", "__proto__: 5", params(JSON.parse('{"__proto__": 5}')), false);
    expectBoth(spec, "GetPromptRequestParams", "__proto__: string", params(JSON.parse('{"__proto__": "5"}')), true);
  });

  it("with import \"zod/compile\", the schemas give the same verdicts, also inside compiled parents built by the user", async () => {
    const js = transpileFolder(fixture.outDir, scratchDir("prototype-keys-js"));
    const cases = JSON.parse(readFileSync(join(REPO_ROOT, "test/fixtures/prototype-keys/cases.json"), "utf8")) as Record<string, { valid: unknown[]; invalid: unknown[] }>;
    const child = `
      import "zod/compile";
      const [url, casesJson] = process.argv.slice(1);
      const m = await import(url);
      const { z } = await import("zod");
      const cases = JSON.parse(casesJson);
      const wrong = [];
      const judge = (type, value, valid, label) => {
        for (let round = 0; round < 3; round++) if (z.safeParse(m[type + "Schema"], value).success !== valid || m[type + "Schema"].safeParse(value).success !== valid) wrong.push(type + " " + label + " round " + round);
      };
      for (const [type, { valid, invalid }] of Object.entries(cases)) {
        for (const v of valid) judge(type, v, true, JSON.stringify(v));
        for (const v of invalid) judge(type, v, false, JSON.stringify(v));
      }
      judge("Q", {}, false, "{}");
      judge("R", {}, true, "{}");
      judge("Wrapper", { list: [Object.create({ name: "a" })] }, false, "inherited name in an array");
      judge("Wrapper", { q: {} }, false, "q: {}");
      // Parents built after the import are compiled; the generated schemas inside run as islands.
      const parents = { list: z.array(m.QSchema), object: z.object({ q: m.QSchema, map: m.StringMapSchema }), union: z.union([z.string(), m.RSchema]) };
      for (let round = 0; round < 3; round++) {
        if (parents.list.safeParse([{}]).success) wrong.push("z.array(QSchema) accepts [{}]");
        if (parents.object.safeParse({ q: { constructor: 1 }, map: JSON.parse('{"__proto__": 5}') }).success) wrong.push("z.object accepts map.__proto__ = 5");
        if (!parents.union.safeParse({}).success) wrong.push("z.union([string, RSchema]) rejects {}");
      }
      console.log(JSON.stringify(wrong));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", child, pathToFileURL(join(js, "index.js")).href, JSON.stringify(cases)], { cwd: REPO_ROOT });
    expect(JSON.parse(stdout)).toEqual([]);
  });
});
