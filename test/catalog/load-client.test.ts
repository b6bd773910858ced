// Issue 32 item 19: the project cache (.mcp-gen/js/<key>/) holds code mcp-gen runs. An entry is
// verified against the hashes recorded with it before anything is imported: code planted there
// does not run, the entry is rebuilt.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type CliResult } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { FAULTS, commandLine } from "./helpers.js";

/** The built CLI, run as a user would from the project folder `cwd` (whose .mcp-gen is the cache). */
function cliIn(cwd: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(REPO_ROOT, "bin/mcp-gen.js"), ...args], { cwd, env: { ...process.env, MCP_SPEC_ROOT: SPEC_ROOT } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("the project cache is verified before its code runs", () => {
  it("a connect module planted in .mcp-gen/js/<key>/ is not imported; the entry is rebuilt", async () => {
    const root = scratchDir("cache-planted");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "package.json"), "{}\n");
    expect((await runCli(["--revision", "2026-07-28", "--spec-root", SPEC_ROOT, "--out", join(root, "protocol"), "--quiet"])).code).toBe(0);
    const args = (out: string) => ["catalog", "--stdio", commandLine(process.execPath, FAULTS), "--protocol", join(root, "protocol"), "--out", join(root, out), "--quiet"];
    const first = await cliIn(root, args("out1"));
    expect([first.code, first.stderr]).toEqual([0, ""]);
    const entries = readdirSync(join(root, ".mcp-gen/js")).filter((name) => !name.startsWith("."));
    expect(entries).toHaveLength(1);
    const entry = join(root, ".mcp-gen/js", entries[0]!);
    const mark = join(root, "planted-ran");
    for (const file of readdirSync(entry).filter((f) => f.endsWith(".js"))) {
      writeFileSync(join(entry, file), `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(mark)}, "ran");\nthrow new Error("planted");\n`);
    }
    const second = await cliIn(root, args("out2"));
    expect(existsSync(mark)).toBe(false);
    expect([second.code, second.stderr]).toEqual([0, ""]);
  });
});
