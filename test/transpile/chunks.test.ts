import { describe, expect, it } from "vitest";
import { emitRevision } from "../../src/emit/index.js";
import { parsedCleanly, statementChunks } from "../../src/transpile/chunks.js";
import { splitHeader, transpileSources, typescript } from "../../src/transpile/index.js";
import { revisionModel } from "../helpers/models.js";
import { REVISIONS } from "../helpers/spec.js";

// Large files are transpiled in pieces cut between top-level statements (src/transpile/chunks.ts).
// Oracle: the same files transpiled whole, byte for byte; and cuts that only ever fall between
// statements, on text built to mislead a scanner (regular expressions, templates, division).

const ts = typescript();
const SAMPLE = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;

describe("transpiling large files in pieces", () => {
  it("gives the same JavaScript and declarations as the file transpiled whole, on a revision's output", () => {
    const files = emitRevision(revisionModel(SAMPLE), { generatorVersion: "test", runtimeImport: "../runtime" });
    const sources = new Map(files.map((f) => [`/${f.path}`, splitHeader(f.content).body]));
    const validators = sources.get("/validators.ts")!;
    const chunks = statementChunks(ts, validators, 4096);
    expect(chunks.length).toBeGreaterThan(20);
    // Each piece parses on its own: the pieces are what is transpiled, not the whole file again.
    for (const chunk of chunks) expect(parsedCleanly(ts.createSourceFile("/piece.ts", chunk, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS))).toBe(true);
    const whole = transpileSources(sources, Number.MAX_SAFE_INTEGER);
    const pieces = transpileSources(sources, 4096);
    for (const [path, out] of whole) expect(pieces.get(path), path).toEqual(out);
  });

  it("cuts only between top-level statements, whatever the text between", () => {
    const statement = (i: number) =>
      [
        `export const re${i}: RegExp = /[}{]+\\/;/g;`,
        `export const t${i}: string = \`\${ { a: "}" }.a }\n;}\nexport const fake = 1;\`;`,
        `export function f${i}(a: number): number {\n  const half = a / 2 / 1;\n  return half;\n}`,
        `export const o${i}: { a: number } = {\n  a: 1,\n}\nconst q${i}: number = 2;`,
      ].join("\n");
    const text = Array.from({ length: 200 }, (_, i) => statement(i)).join("\n");
    const chunks = statementChunks(ts, text, 256);
    expect(chunks.length).toBeGreaterThan(50);
    expect(chunks.join("")).toBe(text);
    const whole = ts.createSourceFile("/all.ts", text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    const ends = new Set(whole.statements.map((s) => s.end));
    let at = 0;
    for (const chunk of chunks.slice(0, -1)) {
      at += chunk.length;
      expect(ends.has(at), `a cut at ${at}`).toBe(true);
      expect(parsedCleanly(ts.createSourceFile("/piece.ts", chunk, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS))).toBe(true);
    }
  });

  it("cuts a revision's schemas.ts too, whose type aliases and builder parts come in long runs", () => {
    const files = emitRevision(revisionModel(SAMPLE), { generatorVersion: "test", runtimeImport: "../runtime" });
    const sources = new Map(files.map((f) => [`/${f.path}`, splitHeader(f.content).body]));
    const schemas = sources.get("/schemas.ts")!;
    const chunks = statementChunks(ts, schemas, 4096);
    // No piece longer than a builder part (one statement) and a little more.
    const parts = [...schemas.matchAll(/^function buildSchemas\$\d+\([^]*?\n\}\n/gm)].map((m) => m[0].length);
    expect(parts.length).toBeGreaterThan(0);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(Math.max(...parts) + 3 * 4096);
    const whole = transpileSources(new Map([["/schemas.ts", schemas]]), Number.MAX_SAFE_INTEGER);
    expect(transpileSources(new Map([["/schemas.ts", schemas]]), 4096)).toEqual(whole);
  });

  it("knows a piece that does not parse", () => {
    expect(parsedCleanly(ts.createSourceFile("/bad.ts", "export function f( {", ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS))).toBe(false);
  });
});
