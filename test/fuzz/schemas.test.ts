import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { emitRevision, emitRuntime } from "../../src/emit/index.js";
import { GeneratorError } from "../../src/errors.js";
import { generate } from "../../src/generate.js";
import { parseSchema } from "../../src/parse/index.js";
import { readSchemaFile } from "../../src/schema/resolve.js";
import { REPO_ROOT } from "../helpers/spec.js";
import { shareRuntime, STRICTEST, tsc } from "../helpers/tsc.js";
import { randomValues, SchemaFuzzer } from "./schema-generator.js";

/**
 * A few hundred random schema.ts files. Each must either generate output that compiles under
 * the strictest settings and whose validators give a verdict (never throw) on random values, or
 * be refused with a `file:line:col:` error. No other outcome is allowed.
 */
const CASES = 240;
const ROOT = join(REPO_ROOT, "test/tmp/fuzz");

interface Outcome {
  seed: number;
  text: string;
  kind: "generated" | "refused" | "crashed";
  detail?: string;
}

const outcomes: Outcome[] = [];

beforeAll(async () => {
  const fuzzer = new SchemaFuzzer(0xf022);
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  writeFileSync(join(ROOT, "package.json"), '{"type":"module"}');
  for (const file of emitRuntime({ generatorVersion: "fuzz" })) {
    mkdirSync(dirname(join(ROOT, file.path)), { recursive: true });
    writeFileSync(join(ROOT, file.path), file.content);
  }
  for (let seed = 0; seed < CASES; seed++) {
    const text = fuzzer.schema();
    const dir = join(ROOT, `case-${seed}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "schema.ts.txt"), text);
    try {
      const { model } = parseSchema({ text, fileName: `case-${seed}/schema.ts`, revision: null });
      for (const file of emitRevision(model, { generatorVersion: "fuzz", runtimeImport: "../runtime" })) writeFileSync(join(dir, file.path), file.content);
      // Every tenth case also goes through the whole pipeline (prettier, manifest, atomic write).
      if (seed % 10 === 0) {
        writeFileSync(join(dir, "schema.input.ts"), text);
        await generate({ sources: [readSchemaFile(join(dir, "schema.input.ts"))], outDir: join(ROOT, `full-${seed}`), check: false, emit: "ts" });
      }
      outcomes.push({ seed, text, kind: "generated" });
    } catch (error) {
      const located = error instanceof GeneratorError && /^[^\s:]+:\d+:\d+: /.test(error.format());
      outcomes.push({ seed, text, kind: located ? "refused" : "crashed", detail: error instanceof GeneratorError ? error.format() : String((error as Error).stack ?? error) });
    }
  }
}, 600_000);

describe(`fuzz: ${CASES} random schemas`, () => {
  it("each one generates or is refused with file:line:col; nothing crashes; both outcomes occur", () => {
    const crashed = outcomes.filter((o) => o.kind === "crashed").map((o) => `case ${o.seed}: ${o.detail}\n${o.text}`);
    expect(crashed.slice(0, 3)).toEqual([]);
    const generated = outcomes.filter((o) => o.kind === "generated").length;
    const reasons = new Map<string, number>();
    for (const o of outcomes.filter((o) => o.kind === "refused")) {
      const reason = o.detail!.replace(/^[^:]+:\d+:\d+: /, "").replace(/`[^`]*`|'[^']*'|"[^"]*"|\d+/g, "…").slice(0, 60);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    console.log(`fuzz: ${generated} generated, ${outcomes.length - generated} refused with a location:\n${[...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `  ${n} × ${r}`).join("\n")}`);
    expect(generated).toBeGreaterThan(CASES / 3);
    expect(outcomes.length - generated).toBeGreaterThan(5);
  });

  it("every generated output compiles under the strictest settings", async () => {
    // The whole-pipeline outputs each carry the runtime: checked once, through the first one's copy.
    shareRuntime(readdirSync(ROOT).filter((name) => name.startsWith("full-") && existsSync(join(ROOT, name, "runtime"))).map((name) => join(ROOT, name)));
    const result = await tsc(ROOT, STRICTEST, ["case-*/*.ts", "full-*/**/*.ts"], { modulesOnly: true }); // the runtime is checked elsewhere (moduleDiagnostics)
    const byCase = [...new Set(result.diagnostics.map((d) => /case-(\d+)\//.exec(d)?.[1]))].slice(0, 3);
    const examples = byCase.map((seed) => `case ${seed}:\n${outcomes.find((o) => String(o.seed) === seed)?.text}\n${result.diagnostics.filter((d) => d.includes(`case-${seed}/`)).slice(0, 5).join("\n")}`);
    expect(examples).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it("every validator gives a verdict on random values (never throws)", async () => {
    const values = randomValues(0xbeef, 60);
    const thrown: string[] = [];
    let verdicts = 0;
    for (const outcome of outcomes.filter((o) => o.kind === "generated")) {
      const module = (await import(pathToFileURL(join(ROOT, `case-${outcome.seed}`, "schemas.ts")).href)) as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      for (const [name, schema] of Object.entries(module)) {
        for (const value of values) {
          try {
            schema.safeParse(value);
            verdicts++;
          } catch (error) {
            thrown.push(`case ${outcome.seed} ${name}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(thrown.slice(0, 5)).toEqual([]);
    expect(verdicts).toBeGreaterThan(1000);
  });

  it("every fast validator (isX) gives its Zod schema's verdict on the same random values", async () => {
    const values = randomValues(0xbeef, 60);
    const disagreements: string[] = [];
    let compared = 0;
    let accepted = 0;
    for (const outcome of outcomes.filter((o) => o.kind === "generated")) {
      const dir = join(ROOT, `case-${outcome.seed}`);
      const schemas = (await import(pathToFileURL(join(dir, "schemas.ts")).href)) as Record<string, { safeParse(v: unknown): { success: boolean } }>;
      const fast = (await import(pathToFileURL(join(dir, "validators.ts")).href)) as Record<string, unknown>;
      for (const [name, schema] of Object.entries(schemas)) {
        const guard = fast[`is${name.replace(/Schema$/, "")}`] as ((v: unknown) => boolean) | undefined;
        if (!guard) continue;
        for (const value of values) {
          let expected: boolean | string;
          try {
            expected = z.safeParse(schema as unknown as z.ZodType, value).success;
          } catch (error) {
            expected = `throws ${(error as Error).message}`;
          }
          const actual = guard(value);
          compared++;
          if (actual) accepted++;
          if (actual !== expected) disagreements.push(`case ${outcome.seed} ${name} on ${JSON.stringify(value)?.slice(0, 80)}: Zod ${expected}, fast ${actual}`);
        }
      }
    }
    console.log(`fuzz: ${compared} fast/Zod verdicts compared, ${accepted} accepted`);
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(1000);
  });
});
