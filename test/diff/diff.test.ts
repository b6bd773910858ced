import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import { diffModels } from "../../src/diff/compare.js";
import { renderReport } from "../../src/diff/render.js";
import type { Change, DiffReport } from "../../src/diff/types.js";
import { runCli } from "../helpers/cli.js";
import { freshRevisionModel, revisionModel } from "../helpers/models.js";
import { REPO_ROOT, REVISIONS, SPEC_ROOT } from "../helpers/spec.js";

// The CLI runs in-process with each schema parsed once for the whole file (see helpers/models.ts);
// the determinism check below compares against two parses of its own.
vi.mock("../../src/generate.js", async (original) => (await import("../helpers/models.js")).withModelCache(await original()));
// --generated formats both sides' output: an identical side is formatted once (helpers/format-cache.ts).
vi.mock("../../src/write/format.js", async (original) => (await import("../helpers/format-cache.js")).withFormatCache(await original()));

async function diff(from: string, to: string, format = "json"): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(["diff", "--from", from, "--to", to, "--spec-root", SPEC_ROOT, "--format", format]);
}

/** The JSON report of a pair, one CLI run per pair for the whole file. */
const reports = new Map<string, Promise<DiffReport>>();
function jsonReport(from: string, to: string): Promise<DiffReport> {
  const key = `${from}→${to}`;
  if (!reports.has(key)) reports.set(key, diff(from, to).then((r) => JSON.parse(r.stdout) as DiffReport));
  return reports.get(key)!;
}

const reportSchema = JSON.parse(readFileSync(join(REPO_ROOT, "schema/diff-report.schema.json"), "utf8"));
const validateReport = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: true }).compile(reportSchema);

/** Mirror folders in order: the dated revisions, then draft (which follows the newest one). */
export const PAIRS = REVISIONS.map((r, i, all) => [r, all[i + 1]]).filter((p): p is [string, string] => !!p[1]);

describe("mcp-gen diff: a revision against itself", () => {
  it.each(REVISIONS)("%s against itself: no change, exit 0, and the JSON report validates", async (revision) => {
    const result = await diff(revision, revision);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as DiffReport;
    expect(report.changes).toEqual([]);
    expect(report.methods).toEqual([]);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  });
});

describe("mcp-gen diff: consecutive revisions", () => {
  it.each(PAIRS)("%s → %s: a valid, deterministic report in every format; exit 1 exactly when there are changes", async (from, to) => {
    const [json, text, md] = [await diff(from, to), await diff(from, to, "text"), await diff(from, to, "md")];
    const report = JSON.parse(json.stdout) as DiffReport;
    reports.set(`${from}→${to}`, Promise.resolve(report));
    for (const r of [json, text, md]) expect(r.code, r.stderr).toBe(report.changes.length ? 1 : 0);
    // Deterministic: the same JSON from models parsed again, independently of the CLI's.
    const again = renderReport(diffModels(freshRevisionModel(from), freshRevisionModel(to)), "json");
    expect(json.stdout).toBe(again);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    if (!to.startsWith("draft")) expect(report.changes.length).toBeGreaterThan(0);
    expect(text.stdout.split("\n")[0]).toContain(`${from} → ${to}: ${report.changes.length} change`);
  });

  it.each(PAIRS)("%s → %s: the summary adds up", async (from, to) => {
    const report = await jsonReport(from, to);
    const { summary, changes } = report;
    expect(summary.total).toBe(changes.length);
    expect(summary.breakingChanges + summary.additive + summary.typeLevel).toBe(summary.total);
    expect(summary.breakingChanges).toBe(changes.filter((c) => c.breaking.length).length);
    expect(summary.typeLevel).toBe(changes.filter((c) => c.level === "type").length);
    expect(summary.renames).toBe(changes.filter((c) => c.kind === "type-renamed").length);
    for (const party of report.parties) expect(summary.breaking[party]).toBe(changes.filter((c) => c.breaking.includes(party)).length);
    // Type-level notes never break anyone.
    expect(changes.filter((c) => c.level === "type" && c.breaking.length)).toEqual([]);
  });
});

/** The model of a revision, parsed in-process once (for checks that need the declarations). */
const model = revisionModel;

describe("mcp-gen diff: headings name what changed", () => {
  it.each(PAIRS)("%s → %s: a change under a type heading occurs in that type, or the type exists on one side only", async (from, to) => {
    const report = await jsonReport(from, to);
    const names = [model(from), model(to)].map((m) => new Set(m.declarations.map((d) => d.name)));
    const singleTypeGroups = report.changes.filter((c) => c.scope === "type" && !c.group.includes(", "));
    for (const change of singleTypeGroups) {
      const truthful = change.types.includes(change.group) || !names[0]!.has(change.group) || !names[1]!.has(change.group);
      expect(truthful, `${change.group}: ${change.summary} [${change.types.join(", ")}]`).toBe(true);
    }
    // Every wire change reported under a method has that method in the table.
    const rows = new Set(report.methods.map((m) => m.method));
    for (const change of report.changes.filter((c) => c.scope === "method" && c.level === "wire")) expect(rows, change.group).toContain(change.group);
  });
});

describe("mcp-gen diff 2025-11-25 → 2026-07-28 reports the changelog's schema-level items", async () => {
  const report = await jsonReport("2025-11-25", "2026-07-28");
  const find = (predicate: (c: Change) => boolean, what: string): Change => {
    const found = report.changes.filter(predicate);
    if (found.length !== 1) throw new Error(`${what}: expected one change, found ${found.length}`);
    return found[0]!;
  };
  const message = (kind: Change["kind"], method: string) => find((c) => c.kind === kind && c.group === method, `${kind} ${method}`);

  it.each([
    ["initialize", ["clients"]],
    ["notifications/initialized", ["servers"]],
    ["ping", ["clients", "servers"]],
    ["logging/setLevel", ["clients"]],
    ["notifications/roots/list_changed", ["servers"]],
    ["resources/subscribe", ["clients"]],
    ["resources/unsubscribe", ["clients"]],
    ["notifications/elicitation/complete", ["clients"]],
    ["tasks/get", ["clients", "servers"]],
    ["tasks/result", ["clients", "servers"]],
    ["tasks/list", ["clients", "servers"]],
    ["tasks/cancel", ["clients", "servers"]],
    ["notifications/tasks/status", ["clients", "servers"]],
  ])("%s removed: one entry, breaking for %j", (method, breaking) => {
    const change = message("message-removed", method);
    expect(change.breaking).toEqual(breaking);
    expect(change.summary).toMatch(/ removed \(was sent by /);
  });

  it("notifications/progress is no longer sent by clients (servers still send it): breaking for servers, who received it", () => {
    const change = message("message-removed", "notifications/progress");
    expect(change.summary).toMatch(/no longer sent by clients/);
    expect(change.breaking).toEqual(["servers"]);
  });

  it.each(["sampling/createMessage", "elicitation/create", "roots/list"])("%s moved from ServerRequest to InputRequest: breaking for servers", (method) => {
    const change = message("message-moved", method);
    expect([change.before, change.after, change.breaking]).toEqual(["ServerRequest", "InputRequest", ["servers"]]);
  });

  it.each(["server/discover", "subscriptions/listen", "notifications/subscriptions/acknowledged"])("%s added: additive, with its types", (method) => {
    const change = message("message-added", method);
    expect(change.breaking).toEqual([]);
    expect(change.types.length).toBeGreaterThan(1);
  });

  it("resultType becomes a required field of results: breaking for servers only (clients answer no request in 2026-07-28)", () => {
    const change = find((c) => c.kind === "property-added" && c.path === "resultType", "resultType");
    expect(change.summary).toMatch(/^required property/);
    expect(change.group).toBe("Result");
    expect(change.types).toEqual(expect.arrayContaining(["Result", "CallToolResult", "ListToolsResult", "ReadResourceResult", "GetPromptResult"]));
    expect(change.breaking).toEqual(["servers"]);
  });

  it.each(["ttlMs", "cacheScope"])("%s is required on the cacheable results: breaking for servers, reported under the new CacheableResult", (field) => {
    const change = find((c) => c.kind === "property-added" && c.path === field, field);
    expect(change.group).toBe("CacheableResult");
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
    expect([change.group, change.types, change.breaking]).toEqual(["elicitation/create", ["ElicitRequestURLParams"], ["clients"]]);
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

  // The four defects of issue 11, each pinned.
  it.each(["protocolVersion", "clientCapabilities"])("wrong side fixed: required _meta.io.modelcontextprotocol/%s breaks clients only (servers send no requests in 2026-07-28)", (key) => {
    const change = find((c) => c.path === `_meta.io.modelcontextprotocol/${key}`, key);
    expect([change.kind, change.group, change.breaking]).toEqual(["property-added", "RequestParams", ["clients"]]);
  });

  it("object → JSONObject (the same JSON values) is a type-level note, never breaking: 8 of them", () => {
    const respelled = report.changes.filter((c) => c.before === "object" && c.after === "JSONObject");
    expect(respelled).toHaveLength(8);
    for (const change of respelled) expect([change.level, change.breaking]).toEqual(["type", []]);
  });

  it("one story per change: ping is one entry (no union-member or type removal besides)", () => {
    const mentions = report.changes.filter((c) => c.types.includes("PingRequest") || c.summary.includes("PingRequest"));
    expect(mentions.map((c) => c.kind)).toEqual(["message-removed"]);
    // Union-member changes of the message and result groups are told by the message entries,
    // except the one member that belongs to no method (and adds no values: a type-level note).
    const groupChanges = report.changes.filter((c) => c.kind === "union-members" && /^(Client|Server)(Request|Notification|Result)$/.test(c.group));
    expect(groupChanges.map((c) => [c.group, c.summary, c.level])).toEqual([["ServerResult", "union members: added `InputRequiredResult` (values already admitted)", "type"]]);
  });

  it("headings fixed: nothing is reported under JSONRPCRequest or Result for properties those types still have", () => {
    expect(report.changes.filter((c) => c.group === "JSONRPCRequest")).toEqual([]);
    const meta = report.changes.filter((c) => c.kind === "property-removed" && c.path === "_meta");
    expect(meta.map((c) => [c.group, c.types])).toEqual([
      ["elicitation/create", ["ElicitRequestFormParams", "ElicitRequestURLParams"]],
      ["elicitation/create", ["ElicitResult"]],
      ["roots/list", ["ListRootsResult"]],
      ["sampling/createMessage", ["CreateMessageRequestParams"]],
    ]);
  });

  it("the methods table lists every method entry, per direction", () => {
    const row = (method: string) => report.methods.find((m) => m.method === method);
    expect(row("ping")).toEqual({ method: "ping", kind: "request", directions: { servers: "removed", clients: "removed" }, breaking: ["clients", "servers"] });
    expect(row("sampling/createMessage")?.directions).toEqual({ servers: "moved" });
    expect(row("server/discover")).toEqual({ method: "server/discover", kind: "request", directions: { clients: "added" }, breaking: [] });
    expect(row("tools/call")?.directions).toEqual({ clients: "changed" });
    expect(report.parties).toEqual(["servers", "clients"]);
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
});
