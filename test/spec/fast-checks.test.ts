import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGenerated, zodSafeParse } from "../helpers/generated.js";
import { REVISIONS, SPEC_ROOT, generatedJsDir } from "../helpers/spec.js";

// The server and client validate through `fastCheckOf` (validators.ts): every schema of the
// METHODS table that is not an inline one must have a fast check, and each check must give the
// verdict of the schema it stands for, on every spec example of the revision.

interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } };
  def?: { type?: string; options?: unknown[] };
}

function examples(revision: string): unknown[] {
  const root = join(SPEC_ROOT, revision, "examples");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((type) => readdirSync(join(root, type)).map((file) => JSON.parse(readFileSync(join(root, type, file), "utf8")) as unknown));
}

/** Every schema value of the METHODS table, once. */
function tableSchemas(methods: Record<string, Record<string, unknown>>): Schema[] {
  const found = new Set<Schema>();
  for (const row of Object.values(methods)) {
    for (const value of Object.values(row)) if (value && typeof (value as Schema).safeParse === "function") found.add(value as Schema);
  }
  return [...found];
}

describe.each(REVISIONS)("%s: the METHODS table's schemas through the fast path", (revision) => {
  it("every schema has a fast check except inline ones (z.unknown, a union of message schemas that each have one)", async () => {
    const module = await loadGenerated(revision);
    const fastCheckOf = module["fastCheckOf"] as (schema: unknown) => Schema | undefined;
    const schemas = tableSchemas(module["METHODS"] as Record<string, Record<string, unknown>>);
    const uncovered = schemas.filter((s) => !fastCheckOf(s));
    for (const schema of uncovered) {
      const inline = schema.def?.type === "unknown" || (schema.def?.type === "union" && (schema.def.options ?? []).every((o) => fastCheckOf(o)));
      expect(inline, JSON.stringify(schema.def?.type)).toBe(true);
    }
    console.log(`${revision}: ${schemas.length - uncovered.length}/${schemas.length} METHODS schemas have a fast check (the rest are inline)`);
    expect(schemas.length - uncovered.length).toBeGreaterThan(0);
  });

  it("each fast check gives its schema's verdict on every spec example (all revisions'), and Zod's issues when it rejects", async () => {
    const module = await loadGenerated(revision);
    const fastCheckOf = module["fastCheckOf"] as (schema: unknown) => Schema | undefined;
    // Every revision's examples (older revisions have none of their own): near misses included.
    const values = REVISIONS.flatMap(examples);
    let accepted = 0;
    let compared = 0;
    for (const schema of tableSchemas(module["METHODS"] as Record<string, Record<string, unknown>>)) {
      const fast = fastCheckOf(schema);
      if (!fast) continue;
      for (const value of values) {
        const expected = zodSafeParse(schema, value);
        const actual = fast.safeParse(value);
        expect(actual.success).toBe(expected.success);
        if (!actual.success) expect(actual.error?.issues).toEqual(expected.error?.issues);
        accepted += actual.success ? 1 : 0;
        compared++;
      }
    }
    console.log(`${revision}: ${compared} verdicts compared, ${accepted} accepted`);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(compared);
  });

  it("the generated server's binding holds the fast checks (the dispatcher validates through them)", async () => {
    const module = await loadGenerated(revision);
    const fastCheckOf = module["fastCheckOf"] as (schema: unknown) => Schema | undefined;
    const methods = module["METHODS"] as Record<string, Record<string, unknown>>;
    const server = await import(pathToFileURL(join(generatedJsDir(revision), "server.js")).href);
    const binding = server.REVISION as { methods: (m: string) => Record<string, unknown> | undefined };
    for (const [method, row] of Object.entries(methods)) {
      const bound = binding!.methods(method)!;
      for (const [key, value] of Object.entries(row)) {
        const fast = value && typeof value === "object" ? fastCheckOf(value) : undefined;
        if (fast) expect(bound[key], `${method}.${key}`).toBe(fast);
      }
    }
  });
});
