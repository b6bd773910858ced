import { describe, expect, it } from "vitest";
import { emitRevision } from "../../src/emit/index.js";
import { Marks } from "../../src/emit/marked.js";
import { parseSchema } from "../../src/parse/index.js";
import { splitHeader, transpileSources } from "../../src/transpile/index.js";
import { revisionModel } from "../helpers/models.js";
import { REVISIONS } from "../helpers/spec.js";

// validators.ts comes with its JavaScript and the source of its declarations made from the
// emitter's marked text (src/emit/marked.ts), instead of a parse of the TypeScript. Oracle: the
// same file transpiled by parsing it (strip-types.ts and declarations.ts, themselves held to
// TypeScript's emit), byte for byte.

const OPTIONS = { generatorVersion: "0.0.0-test", runtimeImport: "./runtime" };

/** The JavaScript and declarations of `text` made by parsing it. */
function parsed(text: string): { js: string; dts: string } {
  return transpileSources(new Map([["/validators.ts", splitHeader(text).body]])).get("/validators.ts")!;
}

describe("validators.ts transpiled from the emitter's marks", () => {
  it.each(REVISIONS)("%s: the same JavaScript and declarations as parsing the TypeScript gives", (revision) => {
    const file = emitRevision(revisionModel(revision), OPTIONS).find((f) => f.path === "validators.ts")!;
    expect(file.javascript, "marks used").toBeDefined();
    expect(file.content).not.toMatch(/[\uE000-\uE007]/);
    const expected = parsed(file.content);
    expect(splitHeader(file.javascript!).body).toBe(expected.js);
    // The declarations the emitter made (no parse at all) leave out the private functions: most of the file.
    expect(file.declarations!.length).toBeLessThan(file.content.length / 2);
    expect(splitHeader(file.declarations!).body).toBe(expected.dts);
  });

  it("a schema whose own text holds a mark's character is emitted unmarked, and its text is kept", () => {
    const text = `/**
 * A thing.
 * @deprecated use Other \uE000: any\uE001 instead \uE002gone\uE003, \uE006not\uE007 \uE004{ body }\uE005
 */
export interface Thing { "k\uE000": string; kind: "a\uE001" | "b" }
`;
    const { model } = parseSchema({ text, fileName: "marks.ts", revision: null });
    const file = emitRevision(model, OPTIONS).find((f) => f.path === "validators.ts")!;
    expect(file.javascript).toBeUndefined();
    expect(file.content).toContain("use Other \uE000: any\uE001 instead \uE002gone\uE003, \uE006not\uE007 \uE004{ body }\uE005");
    expect(file.declarations).toBeUndefined();
    expect(parsed(file.content).js).toContain("\uE002gone\uE003");
  });
});

describe("Marks", () => {
  it("splits a text into TypeScript, JavaScript, the declaration source and the declarations", () => {
    const marks = new Marks(true);
    const imports = `import * as rt from "./rt.js";\n${marks.undeclared(`import * as S from "./s.js";`)}`;
    const f = marks.privateStatement(`${marks.signature("f", [["v", ": any"]])} return S.ok(v); }`);
    const g = marks.exportedFunction("g", [["x", ": unknown"]], ": x is rt.Thing", "  return f(x);");
    const text = `${imports}\n\n${f}\n\n/** Doc. */\n${g}\n\n`;
    expect(marks.split(text)).toEqual({
      typescript: `import * as rt from "./rt.js";\nimport * as S from "./s.js";\n\nfunction f(v: any): boolean { return S.ok(v); }\n\n/** Doc. */\nexport function g(x: unknown): x is rt.Thing {\n  return f(x);\n}\n\n`,
      javascript: `import * as rt from "./rt.js";\nimport * as S from "./s.js";\n\nfunction f(v) { return S.ok(v); }\n\n/** Doc. */\nexport function g(x) {\n  return f(x);\n}\n\n`,
      declarationSource: `import * as rt from "./rt.js";\nimport * as S from "./s.js";\n\n/** Doc. */\nexport function g(x: unknown): x is rt.Thing {\n  return f(x);\n}\n\n`,
      declarations: `import * as rt from "./rt.js";\n\n/** Doc. */\nexport declare function g(x: unknown): x is rt.Thing;\n`,
    });
  });

  it("gives nothing for a text with a mark it did not write, after giveUp, or when disabled", () => {
    const marks = new Marks(true);
    const typed = marks.typeOnly(": T");
    expect(marks.split(`a${typed}\uE000`)).toBeUndefined();
    expect(marks.split(`a${typed}`)).toBeDefined();
    marks.giveUp();
    expect(marks.split(`a${typed}`)).toBeUndefined();
    const off = new Marks(false);
    expect(off.typeOnly(": T")).toBe(": T");
    expect(off.split("a: T")).toBeUndefined();
  });
});
