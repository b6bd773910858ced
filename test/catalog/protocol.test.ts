// Issue 29 item 4: the protocol output beside a catalog holds only what the stubs need: the revision
// the server negotiated and the newest of the other era (stateless vs initialize-based), or what
// --revision chooses. Without a spec root the schemas come from the project cache, as the
// generator's do: the first run downloads only the revisions it emits, a later one runs offline.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPins } from "../../src/schema/revisions.js";
import { runCli } from "../helpers/cli.js";
import { freePort } from "../helpers/processes.js";
import { GENERATED_JS_ROOT, REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { EVERYTHING_ARGS, INCIDENTS_ARGS, commandLine } from "./helpers.js";

const OUT = scratchDir("catalog-protocol");
const cache = join(OUT, "cache");
const LEGACY = join(REPO_ROOT, "test/catalog/fixtures/legacy-server.mjs");
const pins = readPins();
const DATED = Object.keys(pins.revisions).filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r));

/** A mirror of the pinned schemas over HTTP (what MCP_GEN_SCHEMA_BASE_URL points the cache at), logging what is asked. */
let mirror: Server;
let mirrorUrl: string;
const requested: string[] = [];
beforeAll(async () => {
  mirror = createServer((request, response) => {
    response.setHeader("connection", "close");
    requested.push(request.url ?? "");
    const pin = Object.values(pins.revisions).find((p) => `/${p.path}` === request.url);
    if (!pin) return void response.writeHead(404).end();
    response.writeHead(200).end(readFileSync(join(SPEC_ROOT, pin.path)));
  });
  await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => mirror.close(() => resolve())));

/** `mcp-gen catalog` with schemas from the project cache only (no --spec-root, no MCP_SPEC_ROOT). */
const fromCache = (args: string[], out: string, baseUrl: string) => runCli(["catalog", ...args, "--out", out, "--quiet"], { MCP_SPEC_ROOT: undefined, MCP_GEN_CACHE: cache, MCP_GEN_SCHEMA_BASE_URL: baseUrl });

const revisionsIn = (out: string) => (JSON.parse(readFileSync(join(out, "protocol/.mcp-gen.json"), "utf8")) as { revisions: Array<{ label: string }> }).revisions.map((r) => r.label);

function bytes(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).size;
  return readdirSync(path).reduce((sum, name) => sum + bytes(join(path, name)), 0);
}

describe("the protocol output beside a catalog", () => {
  const everything = join(OUT, "everything");

  it("server-everything (2025-11-25): that revision and 2026-07-28 only, the two schemas the only ones downloaded, a fraction of every pinned revision's size", async () => {
    const result = await fromCache(EVERYTHING_ARGS, everything, mirrorUrl);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(JSON.parse(readFileSync(join(everything, "catalog.json"), "utf8")).revision).toBe("2025-11-25");
    expect(revisionsIn(everything)).toEqual(["2025-11-25", "2026-07-28"]);
    expect(readdirSync(join(everything, "protocol")).filter((f) => /^\d{4}-/.test(f))).toEqual(["2025-11-25", "2026-07-28"]);
    expect(existsSync(join(everything, "protocol/connect.js"))).toBe(true);
    expect(requested.sort()).toEqual(["2025-11-25", "2026-07-28"].map((r) => `/${pins.revisions[r]!.path}`));
    expect(readdirSync(cache).sort()).toEqual(["2025-11-25", "2026-07-28"]);
    // The same output of every pinned dated revision (the suite's, .js + .d.ts), as the catalog used to write.
    const everyPinned = bytes(join(GENERATED_JS_ROOT, "runtime")) + DATED.reduce((sum, r) => sum + bytes(join(GENERATED_JS_ROOT, r)), 0);
    const size = bytes(join(everything, "protocol"));
    const others = DATED.filter((r) => r !== "2025-11-25" && r !== "2026-07-28").reduce((sum, r) => sum + bytes(join(GENERATED_JS_ROOT, r)), 0);
    console.log(`protocol output: ${size} bytes for 2 revisions; every pinned dated revision (${DATED.length}): ${everyPinned} bytes, of which the other ${DATED.length - 2}: ${others}`);
    // The runtime and the two revisions, and at most 64 KiB of modules that span both (index, server, connect).
    expect(size).toBeLessThan(everyPinned - others + 64 * 1024);
    expect(size).toBeLessThan(everyPinned * 0.7);
  });

  it("offline, from the cache the first run filled: the same output, nothing downloaded", async () => {
    requested.length = 0;
    const offline = `http://127.0.0.1:${await freePort()}/schema`;
    const out = join(OUT, "offline");
    const result = await fromCache(EVERYTHING_ARGS, out, offline);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(revisionsIn(out)).toEqual(["2025-11-25", "2026-07-28"]);
    expect(readFileSync(join(out, "protocol/connect.js"), "utf8")).toBe(readFileSync(join(everything, "protocol/connect.js"), "utf8"));
    // --from and --check too: the recorded revisions, read from the cache.
    expect((await fromCache(["--from", join(out, "catalog.json")], join(OUT, "offline-from"), offline)).code).toBe(0);
    expect(revisionsIn(join(OUT, "offline-from"))).toEqual(["2025-11-25", "2026-07-28"]);
    expect((await fromCache([...EVERYTHING_ARGS.slice(0, 2), "--check"], out, offline)).code).toBe(0);
    expect(requested).toEqual([]);
  });

  it("a 2026-07-28 server: that revision and 2025-11-25", async () => {
    const out = join(OUT, "incidents");
    const result = await runCli(["catalog", ...INCIDENTS_ARGS, "--spec-root", SPEC_ROOT, "--out", out, "--quiet"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(JSON.parse(readFileSync(join(out, "catalog.json"), "utf8")).revision).toBe("2026-07-28");
    expect(revisionsIn(out)).toEqual(["2025-11-25", "2026-07-28"]);
  });

  it("a server of an older revision (2025-06-18 only): that revision and the newest of the other era, 2026-07-28", async () => {
    const out = join(OUT, "legacy");
    const result = await runCli(["catalog", "--stdio", commandLine(process.execPath, LEGACY), "--spec-root", SPEC_ROOT, "--out", out, "--quiet"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    const written = JSON.parse(readFileSync(join(out, "catalog.json"), "utf8"));
    expect([written.revision, written.tools.map((t: { name: string }) => t.name)]).toEqual(["2025-06-18", ["ping"]]);
    expect(revisionsIn(out)).toEqual(["2025-06-18", "2026-07-28"]);
    expect(written.options.revisions).toEqual(["2025-06-18", "2026-07-28"]);
  });
});
