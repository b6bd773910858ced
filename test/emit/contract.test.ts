import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { DECLARATION_EMITTERS, emitRevision, REVISION_EMITTERS, type Emitter } from "../../src/emit/index.js";
import { emitContext } from "../../src/emit/render.js";
import { analyze } from "../../src/model/analyze.js";
import { revisionModel } from "../helpers/models.js";
import { REPO_ROOT, REVISIONS } from "../helpers/spec.js";

const OPTIONS = { generatorVersion: "0.0.0-test", runtimeImport: "./runtime" };

describe("one emitter shape", () => {
  it("every emitter of a revision and of a catalog's declarations is an Emitter: facts and a context in, files out", () => {
    expectTypeOf(REVISION_EMITTERS).toEqualTypeOf<readonly Emitter[]>();
    expectTypeOf(DECLARATION_EMITTERS).toEqualTypeOf<readonly Emitter[]>();
    for (const emit of DECLARATION_EMITTERS) expect(REVISION_EMITTERS).toContain(emit);
  });

  it.each(REVISIONS.slice(-2))("%s: each emitter run alone, from the analysis, gives the files of the whole output", (revision) => {
    const model = revisionModel(revision);
    const whole = new Map(emitRevision(model, OPTIONS).map((file) => [file.path, file]));
    const context = emitContext({ ...OPTIONS, source: `MCP schema revision ${revision}`, sha256: model.source.sha256 });
    const alone = REVISION_EMITTERS.flatMap((emit) => emit(analyze(model), context));
    expect(alone.map((file) => file.path)).toEqual([...whole.keys()]);
    for (const file of alone) expect(file, file.path).toEqual(whole.get(file.path));
  });

  it("emit/index.ts is a list of emitters: under 120 lines", () => {
    const lines = readFileSync(join(REPO_ROOT, "src/emit/index.ts"), "utf8").split("\n").length;
    expect(lines).toBeLessThan(120);
  });
});
