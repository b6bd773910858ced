import { describe, expect, it } from "vitest";
import { decodeHeaderValue, encodeHeaderValue, headerMatchesValue, paramHeadersOf, paramValueText, valueAt } from "../../templates/runtime/shared/headers.js";

describe("header values (Streamable HTTP value encoding)", () => {
  // The spec's encoding table, row by row.
  it.each([
    ["us-west1", "us-west1"],
    ["Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    [" padded ", "=?base64?IHBhZGRlZCA=?="],
    ["line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
    ["=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
  ])("%j is sent as %j and decodes back", (value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
    expect(decodeHeaderValue(header)).toBe(value);
  });

  it("malformed values decode to undefined", () => {
    expect(decodeHeaderValue("=?base64?not base64!?=")).toBeUndefined();
    expect(decodeHeaderValue("=?base64?/w==?=")).toBeUndefined(); // 0xff is not UTF-8
    expect(decodeHeaderValue("caf\u00e9")).toBeUndefined();
    expect(decodeHeaderValue(" edge")).toBeUndefined();
  });
});

describe("x-mcp-header annotations", () => {
  const tool = (properties: object) => ({ type: "object", properties });

  it("finds annotated properties, nested through properties only", () => {
    const result = paramHeadersOf(tool({ region: { type: "string", "x-mcp-header": "Region" }, opts: { type: "object", properties: { n: { type: "integer", "x-mcp-header": "N" } } } }));
    expect(result).toEqual({ ok: true, headers: [{ name: "Region", path: ["region"], type: "string" }, { name: "N", path: ["opts", "n"], type: "integer" }] });
  });

  it.each([
    ["an empty name", tool({ a: { type: "string", "x-mcp-header": "" } })],
    ["a name that is not a token", tool({ a: { type: "string", "x-mcp-header": "Bad Name" } })],
    ["a control character", tool({ a: { type: "string", "x-mcp-header": "A\r\nX-Evil: 1" } })],
    ["a number parameter", tool({ a: { type: "number", "x-mcp-header": "A" } })],
    ["an object parameter", tool({ a: { type: "object", "x-mcp-header": "A" } })],
    ["names equal but for case", tool({ a: { type: "string", "x-mcp-header": "Id" }, b: { type: "string", "x-mcp-header": "ID" } })],
    ["an annotation under items", tool({ a: { type: "array", items: { type: "string", "x-mcp-header": "A" } } })],
    ["an annotation under anyOf", tool({ a: { anyOf: [{ type: "string", "x-mcp-header": "A" }] } })],
    ["an annotation on the root", { type: "object", "x-mcp-header": "Root", properties: {} }],
    ["an annotation in $defs", { type: "object", properties: {}, $defs: { x: { type: "string", "x-mcp-header": "X" } } }],
  ])("rejects %s", (_name, schema) => {
    expect(paramHeadersOf(schema).ok).toBe(false);
  });

  it("extracts and compares values as the spec's table says", () => {
    expect(valueAt({ opts: { n: 42 } }, ["opts", "n"])).toBe(42);
    expect(valueAt({ opts: null }, ["opts", "n"])).toBeUndefined();
    expect(paramValueText(null, "string")).toBeUndefined();
    expect(paramValueText(true, "boolean")).toBe("true");
    expect(paramValueText(-7, "integer")).toBe("-7");
    expect(headerMatchesValue("42.0", 42, "integer")).toBe(true);
    expect(headerMatchesValue("42.5", 42, "integer")).toBe(false);
    expect(headerMatchesValue("True", true, "boolean")).toBe(false);
    expect(headerMatchesValue("us-west1", "us-west1", "string")).toBe(true);
  });
});
