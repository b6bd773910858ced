// Where the catalog writes, and what it trusts there: a manifest changed with a file does not vouch
// for it (item 5), a symlinked <out>/protocol is refused (item 9), and the user's own catalog.json
// in --out is refused before anything is written (item 13) — issue 32.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, snapshot } from "../helpers/cli.js";
import { GENERATED_JS_ROOT, REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { INCIDENTS_ARGS, catalog } from "./helpers.js";

const FIXTURE = join(REPO_ROOT, "test/catalog/fixtures/odd-names.catalog.json");

describe("catalog --check compares with the disk, not with the manifest", () => {
  it("a stub changed together with its sha256 in .mcp-gen.json: --check exits 1, a normal run restores it", async () => {
    const out = scratchDir("catalog-tampered");
    expect((await catalog(["--from", FIXTURE], out)).code).toBe(0);
    const original = readFileSync(join(out, "index.ts"), "utf8");
    const planted = `${original}globalThis.planted = 1;\n`;
    writeFileSync(join(out, "index.ts"), planted);
    const manifest = JSON.parse(readFileSync(join(out, ".mcp-gen.json"), "utf8"));
    manifest.files["index.ts"] = createHash("sha256").update(planted).digest("hex");
    writeFileSync(join(out, ".mcp-gen.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const check = await catalog(["--from", FIXTURE, "--check"], out);
    expect([check.code, check.stdout]).toEqual([1, `${join(out, "index.ts")}: out of date\n`]);
    expect((await catalog(["--from", FIXTURE], out)).code).toBe(0);
    expect(readFileSync(join(out, "index.ts"), "utf8")).toBe(original);
    expect((await catalog(["--from", FIXTURE, "--check"], out)).code).toBe(0);
  });
});

describe("a symbolic link at <out>/protocol is refused, as the generator refuses one at out/<revision>", () => {
  it("exit 2, nothing written behind the link", async () => {
    const root = scratchDir("catalog-protocol-link");
    mkdirSync(join(root, "out"), { recursive: true });
    mkdirSync(join(root, "elsewhere"));
    symlinkSync(join(root, "elsewhere"), join(root, "out/protocol"));
    const result = await runCli(["catalog", "--from", FIXTURE, "--revision", "2026-07-28", "--spec-root", SPEC_ROOT, "--out", join(root, "out"), "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/refusing to touch .*protocol: it is a symbolic link/);
    expect(readdirSync(join(root, "elsewhere"))).toEqual([]);
    expect(readdirSync(join(root, "out"))).toEqual(["protocol"]);
  });
});

describe("the user's own catalog.json in --out", () => {
  it("is refused before anything is written", async () => {
    const out = scratchDir("catalog-foreign-snapshot");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "catalog.json"), '{ "mine": true }\n');
    const before = snapshot(out);
    const result = await catalog(INCIDENTS_ARGS, out);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/refusing to overwrite .*catalog\.json: it is not a catalog written by mcp-gen/);
    expect(snapshot(out)).toEqual(before);
    expect(existsSync(join(out, ".mcp-gen.json"))).toBe(false);
  });
});

describe("the stubs' doc comments (issue 53 item 5)", () => {
  it("are indented with their member in index.d.ts (and index.ts), every line of a description of several lines", async () => {
    const out = scratchDir("catalog-doc-indent");
    mkdirSync(out, { recursive: true });
    const snapshot = JSON.parse(readFileSync(FIXTURE, "utf8"));
    for (const list of ["tools", "prompts", "resourceTemplates"]) snapshot[list][0].description = "Renders a scene.\n\nSlow: several seconds.";
    const from = join(out, "catalog.json.in");
    writeFileSync(from, JSON.stringify(snapshot));
    const js = await runCli(["catalog", "--from", from, "--protocol", GENERATED_JS_ROOT, "--out", join(out, "js"), "--quiet"]);
    expect(js.code, js.stderr).toBe(0);
    expect((await catalog(["--from", from], join(out, "ts"))).code).toBe(0);
    for (const file of [join(out, "js", "index.d.ts"), join(out, "ts", "index.ts")]) expectIndented(readFileSync(file, "utf8"), file);
  });
});

/** Every line of the stubs' interfaces indented by two under its interface, a comment's ` * ` lines by three. */
function expectIndented(text: string, file: string): void {
  const bodies = [...text.matchAll(/^export interface (Tools|Prompts|ResourceTemplates) \{\n([\s\S]*?)^\}/gm)];
  expect(bodies.map((m) => m[1]), file).toEqual(["Tools", "Prompts", "ResourceTemplates"]);
  for (const [, name, body] of bodies) {
    const lines = body!.split("\n").filter((line) => line !== "");
    expect(lines.filter((line) => !/^ {2}(\/\*\*| \*( |\/|$)| *[^\s*])/.test(line)), `${file}: ${name}`).toEqual([]);
    expect(lines.filter((line) => line === "   * Slow: several seconds."), `${file}: ${name}`).toHaveLength(1);
  }
}
