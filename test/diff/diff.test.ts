import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { Change, DiffReport } from "../../src/diff/types.js";
import { runCli } from "../helpers/cli.js";
import { REPO_ROOT, REVISIONS, SPEC_ROOT } from "../helpers/spec.js";

async function diff(from: string, to: string, format = "json"): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(["diff", "--from", from, "--to", to, "--spec-root", SPEC_ROOT, "--format", format]);
}

const reportSchema = JSON.parse(readFileSync(join(REPO_ROOT, "schema/diff-report.schema.json"), "utf8"));
const validateReport = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: true }).compile(reportSchema);

describe("mcp-gen diff: a revision against itself", () => {
  it.each(REVISIONS)("%s → %s is empty, exit 0, and the JSON report validates", async (revision) => {
    const result = await diff(revision, revision);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as DiffReport;
    expect(report.changes).toEqual([]);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  });
});

describe("mcp-gen diff: consecutive revisions", () => {
  // Mirror folders in order: the dated revisions, then draft (which follows the newest one).
  const pairs = REVISIONS.map((r, i, all) => [r, all[i + 1]]).filter((p): p is [string, string] => !!p[1]);
  it.each(pairs)("%s → %s: a valid, deterministic report in every format; exit 1 exactly when there are changes", async (from, to) => {
    const [json, again, text, md] = await Promise.all([diff(from, to), diff(from, to), diff(from, to, "text"), diff(from, to, "md")]);
    const report = JSON.parse(json.stdout) as DiffReport;
    for (const r of [json, text, md]) expect(r.code, r.stderr).toBe(report.changes.length ? 1 : 0);
    expect(json.stdout).toBe(again.stdout);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    if (!to.startsWith("draft")) expect(report.changes.length).toBeGreaterThan(0);
    expect(report.summary.total).toBe(report.changes.length);
    expect(text.stdout.split("\n")[0]).toContain(`${from} → ${to}: ${report.changes.length} changes`);
    // Markdown: breaking changes come first.
    const breaking = md.stdout.indexOf("## Breaking changes");
    const additive = md.stdout.indexOf("## Additive changes");
    if (breaking >= 0 && additive >= 0) expect(breaking).toBeLessThan(additive);
  });
});

describe("mcp-gen diff 2025-11-25 → 2026-07-28 reports the changelog's schema-level items", async () => {
  const result = await diff("2025-11-25", "2026-07-28");
  const report = JSON.parse(result.stdout) as DiffReport;
  const find = (predicate: (c: Change) => boolean, what: string): Change => {
    const found = report.changes.filter(predicate);
    if (found.length !== 1) throw new Error(`${what}: expected one change, found ${found.length}`);
    return found[0]!;
  };
  const message = (kind: "message-added" | "message-removed", method: string, group: string) =>
    find((c) => c.kind === kind && c.group === method && c.summary.includes(`(${group},`), `${kind} ${method} in ${group}`);

  const removedMessages: Array<[string, string, string[]]> = [
    ["initialize", "ClientRequest", ["clients"]],
    ["notifications/initialized", "ClientNotification", ["servers"]],
    ["ping", "ClientRequest", ["clients"]],
    ["ping", "ServerRequest", ["servers"]],
    ["logging/setLevel", "ClientRequest", ["clients"]],
    ["notifications/roots/list_changed", "ClientNotification", ["servers"]],
    ["resources/subscribe", "ClientRequest", ["clients"]],
    ["resources/unsubscribe", "ClientRequest", ["clients"]],
    ["notifications/elicitation/complete", "ServerNotification", ["clients"]],
    ["tasks/get", "ClientRequest", ["clients"]],
    ["tasks/get", "ServerRequest", ["servers"]],
    ["tasks/result", "ClientRequest", ["clients"]],
    ["tasks/list", "ClientRequest", ["clients"]],
    ["tasks/cancel", "ServerRequest", ["servers"]],
    ["notifications/tasks/status", "ServerNotification", ["clients"]],
  ];
  it.each(removedMessages)("%s removed from %s: breaking for %s", (method, group, breaking) => {
    expect(message("message-removed", method, group).breaking).toEqual(breaking);
  });

  it.each([
    ["server/discover", "ClientRequest"],
    ["subscriptions/listen", "ClientRequest"],
    ["notifications/subscriptions/acknowledged", "ServerNotification"],
  ])("%s added to %s: additive", (method, group) => {
    expect(message("message-added", method, group).breaking).toEqual([]);
  });

  it("resultType becomes a required field of results: breaking for servers, who send them", () => {
    const change = find((c) => c.kind === "property-added" && c.path === "resultType", "resultType");
    expect(change.summary).toMatch(/^required property/);
    expect(change.types).toEqual(expect.arrayContaining(["CallToolResult", "ListToolsResult", "ReadResourceResult", "GetPromptResult"]));
    expect(change.breaking).toContain("servers");
  });

  it.each(["ttlMs", "cacheScope"])("%s is required on the cacheable results: breaking for servers", (field) => {
    const change = find((c) => c.kind === "property-added" && c.path === field, field);
    expect(change.types).toEqual(["ListPromptsResult", "ListResourceTemplatesResult", "ListResourcesResult", "ListToolsResult", "ReadResourceResult"]);
    expect(change.breaking).toEqual(["servers"]);
  });

  it.each([
    ["HEADER_MISMATCH", -32020],
    ["MISSING_REQUIRED_CLIENT_CAPABILITY", -32021],
    ["UNSUPPORTED_PROTOCOL_VERSION", -32022],
  ])("error code %s (%d) added: additive", (name, code) => {
    const change = find((c) => c.kind === "error-code-added" && c.types[0] === name, name);
    expect(change.after).toBe(String(code));
    expect(change.breaking).toEqual([]);
  });

  it("elicitationId removed from URL-mode elicitation: breaking for clients, who receive it", () => {
    const change = find((c) => c.kind === "property-removed" && c.path === "elicitationId", "elicitationId");
    expect(change.types).toEqual(["ElicitRequestURLParams"]);
    expect(change.breaking).toEqual(["clients"]);
  });

  it("extensions added to both capability objects: additive", () => {
    const change = find((c) => c.kind === "property-added" && c.path === "extensions", "extensions");
    expect(change.types).toEqual(["ClientCapabilities", "ServerCapabilities"]);
    expect(change.breaking).toEqual([]);
  });

  it.each([
    ["ClientCapabilities", "roots"],
    ["ClientCapabilities", "sampling"],
    ["ServerCapabilities", "logging"],
  ])("%s.%s deprecated: additive", (type, path) => {
    const change = find((c) => c.kind === "deprecated-added" && c.path === path && c.types.includes(type), `${type}.${path}`);
    expect(change.breaking).toEqual([]);
  });

  it.each(["LoggingMessageNotification", "CreateMessageRequest", "ListRootsRequest"])("type %s deprecated", (type) => {
    expect(find((c) => c.kind === "deprecated-added" && c.path === "" && c.types.includes(type), type).breaking).toEqual([]);
  });

  it("the protocol version constant changed", () => {
    const change = find((c) => c.kind === "constant-changed" && c.after === '"2026-07-28"', "protocol version");
    expect(change.before).toBe('"2025-11-25"');
  });
});

describe("mcp-gen diff --generated", () => {
  it("prints a unified diff of the generated code; empty with exit 0 for identical sides", async () => {
    const changed = await runCli(["diff", "--generated", "--from", "2025-06-18", "--to", "2025-11-25", "--spec-root", SPEC_ROOT]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^--- a\/constants\.ts\t2025-06-18\n\+\+\+ b\/constants\.ts\t2025-11-25\n/m);
    expect(changed.stdout).toMatch(/^\+export const URL_ELICITATION_REQUIRED = -32042;$/m);
    const same = await runCli(["diff", "--generated", "--from", "2026-07-28", "--to", "2026-07-28", "--spec-root", SPEC_ROOT]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe("");
  });

  it("an unknown side is an error with exit 2", async () => {
    const result = await runCli(["diff", "--from", "2026-07-28", "--to", "1999-01-01", "--spec-root", SPEC_ROOT]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown revision "1999-01-01"/);
  });
});

describe("mcp-gen diff with schema files", () => {
  it("either side may be a path to a schema.ts; the JSON report names no revision then", async () => {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const { scratchDir } = await import("../helpers/spec.js");
    const dir = scratchDir("diff-files");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "v1.ts"), 'export type Mode = "a" | "b";\nexport interface Thing {\n  mode: Mode;\n  size?: number;\n}\n');
    writeFileSync(join(dir, "v2.ts"), 'export type Mode = "a" | "b" | "c";\nexport interface Thing {\n  mode: Mode;\n  size: number;\n  label?: string;\n}\n');
    const result = await runCli(["diff", "--from", join(dir, "v1.ts"), "--to", join(dir, "v2.ts"), "--format", "json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as DiffReport;
    expect(report.from.revision).toBeNull();
    expect(report.changes.map((c) => [c.kind, c.types.join(), c.path, c.breaking.length > 0])).toEqual([
      ["property-values", "Mode", "", true],
      ["property-added", "Thing", "label", false],
      ["property-optionality", "Thing", "size", true],
    ]);
  });
});
