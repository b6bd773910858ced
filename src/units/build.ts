// One source's share of a generation: parse, emit and (for the default output) transpile. This is
// the work that grows with the schemas; with several sources it runs on two threads (see pool.ts).
import type { OutputFile } from "../emit/common.js";
import type { Warning } from "../errors.js";
import type { SchemaModel } from "../model/types.js";
import type { SchemaSource } from "../schema/resolve.js";
import { GENERATOR_VERSION } from "../version.js";

/** What a generation writes: JavaScript with declarations (the default), or TypeScript sources. */
export type EmitKind = "js" | "ts";

export interface UnitRequest {
  source: SchemaSource;
  /** The unit's folder in the output ("" for a one-source output). */
  dir: string;
  emit: EmitKind;
}

export interface UnitOutput {
  model: SchemaModel;
  warnings: Warning[];
  /** The unit's files: `.js` + `.d.ts` for `emit: "js"`, else unformatted TypeScript. */
  files: OutputFile[];
}

/** Parsing is the only step that needs ts-morph, so it is loaded only when needed. */
export async function buildModel(source: SchemaSource): Promise<{ model: SchemaModel; warnings: Warning[] }> {
  const { parseSchema } = await import("../parse/index.js");
  return parseSchema({ text: source.text, fileName: source.file, revision: source.revision });
}

/** The TypeScript files of one model, under `dir`. */
export async function emitUnit(model: SchemaModel, dir: string): Promise<OutputFile[]> {
  const { emitRevision } = await import("../emit/index.js");
  const files = emitRevision(model, { generatorVersion: GENERATOR_VERSION, runtimeImport: dir ? "../runtime" : "./runtime" });
  return files.map((f) => ({ path: dir ? `${dir}/${f.path}` : f.path, content: f.content }));
}

export async function buildUnit(request: UnitRequest): Promise<UnitOutput> {
  const { model, warnings } = await buildModel(request.source);
  const sources = await emitUnit(model, request.dir);
  if (request.emit === "ts") return { model, warnings, files: sources };
  const { toJavaScript } = await import("../write/transpile.js");
  return { model, warnings, files: toJavaScript(sources) };
}
