import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import { buildExtensionModel } from "../../src/generate.js";
import { analyzeExtension } from "../../src/model/extension.js";
import { parseSchema } from "../../src/parse/index.js";
import type { SchemaModel } from "../../src/model/types.js";
import { schemaFor, zodSafeParse, type GeneratedModule } from "../helpers/generated.js";
import { PayloadGenerator, mutate, rng, type Site } from "../helpers/payloads.js";
import { REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";
import { compile, STRICTEST } from "../helpers/tsc.js";
import { tsToZodOracle } from "../helpers/ts-to-zod-oracle.js";

// Extension schemas (SEP-2133) through the generator: Tasks from the mirror, and a made-up
// extension of our own (test/fixtures/extensions/jobs) that no code in src/ has seen. Both are
// generated once, as JavaScript with declarations, beside the 2026-07-28 core.

const REVISION = "2026-07-28";
const FIXTURE = join(REPO_ROOT, "test/fixtures/extensions/jobs/schema.ts");
const TASKS = join(SPEC_ROOT, "extensions/tasks/draft/schema.ts");
const SAMPLES_PER_EXTENSION = 1_000;

/**
 * Where the independent oracle (ts-to-zod's reading of schema.ts, as JSON Schema, judged by Ajv;
 * test/helpers/ts-to-zod-oracle.ts) is laxer than schema.ts means, and so may accept what mcp-gen
 * refuses: ts-to-zod reads \`number\` as any number where upstream's convention (schema.json's
 * \`integer\`) is a safe integer, and drops \`@format\` (a \`uri\` is any string to it). Any other
 * disagreement, and any acceptance by mcp-gen of what the oracle refuses, fails the test.
 */
const ORACLE_LAXER = new Set(["non-integer", "bad-format"]);

let out: string;
const coreText = readFileSync(join(SPEC_ROOT, REVISION, "schema.ts"), "utf8");
const core: SchemaModel = parseSchema({ text: coreText, fileName: "schema.ts", revision: REVISION }).model;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "mcp-gen-ext-"));
  await generate({ revisions: [REVISION], specRoot: SPEC_ROOT, extensions: ["tasks", FIXTURE], out });
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

async function extensionModel(file: string): Promise<SchemaModel> {
  return (await buildExtensionModel({ file, text: readFileSync(file, "utf8"), revision: null, label: "x" }, core, coreText)).model;
}

const declared = (text: string) => [...text.matchAll(/^export (?:declare )?(?:interface|type) (\w+)/gm)].map((m) => m[1]!);

describe.each([
  ["tasks", TASKS, "io.modelcontextprotocol/tasks", ["tasks/cancel", "tasks/get", "tasks/update", "notifications/tasks"], "CreateTaskResult"],
  ["jobs", FIXTURE, "com.example.printshop/jobs", ["printshop/jobs/drop", "printshop/jobs/inspect", "notifications/printshop/jobs"], "QueuedJobResult"],
])("extension %s", (name, file, id, methods, widening) => {
  it("declares none of the core's types: it imports them from the revision", () => {
    const types = readFileSync(join(out, "ext", name, "types.d.ts"), "utf8");
    const coreNames = new Set(core.declarations.map((d) => d.name));
    expect(declared(types).filter((n) => coreNames.has(n))).toEqual([]);
    expect(types).toMatch(/from "\.\.\/\.\.\/types\.js"/);
    const schemas = readFileSync(join(out, "ext", name, "schemas.js"), "utf8");
    expect(schemas).not.toMatch(/\bconst ResultSchema\b/);
    expect(schemas).toMatch(/from "\.\.\/\.\.\/schemas\.js"/);
  });

  it("exports EXTENSION: its identifier, methods, widening results and capability", async () => {
    const module = (await import(pathToFileURL(join(out, "ext", name, "index.js")).href)) as GeneratedModule & { EXTENSION: { id: string; methods: object; results: object; capability: { safeParse(v: unknown): { success: boolean } } } };
    expect(module.EXTENSION.id).toBe(id);
    expect(Object.keys(module.EXTENSION.methods)).toEqual(methods);
    expect(Object.keys(module.EXTENSION.results)).toEqual([widening]);
    expect(module.EXTENSION.capability.safeParse({}).success).toBe(true);
  });

  it(`fast validators, Zod and an independent oracle (ts-to-zod → JSON Schema → Ajv) agree on ${SAMPLES_PER_EXTENSION}+ generated messages of every extension type`, async () => {
    const model = await extensionModel(file);
    const combined: SchemaModel = { ...model, declarations: [...core.declarations, ...model.declarations] };
    const module = (await import(pathToFileURL(join(out, "ext", name, "index.js")).href)) as GeneratedModule;
    const random = rng(0xe7 + name.length);
    const generator = new PayloadGenerator(combined, random);
    let valid = 0;
    let checked = 0;
    const disagreements: string[] = [];
    const oracleDisagreements: string[] = [];
    let agreed = 0;
    const oracle = await tsToZodOracle(coreText, readFileSync(file, "utf8"), model.declarations.map((d) => d.name), name);
    while (checked < SAMPLES_PER_EXTENSION) {
      for (const declaration of model.declarations) {
        const sites: Site[] = [];
        const value = generator.sample(generator.typeOf(declaration.name), sites);
        const mutation = mutate(value, sites, random, generator);
        for (const [kind, candidate] of [["valid", value], [mutation?.kind ?? "none", mutation?.value]] as const) {
          if (kind === "none") continue;
          const zod = zodSafeParse(schemaFor(module, declaration.name), candidate).success;
          const fast = (module[`is${declaration.name}`] as (v: unknown) => boolean)(candidate);
          if (kind === "valid" && zod) valid++;
          if (zod !== fast) disagreements.push(`${declaration.name} (${kind}): zod ${zod}, fast ${fast}: ${JSON.stringify(candidate).slice(0, 200)}`);
          const ajv = oracle(declaration.name)(candidate);
          if (ajv === zod) agreed++;
          else if (!(ajv && ORACLE_LAXER.has(kind))) oracleDisagreements.push(`${declaration.name} (${kind}): ajv ${ajv}, zod ${zod}: ${JSON.stringify(candidate).slice(0, 300)}`);
          checked++;
        }
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(oracleDisagreements.slice(0, 5)).toEqual([]);
    expect(agreed).toBeGreaterThan(checked * 0.8);
    // The samples meant to be valid are: the generator and the schemas read the model alike.
    expect(valid).toBeGreaterThan(checked / 3);
  });
});

/** A parse error as the CLI prints it: file:line:col: message. */
function where(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    const { location, message } = error as { location?: { file: string; line: number; column: number }; message: string };
    return location ? `${location.file}:${location.line}:${location.column}: ${message}` : message;
  }
  return "no error";
}

describe("derived facts", () => {
  it("Tasks: requests answered by their XResult, the notification sent by the serving party, the capability type", async () => {
    const ext = analyzeExtension(core, await extensionModel(TASKS));
    expect(ext.surface.requests.map((r) => [r.method, r.messages[0], r.result?.name, r.senders])).toEqual([
      ["tasks/cancel", "CancelTaskRequest", "CancelTaskResult", ["client"]],
      ["tasks/get", "GetTaskRequest", "GetTaskResult", ["client"]],
      ["tasks/update", "UpdateTaskRequest", "UpdateTaskResult", ["client"]],
    ]);
    expect(ext.surface.notifications.map((n) => [n.method, n.senders])).toEqual([["notifications/tasks", ["server"]]]);
    expect([ext.widening, ext.capability, ext.name]).toEqual([["CreateTaskResult"], "TasksExtensionCapability", "tasks"]);
  });

  it("a schema without an identifier is an error at file:1:1, unless one is given", async () => {
    const text = readFileSync(FIXTURE, "utf8").replace("Extension Identifier: com.example.printshop/jobs", "");
    const parse = (id?: string) => parseSchema({ text, fileName: "anon.ts", revision: null, extension: { core, coreText, ...(id ? { id } : {}) } });
    expect(where(() => parse())).toMatch(/^anon\.ts:1:1: .*Extension Identifier/);
    expect(parse("com.example/anon").model.extension?.id).toBe("com.example/anon");
  });

  it("an import of a name the core does not declare is an error at the import", () => {
    const text = readFileSync(FIXTURE, "utf8").replace("  Result,\n", "  Result,\n  NoSuchCoreType,\n");
    expect(where(() => parseSchema({ text, fileName: "jobs.ts", revision: null, extension: { core, coreText } }))).toMatch(/^jobs\.ts:15:3: `NoSuchCoreType` is not a declaration of the core revision 2026-07-28/);
  });
});

it("the fixture's output compiles with the strictest settings, used as a consumer would", () => {
  const consumer = join(out, "consumer.ts");
  writeFileSync(
    consumer,
    `import { EXTENSION, extensionClient, type JobChangedNotification, type QueuedJobResult } from "./ext/jobs/index.js";
import type { Result } from "./types.js";
// One Result: the extension's result is the core's, not a copy of it.
const widened: Result = { resultType: "job", jobId: "j", state: "queued", pages: 0 } satisfies QueuedJobResult;
const note: JobChangedNotification["params"] = { jobId: "j", state: "queued", pages: 1, position: 2 };
const client = extensionClient({ call: async () => ({ resultType: "complete", dropped: true }) });
export const uses: readonly unknown[] = [widened, note, EXTENSION.id, client.dropJob({ jobId: "j" })] as const;
`,
  );
  writeFileSync(join(out, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(join(REPO_ROOT, "node_modules"), join(out, "node_modules"), "dir");
  const compilation = compile(out, { ...STRICTEST, skipLibCheck: false }, ["consumer.ts", "ext/jobs/*.d.ts"]);
  expect(compilation.diagnostics((f) => f.endsWith("consumer.ts") || f.includes("/ext/"))).toEqual([]);
}, 60_000);

it("nothing in src/ names a type or method of Tasks or Skills: an extension is derived from its schema", async () => {
  const tasks = await extensionModel(TASKS);
  const names = [...tasks.declarations.map((d) => d.name), "tasks/", "skills/", "SkillsExtension", "ListSkills", "GetSkill"];
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const files = readdirSync(join(REPO_ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const found = files.flatMap((f) => {
    const text = code(readFileSync(join(REPO_ROOT, "src", f), "utf8"));
    return names.filter((n) => new RegExp(`\\b${n.replace(/\//g, "\\/")}`).test(text)).map((n) => `src/${f}: ${n}`);
  });
  expect(found).toEqual([]);
});

it("diff --core compares two versions of an extension's schema on the wire", async () => {
  const { diff } = await import("../../src/index.js");
  const changed = join(out, "changed-jobs.ts");
  const text = readFileSync(FIXTURE, "utf8");
  writeFileSync(changed, text.replace(' | "jammed";', ";").replace('state: "printing" | "done" | "jammed";', 'state: "printing" | "done";').replace("  position: number;", "  position: number;\n  eta?: string;"));
  const report = await diff({ from: FIXTURE, to: changed, specRoot: SPEC_ROOT, core: REVISION });
  const lines = report.changes.map((c) => `${c.breaking.length ? "breaking" : "additive"} ${c.group}: ${c.summary}`);
  expect(lines.filter((l) => l.startsWith("breaking JobState"))).toHaveLength(1);
  expect(lines.some((l) => l.startsWith("additive QueuedJob") && l.includes("`eta`"))).toBe(true);
  expect((await diff({ from: FIXTURE, to: FIXTURE, specRoot: SPEC_ROOT, core: REVISION })).changes).toEqual([]);
});

it("the manifest records each extension, and --check finds the output up to date (and a changed extension file)", async () => {
  const manifest = JSON.parse(readFileSync(join(out, ".mcp-gen.json"), "utf8")) as { extensions: Array<{ id: string; dir: string; sha256: string; core: string }> };
  expect(manifest.extensions.map((e) => [e.id, e.dir, e.core])).toEqual([
    ["io.modelcontextprotocol/tasks", "ext/tasks", REVISION],
    ["com.example.printshop/jobs", "ext/jobs", REVISION],
  ]);
  const file = join(out, "ext/jobs/methods.js");
  writeFileSync(file, `${readFileSync(file, "utf8")}\n// edited\n`);
  const checked = await generate({ revisions: [REVISION], specRoot: SPEC_ROOT, extensions: ["tasks", FIXTURE], out, check: true });
  expect(checked.files.filter((f) => f.status !== "unchanged").map((f) => `${f.path} ${f.status}`)).toEqual(["ext/jobs/methods.js updated"]);
}, 60_000);

it("mcp-gen model --extension tasks prints the extension's model: its own declarations and its facet", async () => {
  const { runCli } = await import("../helpers/cli.js");
  const result = await runCli(["model", "--spec-root", SPEC_ROOT, "--revision", REVISION, "--extension", "tasks"]);
  expect(result.code).toBe(0);
  const printed = JSON.parse(result.stdout) as SchemaModel;
  expect(printed.extension?.id).toBe("io.modelcontextprotocol/tasks");
  expect(printed.extension?.imports).toContainEqual({ local: "JSONRPCErrorObject", name: "Error" });
  expect(printed.declarations.map((d) => d.name)).toContain("CreateTaskResult");
  expect(printed.declarations.map((d) => d.name)).not.toContain("Result");
}, 60_000);

describe("resolution of an extension name", () => {
  it("in an empty project cache: the pin (sha256, upstream URL at its commit), read only when needed, verified before it is written", async () => {
    const { readExtension, resolveExtension } = await import("../../src/schema/extensions.js");
    const { createServer } = await import("node:http");
    const cache = mkdtempSync(join(tmpdir(), "mcp-gen-ext-cache-"));
    const pins = JSON.parse(readFileSync(join(REPO_ROOT, "schema/revisions.json"), "utf8")) as { extensions: { tasks: { sha256: string; url: string } } };
    const source = resolveExtension("tasks", { dir: cache, from: "cache" });
    expect([source.sha256, source.text, source.url]).toEqual([pins.extensions.tasks.sha256, undefined, pins.extensions.tasks.url]);
    expect(source.url).toContain("experimental-ext-tasks/e61f822a925ff451880a2e966fb145203d7406f6/schema/draft/schema.ts");
    let body = readFileSync(TASKS, "utf8");
    const server = createServer((_, response) => response.end(body)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/schema.ts`;
    try {
      body += "\n// altered";
      await expect(readExtension({ ...source, url })).rejects.toThrow(/sha256 mismatch for extension tasks/);
      expect(() => readFileSync(source.file)).toThrow();
      body = readFileSync(TASKS, "utf8");
      expect((await readExtension({ ...source, url })).text).toBe(body);
      expect(resolveExtension("tasks", { dir: cache, from: "cache" }).text).toBe(body);
    } finally {
      server.close();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("a name with no schema under an explicit root is an error naming the file looked for", async () => {
    const { resolveExtension } = await import("../../src/schema/extensions.js");
    expect(() => resolveExtension("nosuch", { dir: SPEC_ROOT, from: "option" })).toThrow(/extension "nosuch" is not available: .*extensions\/nosuch\/draft\/schema\.ts does not exist/);
  });
});

it("with several revisions, an extension goes with those that declare what it imports; a warning names the others", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-ext-two-"));
  try {
    const result = await generate({ revisions: [REVISION, "2025-11-25"], specRoot: SPEC_ROOT, extensions: ["tasks"], out: dir, check: true });
    const folders = new Set(result.files.filter((f) => f.path.includes("/ext/")).map((f) => f.path.split("/ext/")[0]));
    expect([...folders]).toEqual([REVISION]);
    expect(result.warnings.map((w) => w.message)).toContain("extension not generated for 2025-11-25: `InputRequests` is not a declaration of the core revision 2025-11-25 that this extension is generated with");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
