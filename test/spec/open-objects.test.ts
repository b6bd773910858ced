import { describe, expect, it } from "vitest";
import { loadGenerated, schemaFor } from "../helpers/generated.js";

const revision = "2026-07-28";
const meta = {
  "io.modelcontextprotocol/protocolVersion": revision,
  "io.modelcontextprotocol/clientCapabilities": { "x-cap-extra": { keep: true } },
  "com.example/trace": "abc",
};

describe(`unknown keys are kept wherever ${revision} leaves objects open`, () => {
  it("in a content block inside a tool result inside a response", async () => {
    const generated = await loadGenerated(revision);
    const message = {
      jsonrpc: "2.0",
      id: 1,
      "x-envelope": 1,
      result: {
        resultType: "complete",
        "x-result": [1, 2],
        _meta: { "com.example/cost": 3, "io.modelcontextprotocol/serverInfo": { name: "s", version: "1", "x-impl": "kept" } },
        content: [{ type: "text", text: "hi", "x-block": { nested: true }, annotations: { priority: 0.5, "x-ann": null } }],
      },
    };
    const parsed = schemaFor(generated, "CallToolResultResponse").parse(message) as any;
    expect(parsed["x-envelope"]).toBe(1);
    expect(parsed.result["x-result"]).toEqual([1, 2]);
    expect(parsed.result._meta["com.example/cost"]).toBe(3);
    expect(parsed.result._meta["io.modelcontextprotocol/serverInfo"]["x-impl"]).toBe("kept");
    expect(parsed.result.content[0]["x-block"]).toEqual({ nested: true });
    expect(parsed.result.content[0].annotations["x-ann"]).toBeNull();
    expect(parsed).toEqual(message);
  });

  it("in a tool inside a tools/list result, and its input schema", async () => {
    const generated = await loadGenerated(revision);
    const result = {
      resultType: "complete",
      ttlMs: 0,
      cacheScope: "public",
      tools: [
        {
          name: "t",
          "x-tool": "kept",
          inputSchema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
          annotations: { readOnlyHint: true, "x-hint": 1 },
          icons: [{ src: "https://example.com/i.png", "x-icon": 2 }],
        },
      ],
    };
    const parsed = schemaFor(generated, "ListToolsResult").parse(result) as any;
    expect(parsed.tools[0]["x-tool"]).toBe("kept");
    expect(parsed.tools[0].inputSchema.additionalProperties).toBe(false);
    expect(parsed.tools[0].annotations["x-hint"]).toBe(1);
    expect(parsed.tools[0].icons[0]["x-icon"]).toBe(2);
    expect(parsed).toEqual(result);
  });

  it("in request _meta, params and capabilities", async () => {
    const generated = await loadGenerated(revision);
    const request = { jsonrpc: "2.0", id: "r1", method: "tools/call", params: { name: "t", _meta: meta, "x-param": "kept" } };
    const parsed = schemaFor(generated, "ClientRequest").parse(request) as any;
    expect(parsed.params["x-param"]).toBe("kept");
    expect(parsed.params._meta["com.example/trace"]).toBe("abc");
    expect(parsed.params._meta["io.modelcontextprotocol/clientCapabilities"]["x-cap-extra"]).toEqual({ keep: true });
    expect(parsed).toEqual(request);
  });

  it("still rejects what the schema closes: a typed index signature's values", async () => {
    const generated = await loadGenerated(revision);
    const capabilities = { experimental: { feature: "not an object" } };
    expect(schemaFor(generated, "ClientCapabilities").safeParse(capabilities).success).toBe(false);
  });
});
