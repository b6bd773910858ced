import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DiffReport } from "../../src/diff/types.js";
import { plain } from "../../src/migrate/meanings.js";
import { checkProject, projectDiagnostics } from "../../src/migrate/program.js";
import type { MigrateReport } from "../../src/migrate/types.js";
import { runCli, snapshot } from "../helpers/cli.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

// The two schemas are parsed once for the file (helpers/models.ts); each migrate run still
// generates --to into its own temporary folder, as the command does.
vi.mock("../../src/generate.js", async (original) => (await import("../helpers/models.js")).withModelCache(await original()));

const FIXTURES = join(REPO_ROOT, "test/migrate/fixtures");
const root = scratchDir("migrate");
/** Where the runs' temporary folders go (TMPDIR), to see that each run removes its own. */
const temporary = join(root, "tmp");
const server = join(root, "server");
const client = join(root, "client");

/** A copy of a fixture project with `gen/` generated (2025-11-25) or copied from the first. */
function project(name: string, dir: string, gen?: string): void {
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  if (gen) cpSync(gen, join(dir, "gen"), { recursive: true });
}

/** The project's own TypeScript (the repository's, linked into its node_modules), which migrate checks it with. */
function ownTypeScript(dir: string): void {
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules/typescript"), join(dir, "node_modules/typescript"));
}

let before: { server: ReturnType<typeof snapshot>; client: ReturnType<typeof snapshot> };
/** The text or markdown reports of each fixture, for the fix hints' test (issue 53 item 4). */
const printed: Record<string, string> = {};
let diff: DiffReport;

beforeAll(async () => {
  mkdirSync(temporary, { recursive: true });
  project("server", server);
  const generated = await runCli(["--quiet", "--revision", "2025-11-25", "--spec-root", SPEC_ROOT, "--out", join(server, "gen")]);
  expect(generated.code, generated.stderr).toBe(0);
  project("client", client, join(server, "gen"));
  for (const dir of [server, client]) ownTypeScript(dir);
  before = { server: snapshot(join(server, "gen")), client: snapshot(join(client, "gen")) };
  diff = JSON.parse((await runCli(["diff", "--from", "2025-11-25", "--to", "2026-07-28", "--spec-root", SPEC_ROOT, "--format", "json"])).stdout) as DiffReport;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs migrate in a fixture project (paths relative to it, as a user would) and checks that DIR and the temporary folder are as before. */
async function migrate(dir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await runCli(["migrate", "--out", join(dir, "gen"), "--project", join(dir, "tsconfig.json"), "--spec-root", SPEC_ROOT, ...args], { TMPDIR: temporary });
  expect(snapshot(join(dir, "gen")), "DIR is byte-identical after the run").toEqual(dir === server ? before.server : before.client);
  expect(readdirSync(temporary), "the temporary output is removed").toEqual([]);
  return result;
}

/** `file:line kind rule group` per item, the group read from the diff entry with the item's fingerprint. */
function lines(report: MigrateReport): string[] {
  return report.items.map((item) => {
    if (!item.change) return `${item.file}:${item.line} ${item.kind} null`;
    const entry = diff.changes.find((c) => c.fingerprint === item.change!.fingerprint);
    // A code the generated runtime answers with by era has no entry in the schemas' diff: its
    // change is made by migrate, named for the runtime's constant, fingerprinted the same way.
    const runtime = /^`(\w+)` .*\(as the generated runtime answers\)$/.exec(item.change.summary);
    if (!entry && runtime) {
      expect(item.change.fingerprint).toBe(sha12(`${item.change.rule}:${runtime[1]}`));
      return `${item.file}:${item.line} ${item.kind} ${item.change.rule} ${runtime[1]} (runtime)`;
    }
    expect(entry?.rule, `an entry of mcp-gen diff has fingerprint ${item.change.fingerprint}`).toBe(item.change.rule);
    return `${item.file}:${item.line} ${item.kind} ${item.change.rule} ${entry!.group}`;
  });
}

const sha12 = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

describe("mcp-gen migrate: a server on 2025-11-25 raw handlers", () => {
  let json: MigrateReport;

  it("--to 2026-07-28 names exactly the lines that break, each with its rule id (exit 1)", async () => {
    const result = await migrate(server, "--to", "2026-07-28", "--format", "json");
    expect(result.code, result.stderr).toBe(1);
    json = JSON.parse(result.stdout) as MigrateReport;
    expect([json.from, json.to]).toEqual(["2025-11-25", "2026-07-28"]);
    // Written by hand from what each line of fixtures/server/src/handlers.ts does; every other line stays valid.
    expect(lines(json)).toEqual([
      "src/handlers.ts:7 type-error result-property-required-added CacheableResult", // tools/list: no ttlMs, cacheScope
      "src/handlers.ts:9 type-error result-property-required-added CacheableResult", // resources/list
      "src/handlers.ts:10 type-error result-property-required-added CacheableResult", // resources/read
      "src/handlers.ts:12 literal error-code-changed RESOURCE_NOT_FOUND (runtime)", // -32002: resource not found on 2025-11-25, -32602 on 2026-07-28
      "src/handlers.ts:15 type-error method-removed resources/subscribe", // hidden by tsc until the results compile
      "src/handlers.ts:16 type-error method-removed resources/unsubscribe",
      "src/handlers.ts:17 type-error result-property-required-added CacheableResult", // prompts/list
      "src/handlers.ts:20 type-error method-removed logging/setLevel",
      "src/handlers.ts:21 type-error method-removed ping",
    ]);
    expect(json.items[3]).toMatchObject({ column: 48, message: expect.stringContaining("-32602") });
    expect(json.items.find((i) => i.line === 21)).toMatchObject({ column: 3, message: expect.stringContaining("'ping' does not exist in type 'ServerHandlers<RequestContext>'") });
    expect(json.items[0]!.message).toMatch(/missing the following properties .*: ttlMs, cacheScope$/);
  });

  it("rule ids and fingerprints are stable: sha256(rule:location) of the diff's entry, the same in another run (text)", async () => {
    const ping = json.items.find((i) => i.line === 21)!.change!;
    expect(ping).toEqual({ rule: "method-removed", fingerprint: sha12("method-removed:ping"), summary: "request `ping` removed (was sent by clients and servers)", breaking: ["clients", "servers"] });
    const results = json.items[0]!.change!;
    expect([sha12(`${results.rule}:CacheableResult.cacheScope`), sha12(`${results.rule}:CacheableResult.ttlMs`)]).toContain(results.fingerprint);
    const text = await migrate(server, "--to", "2026-07-28");
    expect(text.code).toBe(1);
    printed.server = text.stdout;
    const shown = [...text.stdout.matchAll(/fingerprint ([0-9a-f]{12})\)/g)].map((m) => m[1]);
    expect(shown.sort()).toEqual([...new Set(json.items.flatMap((i) => (i.change ? [i.change.fingerprint] : [])))].sort());
    // Text: grouped by change, one fix hint per rule, every item under its group.
    expect(text.stdout.split("\n")[0]).toBe("mcp-gen migrate 2025-11-25 → 2026-07-28: 9 items in 1 file");
    const results_group = text.stdout.split("\n\n").find((g) => g.startsWith("result-property-required-added"))!;
    expect(results_group).toMatch(/fix: add (cacheScope and ttlMs|ttlMs and cacheScope) \(or declare with the factories, which fill them\)/);
    expect(results_group.match(/^ {2}src\/handlers\.ts:\d+:\d+: type-error: /gm)).toHaveLength(4);
    const codes = text.stdout.split("\n\n").find((g) => g.startsWith("error-code-changed"))!;
    // Issue 53 item 4: the hint was "use the new number (the output's error-code constants carry it)", which none does.
    expect(codes).toMatch(/^error-code-changed: `?RESOURCE_NOT_FOUND`? is -32602 on 2026-07-28 .*\n {2}fix: write -32602 where -32002 is written.*\n {2}src\/handlers\.ts:12:48: literal: -32002 is/);
    expect(text.stdout).not.toContain("not explained by a diff entry");
  });

  it("--to the same revision: nothing breaks, exit 0, no items", async () => {
    const result = await migrate(server, "--to", "2025-11-25", "--format", "json");
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ from: "2025-11-25", to: "2025-11-25", items: [] });
  });
});

describe("mcp-gen migrate: a client on 2025-11-25 (ClientHandlers and calls)", () => {
  it("--to 2026-07-28 names exactly the lines that break (markdown, then json)", async () => {
    const result = await migrate(client, "--to", "2026-07-28", "--format", "json");
    expect(result.code, result.stderr).toBe(1);
    // Written by hand from fixtures/client/src/client.ts: roots/list and sampling/createMessage
    // are still handled by clients (moved to input requests), listTools and readResource stay.
    expect(lines(JSON.parse(result.stdout) as MigrateReport)).toEqual([
      "src/client.ts:8 type-error method-removed tasks/list",
      "src/client.ts:9 type-error method-removed ping",
      "src/client.ts:18 literal constant-changed constants", // "2025-11-25" compared by hand
      "src/client.ts:19 type-error method-removed ping", // client.ping()
      "src/client.ts:20 type-error method-removed logging/setLevel", // client.request("logging/setLevel", …)
      "src/client.ts:28 type-error method-removed resources/subscribe", // client.subscribe(…)
      "src/client.ts:32 literal error-code-removed error codes", // -32042
    ]);
    const markdown = await migrate(client, "--to", "2026-07-28", "--format", "markdown");
    expect(markdown.code).toBe(1);
    printed.client = markdown.stdout;
    expect(markdown.stdout.split("\n")[0]).toBe("# Migrating 2025-11-25 → 2026-07-28");
    expect(markdown.stdout).toContain("**7 items in 1 file.**");
    expect(markdown.stdout.match(/^## /gm)).toHaveLength(6);
    expect(markdown.stdout.match(/^Fix: /gm)).toHaveLength(6);
    expect(markdown.stdout).toContain(`## \`method-removed\`: request \`ping\` removed (was sent by clients and servers)\n\nFingerprint \`${sha12("method-removed:ping")}\``);
    expect(markdown.stdout.match(/^- `src\/client\.ts:\d+:\d+` \((type-error|literal)\): /gm)).toHaveLength(7);
  });

  it("a project without TypeScript of its own is checked with the compiler mcp-gen bundles (same items)", async () => {
    const alone = mkdtempSync(join(tmpdir(), "mcp-gen-migrate-test-"));
    try {
      project("client", alone, join(client, "gen"));
      mkdirSync(join(alone, "node_modules"));
      symlinkSync(join(REPO_ROOT, "node_modules/zod"), join(alone, "node_modules/zod"));
      expect(() => createRequire(join(alone, "package.json")).resolve("typescript")).toThrow();
      const result = await runCli(["migrate", "--out", join(alone, "gen"), "--project", join(alone, "tsconfig.json"), "--spec-root", SPEC_ROOT, "--to", "2026-07-28", "--format", "json"], { TMPDIR: temporary });
      expect(result.code, result.stderr).toBe(1);
      expect(lines(JSON.parse(result.stdout) as MigrateReport).map((l) => l.split(" ")[0])).toEqual(["8", "9", "18", "19", "20", "28", "32"].map((n) => `src/client.ts:${n}`));
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });
});

describe("mcp-gen migrate: usage errors and failures are exit 2 with a clear message", () => {
  it.each([
    ["no manifest in DIR", ["--out", join(FIXTURES, "server/src"), "--to", "2026-07-28"], /no mcp-gen manifest \(\.mcp-gen\.json\)/],
    ["no tsconfig", ["--to", "2026-07-28", "--project", "nowhere/tsconfig.json"], /no tsconfig at .*nowhere\/tsconfig\.json: pass --project/],
    ["an unknown --to", ["--to", "2099-01-01"], /unknown revision "2099-01-01"/],
    ["an unknown --from", ["--to", "2026-07-28", "--from", "1999-01-01"], /unknown revision "1999-01-01"/],
  ])("%s", async (_, args, message) => {
    const result = await migrate(server, ...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
  });
});

// Issue 53 item 4: every fix hint is followable as written. Each fixture has a fixed/ copy of its
// source with the hints printed for it applied (each edit under a `// fix: <hint>` comment); the
// fixed project must then compile against the newer output, with none of its errors left.
describe("mcp-gen migrate: each fix hint, applied to its fixture, compiles", () => {
  const newcomer = join(root, "newcomer");
  const next = join(root, "next-gen");

  beforeAll(async () => {
    project("newcomer", newcomer, join(server, "gen"));
    ownTypeScript(newcomer);
    const generated = await runCli(["--quiet", "--revision", "2026-07-28", "--spec-root", SPEC_ROOT, "--out", next]);
    expect(generated.code, generated.stderr).toBe(0);
  });

  it("the newcomer's lines (issue 53): each explained by the entry that breaks it, with a hint that says what to write", async () => {
    const result = await runCli(["migrate", "--out", join(newcomer, "gen"), "--project", join(newcomer, "tsconfig.json"), "--spec-root", SPEC_ROOT, "--to", "2026-07-28"], { TMPDIR: temporary });
    expect(result.code, result.stderr).toBe(1);
    printed.newcomer = result.stdout;
    const groups = result.stdout.split("\n\n");
    const group = (rule: string) => groups.find((g) => g.startsWith(`${rule}:`)) ?? "";
    // The removed handler's implicit-any parameter is the removed method's, not "params became required".
    expect(group("method-removed")).toMatch(/src\/incidents\.ts:9:27: type-error: Parameter 'params' implicitly has an 'any' type/);
    expect(result.stdout).not.toContain("request-property-optionality-changed");
    // structuredContent?.["sum"]: the widening of structuredContent explains it.
    expect(group("result-property-type-changed")).toMatch(/fix: structuredContent may hold any value .*narrow it[^\n]*\n {2}src\/incidents\.ts:22:10: /);
    expect(result.stdout).not.toContain("not explained by a diff entry");
    // -32002: the number to write, and no constant that does not exist.
    expect(group("error-code-changed")).toMatch(/fix: write -32602 where -32002 is written: the output's ErrorCode has no RESOURCE_NOT_FOUND/);
    // inputSchema.properties: bracket access.
    expect(group("type-property-type-changed")).toContain('read it with bracket access, inputSchema["properties"]');
    // Regenerating for 2026-07-28 alone drops the session era.
    expect(result.stdout).toMatch(/\n\nnote: an output of 2026-07-28 alone no longer speaks 2025-11-25 \(session era\).*generate both: mcp-gen generate --revision 2025-11-25 --revision 2026-07-28\n$/);
  });

  it.each(["server", "client", "newcomer"])("%s: fixed/ follows every hint printed, and compiles against 2026-07-28", (name) => {
    const hints = hintsOf(printed[name]!);
    expect(hints.length, "the runs above printed this fixture's hints").toBeGreaterThan(0);
    const dir = join(root, `fixed-${name}`);
    const file = readdirSync(join(FIXTURES, name, "fixed"))[0]!;
    mkdirSync(join(dir, "src"), { recursive: true });
    cpSync(join(FIXTURES, name, "tsconfig.json"), join(dir, "tsconfig.json"));
    cpSync(join(FIXTURES, name, "fixed", file), join(dir, "src", file));
    symlinkSync(next, join(dir, "gen"));
    const checked = checkProject(join(dir, "tsconfig.json"), () => undefined);
    expect(projectDiagnostics(checked).map((d) => checked.ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
    const applied = [...readFileSync(join(dir, "src", file), "utf8").matchAll(/^ *\/\/ fix: (.*)$/gm)].map((m) => m[1]!);
    expect(hints.filter((hint) => !applied.includes(hint)), "hints printed with no edit under them in fixed/").toEqual([]);
  });
});

/** The fix hints of a text or markdown report, as the text report prints them. */
function hintsOf(report: string): string[] {
  const text = [...report.matchAll(/^ {2}fix: (.*)$/gm)].map((m) => m[1]!);
  const markdown = [...report.matchAll(/^Fix: (.*)\.$/gm)].map((m) => plain(m[1]!.replace(/\\(.)/g, "$1")));
  return [...new Set([...text, ...markdown])];
}
