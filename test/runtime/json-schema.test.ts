// The checker of raw JSON Schema tools (templates/runtime/server/json-schema.ts) against Ajv 8
// with ajv-formats, the oracle: JSON Schema 2020-12 (the dialect of the revisions since
// 2025-11-25) and draft-07 (the earlier ones), every keyword the checker reads, each schema with
// values on both sides of it. Then what it leaves undecided on purpose (never stricter than the
// schema), the issues it reports, and a tool declared with `inputSchema` answering through the
// generated server.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonSchemaChecker } from "../../templates/runtime/server/json-schema.js";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { meta } from "./wire-server.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const Ajv07 = require("ajv").default;
const addFormats = require("ajv-formats").default;

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

function oracle(schema: unknown): (value: unknown) => boolean {
  const draft07 = typeof schema === "object" && schema !== null && (schema as { $schema?: unknown }).$schema === DRAFT_07;
  const ajv = draft07 ? new Ajv07({ strict: false }) : new Ajv2020({ strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (value) => validate(value) as boolean;
}

/** The conformance suite's 2020-12 tool (examples/everything's json_schema_2020_12_tool). */
const CONTACT = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
  properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" }, contactMethod: { type: "string", enum: ["phone", "email"] }, phone: { type: "string" }, email: { type: "string" } },
  allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
  if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
  then: { required: ["phone"] },
  else: { required: ["email"] },
  additionalProperties: false,
};

const CASES: Array<[name: string, schema: unknown, values: unknown[]]> = [
  ["type", { type: "string" }, ["a", 1, null, [], {}, true, 1.5]],
  ["type list, integer", { type: ["integer", "null"] }, [1, 1.0, 1.5, null, "1", false]],
  ["enum, deep", { enum: [1, "a", { x: [1] }, null] }, [1, "a", { x: [1] }, { x: [2] }, null, 2, "b"]],
  ["const, key order", { const: { a: 1, b: [true] } }, [{ b: [true], a: 1 }, { a: 1 }, { a: 1, b: [true], c: 0 }, [1]]],
  ["numbers", { minimum: 1, exclusiveMaximum: 5, multipleOf: 0.5 }, [1, 4.5, 5, 0.5, 2.25, 3, "x"]],
  ["maximum, exclusiveMinimum", { maximum: 10, exclusiveMinimum: 0 }, [0, 0.1, 10, 10.5, -1]],
  ["strings, code points", { minLength: 2, maxLength: 3, pattern: "^a" }, ["a", "ab", "abcd", "ba", "a😀", "a😀😀😀", 5]],
  ["unicode pattern", { pattern: "^\\p{L}+$" }, ["héllo", "hé llo", ""]],
  ["format date-time", { format: "date-time" }, ["2024-01-01T00:00:00Z", "2024-01-01T10:20:30.5+02:00", "2024-13-01T00:00:00Z", "2024-01-01", "nope", 3]],
  ["format date, time", { anyOf: [{ format: "date", minLength: 10, maxLength: 10 }, { format: "time" }] }, ["2024-02-29", "2023-02-29", "10:20:30Z", "25:00:00Z"]],
  ["format email", { format: "email" }, ["a@example.com", "a.b+c@x.co", "a@b", "@x.co", "plain"]],
  ["format uri", { format: "uri" }, ["https://example.com/a?b#c", "urn:isbn:0451450523", "not a uri", "/relative"]],
  ["format uuid", { format: "uuid" }, ["123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000", "x"]],
  ["tuple and rest", { prefixItems: [{ type: "string" }], items: { type: "number" }, minItems: 1, maxItems: 3 }, [["a"], ["a", 1, 2], ["a", 1, 2, 3], [1], [], ["a", "b"]]],
  ["items false", { prefixItems: [{}, {}], items: false }, [[1, 2], [1, 2, 3], [1]]],
  ["uniqueItems", { uniqueItems: true }, [[1, 2], [1, 1], [{ a: 1 }, { a: 1 }], [{ a: 1 }, { a: 2 }], [[1], [1]]]],
  ["contains", { contains: { type: "number" }, minContains: 2, maxContains: 3 }, [[1], [1, 2], [1, 2, 3, 4], ["a", 1, 2], []]],
  ["contains, default minimum", { contains: { const: "x" } }, [["x"], ["y"], []]],
  ["closed object", { properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false }, [{ a: "x" }, {}, { a: 1 }, { a: "x", b: 1 }, "a"]],
  ["patternProperties", { patternProperties: { "^x-": { type: "string" } }, additionalProperties: { type: "number" } }, [{ "x-a": "s", b: 1 }, { "x-a": 1 }, { b: "s" }, {}]],
  ["propertyNames", { propertyNames: { maxLength: 3, pattern: "^[a-z]+$" } }, [{ abc: 1 }, { abcd: 1 }, { AB: 1 }, {}]],
  ["object size", { minProperties: 1, maxProperties: 2 }, [{}, { a: 1 }, { a: 1, b: 2, c: 3 }]],
  ["dependentRequired, dependentSchemas", { dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } }, [{ a: 1 }, { a: 1, b: 1 }, { c: 1 }, { c: 1, d: 1 }, { b: 1 }]],
  ["anyOf", { anyOf: [{ type: "string" }, { type: "number" }] }, ["a", 1, null]],
  ["oneOf", { oneOf: [{ minimum: 0 }, { maximum: 10 }] }, [-1, 5, 11, "x"]],
  ["not", { not: { type: "null" } }, [null, 0, "a"]],
  ["if without else", { if: { type: "number" }, then: { minimum: 3 } }, [1, 4, "a"]],
  ["conformance 2020-12 tool", CONTACT, [{ contactMethod: "phone", phone: "1" }, { contactMethod: "phone", email: "e" }, { email: "e" }, { name: "x" }, { phone: "1", extra: 1 }, { address: { street: 1 }, email: "e" }, { address: { street: "s" }, email: "e" }]],
  [
    "recursive $ref",
    { $defs: { node: { type: "object", properties: { v: { type: "integer" }, next: { $ref: "#/$defs/node" } } } }, $ref: "#/$defs/node" },
    [{ v: 1, next: { v: 2, next: { v: 3 } } }, { v: 1, next: { v: 2, next: { v: "3" } } }, { next: 1 }],
  ],
  ["$anchor", { $defs: { s: { $anchor: "S", type: "string" } }, properties: { x: { $ref: "#S" } } }, [{ x: "a" }, { x: 1 }, {}]],
  ["$ref beside keywords (2020-12)", { $defs: { s: { type: "string" } }, $ref: "#/$defs/s", maxLength: 2 }, ["ab", "abc", 1]],
  ["pointer escapes", { $defs: { "a/b": { type: "string" }, "c~d": { type: "number" } }, properties: { p: { $ref: "#/$defs/a~1b" }, q: { $ref: "#/$defs/c~0d" } } }, [{ p: "x", q: 1 }, { p: 1 }, { q: "x" }]],
  ["boolean schemas", { properties: { yes: true, no: false } }, [{ yes: 1 }, { no: 1 }, {}]],
  ["draft-07 tuple", { $schema: DRAFT_07, items: [{ type: "string" }], additionalItems: false }, [["a"], ["a", 1], [1]]],
  ["draft-07 $ref beside keywords", { $schema: DRAFT_07, definitions: { s: { type: "string" } }, $ref: "#/definitions/s", maxLength: 2 }, ["ab", "abc", 1]],
  ["draft-07 dependencies", { $schema: DRAFT_07, dependencies: { a: ["b"], c: { required: ["d"] } } }, [{ a: 1 }, { a: 1, b: 1 }, { c: 1 }, { c: 1, d: 1 }]],
];

describe("raw JSON Schema checker against Ajv", () => {
  it.each(CASES)("%s", (_name, schema, values) => {
    const ours = jsonSchemaChecker(schema);
    const ajv = oracle(schema);
    const verdicts = values.map((value) => [JSON.stringify(value), ours.safeParse(value).success, ajv(value)]);
    expect(verdicts.filter(([, a, b]) => a !== b)).toEqual([]);
    // Each case holds values on both sides of its schema, so that a checker answering one way fails it.
    if (values.length > 1) expect(new Set(verdicts.map(([, , b]) => b)).size).toBe(2);
  });

  it("boolean root schemas", () => {
    expect(jsonSchemaChecker(true).safeParse({ a: 1 }).success).toBe(true);
    expect(jsonSchemaChecker(false).safeParse({}).success).toBe(false);
  });
});

describe("what it leaves undecided: never stricter than the schema", () => {
  it.each([
    ["a $ref to another document", { properties: { a: { $ref: "https://example.com/other.json" } } }, { a: 1 }],
    ["$dynamicRef", { properties: { a: { $dynamicRef: "#meta" } } }, { a: 1 }],
    ["unevaluatedProperties", { properties: { a: {} }, unevaluatedProperties: false }, { a: 1, b: 2 }],
    ["a format it does not know", { format: "ipv4" }, "not an address"],
    ["a pattern that is no ECMA-262 regular expression", { pattern: "(?<" }, "x"],
    ["a schema that refers to itself, on the same value", { $ref: "#" }, 1],
  ])("%s passes", (_name, schema, value) => {
    expect(jsonSchemaChecker(schema).safeParse(value)).toEqual({ success: true, data: value });
  });
});

describe("issues", () => {
  it("names the path and what was expected, every issue of the value", () => {
    const result = jsonSchemaChecker(CONTACT).safeParse({ contactMethod: "phone", address: { street: 1 }, extra: true });
    expect(result.success).toBe(false);
    const issues = (result as { error: { issues: Array<{ path: PropertyKey[]; message: string }> } }).error.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ["address", "street"], message: "expected string, got integer" },
        { path: ["extra"], message: "is not a known property" },
        { path: [], message: "must match a schema of anyOf" },
        { path: ["phone"], message: "required" },
      ]),
    );
  });

  it("gives the value itself on success (no copy, no defaults filled in)", () => {
    const value = { a: 1 };
    const result = jsonSchemaChecker({ properties: { a: { type: "integer" }, b: { default: 2 } } }).safeParse(value);
    expect(result).toEqual({ success: true, data: value });
    expect((result as { data: unknown }).data).toBe(value);
  });
});

describe("a tool declared with raw JSON Schema, on the generated server", () => {
  let gen: any;
  beforeAll(async () => {
    gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
  });

  it("checks its arguments with the schema (if/then/else included) and its structured result", async () => {
    const contact = gen.tool("contact", { inputSchema: CONTACT }, (args: unknown) => JSON.stringify(args));
    const count = gen.tool("count", { outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } }, () => ({ structuredContent: { n: 1.5 } }));
    const errors: unknown[] = [];
    const server = gen.createServer({ serverInfo: { name: "raw", version: "1.0.0" }, tools: [contact, count], onError: (error: unknown) => errors.push(error) });
    const call = (name: string, args: unknown) => server.handle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args, _meta: meta({}, {}) } }, {});
    const ok = await call("contact", { contactMethod: "phone", phone: "555" });
    expect(ok.result.isError).toBeUndefined();
    expect(JSON.parse(ok.result.content[0].text)).toEqual({ contactMethod: "phone", phone: "555" });
    const refused = await call("contact", { contactMethod: "phone", email: "a@b.co" });
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toContain("- phone: required");
    const lied = await call("count", {});
    expect(lied.error.code).toBe(-32603);
    expect(String(errors[0])).toContain("expected integer, got number");
  });
});
