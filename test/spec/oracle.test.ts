import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSchema } from "../../src/parse/index.js";
import { ajvValidators, definitionsOf, readSchemaJson, type SchemaJson } from "../helpers/ajv.js";
import { loadGenerated, schemaFor, zodSafeParse } from "../helpers/generated.js";
import { PayloadGenerator, mutate, rng, type Site } from "../helpers/payloads.js";
import { REPO_ROOT, REVISIONS, SPEC_ROOT } from "../helpers/spec.js";

/** Messages per revision: at least 2,000 generated, plus the spec's examples. */
const TARGET = 3000;

interface Exception {
  revisions: string[];
  definition: string;
  reason: string;
  /** The definition as schema.ts means it; replaces schema.json's in the patched oracle. */
  replacement: unknown;
  /** Messages of the definition that show the disagreement (the generated corpus may not). */
  witnesses?: unknown[];
}

const EXCEPTIONS = JSON.parse(readFileSync(join(REPO_ROOT, "test/oracle-exceptions.json"), "utf8")).exceptions as Exception[];

/** schema.json with one documented generation artifact corrected. */
function corrected(schema: SchemaJson, exception: Exception): SchemaJson {
  const copy = structuredClone(schema);
  const defs = definitionsOf(copy);
  if (!(exception.definition in defs)) throw new Error(`exception for missing definition ${exception.definition}`);
  defs[exception.definition] = exception.replacement;
  return copy;
}

interface Case {
  type: string;
  label: string;
  value: unknown;
}

function corpus(revision: string, names: string[]): Case[] {
  const file = join(SPEC_ROOT, revision, "schema.ts");
  const { model } = parseSchema({ text: readFileSync(file, "utf8"), fileName: file, revision });
  const random = rng(0x5eed + revision.length);
  const generator = new PayloadGenerator(model, random);
  const byName = new Map(model.declarations.map((d) => [d.name, d]));
  const perType = Math.ceil(TARGET / names.length / 2);
  const cases: Case[] = [];
  for (const name of names) {
    for (let i = 0; i < perType; i++) {
      const sites: Site[] = [];
      const value = generator.sample(generator.typeOf(name), sites);
      cases.push({ type: name, label: "valid", value });
      const mutation = mutate(value, sites, random, generator);
      if (mutation) cases.push({ type: name, label: mutation.kind, value: mutation.value });
    }
  }
  const witnesses = EXCEPTIONS.filter((e) => e.revisions.includes(revision)).flatMap((e) => (e.witnesses ?? []).map((value) => ({ type: e.definition, label: "witness", value })));
  return [...cases, ...examples(revision), ...witnesses];
}

function examples(revision: string): Case[] {
  const root = join(SPEC_ROOT, revision, "examples");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((type) =>
    readdirSync(join(root, type)).map((file) => ({ type, label: `example ${file}`, value: JSON.parse(readFileSync(join(root, type, file), "utf8")) })),
  );
}

describe.each(REVISIONS)("differential oracle: Ajv on schema.json vs generated Zod, %s", (revision) => {
  it("agrees on every generated and example message, except documented schema.json artifacts", async () => {
    const generated = await loadGenerated(revision);
    const schemaJson = readSchemaJson(revision);
    const names = Object.keys(definitionsOf(schemaJson)).filter((name) => `${name}Schema` in generated);
    expect(names.length).toBe(Object.keys(definitionsOf(schemaJson)).length);
    const original = ajvValidators(schemaJson);
    const applicable = EXCEPTIONS.filter((e) => e.revisions.includes(revision));
    const correctedOracles = applicable.map((e) => ({ exception: e, validator: ajvValidators(corrected(schemaJson, e)) }));
    const cases = corpus(revision, names);
    expect(cases.length).toBeGreaterThanOrEqual(2000);
    const unexplained: string[] = [];
    const explainedBy = new Map<string, number>();
    let accepted = 0;
    const byKind = new Map<string, { total: number; rejected: number }>();
    for (const c of cases) {
      const zod = zodSafeParse(schemaFor(generated, c.type), c.value).success;
      accepted += zod ? 1 : 0;
      const kind = c.label.startsWith("example") ? "example" : c.label;
      const stats = byKind.get(kind) ?? { total: 0, rejected: 0 };
      byKind.set(kind, { total: stats.total + 1, rejected: stats.rejected + (zod ? 0 : 1) });
      if (original(c.type)(c.value) === zod) continue;
      const explanation = correctedOracles.find((o) => o.validator(c.type)(c.value) === zod);
      if (explanation) {
        const key = explanation.exception.definition;
        explainedBy.set(key, (explainedBy.get(key) ?? 0) + 1);
        continue;
      }
      unexplained.push(`${c.type} (${c.label}): zod ${zod ? "accepts" : "rejects"}, ajv ${zod ? "rejects" : "accepts"}: ${JSON.stringify(c.value).slice(0, 300)}`);
    }
    console.log(`${revision}: ${cases.length} messages, ${accepted} accepted, ${cases.length - accepted} rejected; explained by exceptions: ${JSON.stringify(Object.fromEntries(explainedBy))}; by kind (total/rejected): ${[...byKind].map(([k, v]) => `${k} ${v.total}/${v.rejected}`).join(", ")}`);
    expect(unexplained.slice(0, 20)).toEqual([]);
    // No stale exception: each one listed for this revision explains real disagreements.
    for (const e of applicable) expect(explainedBy.get(e.definition) ?? 0, e.definition).toBeGreaterThan(0);
    // Both verdicts occur in quantity: the corpus exercises rejection, not only acceptance.
    expect(accepted).toBeGreaterThan(cases.length / 3);
    expect(cases.length - accepted).toBeGreaterThan(cases.length / 5);
  });
});
