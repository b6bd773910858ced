// The JSON Schema front end, one construct per case: the TypeScript it declares (read from the
// emitted types.ts), the warnings it gives (by JSON pointer), and the verdicts of the generated
// validators beside Ajv's (the oracle): every value Ajv accepts is accepted, the invalid ones are
// refused, and the only values accepted beyond Ajv are the case's documented widenings.
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { ajvValidator, buildSchemas, loadSchemas, type BuiltSchemas, type LoadedSchemas } from "../../helpers/json-schema.js";
import { CASES, DRAFT7_CASES, type FrontEndCase } from "./cases.js";

function declaredText(built: BuiltSchemas, name: string): string {
  const types = built.files.find((f) => f.path === "types.ts")!.content;
  const at = types.search(new RegExp(`^export (?:interface|type) ${name}\\b`, "m"));
  expect(at, `${name} is declared`).toBeGreaterThanOrEqual(0);
  // With the JSDoc block right above it, if any.
  const before = types.slice(0, at);
  const doc = /\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n$/.exec(before);
  const rest = types.slice(doc ? at - doc[0].length : at);
  const end = rest.search(/\n\n/);
  return (end < 0 ? rest : rest.slice(0, end)).replace(/\n/g, " ").replace(/\s+/g, " ").trim();
}

describe.each([
  ["2020-12", CASES],
  ["draft-07", DRAFT7_CASES],
] as const)("the JSON Schema front end (%s)", (dialect, cases) => {
  let built: BuiltSchemas;
  let loaded: LoadedSchemas;

  beforeAll(async () => {
    built = buildSchemas(`front-end-${dialect}`, cases.map((c) => ({ name: c.name, schema: c.schema })), dialect);
    loaded = await loadSchemas(built);
  });

  it.each(cases.map((c) => [c.name, c] as [string, FrontEndCase]))("%s", (_name, c) => {
    const name = built.names.get(c.name)!;
    if (c.declares) expect(declaredText(built, name)).toBe(c.declares);
    for (const [extra, text] of Object.entries(c.also ?? {})) expect(declaredText(built, extra)).toBe(text);
    const pointers = built.warnings.filter((w) => w.message.startsWith(`schema ${c.name}`)).map((w) => /at (\S+):/.exec(w.message)?.[1] ?? "");
    expect(pointers.sort()).toEqual([...(c.warnings ?? [])].sort());
    const ajv = ajvValidator(c.schema, dialect)!;
    if (c.noOracle) {
      expect(ajv, "Ajv cannot compile the case").toBeUndefined();
      return;
    }
    expect(ajv, "Ajv compiles the case").toBeDefined();
    const [guard, zod] = [loaded.guard(name), loaded.zod(name)];
    for (const value of c.valid ?? []) {
      expect(ajv(value), `Ajv accepts ${JSON.stringify(value)}`).toBe(true);
      expect([guard(value), z.safeParse(zod, value).success], `accepts ${JSON.stringify(value)}`).toEqual([true, true]);
    }
    for (const value of c.invalid ?? []) {
      expect(ajv(value), `Ajv refuses ${JSON.stringify(value)}`).toBe(false);
      expect([guard(value), z.safeParse(zod, value).success], `refuses ${JSON.stringify(value)}`).toEqual([false, false]);
    }
    for (const value of c.widened ?? []) {
      expect(ajv(value), `Ajv refuses ${JSON.stringify(value)}`).toBe(false);
      expect([guard(value), z.safeParse(zod, value).success], `accepts (widened) ${JSON.stringify(value)}`).toEqual([true, true]);
    }
  });
});
