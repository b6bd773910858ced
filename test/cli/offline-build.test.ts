// Issue 50 item 1: an up-to-date output is answered from its manifest without the schema source,
// so a prebuild on an unchanged gen/ passes on a machine with no network and no schema cache;
// `--check` still regenerates and compares, and a changed input still needs the source.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, snapshot } from "../helpers/cli.js";
import { GENERATED_JS_ROOT, REPO_ROOT, REVISIONS, scratchDir } from "../helpers/spec.js";
import { readManifest, vouchFor } from "../../src/write/manifest.js";

const pins = JSON.parse(readFileSync(join(REPO_ROOT, "schema/revisions.json"), "utf8")) as { revisions: Record<string, { path: string }> };

/** No network: every connection is dropped unanswered (fetch's "Offline?" case), and counted. */
let server: Server;
let baseUrl: string;
const requested: string[] = [];
beforeAll(async () => {
  server = createServer((request) => {
    requested.push(request.url ?? "");
    request.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * A fresh clone: a project whose committed gen/ is the global setup's output of every revision
 * (generated from the mirror, the bytes the pins name), at a new path (so nothing vouches for it
 * on this machine), with an empty project cache.
 */
function clone(name: string): { out: string; env: NodeJS.ProcessEnv } {
  const root = scratchDir(name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "package.json"), "{}\n");
  const out = join(root, "gen");
  cpSync(GENERATED_JS_ROOT, out, { recursive: true });
  requested.length = 0;
  return { out, env: { MCP_SPEC_ROOT: undefined, MCP_GEN_CACHE: join(root, ".mcp-gen/schema"), MCP_GEN_SCHEMA_BASE_URL: baseUrl } };
}

const args = (out: string, ...more: string[]) => [...REVISIONS.flatMap((r) => ["--revision", r]), "--out", out, ...more];

describe("an unchanged output rebuilds offline, from its manifest", () => {
  it("every revision of the mirror is pinned (what a copy of the global setup's output stands for)", () => {
    expect(REVISIONS.filter((r) => !Object.hasOwn(pins.revisions, r))).toEqual([]);
  });

  it("not vouched for on this machine: one download is tried, then the manifest answers, exit 0, nothing written, and it says so", async () => {
    const { out, env } = clone("offline-fresh");
    const before = snapshot(out);
    const result = await runCli(args(out), env);
    expect([result.code, result.stderr]).toEqual([0, expect.stringMatching(/: up to date \(inputs unchanged\) in /)]);
    expect(result.stderr).toContain(`${join(out, ".mcp-gen.json")}:1:1: warning: up to date by this manifest alone: the schema of ${REVISIONS[0]} could not be had`);
    expect(requested).toEqual([`/${pins.revisions[REVISIONS[0]!]!.path}`]);
    expect(snapshot(out)).toEqual(before);
  });

  it("vouched for (mcp-gen wrote it here): no download is even tried, and no warning", async () => {
    const { out, env } = clone("offline-vouched");
    vouchFor(out, readManifest(out)!);
    const result = await runCli(args(out), env);
    expect([result.code, result.stderr]).toEqual([0, expect.stringMatching(/^mcp-gen: .*: up to date \(inputs unchanged\) in [\d.]+ s\n$/)]);
    expect(requested).toEqual([]);
  });

  it("--check never answers from the manifest: offline it needs the schema, says so, names --spec-root, exit 2", async () => {
    const { out, env } = clone("offline-check");
    const before = snapshot(out);
    const result = await runCli(args(out, "--check"), env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mcp-gen: error: revision "${REVISIONS[0]}" is not in the cache .* could not be downloaded from .*Offline\\? Pass --spec-root DIR`));
    expect(snapshot(out)).toEqual(before);
  });

  it("a changed input (another emit, a revision left out) is not the recorded one: it needs the schema", async () => {
    const { out, env } = clone("offline-changed");
    for (const changed of [args(out, "--emit", "ts"), ["--revision", REVISIONS[0]!, "--out", out]]) {
      const result = await runCli(changed, env);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/Offline\? Pass --spec-root DIR/);
    }
  });

  it("a file changed with its sha256 in the manifest (as a pull request could): --check with the schema reports it", async () => {
    // A small schema under a pinned name in the project cache: read from there (hashed as read), so
    // the check regenerates in a moment, through the same resolution as a downloaded revision.
    const { out, env } = clone("offline-tampered");
    const cache = env.MCP_GEN_CACHE!;
    mkdirSync(join(cache, "2026-07-28"), { recursive: true });
    writeFileSync(join(cache, "2026-07-28/schema.ts"), "export interface Thing {\n  name: string;\n}\n");
    const small = join(out, "..", "small");
    expect((await runCli(["--revision", "2026-07-28", "--out", small, "--quiet"], env)).code).toBe(0);
    const text = `${readFileSync(join(small, "index.js"), "utf8")}globalThis.planted = 1;\n`;
    writeFileSync(join(small, "index.js"), text);
    const manifest = JSON.parse(readFileSync(join(small, ".mcp-gen.json"), "utf8"));
    manifest.files["index.js"] = createHash("sha256").update(text).digest("hex");
    writeFileSync(join(small, ".mcp-gen.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const check = await runCli(["--revision", "2026-07-28", "--out", small, "--check", "--quiet"], env);
    expect([check.code, check.stdout]).toEqual([1, `${small}/index.js: out of date\n`]);
    expect(requested).toEqual([]);
  });

  it("catalog --from (a catalog's prebuild) with its protocol output unchanged: exit 0 offline, protocol/ untouched", async () => {
    const { out, env } = clone("offline-catalog");
    // The committed layout: <stubs>/protocol is the output of the revisions catalog.json records.
    const stubs = join(out, "..", "stubs");
    cpSync(out, join(stubs, "protocol"), { recursive: true });
    const snapshotFile = join(out, "..", "catalog.json");
    const catalog = JSON.parse(readFileSync(join(REPO_ROOT, "test/catalog/fixtures/odd-names.catalog.json"), "utf8"));
    writeFileSync(snapshotFile, `${JSON.stringify({ ...catalog, options: { capabilities: [], revisions: REVISIONS, transport: "stdio" } }, null, 2)}\n`);
    const before = snapshot(join(stubs, "protocol"));
    const result = await runCli(["catalog", "--from", snapshotFile, "--out", stubs, "--quiet"], env);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(snapshot(join(stubs, "protocol"))).toEqual(before);
    expect(requested).toEqual([`/${pins.revisions[REVISIONS[0]!]!.path}`]);
  });
});
