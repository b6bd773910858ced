import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { emitRevision, emitRuntime } from "../../src/emit/index.js";
import { GENERATOR_VERSION } from "../../src/version.js";
import { formatParts, formatText } from "../../src/write/format.js";
import { revisionModel } from "../helpers/models.js";
import { REVISIONS } from "../helpers/spec.js";

// Large generated files are formatted in parts split between top-level statements (prettier's
// memory follows the part). The oracle is prettier on the whole file: the same text, byte for
// byte, with the defaults and with a user's options, parts forced small so that every file splits.
const SAMPLE = REVISIONS.filter((r) => r === "2025-11-25" || r === "2026-07-28");
const USER_OPTIONS: prettier.Options = { useTabs: true, singleQuote: true, printWidth: 120, semi: false, trailingComma: "none" };

// Each revision with one set of options: both revisions and both option sets are covered, at half
// the cost of every pair (the whole-file oracle formats each file once more).
const CASES: [string, string, prettier.Options][] = [
  [SAMPLE[0]!, "prettier's defaults", {}],
  [SAMPLE[1]!, "a user's options (tabs, single quotes, no semicolons, width 120)", USER_OPTIONS],
];

describe("formatting in parts is formatting the whole file", () => {
  it.each(CASES)("%s, with %s, every file, split into parts of 4,000 characters", async (revision, _name, extra) => {
    const files = [...emitRevision(revisionModel(revision), { generatorVersion: GENERATOR_VERSION, runtimeImport: "./runtime" }), ...emitRuntime({ generatorVersion: GENERATOR_VERSION }).slice(0, 6)];
    let split = 0;
    for (const file of files) {
      const options: prettier.Options = { parser: "typescript", filepath: file.path, ...extra };
      if (formatParts(file.content, 4000).length > 1) split++;
      expect(await formatText(file.content, options, 4000), file.path).toBe(await prettier.format(file.content, options));
    }
    expect(split).toBeGreaterThan(files.length / 2);
  }, 120_000);
});

describe("parts", () => {
  it("end before top-level statements, and rejoin into the input", () => {
    const text = "export const a = 1;\n\n/** doc\n *\n * x */\nexport function f() {\n  return 1;\n}\n\nrt.own(x);\n";
    const parts = formatParts(text, 10);
    expect(parts).toHaveLength(3);
    expect(parts.join("\n\n")).toBe(text);
  });

  it("a split inside a multi-line template literal does not parse: the file is formatted whole", async () => {
    const text = "export const a = `one\n\nconst b = 2;\n`;\n\nexport const c   =   3;\n";
    expect(formatParts(text, 10).length).toBeGreaterThan(1);
    const options: prettier.Options = { parser: "typescript" };
    expect(await formatText(text, options, 10)).toBe(await prettier.format(text, options));
  });

  it("a pragma option formats the file whole", async () => {
    const file = emitRuntime({ generatorVersion: GENERATOR_VERSION })[0]!;
    const options: prettier.Options = { parser: "typescript", insertPragma: true };
    expect(await formatText(file.content, options, 1000)).toBe(await prettier.format(file.content, options));
  });
});
