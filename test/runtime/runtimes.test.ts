import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { REPO_ROOT } from "../helpers/spec.js";
import { runtimeBinary } from "../../examples/runtimes.mjs";

const run = promisify(execFile);
const FIXTURE = join(REPO_ROOT, "test/runtime/fixtures/same-runtime-client.mjs");
const COMMANDS: Record<"deno" | "bun", () => [string, string[]]> = {
  deno: () => [runtimeBinary("deno"), ["run", "--quiet", "--no-prompt", "--allow-net", "--allow-read", "--allow-env", FIXTURE]],
  bun: () => [runtimeBinary("bun"), [FIXTURE]],
};

/**
 * The generated client on Deno and on Bun: connect() with StreamableHttpTransport against
 * examples/everything's server on the same runtime's HTTP server (Deno.serve, Bun.serve), in one
 * process of that runtime. Both at once.
 */
describe("the generated client on other runtimes", () => {
  it.concurrent.each(Object.keys(COMMANDS) as Array<keyof typeof COMMANDS>)("%s: connect() over Streamable HTTP to a server on the same runtime", async (name) => {
    const [binary, args] = COMMANDS[name]();
    const { stdout } = await run(binary, args, { cwd: REPO_ROOT, timeout: 60_000 });
    const seen = JSON.parse(stdout.trim().split("\n").pop()!) as { runtime: string; revision: string; text: string; tools: number };
    expect(seen.runtime.startsWith(`${name} `)).toBe(true);
    expect(seen.revision).toBe("2026-07-28");
    expect(seen.text).toBe("This is a simple text response for testing.");
    expect(seen.tools).toBeGreaterThan(20);
  });
});

/**
 * Installed with install scripts skipped (npm --ignore-scripts, or npm set not to run them), the
 * `bun` package's bin/bun.exe is a shell script that exits 1 ("postinstall script was not run"):
 * the binary is then found in the platform package, and the script is never taken for it.
 */
describe("the runtimes' binaries when install scripts did not run", () => {
  it("bun: the platform package's binary, never the main package's launcher script", () => {
    // Outside the repository: a lookup must not walk up into its own node_modules.
    const root = mkdtempSync(join(tmpdir(), "mcp-gen-no-postinstall-"));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const add = (dir: string, name: string, files: Record<string, string>) => {
      mkdirSync(join(root, "node_modules", dir, "bin"), { recursive: true });
      writeFileSync(join(root, "node_modules", dir, "package.json"), JSON.stringify({ name, version: "1.4.5" }));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(root, "node_modules", dir, file), text, { mode: 0o755 });
    };
    writeFileSync(join(root, "package.json"), "{}");
    add("bun", "bun", { "bin/bun.exe": 'echo "Error: Bun\'s postinstall script was not run." >&2\nexit 1\n' });
    expect(() => runtimeBinary("bun", root)).toThrow(/no bun binary .*bin\/bun\.exe/);
    const platform = `@oven/bun-${process.platform}-${process.arch === "arm64" ? "aarch64" : "x64"}`;
    add(platform, platform, {});
    symlinkSync(runtimeBinary("bun"), join(root, "node_modules", platform, "bin/bun"));
    expect(runtimeBinary("bun", root)).toBe(join(root, "node_modules", platform, "bin/bun"));
  });
});
