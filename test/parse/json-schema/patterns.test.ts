// Issue 32 item 8: a server's pattern that can backtrack exponentially is rejected when the
// schema is read (a warning; not checked), so neither the catalog's stubs nor mcp-gen ever run it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { superLinear } from "../../../src/parse/json-schema/patterns.js";
import { runCli } from "../../helpers/cli.js";
import { GENERATED_JS_ROOT, scratchDir } from "../../helpers/spec.js";

const EXPONENTIAL = ["^(a+)+$", "(a|aa)*", "^(?:\\d*,?)*$", "(x+x+)+y", "^(a|a)+$", "^([a-z]+\\.?)+$", "(?<w>a*){2,}", "(a)\\1", "(?<q>.)\\k<q>", "((ab)*c)+"];
const ACCEPTED = ["^[a-z]+$", "^\\d{4}-\\d{2}-\\d{2}$", "^(https?|ftp)://[^\\s]+$", "(ab)+", "(a+)?", "[(a+)+]", "\\(a+\\)+", "^[A-Za-z0-9_-]{1,64}$", "(?:abc){3}", "^(?=.*\\d).{8,}$"];

describe("superLinear", () => {
  it.each(EXPONENTIAL)("rejects %s", (pattern) => expect(superLinear(pattern)).toBeTypeOf("string"));
  it.each(ACCEPTED)("accepts %s", (pattern) => expect(superLinear(pattern)).toBeUndefined());
});

describe("a catalog whose outputSchema has ^(a+)+$", () => {
  it("warns, and the stub's output check does not run the pattern", async () => {
    const dir = scratchDir("catalog-redos");
    mkdirSync(dir, { recursive: true });
    const schema = { type: "object", properties: { x: { type: "string", pattern: "^(a+)+$" }, y: { type: "string", pattern: "^[a-z]+$" } }, patternProperties: { "^(a|aa)+$": { type: "number" } } };
    const catalog = { mcpGenCatalog: 1, server: { name: "redos", version: "1" }, protocolVersion: "2025-11-25", revision: "2025-11-25", tools: [{ name: "t", inputSchema: { type: "object" }, outputSchema: schema }], prompts: [], resources: [], resourceTemplates: [] };
    writeFileSync(join(dir, "catalog.json"), JSON.stringify(catalog));
    const result = await runCli(["catalog", "--from", join(dir, "catalog.json"), "--protocol", GENERATED_JS_ROOT, "--out", join(dir, "out")]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/outputSchema at \/properties\/x\/pattern: pattern "\^\(a\+\)\+\$" may take exponential time to match .*: not checked/);
    expect(result.stderr).toMatch(/patternProperties.*may take exponential time to match/);
    const validators = readFileSync(join(dir, "out/validators.js"), "utf8");
    expect(validators).not.toContain("(a+)+");
    expect(validators).toContain("[a-z]+");
    const v = (await import(pathToFileURL(join(dir, "out/validators.js")).href)) as { isTOutput(value: unknown): boolean };
    // "aaaa!" fails ^(a+)+$: accepted, so that pattern is not checked; the linear one still is.
    expect(v.isTOutput({ x: `${"a".repeat(24)}!`, y: "ok" })).toBe(true);
    expect(v.isTOutput({ x: "a", y: "NOT" })).toBe(false);
  });
});
