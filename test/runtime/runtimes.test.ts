import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
