import { spawn } from "node:child_process";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

/** A loopback port nobody listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("CLI papercuts", () => {
  it("no arguments prints help, with the options of the default generate command", async () => {
    const result = await runCli([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: mcp-gen/);
    for (const option of ["--revision", "--schema", "--out", "--check", "--force", "--json"]) expect(result.stdout).toContain(option);
  });

  it("--help shows the generate options too", async () => {
    const result = await runCli(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("--out");
    expect(result.stdout).toContain("--check");
  });

  it("model with two schemas is an error, not a silent first-only answer", async () => {
    const result = await runCli(["model", "-r", "2026-07-28", "-r", "2025-11-25", "--spec-root", SPEC_ROOT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/one schema at a time; 2 were given/);
  });

  it("a reader that stops early (`model | head`) ends the CLI quietly", async () => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "bin/mcp-gen.js"), "model", "-r", "2026-07-28", "--spec-root", SPEC_ROOT]);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
  });

  it("an internal error is exit 2 with a one-line message; --debug adds the stack", async () => {
    // A schema that is a folder reaches the reader: a clear error either way, never exit 1.
    const dir = scratchDir("schema-dir");
    mkdirSync(dir, { recursive: true });
    const result = await runCli(["--schema", dir, "--out", join(dir, "out")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is a folder, not a schema file/);
  });

  it("--revision with a path is refused with a pointer to --schema", async () => {
    const result = await runCli(["--revision", "../2026-07-28", "--spec-root", SPEC_ROOT, "--out", join(scratchDir("path-rev"), "out")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a revision name.*use --schema/);
    expect(result.stderr).not.toMatch(/does not exist/);
  });

  it("an offline fetch names the cause once and what to do: the full text", async () => {
    const dest = scratchDir("offline");
    const port = await closedPort();
    const result = await runCli(["schema", "fetch", "--revision", "2026-07-28", "--base-url", `http://127.0.0.1:${port}/schema`, "--dest", dest]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `mcp-gen: error: download failed: http://127.0.0.1:${port}/schema/2026-07-28/schema.ts: connect ECONNREFUSED 127.0.0.1:${port}. ` +
        "Offline? Copy from a mirror with --from DIR, or download from a reachable mirror with --base-url URL\n",
    );
  });

  it("a missing revision with no cache and no network says what to do, once: the full text", async () => {
    const project = scratchDir("offline-project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "package.json"), "{}");
    const [cache, port] = [join(project, ".mcp-gen/schema"), await closedPort()];
    const result = await runCli(["--revision", "2026-07-28", "--out", join(project, "gen")], {
      MCP_SPEC_ROOT: "",
      MCP_GEN_CACHE: cache,
      MCP_GEN_SCHEMA_BASE_URL: `http://127.0.0.1:${port}/schema`,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `mcp-gen: error: revision "2026-07-28" is not in the cache ${cache} and could not be downloaded from http://127.0.0.1:${port}/schema/2026-07-28/schema.ts: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}. Offline? Pass --spec-root DIR or set MCP_SPEC_ROOT to a folder holding 2026-07-28/schema.ts, ` +
        "or run `mcp-gen schema fetch --revision 2026-07-28 --from MIRROR`.\n",
    );
  });

  it("a cache fill that got an answer (HTTP 404) says so, without asking whether the machine is offline", async () => {
    const project = scratchDir("missing-upstream");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "package.json"), "{}");
    const server = createHttpServer((_, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await runCli(["--revision", "2026-07-28", "--out", join(project, "gen")], { MCP_SPEC_ROOT: "", MCP_GEN_CACHE: join(project, "cache"), MCP_GEN_SCHEMA_BASE_URL: `http://127.0.0.1:${port}/s` });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/could not be downloaded from http:\/\/127\.0\.0\.1:\d+\/s\/2026-07-28\/schema\.ts: HTTP 404\. Pass --spec-root DIR/);
      expect(result.stderr).not.toMatch(/Offline/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
