import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGenerated, type GeneratedModule } from "../helpers/generated.js";
import { fastVerdict, zodVerdict } from "../helpers/fixture.js";

// Robustness of both paths (issue "Fast validators"): each hostile input gets a clean verdict,
// per the schema, from the Zod schema and from the fast validator, the same one; the parse
// helpers never throw anything but their ZodError; and nothing pollutes Object.prototype.

const revision = "2026-07-28";
let spec: GeneratedModule;
let prototypeKeys: string[];

beforeAll(async () => {
  spec = await loadGenerated(revision);
  prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
});

afterAll(() => {
  // No input, valid or not, added anything to Object.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

function both(type: string, value: unknown, valid: boolean, label: string): void {
  expect(zodVerdict(spec, type, value), `${type}Schema: ${label}`).toBe(valid);
  expect(fastVerdict(spec, type, value), `is${type}: ${label}`).toBe(valid);
  const result = (spec[`safeParse${type}`] as (v: unknown) => { success: boolean; data?: unknown; error?: { issues: unknown[] } })(value);
  expect(result.success, `safeParse${type}: ${label}`).toBe(valid);
  if (valid) expect(result.data).toBe(value);
  else expect(result.error!.issues.length).toBeGreaterThan(0);
}

const text = (value: string) => ({ type: "text", text: value });
const toolResult = (content: unknown[], extra: object = {}) => ({ resultType: "complete", content, ...extra });
const progress = (value: unknown) => ({ progressToken: "t", progress: value });
const capabilities = (experimental: unknown) => ({ experimental: { feature: experimental } });

function nestedJson(levels: number): unknown {
  return JSON.parse(`${'{"a":['.repeat(levels / 2)}1${"]}".repeat(levels / 2)}`);
}

describe(`hostile input, ${revision}: both paths give the same clean verdict`, () => {
  it("a 10,000-level nested JSON value: rejected by the depth guard, no stack overflow", () => {
    both("JSONValue", nestedJson(10_000), false, "10,000 levels");
    both("JSONObject", nestedJson(10_000), false, "10,000 levels");
    both("ClientCapabilities", capabilities(nestedJson(10_000)), false, "inside experimental");
    both("JSONValue", nestedJson(200), true, "200 levels");
    const result = (spec.safeParseJSONValue as (v: unknown) => { error: { issues: Array<{ message: string }> } })(nestedJson(10_000));
    expect(result.error.issues[0]!.message).toMatch(/levels deep/);
  });

  it("a 10 MB string: accepted where any string goes, judged where it is formatted", () => {
    const big = "x".repeat(10 << 20);
    both("TextContent", text(big), true, "10 MB text");
    both("Icon", { src: `data:image/png;base64,${"A".repeat(10 << 20)}` }, true, "10 MB data: URI");
    both("Icon", { src: big }, false, "10 MB of no URI");
    both("LoggingLevel", big, false, "10 MB in an enum");
  });

  it("__proto__, constructor and prototype keys: data like any other key, no pollution", () => {
    const json = '{"resultType": "complete", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 1, "content": [{"type": "text", "text": "t", "__proto__": {"polluted": true}, "constructor": 1}]}';
    const message = JSON.parse(json);
    both("CallToolResult", message, true, "unknown keys named like Object.prototype members");
    const parsed = (spec.CallToolResultSchema as { parse(v: unknown): Record<string, unknown> }).parse(message);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toEqual({ polluted: true });
    expect((parsed.content as object[])[0]).toHaveProperty("constructor", 1);
    // In a typed index signature (a record of JSON objects) an own __proto__ is validated.
    both("ClientCapabilities", { experimental: JSON.parse('{"__proto__": "not an object"}') }, false, "__proto__ as a record key");
    both("ClientCapabilities", { experimental: JSON.parse('{"__proto__": {"a": 1}}') }, true, "__proto__ as a record key, valid");
  });

  it("sparse arrays: a hole reads as undefined, as in Zod", () => {
    both("CallToolResult", toolResult([, text("a")]), false, "a hole in content");
    both("CallToolResult", toolResult(new Array(3)), false, "new Array(3)");
    both("JSONArray", [, 1], false, "a hole is not JSON");
    const wide: unknown[] = [];
    wide[100_000] = text("end");
    both("CallToolResult", toolResult(wide), false, "100,000 holes");
  });

  it("NaN, Infinity, -0 and 2^53 in number and integer fields", () => {
    both("ProgressNotificationParams", progress(NaN), false, "NaN");
    both("ProgressNotificationParams", progress(Infinity), false, "Infinity");
    both("ProgressNotificationParams", progress(-0), true, "-0");
    both("ProgressNotificationParams", progress(2 ** 53), true, "2^53 is a number");
    both("RequestId", 2 ** 53, false, "2^53 is not a safe integer");
    both("RequestId", 2 ** 53 - 1, true, "2^53 - 1");
    both("RequestId", -0, true, "-0 is an integer");
    both("RequestId", NaN, false, "NaN");
    both("Annotations", { priority: -0 }, true, "-0 within [0, 1]");
    both("Annotations", { priority: 1 + Number.EPSILON }, false, "just above 1");
  });

  it("getters that throw: invalid where the value must be read; an unknown key of an open object is not read", () => {
    const throwing = (target: object, key: string) => Object.defineProperty(target, key, { enumerable: true, get: () => { throw new Error("boom"); } });
    both("TextContent", throwing({ type: "text" }, "text"), false, "declared key");
    both("TextContent", throwing(text("t"), "x-extra"), true, "unknown key of an open object");
    both("ClientCapabilities", { experimental: throwing({}, "feature") }, false, "a record value");
    both("CallToolResult", toolResult(throwing([text("a")], "0") as unknown[]), false, "an array item");
    const error = (spec.safeParseTextContent as (v: unknown) => { error: { issues: Array<{ message: string }> } })(throwing({ type: "text" }, "text")).error;
    expect(JSON.stringify(error.issues)).toMatch(/boom|could not be read/);
  });

  it("cyclic objects: a cycle under an open object is never read; one in a JSON value is too deep", () => {
    const meta: Record<string, unknown> = { "com.example/trace": "t" };
    meta.self = meta;
    both("CallToolResult", toolResult([text("a")], { _meta: meta }), true, "cycle in _meta");
    const json: Record<string, unknown> = { a: 1 };
    json.self = json;
    both("JSONObject", json, false, "cycle in a JSON object");
    both("ClientCapabilities", capabilities(json), false, "cycle inside experimental");
    const list: unknown[] = [];
    list.push(list);
    both("JSONArray", list, false, "an array containing itself");
  });

  it("class instances, Date, Map: objects with own properties; records want plain objects", () => {
    class Content {
      type = "text";
      text = "from a class";
    }
    class Getters {
      get type(): string {
        return "text";
      }
      get text(): string {
        return "inherited";
      }
    }
    both("TextContent", new Content(), true, "class instance with own fields");
    both("TextContent", new Getters(), false, "class instance with inherited getters");
    both("TextContent", Object.assign(new Date(0), text("d")), true, "a Date with own fields");
    both("ToolAnnotations", new Map([["title", "t"]]), true, "a Map is an object without declared keys");
    both("JSONObject", new Map([["a", 1]]), false, "a Map is not a plain object");
    both("JSONObject", new Content(), false, "a class instance is not a plain object");
    both("JSONObject", Object.assign(Object.create(null), { a: 1 }), true, "a null-prototype object is");
    both("JSONValue", new Date(0), false, "a Date is no JSON value");
  });
});
