import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import { buildExtensionModel } from "../../src/generate.js";
import { parseSchema } from "../../src/parse/index.js";
import { resolveExtension } from "../../src/schema/extensions.js";
import type { SchemaModel } from "../../src/model/types.js";
import { schemaFor, zodSafeParse, type GeneratedModule } from "../helpers/generated.js";
import { PayloadGenerator, mutate, rng, type Site } from "../helpers/payloads.js";
import { REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";
import { compile, STRICTEST } from "../helpers/tsc.js";

// MCP Apps (io.modelcontextprotocol/ui) through the extension input: a published `.d.ts` that
// imports the core from a package (`@modelcontextprotocol/client`), found by name under the spec
// root's dated folder, with its identifier from the pin. The oracle is Ajv on the extension's own
// schema.json (read in place), generated upstream from the same file.

const REVISION = "2026-07-28";
const FOLDER = join(SPEC_ROOT, "extensions/apps/2026-01-26");
const FILE = join(FOLDER, "spec.types.d.ts");
const ID = "io.modelcontextprotocol/ui";
const SAMPLES_PER_TYPE = 200;

let out: string;
let ext: GeneratedModule & { EXTENSION: { id: string; methods: Record<string, { kind: string; sender: readonly string[] }>; capability: unknown; capabilities: Record<string, { safeParse(v: unknown): { success: boolean } }> } };
const coreText = readFileSync(join(SPEC_ROOT, REVISION, "schema.ts"), "utf8");
const core: SchemaModel = parseSchema({ text: coreText, fileName: "schema.ts", revision: REVISION }).model;
const schemaJson = JSON.parse(readFileSync(join(FOLDER, "schema.json"), "utf8")) as { $defs: Record<string, Record<string, unknown>> };

// The oracle's core: schema.json inlines the core types of the SDK it was made with, which speak
// 2025-11-25 (no `resultType` on a CallToolResult, as 2026-07-28 has).
const ORACLE_REVISION = "2025-11-25";
let oracleExt: GeneratedModule;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "mcp-gen-apps-"));
  await generate({ revisions: [REVISION, ORACLE_REVISION], specRoot: SPEC_ROOT, extensions: ["apps"], out });
  ext = (await import(pathToFileURL(join(out, REVISION, "ext/ui/index.js")).href)) as typeof ext;
  oracleExt = (await import(pathToFileURL(join(out, ORACLE_REVISION, "ext/ui/index.js")).href)) as GeneratedModule;
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("resolution", () => {
  it("apps, its identifier, apps@2026-01-26 and the file's path name the same file, with the pinned identifier", () => {
    const root = { dir: SPEC_ROOT, from: "option" as const };
    const found = ["apps", ID, "apps@2026-01-26", FILE].map((value) => resolveExtension(value, root));
    expect(found.map((s) => [s.file, s.id])).toEqual(Array.from({ length: 4 }, () => [FILE, ID]));
    expect(() => resolveExtension("apps@2025-01-01", root)).toThrow(/extensions\/apps\/2025-01-01\/ holds none of schema\.ts/);
  });

  it("a package import of a name the core lacks is an error at its place; a core it fits binds", async () => {
    const text = readFileSync(FILE, "utf8").replace("CallToolResult, ContentBlock,", "CallToolResult, NoSuchCoreType, ContentBlock,");
    const read = { file: "apps.d.ts", text, revision: null, label: "apps" };
    await expect(buildExtensionModel(read, core, coreText, ID)).rejects.toThrow(/^`NoSuchCoreType` is not a declaration of the core revision 2026-07-28/);
    await expect(buildExtensionModel(read, core, coreText, ID).catch((e: { location?: { line: number; column: number } }) => e.location)).resolves.toMatchObject({ line: 12, column: 31 });
    const older = parseSchema({ text: readFileSync(join(SPEC_ROOT, "2025-03-26/schema.ts"), "utf8"), fileName: "schema.ts", revision: "2025-03-26" }).model;
    await expect(buildExtensionModel({ ...read, text: readFileSync(FILE, "utf8") }, older, "", ID)).rejects.toThrow(/`ContentBlock` is not a declaration of the core revision 2025-03-26/);
  });
});

it("nothing in src/ names a type, method or the identifier of MCP Apps: the extension is derived from its schema", async () => {
  const { model } = await buildExtensionModel({ file: FILE, text: readFileSync(FILE, "utf8"), revision: null, label: "apps" }, core, coreText, ID);
  const names = [...model.declarations.map((d) => d.name), ...model.constants.map((c) => c.name), "McpUi", "ui/", ID, "text/html;profile=mcp-app"];
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const files = readdirSync(join(REPO_ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const found = files.flatMap((f) => {
    const text = code(readFileSync(join(REPO_ROOT, "src", f), "utf8"));
    return names.filter((n) => text.includes(n)).map((n) => `src/${f}: ${n}`);
  });
  expect(found).toEqual([]);
});

describe("the generated extension", () => {
  it("has every type schema.json defines, each with its schema and fast validator; its ambient constants carry their literal", () => {
    const declared = [...readFileSync(FILE, "utf8").matchAll(/^export (?:declare )?(?:interface|type) (\w+)/gm)].map((m) => m[1]!).sort();
    expect(declared).toEqual(Object.keys(schemaJson.$defs).sort());
    expect(declared.filter((name) => typeof ext[`${name}Schema`] !== "object" || typeof ext[`is${name}`] !== "function")).toEqual([]);
    expect([ext["LATEST_PROTOCOL_VERSION"], ext["OPEN_LINK_METHOD"], ext["TOOL_RESULT_METHOD"]]).toEqual(["2026-01-26", "ui/open-link", "ui/notifications/tool-result"]);
  });

  it("EXTENSION: the identifier, a METHODS row per message of schema.json, sent by no core party, and no client call", () => {
    expect(ext.EXTENSION.id).toBe(ID);
    const methods = Object.values(schemaJson.$defs).flatMap((d) => {
      const method = (d["properties"] as Record<string, { const?: unknown }> | undefined)?.["method"]?.const;
      return typeof method === "string" ? [method] : [];
    });
    expect(Object.keys(ext.EXTENSION.methods).sort()).toEqual(methods.sort());
    expect(Object.values(ext.EXTENSION.methods).filter((row) => row.sender.length > 0)).toEqual([]);
    expect(ext.EXTENSION.methods["ui/initialize"]?.kind).toBe("request");
    expect(ext.EXTENSION.methods["ui/notifications/tool-result"]?.kind).toBe("notification");
    const client = (ext["extensionClient"] as (c: unknown) => object)({ call: async () => ({}) });
    expect(Object.keys(client)).toEqual([]);
  });

  it("a bare number is any JSON number, as in schema.json: a host's fractional container size passes both", () => {
    const context = { containerDimensions: { maxHeight: 400.5, width: 320.25 } };
    expect(openedSchemas().validator("McpUiHostContext")(context)).toBe(true);
    const fast = ext["isMcpUiHostContext"] as (value: unknown) => boolean;
    const zod = ext["McpUiHostContextSchema"] as { safeParse(value: unknown): { success: boolean } };
    expect([fast(context), zod.safeParse(context).success]).toEqual([true, true]);
    expect([fast({ containerDimensions: { maxHeight: "400" } }), zod.safeParse({ containerDimensions: { maxHeight: "400" } }).success]).toEqual([false, false]);
  });

  it("the client's capability is McpUiClientCapabilities (named after the core's ClientCapabilities)", () => {
    const capability = ext.EXTENSION.capabilities["client"]!;
    expect(capability.safeParse({ mimeTypes: ["text/html;profile=mcp-app"] }).success).toBe(true);
    expect(capability.safeParse({ mimeTypes: "text/html;profile=mcp-app" }).success).toBe(false);
    expect(ext.EXTENSION.capability).toBeUndefined();
  });

  it("compiles under the strictest settings, with a consumer of its types", () => {
    writeFileSync(
      join(out, "consumer.ts"),
      `import { EXTENSION, OPEN_LINK_METHOD, isMcpUiToolMeta, type McpUiResourceMeta, type McpUiStyles } from "./${REVISION}/ext/ui/index.js";
const meta: McpUiResourceMeta = { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true };
const styles: McpUiStyles = { "--font-sans": "system-ui" };
// @ts-expect-error csp belongs on the resource, never on the tool
const wrong: import("./${REVISION}/ext/ui/index.js").McpUiToolMeta = { resourceUri: "ui://x", csp: {} };
export const uses: readonly unknown[] = [meta, styles, wrong, EXTENSION.id, OPEN_LINK_METHOD, isMcpUiToolMeta({ visibility: ["app"] })] as const;
`,
    );
    writeFileSync(join(out, "package.json"), JSON.stringify({ type: "module" }));
    symlinkSync(join(REPO_ROOT, "node_modules"), join(out, "node_modules"), "dir");
    const compilation = compile(out, { ...STRICTEST, skipLibCheck: false }, ["consumer.ts", `${REVISION}/ext/ui/*.d.ts`]);
    expect(compilation.diagnostics((f) => f.endsWith("consumer.ts") || f.includes("/ext/"))).toEqual([]);
  }, 60_000);
});

/**
 * schema.json is zod's JSON Schema of ext-apps's Zod schemas, which differ from the `.d.ts` they
 * come from in two known ways, undone here on an in-memory copy (each counted, so a changed file
 * is noticed): every object is `additionalProperties: false` (z.object, which strips unknown keys
 * at run time rather than refusing them; MCP's objects are open), and the record keyed by an
 * enum (`McpUiStyles`, `Record<K, string | undefined>`: "Individual style keys are optional")
 * lists every key as required; and every `T | undefined` (those values, `maxHeight?: number |
 * undefined`) is `anyOf: [T, {}]`, which lets any value pass (undefined has no JSON Schema). An
 * extension's bare `number` is any JSON number, as here, but the core types schema.json inlines
 * (from the SDK's Zod) read the core's integers as numbers and carry no `format` (a `uri` is any
 * string): a non-integer and a bad format are the mutations Ajv may accept and mcp-gen refuse.
 * Those inlined core types are the SDK's Zod, laxer than the core's schema.ts (a `structuredContent`
 * array, an `outputSchema` without `type: "object"`): inside a core type's value, Ajv may accept what
 * mcp-gen refuses (counted); never the other way round.
 */
const ORACLE_LAXER = new Set(["non-integer", "bad-format"]);
function openedSchemas(): { validator: (name: string) => (value: unknown) => boolean; closed: number; enumRecords: number; undefinedMembers: number } {
  const copy = structuredClone(schemaJson.$defs);
  let closed = 0;
  let enumRecords = 0;
  let undefinedMembers = 0;
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    const schema = node as Record<string, unknown>;
    if (schema["additionalProperties"] === false) {
      delete schema["additionalProperties"];
      closed++;
    }
    if (schema["propertyNames"] && Array.isArray(schema["required"]) && !schema["properties"]) {
      delete schema["required"];
      enumRecords++;
    }
    const members = schema["anyOf"];
    if (Array.isArray(members) && members.length === 2 && Object.keys(members[1] as object).length === 0) {
      delete schema["anyOf"];
      Object.assign(schema, members[0]);
      undefinedMembers++;
    }
    Object.values(schema).forEach(walk);
  };
  walk(copy);
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: false, validateFormats: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  const cache = new Map<string, (value: unknown) => boolean>();
  const validator = (name: string) => {
    let validate = cache.get(name);
    if (!validate) {
      const compiled = ajv.compile(copy[name]!);
      validate = (value) => compiled(value) as boolean;
      cache.set(name, validate);
    }
    return validate;
  };
  return { validator, closed, enumRecords, undefinedMembers };
}

it(`fast validators, Zod and Ajv on the extension's schema.json agree on ${SAMPLES_PER_TYPE} generated and mutated payloads per type (core ${ORACLE_REVISION})`, async () => {
  const oracleCoreText = readFileSync(join(SPEC_ROOT, ORACLE_REVISION, "schema.ts"), "utf8");
  const oracleCore = parseSchema({ text: oracleCoreText, fileName: "schema.ts", revision: ORACLE_REVISION }).model;
  const { model } = await buildExtensionModel({ file: FILE, text: readFileSync(FILE, "utf8"), revision: null, label: "apps" }, oracleCore, oracleCoreText, ID);
  const { validator, closed, enumRecords, undefinedMembers } = openedSchemas();
  expect([closed, enumRecords, undefinedMembers]).toEqual([216, 5, 11]);
  const combined: SchemaModel = { ...model, declarations: [...oracleCore.declarations, ...model.declarations] };
  const random = rng(0xa995);
  const generator = new PayloadGenerator(combined, random);
  const disagreements: string[] = [];
  const oracleDisagreements: string[] = [];
  let valid = 0;
  let checked = 0;
  let coreLaxer = 0;
  for (const declaration of model.declarations) {
    for (let i = 0; i < SAMPLES_PER_TYPE / 2; i++) {
      const sites: Site[] = [];
      const value = generator.sample(generator.typeOf(declaration.name), sites);
      const mutation = mutate(value, sites, random, generator);
      for (const [kind, candidate] of [["valid", value], [mutation?.kind ?? "none", mutation?.value]] as const) {
        if (kind === "none") continue;
        const zod = zodSafeParse(schemaFor(oracleExt, declaration.name), candidate).success;
        const fast = (oracleExt[`is${declaration.name}`] as (v: unknown) => boolean)(candidate);
        if (kind === "valid" && zod) valid++;
        if (zod !== fast) disagreements.push(`${declaration.name} (${kind}): zod ${zod}, fast ${fast}: ${JSON.stringify(candidate).slice(0, 200)}`);
        const ajv = validator(declaration.name)(candidate);
        if (ajv && !zod && kind !== "valid" && insideCore(sites, firstDifference(value, candidate), model)) {
          coreLaxer++;
          continue;
        }
        if (ajv !== zod && !(ajv && ORACLE_LAXER.has(kind))) oracleDisagreements.push(`${declaration.name} (${kind}): ajv ${ajv}, zod ${zod}: ${JSON.stringify(candidate).slice(0, 300)}`);
        checked++;
      }
    }
  }
  expect(disagreements.slice(0, 5)).toEqual([]);
  expect(oracleDisagreements.slice(0, 8)).toEqual([]);
  expect(checked).toBeGreaterThan(model.declarations.length * SAMPLES_PER_TYPE * 0.9);
  expect(valid).toBe(model.declarations.length * (SAMPLES_PER_TYPE / 2));
  expect(coreLaxer).toBeLessThan(checked * 0.05);
});

/** The path of the first place two JSON values differ (a mutation's site). */
function firstDifference(a: unknown, b: unknown, path: Array<string | number> = []): Array<string | number> {
  if (a === b || a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return path;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    if (JSON.stringify(left[key]) !== JSON.stringify(right[key])) return firstDifference(left[key], right[key], [...path, Array.isArray(a) ? Number(key) : key]);
  }
  return path;
}

/** Whether `path` lies in the value of a core type (a site whose type names a declaration not the extension's). */
function insideCore(sites: Site[], path: Array<string | number>, model: SchemaModel): boolean {
  const own = new Set(model.declarations.map((d) => d.name));
  return sites.some((site) => site.type.kind === "ref" && !own.has(site.type.name) && site.path.length <= path.length && site.path.every((key, i) => key === path[i]));
}
