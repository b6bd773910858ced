/**
 * mcp-gen's programmatic API: the package's main export (`import { generate, model, diff } from
 * "mcp-gen"`). Thin, typed wrappers over the pipeline the CLI wires (src/cli.ts), with the same
 * schema resolution: `specRoot`, else `$MCP_SPEC_ROOT`, else the project cache (`.mcp-gen/schema`
 * in the nearest folder with a package.json, or `$MCP_GEN_CACHE`), where a pinned revision that
 * is missing is fetched and verified on demand.
 */
import { existsSync } from "node:fs";
import { GeneratorError, type Warning } from "./errors.js";
import { buildModel, generate as generateOutput, type GenerateResult } from "./generate.js";
import { renderReport, type DiffFormat } from "./diff/render.js";
import type { DiffReport } from "./diff/types.js";
import { declarationMap } from "./model/lookup.js";
import { typeOf } from "./model/shapes.js";
import type { SchemaModel, TypeNode } from "./model/types.js";
import { readRevision, readSchemaFile, specRootFrom, type SchemaSource } from "./schema/resolve.js";
import { readPins } from "./schema/revisions.js";

export { GeneratorError } from "./errors.js";
export { GENERATOR_VERSION } from "./version.js";
export type { Warning } from "./errors.js";
export type { GenerateResult, RevisionOutcome } from "./generate.js";
export type { FilePlan, FileStatus } from "./write/index.js";
export type { DiffFormat } from "./diff/render.js";
export type { Change, ChangeKind, ChangeLevel, ChangeScope, DiffReport, MethodRow, MethodStatus } from "./diff/types.js";
export type * from "./model/types.js";

/**
 * A declaration's full type: an alias's type as written, or an interface's shape with its
 * inherited members merged in (the model keeps only an interface's own members and its
 * `extends`). Undefined for a name the model does not declare. Built once per declaration.
 */
export function fullType(model: SchemaModel, name: string): TypeNode | undefined {
  const byName = declarationMap(model.declarations);
  const declaration = byName.get(name);
  return declaration && typeOf(declaration, byName);
}

/** Where schemas come from: revision names under the spec root, and/or schema.ts files. */
export interface SourceOptions {
  /** Revision names (`2026-07-28`, `draft`): `<specRoot>/<revision>/schema.ts`. */
  revisions?: readonly string[];
  /** Paths of schema.ts files (drafts, proposal branches). */
  schemas?: readonly string[];
  /** Folder holding `<revision>/schema.ts`; default `$MCP_SPEC_ROOT`, else the project cache. */
  specRoot?: string;
}

export interface GenerateOptions extends SourceOptions {
  /** Output folder; with several sources, one subfolder per source plus a shared `runtime/`. */
  out: string;
  /** Write nothing; the result tells which files would change. */
  check?: boolean;
  /** Ignore the manifest's record of unchanged inputs and run the whole pipeline. */
  force?: boolean;
  /** `"js"` (default): `.js` + `.d.ts`; `"ts"`: TypeScript sources, formatted with prettier. */
  emit?: "js" | "ts";
}

/** Generates types, validators and protocol code into `out`, as `mcp-gen --out` does. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const sources = await sourcesOf(options);
  return generateOutput({ sources, outDir: options.out, check: options.check ?? false, ...(options.force === undefined ? {} : { force: options.force }), ...(options.emit === undefined ? {} : { emit: options.emit }) });
}

/** One schema: a revision name, or a schema.ts path. */
export interface ModelOptions {
  revision?: string;
  schema?: string;
  specRoot?: string;
}

export interface ModelResult {
  model: SchemaModel;
  /** Non-fatal findings, e.g. an unknown `@format` (kept in the docs, not enforced). */
  warnings: Warning[];
}

/** The intermediate model of one schema, as `mcp-gen model` prints it. */
export async function model(options: ModelOptions): Promise<ModelResult> {
  if ((options.revision === undefined) === (options.schema === undefined)) throw new GeneratorError("model: pass exactly one of revision or schema");
  const sources = await sourcesOf({
    ...(options.revision === undefined ? {} : { revisions: [options.revision] }),
    ...(options.schema === undefined ? {} : { schemas: [options.schema] }),
    ...(options.specRoot === undefined ? {} : { specRoot: options.specRoot }),
  });
  return buildModel(sources[0]!);
}

export interface DiffOptions {
  /** The older side: a revision name under the spec root, or a path to a schema.ts. */
  from: string;
  /** The newer side. */
  to: string;
  specRoot?: string;
}

/** What changed between two schemas, judged on the wire, as `mcp-gen diff --format json` reports it. */
export async function diff(options: DiffOptions): Promise<DiffReport> {
  const { diffModels, sourceFor } = await import("./diff/index.js");
  const root = specRootFrom(options.specRoot);
  const fetchMissing = fetchesMissing(options.specRoot);
  const side = async (value: string): Promise<SchemaSource> =>
    fetchMissing && !existsSync(value) && Object.hasOwn(readPins().revisions, value) ? readRevision(value, root, { fetchMissing }) : sourceFor(value, root);
  const [from, to] = [await side(options.from), await side(options.to)];
  try {
    return diffModels((await buildModel(from)).model, (await buildModel(to)).model);
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    throw new GeneratorError(`diff failed (${options.from} → ${options.to}): ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
}

/** A diff report as text, markdown release notes, or JSON (the CLI's `--format`). */
export function renderDiff(report: DiffReport, format: DiffFormat): string {
  return renderReport(report, format);
}

/** Only the project cache is filled on demand: an explicit spec root is the user's own folder. */
function fetchesMissing(specRoot: string | undefined): boolean {
  return !specRoot && !process.env.MCP_SPEC_ROOT;
}

async function sourcesOf(options: SourceOptions): Promise<SchemaSource[]> {
  const specRoot = specRootFrom(options.specRoot);
  const sources: SchemaSource[] = [];
  for (const revision of options.revisions ?? []) sources.push(await readRevision(revision, specRoot, { fetchMissing: fetchesMissing(options.specRoot) }));
  for (const file of options.schemas ?? []) sources.push(readSchemaFile(file));
  if (!sources.length) throw new GeneratorError("nothing to do: pass revisions or schemas");
  return sources;
}
