// examples/inspect on the generated code (type-checked by examples/build.mjs under the strictest
// flags): the inspector prints what real servers offer (loopback, real processes).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../examples/build.mjs";
import { REPO_ROOT } from "../helpers/spec.js";

const run = promisify(execFile);
const EVERYTHING = join(createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json"), "../dist/index.js");
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  await ensureBuilt("inspect");
  await ensureBuilt("conformance-client");
  server = spawn(process.execPath, [join(REPO_ROOT, "test/client/fixtures/sdk-v2-server.mjs"), "http"], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) => server.stdout!.on("data", (chunk: Buffer) => /PORT (\d+)/.test(chunk.toString()) && resolve(/PORT (\d+)/.exec(chunk.toString())![1]!)));
  url = `http://127.0.0.1:${port}/mcp`;
}, 300_000);
afterAll(() => {
  server.kill("SIGTERM");
});

async function inspect(...args: string[]): Promise<Record<string, any>> {
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, "examples/run.mjs"), "inspect", ...args], { cwd: REPO_ROOT });
  return JSON.parse(stdout);
}

describe("examples", () => {
  it("inspect over Streamable HTTP: the SDK v2 server, modern, every page", async () => {
    const report = await inspect("--url", url);
    expect(report).toMatchObject({ revision: "2026-07-28", protocolVersion: "2026-07-28", era: "stateless", serverInfo: { name: "sdk-v2-fixture", version: "2.4.0" } });
    expect(report["tools"].map((t: { name: string }) => t.name)).toHaveLength(9);
    expect(report["resources"]).toEqual([expect.objectContaining({ uri: "static://hello" })]);
    expect(report["prompts"].map((p: { name: string }) => p.name)).toEqual(["review"]);
  }, 60_000);

  it("inspect over stdio: server-everything (2025-11-25 only), through the legacy fallback", async () => {
    const report = await inspect("--stdio", `${process.execPath} ${EVERYTHING} stdio`);
    expect(report).toMatchObject({ revision: "2025-11-25", era: "session", serverInfo: { name: "mcp-servers/everything" } });
    expect([report["tools"].length >= 13, report["resources"].length, report["resourceTemplates"].length, report["prompts"].length]).toEqual([true, 7, 2, 4]);
  }, 60_000);
});
