// Issue 51 item 8: a .mcp-gen.json of the wrong shape was an internal error (a TypeError further
// on, in migrate and catalog); it is a usage error that names the file, and nothing is written.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, snapshot } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

const CATALOG = join(REPO_ROOT, "test/catalog/fixtures/odd-names.catalog.json");

/** A project whose gen/ holds a manifest with these `revisions`, everything else as mcp-gen writes it. */
function project(name: string, revisions: unknown): { root: string; out: string; manifest: string } {
  const root = scratchDir(name);
  const out = join(root, "gen");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(root, "tsconfig.json"), "{}\n");
  writeFileSync(join(root, "schema.ts"), "export interface Thing {\n  name: string;\n}\n");
  writeFileSync(join(out, ".mcp-gen.json"), JSON.stringify({ generator: "mcp-gen", version: "0.1.0", inputs: "x", revisions, files: {} }));
  return { root, out, manifest: join(out, ".mcp-gen.json") };
}

const shapes: Array<[string, unknown, string]> = [
  ["[null]", [null], 'revisions[0] is null, not an object with "label", "dir" and "types"'],
  ["[1]", [1], 'revisions[0] is 1, not an object with "label", "dir" and "types"'],
  ['[{"label":42}]', [{ label: 42 }], 'revisions[0] has "label" 42, not a revision name'],
];

describe("a malformed manifest is a usage error naming the file", () => {
  it.each(shapes)("revisions: %s, for generate, migrate and catalog --protocol: exit 2, nothing written", async (_name, revisions, problem) => {
    const { root, out, manifest } = project("manifest-shape", revisions);
    const before = snapshot(root);
    const runs = [
      ["--schema", join(root, "schema.ts"), "--out", out],
      ["migrate", "--out", out, "--to", "2026-07-28", "--project", join(root, "tsconfig.json"), "--spec-root", SPEC_ROOT],
      ["catalog", "--protocol", out, "--from", CATALOG, "--out", join(root, "stubs"), "--quiet"],
    ];
    for (const args of runs) {
      const result = await runCli(args);
      expect([args[0], result.code, result.stderr]).toEqual([args[0], 2, `mcp-gen: error: ${manifest}: malformed manifest (${problem}); remove it to regenerate from scratch\n`]);
    }
    expect(snapshot(root)).toEqual(before);
    expect(existsSync(join(root, "stubs"))).toBe(false);
  });

  it("other fields of the wrong kind are named too", async () => {
    const { root, out, manifest } = project("manifest-shape-fields", [{ label: "2026-07-28", dir: "../up", types: 1 }]);
    const run = () => runCli(["--schema", join(root, "schema.ts"), "--out", out]);
    expect((await run()).stderr).toBe(`mcp-gen: error: ${manifest}: malformed manifest (revisions[0] has "dir" "../up", not a plain relative folder (or "")); remove it to regenerate from scratch\n`);
    writeFileSync(manifest, JSON.stringify({ generator: "mcp-gen", version: 1, inputs: "x", files: {} }));
    expect((await run()).stderr).toBe(`mcp-gen: error: ${manifest}: malformed manifest ("version" is 1, not a string); remove it to regenerate from scratch\n`);
    writeFileSync(manifest, JSON.stringify({ generator: "mcp-gen", version: "0.1.0", inputs: "x", files: {}, revisions: {} }));
    expect((await run()).stderr).toBe(`mcp-gen: error: ${manifest}: malformed manifest ("revisions" is {}, not a list); remove it to regenerate from scratch\n`);
  });
});
