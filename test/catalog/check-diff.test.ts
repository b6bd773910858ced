// A catalog over time, on two versions of one official SDK v2 server (test/catalog/fixtures/
// incidents-server.mjs): --check passes while the server is unchanged and fails, writing nothing,
// with a summary once it changed; --from regenerates the same files from the snapshot alone; and
// the catalog diff classifies each change for a caller written against the older version.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { DiffReport } from "../../src/diff/types.js";
import { runCli, snapshot } from "../helpers/cli.js";
import { GENERATED_ROOT, REPO_ROOT, scratchDir } from "../helpers/spec.js";
import { INCIDENTS_ARGS, catalog } from "./helpers.js";

const OUT = scratchDir("catalog-check");
const [v1, v2, fromSnapshot] = [join(OUT, "v1"), join(OUT, "v2"), join(OUT, "from")];
const V2 = ["--env", "INCIDENTS_VERSION=2"];
const GENERATED = ["types.ts", "schemas.ts", "validators.ts", "index.ts"];
const validateReport = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: true }).compile(JSON.parse(readFileSync(join(REPO_ROOT, "schema/diff-report.schema.json"), "utf8")));

beforeAll(async () => {
  expect((await catalog(INCIDENTS_ARGS, v1)).code).toBe(0);
  expect((await catalog([...INCIDENTS_ARGS, ...V2], v2)).code).toBe(0);
});

describe("mcp-gen catalog --check", () => {
  it("exits 0 and writes nothing while the server is unchanged", async () => {
    const before = snapshot(v1);
    const result = await catalog([...INCIDENTS_ARGS, "--check"], v1);
    expect([result.code, result.stdout]).toEqual([0, ""]);
    expect(snapshot(v1)).toEqual(before);
  });

  it("exits 1 with a short summary once the server changed, and still writes nothing", async () => {
    const before = snapshot(v1);
    const result = await catalog([...INCIDENTS_ARGS, ...V2, "--check"], v1);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe(`${join(v1, "catalog.json")}: the server's catalog drifted from the snapshot:`);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  server version: "1.0.0" → "2.0.0"',
        "  breaking for clients: tool close_incident: tool close_incident removed",
        "  breaking for clients: tool search-incidents: required property team added",
        '  breaking for clients: tool open_incident: values of severity: removed "sev3"',
        "  additive: tool open_incident: optional property notify added",
        `${join(v1, "index.ts")}: out of date`,
      ]),
    );
    expect(lines.length).toBeLessThan(20);
    expect(snapshot(v1)).toEqual(before);
  });

  it("exits 1 on stale files, even with the server unchanged (a hand edit), and 0 again once regenerated", async () => {
    const index = join(v1, "index.ts");
    const text = readFileSync(index, "utf8");
    writeFileSync(index, text.replace("createTools", "createToolz"));
    const stale = await catalog([...INCIDENTS_ARGS, "--check"], v1);
    expect([stale.code, stale.stdout]).toEqual([1, `${index}: out of date\n`]);
    expect((await catalog(["--from", join(v1, "catalog.json"), "--check"], v1)).code).toBe(1);
    expect((await catalog(["--from", join(v1, "catalog.json")], v1)).code).toBe(0);
    expect(readFileSync(index, "utf8")).toBe(text);
    expect((await catalog([...INCIDENTS_ARGS, "--check"], v1)).code).toBe(0);
  });
});

describe("mcp-gen catalog --from (a prebuild)", () => {
  it("regenerates byte-identical files from catalog.json alone, and a second run is up to date", async () => {
    expect((await catalog(["--from", join(v1, "catalog.json")], fromSnapshot)).code).toBe(0);
    for (const file of GENERATED) expect(readFileSync(join(fromSnapshot, file), "utf8"), file).toBe(readFileSync(join(v1, file), "utf8"));
    const before = snapshot(fromSnapshot);
    const again = await runCli(["catalog", "--from", join(v1, "catalog.json"), "--protocol", GENERATED_ROOT, "--out", fromSnapshot, "--emit", "ts"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/: 0 files written/);
    expect(snapshot(fromSnapshot)).toEqual(before);
  });
});

describe("mcp-gen diff of two catalogs", () => {
  let report: DiffReport;
  const find = (group: string, kind: string, path = "") => report.changes.find((c) => c.group === group && c.kind === kind && c.path === path);

  beforeAll(async () => {
    const result = await runCli(["diff", "--from", join(v1, "catalog.json"), "--to", join(v2, "catalog.json"), "--format", "json"]);
    expect(result.code).toBe(1);
    report = JSON.parse(result.stdout) as DiffReport;
  });

  it("validates against diff-report.schema.json, judged for clients only", () => {
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report.parties).toEqual(["clients"]);
    expect([report.from.revision, report.to.revision]).toEqual(["incidents 1.0.0", "incidents 2.0.0"]);
  });

  it("breaking for clients: a tool removed, a required argument added, an enum value removed, an output property removed or retyped", () => {
    expect(find("tool close_incident", "message-removed")?.breaking).toEqual(["clients"]);
    expect(find("tool search-incidents", "property-added", "team")).toMatchObject({ breaking: ["clients"], summary: "required property `team` added" });
    expect(find("tool open_incident", "property-values", "severity")).toMatchObject({ breaking: ["clients"], summary: 'values of `severity`: removed `"sev3"`' });
    expect(find("tool open_incident", "property-removed", "createdAt")).toMatchObject({ breaking: ["clients"], types: ["OpenIncidentOutput"] });
    expect(find("tool get-stats", "property-type", "closed")).toMatchObject({ breaking: ["clients"], before: "integer", after: "string" });
  });

  it("additive or notes: an optional argument added, a description changed; nothing else is reported", () => {
    expect(find("tool open_incident", "property-added", "notify")).toMatchObject({ breaking: [], level: "wire", summary: "optional property `notify` added" });
    expect(find("tool get-stats", "description-changed")).toMatchObject({ breaking: [], level: "type" });
    expect(report.changes).toHaveLength(7);
    expect(report.summary).toMatchObject({ total: 7, breakingChanges: 5, additive: 1, typeLevel: 1, breaking: { clients: 5 } });
  });

  it("reversed (a caller written against version 2): additions and widenings break nobody", async () => {
    const back = JSON.parse((await runCli(["diff", "--from", join(v2, "catalog.json"), "--to", join(v1, "catalog.json"), "--format", "json"])).stdout) as DiffReport;
    const of = (group: string, kind: string, path = "") => back.changes.find((c) => c.group === group && c.kind === kind && c.path === path);
    expect(of("tool close_incident", "message-added")?.breaking).toEqual([]);
    expect(of("tool search-incidents", "property-removed", "team")?.breaking).toEqual([]);
    expect(of("tool open_incident", "property-values", "severity")?.breaking).toEqual([]);
    expect(of("tool open_incident", "property-removed", "notify")?.breaking).toEqual([]);
    // What the caller receives gained a property: nothing it reads is gone.
    expect(of("tool open_incident", "property-added", "createdAt")?.breaking).toEqual([]);
  });

  it("renders as markdown release notes and as text, and a catalog against itself is identical (exit 0)", async () => {
    const md = await runCli(["diff", "--from", join(v1, "catalog.json"), "--to", join(v2, "catalog.json"), "--format", "md"]);
    expect(md.stdout).toContain("# MCP schema changes: incidents 1.0.0 → incidents 2.0.0");
    expect(md.stdout).toContain("## Breaking for clients");
    expect(md.stdout).toContain("### `tool close_incident`");
    const text = await runCli(["diff", "--from", join(v1, "catalog.json"), "--to", join(v2, "catalog.json")]);
    expect(text.stdout).toContain("tool search-incidents: required property `team` added");
    const same = await runCli(["diff", "--from", join(v1, "catalog.json"), "--to", join(v1, "catalog.json")]);
    expect([same.code, same.stdout]).toEqual([0, "mcp-gen diff incidents 1.0.0 → incidents 1.0.0: 0 changes: 0 breaking (0 for clients), 0 additive, 0 type-level notes\n"]);
  });
});
