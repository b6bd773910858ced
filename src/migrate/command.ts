import { join } from "node:path";
import { diffModels } from "../diff/index.js";
import { GeneratorError } from "../errors.js";
import { buildModel } from "../generate.js";
import { analyze } from "../model/analyze.js";
import type { SchemaModel } from "../model/types.js";
import { inputRoot, readSide, type InputRoot } from "../schema/inputs.js";
import type { SchemaSource } from "../schema/resolve.js";
import { eraConstants } from "./eras.js";
import { Explainer } from "./explain.js";
import { findItems } from "./items.js";
import { meaningsOf, type Sides } from "./meanings.js";
import { currentRevision, generateNewOutput, pathMapper, readCurrentOutput } from "./output.js";
import { checkProject, requireProject } from "./program.js";
import { renderMigrate, type MigrateFormat } from "./render.js";
import type { MigrateReport } from "./types.js";

export interface MigrateOptions {
  out: string;
  to: string;
  from?: string;
  project: string;
  format: MigrateFormat;
  specRoot?: string;
}

/** Exit codes: 0 nothing breaks, 1 items found; a usage error or failure is a GeneratorError (2). */
export async function runMigrate(options: MigrateOptions): Promise<{ output: string; code: number }> {
  const root = inputRoot(options.specRoot);
  const read = (value: string, origin?: string) => sideSource(value, root, origin);
  const current = readCurrentOutput(options.out);
  requireProject(options.project);
  const replaced = currentRevision(current, options.from);
  const fromSource = await read(replaced.from, options.from === undefined ? `--out ${options.out} was generated from "${replaced.from}"` : undefined);
  const toSource = await read(options.to);
  const sources: SchemaSource[] = [];
  for (const revision of current.revisions) {
    const source = revision === replaced.entry ? toSource : await read(revision.label, `--out ${options.out} holds "${revision.label}"`);
    if (!sources.some((s) => s.label === source.label)) sources.push(source);
  }
  const [before, after] = [(await buildModel(fromSource)).model, (await buildModel(toSource)).model];
  const diff = diffModels(before, after);
  const next = await generateNewOutput(current, replaced.entry, sources, toSource);
  try {
    const checked = checkProject(options.project, pathMapper(current, next));
    const sides: Sides = { from: side(fromSource, before), to: side(toSource, after) };
    const eras = [...new Set([sides.from.era, sides.to.era])];
    const meanings = meaningsOf(diff, sides, eraConstants(checked.ts, join(next.dir, "runtime"), eras));
    const items = findItems(checked, meanings, new Explainer(diff, before, after));
    const report: MigrateReport = { from: fromSource.label, to: toSource.label, items };
    return { output: renderMigrate(report, diff, options.format), code: items.length ? 1 : 0 };
  } finally {
    next.remove();
  }
}

function side(source: SchemaSource, model: SchemaModel): Sides["from"] {
  return { label: source.label, model, era: analyze(model).server.era };
}

/**
 * A side by the one input rule (src/schema/inputs.ts), as `diff` reads it: a revision (a pinned one
 * fetched into the project cache when missing there) or a schema.ts. `origin` says where a name
 * from the manifest came from.
 */
async function sideSource(value: string, root: InputRoot, origin?: string): Promise<SchemaSource> {
  try {
    return await readSide(value, root);
  } catch (error) {
    if (!(error instanceof GeneratorError) || origin === undefined) throw error;
    throw new GeneratorError(`${origin}, which is not a revision mcp-gen can read: ${error.message}; pass --from REVISION (or the schema.ts it was generated from)`);
  }
}
