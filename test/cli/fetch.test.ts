import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

// Formatting is memoized per worker (same text and options, same prettier output): see helpers/format-cache.ts.
vi.mock("../../src/write/format.js", async (original) => (await import("../helpers/format-cache.js")).withFormatCache(await original()));

const revision = "2026-07-28";
const pins = JSON.parse(readFileSync(join(REPO_ROOT, "schema/revisions.json"), "utf8"));

/** A loopback HTTP server laid out like upstream: /good/<rev>/schema.ts and a tampered copy. */
let server: Server;
let base: string;

beforeAll(async () => {
  // Each response closes its connection: the CLI runs in this process (helpers/cli.ts), where a
  // kept-alive socket that the server timed out while a long generation blocked the event loop
  // would be reused and reset.
  server = createServer((request, response) => {
    response.setHeader("connection", "close");
    const [, variant, rev, file] = (request.url ?? "").split("/");
    const path = join(SPEC_ROOT, rev ?? "", file ?? "");
    if (!existsSync(path) || file !== "schema.ts") {
      response.writeHead(404).end();
      return;
    }
    const text = readFileSync(path, "utf8");
    response.writeHead(200, { "content-type": "text/plain" }).end(variant === "tampered" ? text.replace("string", "number") : text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("mcp-gen schema fetch", () => {
  it("pins every revision of the mirror with the mirror's sha256", async () => {
    const { createHash } = await import("node:crypto");
    for (const [name, pin] of Object.entries<{ path: string; sha256: string }>(pins.revisions)) {
      const text = readFileSync(join(SPEC_ROOT, pin.path));
      expect(createHash("sha256").update(text).digest("hex"), name).toBe(pin.sha256);
    }
  });

  it("downloads a pinned revision and verifies it", async () => {
    const dest = scratchDir("fetch-good");
    const result = await runCli(["schema", "fetch", "--revision", revision, "--base-url", `${base}/good`, "--dest", dest]);
    expect(result.stderr).toContain("sha256 verified");
    expect(result.code).toBe(0);
    expect(readFileSync(join(dest, revision, "schema.ts"), "utf8")).toBe(readFileSync(join(SPEC_ROOT, revision, "schema.ts"), "utf8"));
  });

  it("a tampered download is an error and writes nothing", async () => {
    const dest = scratchDir("fetch-tampered");
    const result = await runCli(["schema", "fetch", "--revision", revision, "--base-url", `${base}/tampered`, "--dest", dest]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/sha256 mismatch for 2026-07-28 .*expected [0-9a-f]{64}, got [0-9a-f]{64}; nothing was written/);
    expect(existsSync(dest)).toBe(false);
    // Over a verified copy, a tampered download leaves the existing file byte-identical.
    const good = scratchDir("fetch-over-good");
    await runCli(["schema", "fetch", "--revision", revision, "--base-url", `${base}/good`, "--dest", good]);
    const before = readFileSync(join(good, revision, "schema.ts"));
    const again = await runCli(["schema", "fetch", "--revision", revision, "--base-url", `${base}/tampered`, "--dest", good]);
    expect(again.code).toBe(2);
    expect(readFileSync(join(good, revision, "schema.ts")).equals(before)).toBe(true);
  });

  it("copies from a mirror folder, all revisions by default, and generation then reads it as the default root", async () => {
    const dest = scratchDir("fetch-mirror");
    const result = await runCli(["schema", "fetch", "--from", SPEC_ROOT, "--dest", dest]);
    expect(result.code).toBe(0);
    for (const name of Object.keys(pins.revisions)) expect(existsSync(join(dest, name, "schema.ts")), name).toBe(true);
    const out = scratchDir("fetch-generate");
    const generated = await runCli(["--revision", revision, "--out", out], { MCP_SPEC_ROOT: dest });
    expect(generated.code).toBe(0);
    expect(existsSync(join(out, "index.js"))).toBe(true);
  });

  it("an unknown revision or an unreachable server is a clear error", async () => {
    const dest = scratchDir("fetch-bad");
    const unknown = await runCli(["schema", "fetch", "--revision", "1999-01-01", "--dest", dest]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown revision "1999-01-01"/);
    // A name that lives on Object.prototype is not a pinned revision either.
    const inherited = await runCli(["schema", "fetch", "--revision", "constructor", "--dest", dest]);
    expect(inherited.code).toBe(2);
    expect(inherited.stderr).toMatch(/unknown revision "constructor"/);
    const missing = await runCli(["schema", "fetch", "--revision", revision, "--base-url", `${base}/good/nothing-here`, "--dest", dest]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/download failed: .*HTTP 404/);
    expect(existsSync(dest)).toBe(false);
  });

  it("a folder where a schema file should be (mirror, cache, spec root) is the usual error, not EISDIR", async () => {
    const mirror = scratchDir("fetch-folder");
    mkdirSync(join(mirror, revision, "schema.ts"), { recursive: true });
    const fromFolder = await runCli(["schema", "fetch", "--revision", revision, "--from", mirror, "--dest", scratchDir("fetch-folder-dest")]);
    expect([fromFolder.code, fromFolder.stderr]).toEqual([2, expect.stringMatching(/^mcp-gen: error: mirror's 2026-07-28\/schema\.ts is a folder, not a schema file: /)]);
    const blocked = scratchDir("fetch-blocked");
    mkdirSync(join(blocked, revision, "schema.ts"), { recursive: true });
    const intoFolder = await runCli(["schema", "fetch", "--revision", revision, "--from", SPEC_ROOT, "--dest", blocked]);
    expect([intoFolder.code, intoFolder.stderr]).toEqual([2, expect.stringMatching(/cannot write .*schema\.ts: it is a folder/)]);
    const generated = await runCli(["--revision", revision, "--spec-root", mirror, "--out", scratchDir("fetch-folder-out")]);
    expect([generated.code, generated.stderr]).toEqual([2, expect.stringMatching(/schema\.ts is a folder, not a schema file/)]);
    for (const result of [fromFolder, intoFolder, generated]) expect(result.stderr).not.toMatch(/EISDIR|internal error/);
  });
});
