import { withEnv } from "../helpers/env.js";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diff, fullType, generate, GeneratorError, model, renderDiff } from "../../src/index.js";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

const pins = JSON.parse(readFileSync(join(REPO_ROOT, "schema/revisions.json"), "utf8")) as { revisions: Record<string, { path: string }> };

function schemaFile(name: string, text: string): string {
  const dir = join(scratchDir("api"), name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "schema.ts"), text);
  return join(dir, "schema.ts");
}

/** A loopback mirror of the pinned files, counting requests. */
let server: Server;
let baseUrl: string;
const requested: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader("connection", "close");
    requested.push(request.url ?? "");
    const pin = Object.values(pins.revisions).find((p) => `/${p.path}` === request.url);
    if (!pin) return void response.writeHead(404).end();
    response.writeHead(200).end(readFileSync(join(SPEC_ROOT, pin.path)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the programmatic API (src/index.ts, the package's main export)", () => {
  const A = "export interface Thing {\n  name: string;\n}\n";
  const B = "export interface Thing {\n  name: string;\n  size: number;\n}\n";

  it("generate writes the output and reports it; a second run is up to date; check writes nothing", async () => {
    const out = join(scratchDir("api-out"), "gen");
    const first = await generate({ schemas: [schemaFile("a", A)], out });
    expect(first.upToDate).toBe(false);
    expect(first.revisions.map((r) => [r.revision, r.types])).toEqual([[null, 1]]);
    expect(first.files.find((f) => f.path === "schemas.js")?.status).toBe("created");
    expect(readFileSync(join(out, "types.d.ts"), "utf8")).toMatch(/export interface Thing/);
    expect((await generate({ schemas: [schemaFile("a", A)], out })).upToDate).toBe(true);
    const check = await generate({ schemas: [schemaFile("b", B)], out, check: true });
    // Every revision file names the schema's sha256 in its header; the shared runtime stays as it is.
    const changed = check.files.filter((f) => f.status !== "unchanged");
    expect(changed.map((f) => f.path).sort()).toEqual(first.files.filter((f) => !f.path.startsWith("runtime/")).map((f) => f.path).sort());
    expect(new Set(changed.map((f) => f.status))).toEqual(new Set(["updated"]));
    expect(readFileSync(join(out, "types.d.ts"), "utf8")).not.toMatch(/size/);
    // emit: "ts" writes the sources instead.
    const sources = await generate({ schemas: [schemaFile("a", A)], out: join(scratchDir("api-out-ts"), "gen"), emit: "ts" });
    expect(sources.files.filter((f) => f.path.startsWith("schemas.")).map((f) => f.path)).toEqual(["schemas.ts"]);
  });

  it("model takes exactly one source and answers the parsed model", async () => {
    const { model: parsed, warnings } = await model({ schema: schemaFile("m", A) });
    expect(parsed.declarations.map((d) => d.name)).toEqual(["Thing"]);
    expect(warnings).toEqual([]);
    await expect(model({})).rejects.toBeInstanceOf(GeneratorError);
    await expect(model({ revision: "2026-07-28", schema: schemaFile("m2", A) })).rejects.toThrow(/exactly one of revision or schema/);
  });

  it("fullType gives an interface with its inherited members; the model keeps its own", async () => {
    const text = "export interface Base { a: string }\nexport interface Sub extends Base { b?: number }\nexport interface Leaf extends Sub { c: boolean }\nexport type Alias = Leaf;";
    const { model: parsed } = await model({ schema: schemaFile("full", text) });
    const leaf = parsed.declarations.find((d) => d.name === "Leaf")!;
    expect(leaf.kind === "interface" && leaf.own.properties.map((p) => p.name)).toEqual(["c"]);
    const full = fullType(parsed, "Leaf");
    expect(full?.kind === "object" && full.properties.map((p) => [p.name, p.inheritedFrom ?? "own"])).toEqual([["a", "Base"], ["b", "Sub"], ["c", "own"]]);
    expect(fullType(parsed, "Alias")).toEqual({ kind: "ref", name: "Leaf" });
    expect(fullType(parsed, "Missing")).toBeUndefined();
  });

  it("diff and renderDiff: the report of two schema files, in each format", async () => {
    const report = await diff({ from: schemaFile("d1", A), to: schemaFile("d2", B) });
    expect(report.changes.map((c) => [c.kind, c.path])).toEqual([["property-added", "size"]]);
    expect(renderDiff(report, "text")).toMatch(/^mcp-gen diff .* → .*: 1 change/);
    expect(JSON.parse(renderDiff(report, "json"))).toEqual(report);
    expect(renderDiff(report, "md")).toMatch(/^# /m);
    await expect(diff({ from: "1999-01-01", to: "2026-07-28", specRoot: SPEC_ROOT })).rejects.toThrow(/unknown revision "1999-01-01"/);
  });

  it("model and diff fetch a pinned revision missing from the project cache, once, and not with an explicit spec root", async () => {
    const cache = join(scratchDir("api-cache"), ".mcp-gen/schema");
    await withEnv({ MCP_SPEC_ROOT: undefined, MCP_GEN_CACHE: cache, MCP_GEN_SCHEMA_BASE_URL: baseUrl }, async () => {
      const report = await diff({ from: "2025-11-25", to: "2026-07-28" });
      expect(report.changes.length).toBeGreaterThan(0);
      expect((await model({ revision: "2026-07-28" })).model.source.revision).toBe("2026-07-28");
      const empty = scratchDir("api-empty-root");
      await expect(model({ revision: "2024-11-05", specRoot: empty })).rejects.toThrow(/not available|does not exist/);
    });
    expect(requested.sort()).toEqual([`/${pins.revisions["2025-11-25"]!.path}`, `/${pins.revisions["2026-07-28"]!.path}`]);
    expect(existsSync(join(cache, "2026-07-28/schema.ts"))).toBe(true);
  });
});
