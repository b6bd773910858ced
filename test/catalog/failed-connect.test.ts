// Issue 32 item 3: `mcp-gen catalog` against a server that makes connect() fail prints its one
// line, exits 2 on its own and leaves no server process. Before, it printed the line and then
// never exited: the stdio child (or an SSE stream) it had not closed held the event loop.
// Run as a user runs it (bin/mcp-gen.js in a process of its own): only a process can fail to exit.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { runCli } from "../helpers/cli.js";
import { HOSTILE_CONNECT, alive, neverAnsweringSse, type NeverAnsweringServer } from "../helpers/hostile-connect.js";
import { GENERATED_ROOT, REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { commandLine } from "./helpers.js";

const TIMEOUT_MS = 1000;
/** The StdioTransport's default grace, waited twice (after closing stdin, after SIGTERM) at worst. */
const SHUTDOWN_GRACE_MS = 2000;
/**
 * connect() may wait --timeout for the probe and again for initialize, then closes: about 5 s at
 * worst, well under 1 s over HTTP. The deadline only tells "exits on its own" from "never exits",
 * so it is generous: on a loaded 2-core machine node's start and the protocol's load took over
 * 10 s of a 16 s deadline once. The tests run at once, so a passing run never waits for it.
 */
const DEADLINE_MS = 2 * TIMEOUT_MS + 2 * SHUTDOWN_GRACE_MS + 55_000;

interface Run {
  code: number | null;
  /** Set when the deadline passed and the test killed it. */
  killed: boolean;
  stderr: string;
}

/** `mcp-gen catalog ARGS`, killed when it has not exited by the deadline. */
function catalogProcess(args: string[], protocol: string): Promise<Run> {
  const child = spawn(process.execPath, [join(REPO_ROOT, "bin/mcp-gen.js"), "catalog", ...args, "--protocol", protocol, "--out", scratchDir("failed-connect"), "--timeout", String(TIMEOUT_MS), "--quiet"], {
    cwd: REPO_ROOT,
    env: { ...process.env, MCP_SPEC_ROOT: SPEC_ROOT },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let killed = false;
  const timer = setTimeout(() => ((killed = true), child.kill("SIGKILL")), DEADLINE_MS);
  return new Promise((resolve) => child.once("exit", (code) => (clearTimeout(timer), resolve({ code, killed, stderr }))));
}

/** --stdio for the hostile server in `mode`, and the file its pid goes to (killed after the test if still there). */
function hostile(mode: string, { onTestFinished }: TestContext): { args: string[]; pidFile: string } {
  const dir = scratchDir(`hostile-${mode}`);
  mkdirSync(dir, { recursive: true });
  const pidFile = join(dir, "pid");
  onTestFinished(() => {
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : 0;
    if (pid && alive(pid)) process.kill(pid, "SIGKILL"); // what a failing test left behind
  });
  return { args: ["--stdio", commandLine(process.execPath, HOSTILE_CONNECT, mode, pidFile)], pidFile };
}

let oneRevision: string;
beforeAll(async () => {
  oneRevision = join(scratchDir("one-revision"), "protocol");
  expect((await runCli(["--revision", "2026-07-28", "--spec-root", SPEC_ROOT, "--out", oneRevision, "--quiet"])).code).toBe(0);
});

// Concurrent: each run mostly waits (for its timeouts, the stdio grace), so one file's five runs
// take the time of its longest.
describe.concurrent("mcp-gen catalog against a server connect() gives up on: exit 2, no process left", () => {
  it.for([
    ["silent", /no answer within 1000 ms/],
    ["old-version", /the server chose protocol version 1999-01-01/],
    ["invalid-init", /it answered something that is not a valid MCP result: the result of initialize does not match/],
  ] as const)("stdio, %s", async ([mode, message], context) => {
    const { expect } = context;
    const server = hostile(mode, context);
    const run = await catalogProcess(server.args, GENERATED_ROOT);
    expect(run.stderr).toMatch(new RegExp(`^mcp-gen: error: cannot read the catalog of .*: ${message.source}`));
    expect([run.killed, run.code]).toEqual([false, 2]);
    expect(alive(Number(readFileSync(server.pidFile, "utf8")))).toBe(false);
  });

  it("stdio, silent, with a one-revision protocol output (createClient + open)", async (context) => {
    const { expect } = context;
    const server = hostile("silent", context);
    const run = await catalogProcess(server.args, oneRevision);
    expect(run.stderr).toMatch(/^mcp-gen: error: cannot read the catalog of .*: no answer within 1000 ms/);
    expect([run.killed, run.code]).toEqual([false, 2]);
    expect(alive(Number(readFileSync(server.pidFile, "utf8")))).toBe(false);
  });

  it("HTTP, an SSE stream that never answers", async ({ expect, onTestFinished }) => {
    const server = await neverAnsweringSse();
    onTestFinished(() => server.close());
    const run = await catalogProcess(["--url", server.url], GENERATED_ROOT);
    expect(run.stderr).toMatch(/^mcp-gen: error: cannot read the catalog of http:\/\/127\.0\.0\.1:\d+\/mcp: no answer within 1000 ms/);
    expect([run.killed, run.code]).toEqual([false, 2]);
    expect(server.requests.slice(0, 2)).toEqual(["server/discover", "initialize"]);
  });
});
