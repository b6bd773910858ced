// Several sources are built on two threads by the built CLI (dist/units/worker.js; sources run
// by vitest have no worker module, so these tests run bin/mcp-gen.js). The threads must not show:
// the same bytes as one thread, warnings in the sources' order, and the first failing source's
// error with its location, nothing written.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliProcess, snapshot } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

const THREADS = { MCP_GEN_THREADS: "2" };
const bytes = (dir: string) => Object.fromEntries(Object.entries(snapshot(dir)).map(([path, { bytes }]) => [path, bytes]));

function schema(root: string, name: string, text: string): string {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, "schema.ts"), text);
  return join(root, name, "schema.ts");
}

describe("several sources on two threads (the built CLI)", () => {
  it("the build has the worker module (MCP_GEN_THREADS=2 below uses it whatever the core count)", () => {
    expect(existsSync(join(REPO_ROOT, "dist/units/worker.js"))).toBe(true);
  });

  it("three revisions: the same bytes as MCP_GEN_THREADS=1", async () => {
    const root = scratchDir("pool-bytes");
    const args = ["--spec-root", SPEC_ROOT, "-r", "2026-07-28", "-r", "2025-11-25", "-r", "2025-06-18", "--quiet"];
    const [two, one] = [join(root, "two"), join(root, "one")];
    expect((await runCliProcess([...args, "--out", two], THREADS)).code).toBe(0);
    expect((await runCliProcess([...args, "--out", one], { MCP_GEN_THREADS: "1" })).code).toBe(0);
    const generated = bytes(two);
    expect(Object.keys(generated).length).toBeGreaterThan(30);
    expect(generated).toEqual(bytes(one));
  });

  it("warnings come in the sources' order, and a bad second source is its own error at file:line:col, nothing written", async () => {
    const root = scratchDir("pool-errors");
    const warnA = schema(root, "a", "/** @format flavour */\nexport type A = string;\n");
    const warnB = schema(root, "b", "/** @format colour */\nexport type B = string;\n");
    const warned = await runCliProcess(["--schema", warnA, "--schema", warnB, "--out", join(root, "warned")], THREADS);
    expect(warned.code).toBe(0);
    expect(warned.stderr.indexOf("flavour")).toBeGreaterThan(-1);
    expect(warned.stderr.indexOf("flavour")).toBeLessThan(warned.stderr.indexOf("colour"));
    const bad = schema(root, "c", "export interface C {\n  c: string;\n  c: number;\n}\n");
    const out = join(root, "failed");
    const failed = await runCliProcess(["--schema", warnA, "--schema", bad, "--out", out], THREADS);
    expect(failed.code).toBe(2);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(failed.stderr).toMatch(new RegExp(`^mcp-gen: error: ${escape(bad)}:2:3: not valid TypeScript \\(TS2300\\)`, "m"));
    expect(existsSync(out)).toBe(false);
    expect(readFileSync(bad, "utf8")).toContain("c: number"); // the input is untouched too
    // Both bad: the first source's error, whichever thread finished first.
    const worse = schema(root, "d", "export type D = Missing;\n");
    const both = await runCliProcess(["--schema", worse, "--schema", bad, "--out", out], THREADS);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(new RegExp(`^mcp-gen: error: ${escape(worse)}:1:\\d+: `, "m"));
    expect(both.stderr).not.toContain(bad);
  });
});
