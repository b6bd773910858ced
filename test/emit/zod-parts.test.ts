import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_PART_CHARS } from "../../src/emit/zod-parts.js";
import { fastVerdict, generateFromText, zodVerdict, type Fixture } from "../helpers/fixture.js";
import { STRICTEST, compile, moduleDiagnostics } from "../helpers/tsc.js";

// A schemas.ts past SCHEMA_PART_CHARS of builder code is built in parts (src/emit/zod-parts.ts):
// top-level functions, each taking the schemas it refers to from the earlier parts' tuples, so
// that the writer can parse the file statement by statement. A schema large enough for several
// parts: items that refer to the item before them, and a reference cycle at the end that refers
// to the first item (a cycle is never split between parts).
// 200 items make three parts (a third part takes from both earlier ones); 300 made four, and the
// strictest compile below cost 34 CPU-s instead of 22 for no other case covered.

const ITEMS = 200;

function schemaText(): string {
  let text = "export interface Item0 { a: string; n: number }\n";
  for (let i = 1; i < ITEMS; i++) {
    text += `export interface Item${i} { a${i}: string; n${i}?: number; tags?: string[]; meta: { x: number; y?: "one" | "two" }; ref?: Item${i - 1}; first?: Item0 }\n`;
  }
  return `${text}export interface TreeA { b?: TreeB; item: Item0 }\nexport interface TreeB { a?: TreeA[]; last?: Item${ITEMS - 1} }\n`;
}

describe("a schemas.ts built in parts", () => {
  let fixture: Fixture;
  let schemas: string;
  beforeAll(async () => {
    fixture = await generateFromText("zod-parts", schemaText());
    schemas = readFileSync(join(fixture.outDir, "schemas.ts"), "utf8");
  }, 120_000);

  it("has several parts, each a top-level function, a later one taking schemas from an earlier one", () => {
    const parts = [...schemas.matchAll(/^function buildSchemas\$(\d+)\(/gm)].map((m) => Number(m[1]));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts).toEqual(parts.map((_, i) => i));
    expect(schemas.length).toBeGreaterThan(SCHEMA_PART_CHARS);
    expect(schemas).toMatch(/^ {2}const Item0Schema = p0\[0\];$/m);
    expect(schemas).toMatch(/^function buildSchemas\$\d+\(p0: ReturnType<typeof buildSchemas\$0>/m);
    // A part past the second takes from a part that is not the one just before it.
    expect(schemas).toMatch(/^function buildSchemas\$\d+\(\s*p0: ReturnType<typeof buildSchemas\$0>,\s*p1: ReturnType<typeof buildSchemas\$1>,/m);
  });

  it("compiles under the strictest settings (each part's schemas typed as their exports)", () => {
    // schemas.ts and what it imports (the rest of the output has no parts).
    const compilation = compile(fixture.outDir, STRICTEST, ["schemas.ts"]);
    expect(compilation.program.getSourceFiles().some((f) => f.fileName.endsWith("/schemas.ts"))).toBe(true);
    expect(moduleDiagnostics(compilation)).toEqual([]); // the runtime is checked elsewhere
  });

  it("validates across the parts: references to earlier parts and the cycle at the end", () => {
    const item = (i: number, extra: Record<string, unknown> = {}) => ({ [`a${i}`]: "x", meta: { x: 1 }, ...extra });
    const cases: Array<[string, unknown, boolean]> = [
      [`Item${ITEMS - 1}`, item(ITEMS - 1, { ref: item(ITEMS - 2, { first: { a: "a", n: 1 } }) }), true],
      [`Item${ITEMS - 1}`, item(ITEMS - 1, { ref: item(ITEMS - 2, { first: { a: "a", n: "1" } }) }), false],
      [`Item${ITEMS - 1}`, item(ITEMS - 1, { ref: item(ITEMS - 2, { meta: { x: 1, y: "three" } }) }), false],
      ["TreeA", { item: { a: "a", n: 1 }, b: { a: [{ item: { a: "b", n: 2 } }], last: item(ITEMS - 1) } }, true],
      ["TreeA", { item: { a: "a", n: 1 }, b: { a: [{ item: { a: "b", n: 2 } }], last: item(ITEMS - 1, { [`n${ITEMS - 1}`]: "9" }) } }, false],
      ["TreeB", { a: [{ item: { a: "a" } }] }, false],
    ];
    for (const [type, value, valid] of cases) {
      expect([type, zodVerdict(fixture.module, type, value)]).toEqual([type, valid]);
      expect([type, fastVerdict(fixture.module, type, value)]).toEqual([type, valid]);
    }
  });
});
