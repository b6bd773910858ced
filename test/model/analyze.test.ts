import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/model/analyze.js";
import { revisionModel } from "../helpers/models.js";
import { REPO_ROOT, REVISIONS } from "../helpers/spec.js";

const SRC = join(REPO_ROOT, "src");
const sources = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => ({ file: relative(REPO_ROOT, join(SRC, name)).split("\\").join("/"), text: readFileSync(join(SRC, name), "utf8") }));

/** The files of src/ where `pattern` matches code (comments aside). */
function filesMatching(pattern: RegExp): string[] {
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return sources.filter(({ text }) => pattern.test(code(text))).map(({ file }) => file).sort();
}

describe("one analysis per model", () => {
  it("derives the facts once: a second call returns the same object", () => {
    const model = revisionModel(REVISIONS.at(-1)!);
    const facts = analyze(model);
    expect(analyze(model)).toBe(facts);
    expect(facts.byName.size).toBe(model.declarations.length);
    expect(facts.surface.requests.length).toBeGreaterThan(0);
  });

  it("builds the name → declaration map in one place (src/model/lookup.ts)", () => {
    expect(filesMatching(/new Map\(\s*[\w.]*declarations\s*\.map\(\s*\(?(\w+)\)?\s*=>\s*\[\s*\1\.name\s*,\s*\1\s*\]\s*\)\s*\)/)).toEqual(["src/model/lookup.ts"]);
  });

  it("derives the protocol, the surface and the server's facts only in the analysis", () => {
    for (const derivation of ["deriveProtocol", "surfaceOf", "deriveServerFacts"]) {
      const callers = filesMatching(new RegExp(`(?<!function )\\b${derivation}\\(`));
      expect(callers, derivation).toEqual(["src/model/analyze.ts"]);
    }
  });
});
