// The generated validators of a catalog against Ajv (with ajv-formats: what the official SDK checks
// tool schemas with), on every input and output schema of every tool of both servers: values
// written from each JSON Schema (not from mcp-gen's model), and seeded mutations of them. Every
// value Ajv accepts is accepted; the fast validators and the Zod schemas agree on every value; a
// value accepted beyond Ajv must be one the model cannot refuse (an extra key of a closed object,
// an exclusive bound, an unchecked format).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z as zodOwn } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogModel, dialectFor } from "../../src/catalog/model.js";
import type { Catalog } from "../../src/catalog/types.js";
import { CHECKED_FORMATS } from "../../src/parse/json-schema/context.js";
import { ajvValidator } from "../helpers/json-schema.js";
import { SchemaValues, type Proposal } from "../helpers/json-schema-values.js";
import { scratchDir } from "../helpers/spec.js";
import { EVERYTHING_ARGS, INCIDENTS_ARGS, catalog, importTs, type Module } from "./helpers.js";

const OUT = scratchDir("catalog-differential");
const SAMPLES = 40;
const MUTATIONS_PER_SAMPLE = 6;

/** The node and the branches of its combinators (where a mutation at the node is judged too). */
function branches(node: Record<string, unknown>): Array<Record<string, unknown>> {
  const nested = ["anyOf", "oneOf", "allOf"].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]) : []));
  return [node, ...nested.filter((n): n is Record<string, unknown> => typeof n === "object" && n !== null).flatMap(branches)];
}

/** Why a value Ajv refuses may pass: the schema node the mutation touched says something the model cannot. */
function explanation(proposal: Proposal): string | undefined {
  const nodes = branches(typeof proposal.schema === "object" ? proposal.schema : {});
  if (proposal.mutation.startsWith("extra key") && nodes.some((n) => n["additionalProperties"] === false || n["unevaluatedProperties"] === false)) return "closed object";
  if (nodes.some((n) => typeof n["exclusiveMinimum"] === "number" || typeof n["exclusiveMaximum"] === "number")) return "exclusive bound";
  if (nodes.some((n) => typeof n["format"] === "string" && !CHECKED_FORMATS.has(n["format"]))) return "unchecked format";
  return undefined;
}

interface Tally {
  cases: number;
  ajvValid: number;
  bothRefuse: number;
  widened: Record<string, number>;
}

describe.each([
  ["everything", EVERYTHING_ARGS],
  ["incidents", INCIDENTS_ARGS],
] as const)("the validators of %s's catalog against Ajv", (name, args) => {
  let stubs: Module;
  let parsed: Catalog;
  const dir = join(OUT, name);

  beforeAll(async () => {
    expect((await catalog([...args], dir)).code).toBe(0);
    stubs = await importTs(join(dir, "index.ts"));
    parsed = JSON.parse(readFileSync(join(dir, "catalog.json"), "utf8")) as Catalog;
  });

  it("every tool's arguments and output: Ajv-valid values pass, fast and Zod agree, widenings are explained", () => {
    const { entities } = catalogModel(parsed, "catalog.json", () => ({ file: "catalog.json", line: 1, column: 1 }));
    const tally: Tally = { cases: 0, ajvValid: 0, bothRefuse: 0, widened: {} };
    const problems: string[] = [];
    const tools = entities.filter((e) => e.kind === "tool");
    expect(tools.length).toBe(parsed.tools.length);
    tools.forEach((tool, i) => {
      const schemas: Array<[string, unknown]> = [[tool.args!, tool.item["inputSchema"]], ...(tool.output ? [[tool.output, tool.item["outputSchema"]] as [string, unknown]] : [])];
      for (const [declaration, schema] of schemas) {
        const ajv = ajvValidator(schema, dialectFor(parsed.protocolVersion))!;
        expect(ajv, `Ajv compiles ${tool.label}`).toBeDefined();
        const [guard, zod] = [stubs[`is${declaration}`] as (v: unknown) => boolean, stubs[`${declaration}Schema`] as { safeParse(v: unknown): { success: boolean } }];
        const values = new SchemaValues(schema, 1000 + i * 17 + declaration.length);
        const proposals: Proposal[] = [{ value: {}, mutation: "empty object" }, { value: null, mutation: "null" }, { value: [], mutation: "array" }];
        for (let n = 0; n < SAMPLES; n++) {
          const sites: Parameters<SchemaValues["mutations"]>[1] = [];
          const sample = values.sample(schema, sites);
          proposals.push({ value: sample, mutation: "" }, ...values.mutations(sample, sites, MUTATIONS_PER_SAMPLE));
        }
        for (const proposal of proposals) {
          const [a, f, z] = [ajv(proposal.value), guard(proposal.value), zodOwn.safeParse(zod as unknown as zodOwn.ZodType, proposal.value).success];
          tally.cases++;
          if (a) tally.ajvValid++;
          if (!a && !f) tally.bothRefuse++;
          const where = `${declaration} ${proposal.mutation || "sample"}: ${JSON.stringify(proposal.value)?.slice(0, 160)}`;
          if (f !== z) problems.push(`fast ${f} but Zod ${z}: ${where}`);
          if (a && !f) problems.push(`Ajv accepts, the validator refuses: ${where}`);
          if (!a && f) {
            const why = explanation(proposal);
            if (why) tally.widened[why] = (tally.widened[why] ?? 0) + 1;
            else problems.push(`Ajv refuses, the validator accepts (unexplained): ${where}`);
          }
        }
      }
    });
    expect(problems).toEqual([]);
    // Not vacuous: most samples are valid, and many mutations are refused by both.
    expect(tally.ajvValid).toBeGreaterThan(tally.cases / 4);
    expect(tally.bothRefuse).toBeGreaterThan(tally.cases / 10);
    console.log(`${name}: ${tools.length} tools, ${tally.cases} cases (${tally.ajvValid} valid per Ajv, ${tally.bothRefuse} refused by both, widened: ${JSON.stringify(tally.widened)})`);
  });
});
