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
    const dropped = droppedEra(sides, sources);
    const report: MigrateReport = { from: fromSource.label, to: toSource.label, items, ...(dropped ? { notes: [dropped] } : {}) };
    // The hints read their entry: the diff's, and those made for the runtime's codes by era.
    const made = [...meanings.numbers.values()].flatMap((m) => (m.entry && !diff.changes.includes(m.entry) ? [m.entry] : []));
    return { output: renderMigrate(report, { ...diff, changes: [...diff.changes, ...made] }, options.format), code: items.length ? 1 : 0 };
  } finally {
    next.remove();
  }
}

/**
 * Replacing a revision of another era, without keeping it beside the new one, stops serving the
 * clients that speak only the old one: the runtime refuses their protocol version (issue 53: the
 * official SDK's client in its default mode was refused so). Said before anyone regenerates.
 */
function droppedEra(sides: Sides, sources: SchemaSource[]): string | undefined {
  if (sides.from.era === sides.to.era || sources.some((s) => s.label === sides.from.label)) return undefined;
  const both = sources.map((s) => `--revision ${s.label}`);
  return (
    `an output of ${sources.map((s) => s.label).join(" and ")} alone no longer speaks ${sides.from.label} (${sides.from.era} era): its server refuses the protocol version ` +
    `of clients that speak only ${sides.from.label}, and its client reaches no server that speaks only ${sides.from.label}. To keep both eras, generate both: mcp-gen generate --revision ${sides.from.label} ${both.join(" ")}`
  );
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
