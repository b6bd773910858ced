// Issue 29 item 4: catalog.json records the options the catalog was made with (capabilities,
// protocol revisions, transport, header names, never their values); a later run and --check
// reuse them, so an unchanged server is current without repeating the flags, and flags given on
// the command line win.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, snapshot } from "../helpers/cli.js";
import { GENERATED_ROOT, REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { EVERYTHING_ARGS, catalog } from "./helpers.js";

const OUT = scratchDir("catalog-recorded");
const everything = join(OUT, "everything");
/** server-everything without the --capability flags it was read with. */
const BARE = EVERYTHING_ARGS.slice(0, 2);

beforeAll(async () => {
  expect(EVERYTHING_ARGS).toContain("--capability");
  const result = await catalog(EVERYTHING_ARGS, everything);
  expect([result.code, result.stderr]).toEqual([0, ""]);
});

describe("the options a catalog was made with", () => {
  it("are recorded in catalog.json: capabilities and transport (no revisions with --protocol)", () => {
    const written = JSON.parse(readFileSync(join(everything, "catalog.json"), "utf8")) as { options?: unknown };
    expect(written.options).toEqual({ capabilities: ["elicitation", "roots", "sampling"], transport: "stdio" });
  });

  it("--check without the --capability flags: exit 0 on the unchanged server, nothing written", async () => {
    const before = snapshot(everything);
    const result = await catalog([...BARE, "--check"], everything);
    expect([result.code, result.stdout]).toEqual([0, ""]);
    expect(snapshot(everything)).toEqual(before);
  });

  it("a run without the flags keeps the tools only such clients are shown", async () => {
    const again = join(OUT, "again");
    expect((await catalog(EVERYTHING_ARGS, again)).code).toBe(0);
    expect((await catalog(BARE, again)).code).toBe(0);
    expect(readFileSync(join(again, "catalog.json"), "utf8")).toBe(readFileSync(join(everything, "catalog.json"), "utf8"));
  });

  it("flags on the command line win: --check with fewer capabilities reports them, and the tools they hide", async () => {
    const result = await catalog([...BARE, "--capability", "sampling", "--check"], everything);
    expect(result.code).toBe(1);
    const lines = result.stdout.split("\n");
    expect(lines).toContain('  made with other options: capabilities ["elicitation","roots","sampling"] → ["sampling"]');
    expect(lines).toContain("  breaking for clients: tool get-roots-list: tool get-roots-list removed");
  });

  it("a catalog.json whose options are not options is refused at their place (--from)", async () => {
    const text = readFileSync(join(everything, "catalog.json"), "utf8");
    const file = join(OUT, "bad-options.json");
    writeFileSync(file, text.replace('"transport": "stdio"', '"transport": "stdio",\n    "revisions": ["../../etc"]'));
    const result = await runCli(["catalog", "--from", file, "--out", join(OUT, "bad"), "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bad-options\.json:\d+:\d+: not an mcp-gen catalog: "options\.revisions" holds "\.\.\/\.\.\/etc", which is not a revision name/);
  });
});

describe("over HTTP", () => {
  it("header names are recorded, never their values; a run without one says which it lacks", async () => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "test/client/fixtures/sdk-v2-server.mjs"), "http"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => {
          const match = /PORT (\d+)/.exec(chunk.toString());
          if (match) resolve(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`the fixture exited with ${code}`)));
      });
      const out = join(OUT, "http");
      const url = ["--url", `http://127.0.0.1:${port}/mcp`];
      expect((await catalog([...url, "--header", "X-Secret-Token: s3cr3t-value"], out)).code).toBe(0);
      const text = readFileSync(join(out, "catalog.json"), "utf8");
      expect(JSON.parse(text).options).toEqual({ capabilities: [], headers: ["X-Secret-Token"], transport: "http" });
      expect(text).not.toContain("s3cr3t-value");
      const check = await runCli(["catalog", ...url, "--protocol", GENERATED_ROOT, "--out", out, "--emit", "ts", "--check"]);
      expect(check.stderr).toContain(`${join(out, "catalog.json")}:1:1: warning: the snapshot was read with the header X-Secret-Token (values are never recorded): pass --header for it`);
      expect(check.stdout).toContain('made with other options: headers ["X-Secret-Token"] → []');
    } finally {
      child.kill();
    }
  });
});
