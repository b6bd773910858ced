// Issue 32 item 12: deep schemas — a 2,000-deep anyOf, a 10,000-long $ref alias chain,
// 10,000-deep properties — are refused with a clear error and exit 2 (from a live server's lists
// or from catalog.json), never `internal error: RangeError`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/catalog/snapshot.js";
import { GeneratorError } from "../../src/errors.js";
import { scratchDir } from "../helpers/spec.js";
import { catalog } from "./helpers.js";

/** JSON text built as text: JSON.stringify itself overflows on 10,000 levels. */
const nested = (depth: number, open: string, inner: string, close: string) => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const aliases = (length: number) => `{"type":"object","properties":{"x":{"$ref":"#/$defs/a0"}},"$defs":{${Array.from({ length }, (_, i) => `"a${i}":{"$ref":"#/$defs/a${i + 1}"}`).join(",")},"a${length}":{"type":"string"}}}`;

const SCHEMAS: Array<[string, string]> = [
  ["a 2,000-deep anyOf", `{"type":"object","properties":{"x":${nested(2000, '{"anyOf":[{"type":"number"},', '{"type":"string"}', "]}")}}}`],
  ["a 10,000-long $ref alias chain", aliases(10000)],
  ["10,000-deep properties", `{"type":"object","properties":{"x":${nested(10000, '{"type":"object","properties":{"p":', '{"type":"string"}', "}}")}}}`],
];

const catalogText = (schema: string) => `{"mcpGenCatalog":1,"server":{"name":"deep","version":"1"},"protocolVersion":"2026-07-28","revision":"2026-07-28","tools":[{"name":"t","inputSchema":${schema}}],"prompts":[],"resources":[],"resourceTemplates":[]}`;

describe("deep schemas: a clear refusal, exit 2", () => {
  it.each(SCHEMAS)("%s in catalog.json", async (_what, schema) => {
    const dir = scratchDir("catalog-deep");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "catalog.json"), catalogText(schema));
    const result = await catalog(["--from", join(dir, "catalog.json")], join(dir, "out"));
    expect(result.stderr).not.toMatch(/internal error|RangeError/);
    expect(result.stderr).toMatch(/^mcp-gen: error: .*(nests more than 256 levels deep|too deeply to generate)/);
    expect(result.code).toBe(2);
  });

  it.each(SCHEMAS.filter(([what]) => !what.includes("$ref")))("%s as a live server lists it", (_what, schema) => {
    const tools = [{ name: "t", inputSchema: JSON.parse(schema) as unknown }];
    const input = { server: { name: "deep", version: "1" }, protocolVersion: "2026-07-28", revision: "2026-07-28", lists: { tools, prompts: [], resources: [], resourceTemplates: [] } };
    expect(() => buildCatalog(input, "the server")).toThrow(GeneratorError);
    expect(() => buildCatalog(input, "the server")).toThrow(/nests more than 256 levels deep \(at \/lists\/tools\/0\/inputSchema/);
  });
});
