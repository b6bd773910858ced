// Issue 32 item 16: what a server sends (its serverInfo, names, stray stdout lines) reaches the
// terminal with its control characters escaped: no clear-screen, window title or forged line.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { GENERATED_ROOT, REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { commandLine } from "./helpers.js";

const SERVER = join(REPO_ROOT, "test/catalog/fixtures/terminal-server.mjs");
/** C0 (but newline and tab), DEL, C1, and the Unicode line separators. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe("control characters from a server are printed escaped", () => {
  it("in the summary (serverInfo), the noise warnings, and --check's drift report", async () => {
    const out = scratchDir("catalog-terminal");
    const args = ["catalog", "--stdio", commandLine(process.execPath, SERVER), "--protocol", GENERATED_ROOT, "--emit", "ts", "--out", out];
    const run = await runCli(args);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(CONTROL);
    expect(run.stderr).toContain("evil\\u001b]0;owned\\u0007");
    expect(run.stderr).toContain("not JSON-RPC");
    // The server's own "\r\n" cannot start a line of mcp-gen's.
    expect(run.stderr.split("\n").filter((line) => line.startsWith("mcp-gen: forged"))).toEqual([]);
    const check = await runCli([...args, "--check"]);
    expect(check.stdout + check.stderr).not.toMatch(CONTROL);
  });

  it("in the error line of a server that answers with a multi-line error message", async () => {
    const out = scratchDir("catalog-terminal-error");
    const run = await runCli(["catalog", "--stdio", commandLine(process.execPath, SERVER, "failing"), "--protocol", GENERATED_ROOT, "--emit", "ts", "--out", out]);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(CONTROL);
    expect(run.stderr).toMatch(/^mcp-gen: error: cannot read the catalog of .*: it answered with error -32000: refused\\u000amcp-gen: forged line\\u001b\[2J$/m);
    expect(run.stderr.split("\n").filter((line) => line.startsWith("mcp-gen: forged"))).toEqual([]);
  });
});
