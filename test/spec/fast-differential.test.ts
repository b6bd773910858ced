import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSchema } from "../../src/parse/index.js";
import { loadGenerated, schemaFor, zodSafeParse, type GeneratedModule } from "../helpers/generated.js";
import { ODD_VALUES, TRANSFORMS, variantAt } from "../helpers/hostile.js";
import { PayloadGenerator, mutate, rng, type Site } from "../helpers/payloads.js";
import { REVISIONS, SPEC_ROOT } from "../helpers/spec.js";

// The fast validators against the Zod schemas they mirror: on every spec example, and on at least
// 10,000 generated messages per revision (valid ones, mutated JSON ones, and JavaScript-only
// variants: inherited keys, present-undefined keys, prototypes, symbols, getters, odd values).

const GENERATED_PER_REVISION = 10_000;

interface Case {
  type: string;
  kind: string;
  value: unknown;
}

function modelOf(revision: string) {
  const file = join(SPEC_ROOT, revision, "schema.ts");
  return parseSchema({ text: readFileSync(file, "utf8"), fileName: file, revision }).model;
}

function examples(revision: string): Case[] {
  const root = join(SPEC_ROOT, revision, "examples");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((type) => readdirSync(join(root, type)).map((file) => ({ type, kind: "example", value: JSON.parse(readFileSync(join(root, type, file), "utf8")) as unknown })));
}

/** Valid samples of every type, one mutation each, JS-only variants, and odd values. */
function generated(revision: string): Case[] {
  const model = modelOf(revision);
  const random = rng(0xfa57 + revision.length);
  const generator = new PayloadGenerator(model, random);
  const kinds = Object.keys(TRANSFORMS);
  const cases: Case[] = [];
  for (let round = 0; cases.length < GENERATED_PER_REVISION; round++) {
    for (const declaration of model.declarations) {
      const sites: Site[] = [];
      const value = generator.sample(generator.typeOf(declaration.name), sites);
      cases.push({ type: declaration.name, kind: "valid", value });
      const mutation = mutate(value, sites, random, generator);
      if (mutation) cases.push({ type: declaration.name, kind: mutation.kind, value: mutation.value });
      const variant = variantAt(value, sites, random, kinds[(round + cases.length) % kinds.length]!);
      if (variant) cases.push({ type: declaration.name, ...variant });
      if (round === 0) for (const odd of ODD_VALUES) cases.push({ type: declaration.name, ...odd });
    }
  }
  return cases;
}

function zodVerdict(module: GeneratedModule, type: string, value: unknown): boolean | "throws" {
  try {
    return zodSafeParse(schemaFor(module, type), value).success;
  } catch {
    return "throws";
  }
}

function guardFor(module: GeneratedModule, type: string): (value: unknown) => boolean {
  const guard = module[`is${type}`];
  if (typeof guard !== "function") throw new Error(`generated module has no is${type}`);
  return guard as (value: unknown) => boolean;
}

describe.each(REVISIONS)("fast validators agree with the Zod schemas, %s", (revision) => {
  it("on the spec examples and 10,000+ generated messages (valid, mutated, JavaScript-only)", async () => {
    const module = await loadGenerated(revision);
    const cases = [...examples(revision), ...generated(revision)];
    expect(cases.length).toBeGreaterThanOrEqual(GENERATED_PER_REVISION);
    const disagreements: string[] = [];
    const byKind = new Map<string, { total: number; accepted: number }>();
    for (const c of cases) {
      const fast = guardFor(module, c.type)(c.value);
      const zod = zodVerdict(module, c.type, c.value);
      const stats = byKind.get(c.kind) ?? { total: 0, accepted: 0 };
      byKind.set(c.kind, { total: stats.total + 1, accepted: stats.accepted + (fast ? 1 : 0) });
      if (fast !== zod) disagreements.push(`${c.type} (${c.kind}): fast ${fast}, zod ${zod}: ${describeValue(c.value)}`);
    }
    console.log(`${revision}: ${cases.length} cases; by kind (total/accepted): ${[...byKind].map(([k, v]) => `${k} ${v.total}/${v.accepted}`).join(", ")}`);
    expect(disagreements.slice(0, 10)).toEqual([]);
    // Both verdicts occur in quantity, and the JavaScript-only variants are judged both ways.
    const accepted = [...byKind.values()].reduce((sum, s) => sum + s.accepted, 0);
    expect(accepted).toBeGreaterThan(cases.length / 3);
    expect(cases.length - accepted).toBeGreaterThan(cases.length / 5);
    for (const kind of ["all-inherited", "one-inherited", "present-undefined", "own-proto-string"]) {
      const stats = byKind.get(kind);
      expect(stats && stats.accepted > 0 && stats.accepted < stats.total, `${kind}: ${JSON.stringify(stats)}`).toBe(true);
    }
  });

  it("XSchema.safeParse, .parse, .safeParseAsync and ~standard give Zod's own results: verdict, output (keys in Zod's order) and issues", async () => {
    const module = await loadGenerated(revision);
    const cases = [...examples(revision), ...generated(revision)];
    const differences: string[] = [];
    let copied = 0;
    let valid = 0;
    for (const [i, c] of cases.entries()) {
      const schema = schemaFor(module, c.type);
      const own = zodSafeParse(schema, c.value);
      const ours = schema.safeParse(c.value);
      const where = `${c.type} (${c.kind}): ${describeValue(c.value)}`;
      if (ours.success !== own.success) differences.push(`verdict ${ours.success}, Zod ${own.success}: ${where}`);
      else if (own.success) {
        valid++;
        if (own.data !== c.value && own.data !== null && typeof own.data === "object") copied++;
        const difference = outputDifference(ours.data, own.data, c.value);
        if (difference) differences.push(`output ${difference}: ${where}`);
      } else if (JSON.stringify(ours.error?.issues) !== JSON.stringify(own.error?.issues)) differences.push(`issues: ${where}`);
      // The other entry points, on a sample.
      if (i % 20 !== 0) continue;
      const standard = await schema["~standard"].validate(c.value);
      if (("value" in standard) !== own.success || (own.success && outputDifference((standard as { value: unknown }).value, own.data, c.value))) differences.push(`~standard: ${where}`);
      const later = await schema.safeParseAsync(c.value);
      if (later.success !== own.success || (own.success && outputDifference(later.data, own.data, c.value))) differences.push(`safeParseAsync: ${where}`);
      let parsed: unknown;
      try {
        parsed = schema.parse(c.value);
        if (!own.success || outputDifference(parsed, own.data, c.value)) differences.push(`parse: ${where}`);
      } catch (error) {
        if (own.success || JSON.stringify((error as { issues: unknown }).issues) !== JSON.stringify(own.error.issues)) differences.push(`parse threw: ${where}`);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    // Outputs that are copies (objects, arrays), and rejections, both in quantity.
    expect(copied).toBeGreaterThan(cases.length / 4);
    expect(cases.length - valid).toBeGreaterThan(cases.length / 5);
  });

  it("the parse helpers return the input itself when valid, and Zod's issues when not", async () => {
    const module = await loadGenerated(revision);
    const cases = generated(revision).filter((_, i) => i % 25 === 0);
    let valid = 0;
    let invalid = 0;
    for (const c of cases) {
      const result = (module[`safeParse${c.type}`] as (v: unknown) => { success: boolean; data?: unknown; error?: { issues: unknown[] } })(c.value);
      expect(result.success, c.type).toBe(guardFor(module, c.type)(c.value));
      if (result.success) {
        valid++;
        expect(result.data).toBe(c.value);
        expect((module[`parse${c.type}`] as (v: unknown) => unknown)(c.value)).toBe(c.value);
      } else {
        invalid++;
        expect(result.error!.issues.length, c.type).toBeGreaterThan(0);
        expect(() => (module[`parse${c.type}`] as (v: unknown) => unknown)(c.value)).toThrow();
      }
    }
    expect(valid).toBeGreaterThan(20);
    expect(invalid).toBeGreaterThan(20);
  });
});

function describeValue(value: unknown): string {
  try {
    const prototype = value !== null && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
    const label = prototype === Object.prototype || prototype === undefined ? "" : `(prototype ${prototype === null ? "null" : Object.keys(prototype).join(",") || prototype.constructor?.name}) `;
    return `${label}${JSON.stringify(value)?.slice(0, 300)}`;
  } catch {
    return String(value);
  }
}

/**
 * Where `ours` differs from Zod's output `theirs` for `input`, or undefined: the same
 * primitives, the same references where Zod keeps the input's own value (an `unknown` key, a
 * primitive), and elsewhere new objects with the same prototype and the same own keys in the
 * same order, each an enumerable data property with the same value.
 */
function outputDifference(ours: unknown, theirs: unknown, input: unknown, path = "$", depth = 0): string | undefined {
  if (Object.is(ours, theirs)) return undefined;
  if ((ours === input) !== (theirs === input)) return `${path}: ${theirs === input ? "Zod keeps the input, this is a copy" : "this keeps the input, Zod copies it"}`;
  if (ours === null || theirs === null || typeof ours !== "object" || typeof theirs !== "object") return `${path}: ${String(ours)} vs ${String(theirs)}`;
  if (depth > 300) return `${path}: too deep to compare`;
  if (Object.getPrototypeOf(ours) !== Object.getPrototypeOf(theirs)) return `${path}: another prototype`;
  const [a, b] = [Reflect.ownKeys(ours), Reflect.ownKeys(theirs)];
  if (a.length !== b.length || a.some((key, i) => key !== b[i])) return `${path}: keys ${a.map(String).join(",")} vs Zod's ${b.map(String).join(",")}`;
  for (const key of a) {
    const [x, y] = [Object.getOwnPropertyDescriptor(ours, key)!, Object.getOwnPropertyDescriptor(theirs, key)!];
    if (x.enumerable !== y.enumerable || "value" in x !== "value" in y) return `${path}.${String(key)}: another property kind`;
    let child: unknown;
    try {
      child = input !== null && typeof input === "object" ? (input as Record<PropertyKey, unknown>)[key] : undefined;
    } catch {
      child = undefined;
    }
    const difference = outputDifference(x.value, y.value, child, `${path}.${String(key)}`, depth + 1);
    if (difference) return difference;
  }
  return undefined;
}
