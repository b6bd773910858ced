// The package stays publish-ready (issue 29 item 3): on one tarball of `npm pack`, publint finds
// nothing (--strict: warnings count), arethetypeswrong finds no problem under its ESM-only
// profile, and `npm publish --dry-run` goes through without a warning about the package.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packTarball, userEnv } from "../helpers/package.js";
import { REPO_ROOT } from "../helpers/spec.js";

const execFileAsync = promisify(execFile);

/** A devDependency's bin script, found where the repository's own require looks (its exports may hide package.json). */
function binOf(pkg: string, bin: string): string {
  const folders = createRequire(join(REPO_ROOT, "package.json")).resolve.paths(pkg) ?? [];
  const dir = folders.map((folder) => join(folder, pkg)).find((candidate) => existsSync(join(candidate, "package.json")));
  if (!dir) throw new Error(`${pkg} is not installed (a devDependency: npm ci)`);
  const bins = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { bin: Record<string, string> }).bin;
  return join(dir, bins[bin]!);
}

/** Exit code, stdout and stderr of a process, failing or not. */
async function outcome(file: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return execFileAsync(file, args, { cwd, env: { ...userEnv(), NO_COLOR: "1", FORCE_COLOR: "0" }, maxBuffer: 16 << 20 }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout, stderr: e.stderr }),
  );
}

let work: string;
let tarball: string;
beforeAll(async () => {
  expect(existsSync(join(REPO_ROOT, "dist/index.js")), "npm run build first").toBe(true);
  work = mkdtempSync(join(tmpdir(), "mcp-gen-publish-"));
  tarball = await packTarball(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the packed package is publish-ready", () => {
  it("publint --strict: nothing to report", async () => {
    const result = await outcome(process.execPath, [binOf("publint", "publint"), "run", tarball, "--strict"], work);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/All good!/);
  });

  it("arethetypeswrong (--profile esm-only): no problem in any resolution the profile checks", async () => {
    // The tarball npm pack made: what `attw --pack` packs itself, without running `prepare` again.
    const result = await outcome(process.execPath, [binOf("@arethetypeswrong/cli", "attw"), tarball, "--profile", "esm-only", "--format", "json"], work);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    type Resolution = { resolution?: { fileName: string } };
    const report = JSON.parse(result.stdout) as { analysis: { entrypoints: Record<string, { resolutions: Record<string, Resolution> }> }; problems: Record<string, Array<{ kind: string; resolutionKind?: string }>> };
    // The profile's resolutions: ESM from node16 and bundlers (node10 and require() are what an ESM-only package leaves out).
    const checked = new Set(["node16-esm", "bundler"]);
    const problems = Object.values(report.problems).flat();
    expect(problems.filter((p) => p.resolutionKind === undefined || checked.has(p.resolutionKind))).toEqual([]);
    // What it analysed: the root export and package.json, the root resolving to the declarations in both.
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([".", "./package.json"]);
    const root = report.analysis.entrypoints["."]!.resolutions;
    expect([root["node16-esm"]?.resolution?.fileName, root["bundler"]?.resolution?.fileName]).toEqual(["/node_modules/mcp-gen/dist/index.d.ts", "/node_modules/mcp-gen/dist/index.d.ts"]);
  });

  it("npm publish --dry-run: publishes the files the package lists, with no warning about the package", async () => {
    const result = await outcome("npm", ["publish", "--dry-run", "--ignore-scripts", "--json"], REPO_ROOT);
    expect(result.code, result.stderr).toBe(0);
    // Machine-specific: a dry run without a login says so. Anything else (auto-corrected fields, a bin cleaned, …) is a finding.
    const warnings = result.stderr.split("\n").filter((line) => /^npm warn/i.test(line) && !/requires you to be logged in/.test(line));
    expect(warnings).toEqual([]);
    const summary = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as Record<string, { name: string; files: Array<{ path: string }> }>;
    const report = summary["mcp-gen"]!;
    const files = report.files.map((f) => f.path);
    expect(report.name).toBe("mcp-gen");
    for (const path of ["bin/mcp-gen.js", "dist/index.js", "dist/index.d.ts", "dist/cli.js", "dist/init/command.js", "templates/init/package.json.hbs", "templates/init/src/server.ts.hbs", "templates/init/gitignore.hbs", "schema/revisions.json", "README.md", "LICENSE"]) {
      expect(files, path).toContain(path);
    }
    expect(files.filter((f) => /^(src|test|bench|examples)\//.test(f) || f.endsWith(".map"))).toEqual([]);
  });
});
