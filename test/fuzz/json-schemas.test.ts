// A seeded fuzz of the JSON Schema front end: a few hundred random JSON Schemas (test/fuzz/
// json-schema-generator.ts). Reading never throws; every generated file compiles under the
// strictest settings; the validators never throw and the fast ones agree with Zod, on random
// values (JSON or not) and on values written from each schema; and where Ajv compiles the schema,
// every JSON value it accepts is accepted (never less than the schema accepts).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { emitDeclarationModules } from "../../src/emit/index.js";
import type { SchemaModel } from "../../src/model/types.js";
import { DeclarationNames, readJsonSchema } from "../../src/parse/json-schema/index.js";
import { ajvValidator } from "../helpers/json-schema.js";
import { SchemaValues } from "../helpers/json-schema-values.js";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";
import { STRICTEST, tsc } from "../helpers/tsc.js";
import { JsonSchemaFuzzer } from "./json-schema-generator.js";
import { randomValues } from "./schema-generator.js";

const CASES = Number(process.env["FUZZ_JSON_CASES"] ?? 200);
const ROOT = join(REPO_ROOT, "test/tmp/fuzz-json");

interface Case {
  seed: number;
  schema: unknown;
  name?: string;
  crash?: string;
  warnings: number;
}

const cases: Case[] = [];

beforeAll(() => {
  const fuzzer = new JsonSchemaFuzzer(Number(process.env["FUZZ_JSON_SEED"] ?? 0x15c0));
  rmSync(ROOT, { recursive: true, force: true });
  for (let seed = 0; seed < CASES; seed++) {
    const schema = fuzzer.document();
    const dir = join(ROOT, `case-${seed}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "schema.json"), JSON.stringify(schema, null, 2) ?? "undefined");
    try {
      const result = readJsonSchema({ name: "Fuzz", schema, owner: `case ${seed}`, at: "" }, { names: new DeclarationNames(), dialect: seed % 2 ? "draft-07" : "2020-12", locate: () => ({ file: "schema.json", line: 1, column: 1 }) });
      const model: SchemaModel = { modelVersion: 2, source: { revision: null, file: "schema.json", sha256: "0".repeat(64) }, declarations: result.declarations, constants: [] };
      const runtimeImport = relative(dir, join(GENERATED_ROOT, "runtime")).split("\\").join("/");
      for (const file of emitDeclarationModules(model, { generatorVersion: "fuzz", runtimeImport, source: "fuzz" })) writeFileSync(join(dir, file.path), file.content);
      cases.push({ seed, schema, name: result.name, warnings: result.warnings.length });
    } catch (error) {
      cases.push({ seed, schema, crash: String((error as Error).stack ?? error), warnings: 0 });
    }
  }
});

/**
 * Plain JSON data: finite numbers, strings, booleans, null, arrays and plain objects, no cycles;
 * and no own `__proto__` key, for which Ajv is no oracle (it skips such a key; the validators
 * read it as data, as for schema.ts: test/emit/prototype-keys.test.ts).
 */
function isJson(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype || Object.hasOwn(value, "__proto__")) return false;
  return Object.values(value).every((item) => isJson(item, depth + 1));
}

describe(`fuzz: ${CASES} random JSON Schemas`, () => {
  it("every one is read without an exception; the looser readings are warned about", () => {
    expect(cases.filter((c) => c.crash).map((c) => `case ${c.seed}: ${c.crash}\n${JSON.stringify(c.schema)}`).slice(0, 3)).toEqual([]);
    expect(cases.filter((c) => c.warnings > 0).length).toBeGreaterThan(CASES / 5);
    expect(cases.filter((c) => c.warnings === 0).length).toBeGreaterThan(CASES / 10);
  });

  it("every generated file compiles under the strictest settings", async () => {
    const result = await tsc(ROOT, STRICTEST, ["case-*/*.ts"], { modulesOnly: true }); // the runtime is checked elsewhere (moduleDiagnostics)
    const seeds = [...new Set(result.diagnostics.map((d) => /case-(\d+)\//.exec(d)?.[1]))].slice(0, 3);
    expect(seeds.map((seed) => `case ${seed}: ${JSON.stringify(cases[Number(seed)]?.schema)}\n${result.diagnostics.filter((d) => d.includes(`case-${seed}/`)).slice(0, 4).join("\n")}`)).toEqual([]);
  });

  it("the validators never throw, agree with Zod, and accept every JSON value Ajv accepts", async () => {
    const random = randomValues(0x5eed, 40);
    const problems: string[] = [];
    const tally = { verdicts: 0, oracle: 0, ajvValid: 0, bothRefuse: 0, noOracle: 0 };
    for (const c of cases.filter((x) => !x.crash)) {
      const dir = join(ROOT, `case-${c.seed}`);
      const fast = (await import(pathToFileURL(join(dir, "validators.ts")).href)) as Record<string, (v: unknown) => boolean>;
      const zod = (await import(pathToFileURL(join(dir, "schemas.ts")).href)) as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      const [guard, schema] = [fast[`is${c.name}`]!, zod[`${c.name}Schema`]!];
      const ajv = ajvValidator(c.schema, c.seed % 2 ? "draft-07" : "2020-12");
      if (!ajv) tally.noOracle++;
      const generator = new SchemaValues(c.schema, c.seed);
      const written = Array.from({ length: 12 }, () => {
        const sites: Parameters<SchemaValues["mutations"]>[1] = [];
        const sample = generator.sample(c.schema, sites);
        return [sample, ...generator.mutations(sample, sites, 3).map((m) => m.value)];
      }).flat();
      for (const value of [...random, ...written]) {
        let verdicts: [boolean, boolean];
        try {
          verdicts = [guard(value), z.safeParse(schema as unknown as z.ZodType, value).success];
        } catch (error) {
          problems.push(`case ${c.seed}: threw ${(error as Error).message}`);
          continue;
        }
        tally.verdicts++;
        if (verdicts[0] !== verdicts[1]) problems.push(`case ${c.seed}: fast ${verdicts[0]}, Zod ${verdicts[1]} on ${JSON.stringify(value)?.slice(0, 100)}`);
        if (!ajv || !isJson(value)) continue;
        let accepted: boolean;
        try {
          accepted = ajv(value) as boolean;
        } catch {
          continue; // Ajv overflows on some recursive schemas: no verdict
        }
        tally.oracle++;
        if (accepted) tally.ajvValid++;
        else if (!verdicts[0]) tally.bothRefuse++;
        if (accepted && !verdicts[0]) problems.push(`case ${c.seed}: Ajv accepts, the validator refuses ${JSON.stringify(value)?.slice(0, 100)}\n  ${JSON.stringify(c.schema)}`);
      }
    }
    console.log(`fuzz (JSON Schema): ${cases.length} schemas, ${tally.verdicts} verdicts, ${tally.oracle} held to Ajv (${tally.ajvValid} valid, ${tally.bothRefuse} refused by both), ${tally.noOracle} schemas Ajv cannot compile`);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(tally.ajvValid).toBeGreaterThan(500);
    expect(tally.bothRefuse).toBeGreaterThan(500);
  });
});
