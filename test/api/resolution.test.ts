// Issue 50 item 1: one input resolution. The CLI calls the API, and both resolve what they are
// given by src/schema/inputs.ts: the same sources, the same downloads, the same failures.
import { withEnv } from "../helpers/env.js";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalog, diff, generate, migrate } from "../../src/index.js";
import { runCli } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

// Both sides of a comparison parse the same schemas: once (helpers/models.ts).
vi.mock("../../src/generate.js", async (original) => (await import("../helpers/models.js")).withModelCache(await original()));

const pins = JSON.parse(readFileSync(join(REPO_ROOT, "schema/revisions.json"), "utf8")) as { revisions: Record<string, { path: string }> };

/** `/offline/…`: every connection dropped unanswered (no network); `/mirror/…`: the pinned files. Every request is counted. */
let server: Server;
let base: string;
const requested: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? "";
    requested.push(url);
    if (url.startsWith("/offline/")) return void request.socket.destroy();
    const pin = Object.values(pins.revisions).find((p) => url === `/mirror/${p.path}`);
    response.setHeader("connection", "close");
    if (!pin) return void response.writeHead(404).end();
    response.writeHead(200).end(readFileSync(join(SPEC_ROOT, pin.path)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A project with no schema cache yet; `where` is the download base (offline or the mirror). */
function project(name: string, where: "offline" | "mirror"): { root: string; env: Record<string, string | undefined> } {
  const root = scratchDir(name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "package.json"), "{}\n");
  return { root, env: { MCP_SPEC_ROOT: undefined, MCP_GEN_CACHE: join(root, ".mcp-gen/schema"), MCP_GEN_SCHEMA_BASE_URL: `${base}/${where}` } };
}

/** What each side asked the network for, and how it ended. */
async function both(name: string, cli: (root: string) => string[], api: (root: string) => Promise<unknown>) {
  const a = project(`${name}-cli`, "offline");
  requested.length = 0;
  const viaCli = await runCli(cli(a.root), a.env);
  const cliRequests = requested.splice(0);
  const b = project(`${name}-api`, "offline");
  const apiError = await withEnv(b.env, () => api(b.root).then(() => undefined, (error: unknown) => error));
  const apiRequests = requested.splice(0);
  // The cache folders differ (one project each): compare the messages with the folder named alike.
  const message = (text: string, root: string) => text.replaceAll(root, "<project>");
  return { viaCli, cliRequests, apiRequests, cliMessage: message(viaCli.stderr, a.root), apiMessage: message(`mcp-gen: error: ${(apiError as Error | undefined)?.message}\n`, b.root) };
}

describe("with no network and no cache, the CLI and the API fail alike: they say offline and name --spec-root", () => {
  const migrateOut = (root: string) => {
    const out = join(root, "gen");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, ".mcp-gen.json"), JSON.stringify({ generator: "mcp-gen", version: "0.1.0", inputs: "x", revisions: [{ label: "2025-11-25", dir: "", types: 1 }], files: {} }));
    writeFileSync(join(root, "tsconfig.json"), "{}\n");
    return out;
  };
  const cases: Array<[string, (root: string) => string[], (root: string) => Promise<unknown>, string]> = [
    ["generate", (root) => ["--revision", "2026-07-28", "--out", join(root, "gen")], (root) => generate({ revisions: ["2026-07-28"], out: join(root, "gen") }), "2026-07-28"],
    ["diff", () => ["diff", "--from", "2025-06-18", "--to", "2025-11-25"], () => diff({ from: "2025-06-18", to: "2025-11-25" }), "2025-06-18"],
    ["migrate", (root) => ["migrate", "--out", migrateOut(root), "--to", "2026-07-28", "--project", join(root, "tsconfig.json")], (root) => migrate({ out: migrateOut(root), to: "2026-07-28", project: join(root, "tsconfig.json") }), "2025-11-25"],
    ["catalog", (root) => ["catalog", "--from", join(REPO_ROOT, "test/catalog/fixtures/odd-names.catalog.json"), "--out", join(root, "stubs"), "--quiet"], (root) => catalog({ from: join(REPO_ROOT, "test/catalog/fixtures/odd-names.catalog.json"), out: join(root, "stubs"), quiet: true }), "2026-07-28"],
  ];
  it.each(cases)("%s", async (name, cli, api, revision) => {
    const { viaCli, cliRequests, apiRequests, cliMessage, apiMessage } = await both(`resolution-${name}`, cli, api);
    expect(viaCli.code).toBe(2);
    expect(cliMessage).toBe(apiMessage);
    expect(cliMessage).toContain(`revision "${revision}" is not in the cache <project>/.mcp-gen/schema and could not be downloaded`);
    expect(cliMessage).toMatch(/Offline\? Pass --spec-root DIR/);
    expect(cliMessage).not.toMatch(/internal error/);
    // The same one download tried by each, and nothing the other would not.
    expect(cliRequests).toEqual([`/offline/${pins.revisions[revision]!.path}`]);
    expect(apiRequests).toEqual(cliRequests);
  });
});

describe("with a reachable mirror and no cache, the CLI and the API resolve diff's sides to the same sources", () => {
  it("each fills its cache with the same two pinned files and reports the same changes", async () => {
    const a = project("resolution-diff-cli", "mirror");
    requested.length = 0;
    // The two smallest pinned revisions: each side parses them once (withModelCache).
    const viaCli = await runCli(["diff", "--from", "2024-11-05", "--to", "2025-03-26", "--format", "json"], a.env);
    const cliRequests = requested.splice(0);
    const b = project("resolution-diff-api", "mirror");
    const report = await withEnv(b.env, () => diff({ from: "2024-11-05", to: "2025-03-26" }));
    expect([viaCli.code, viaCli.stderr]).toEqual([1, ""]);
    expect(cliRequests).toEqual(["2024-11-05", "2025-03-26"].map((r) => `/mirror/${pins.revisions[r]!.path}`));
    expect(requested).toEqual(cliRequests);
    expect(JSON.parse(viaCli.stdout)).toEqual(JSON.parse(JSON.stringify(report)));
  });
});
