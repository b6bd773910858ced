/**
 * mcp-gen's programmatic API: the package's main export (`import { generate, model, diff } from
 * "mcp-gen"`), and what the CLI (src/cli.ts) calls for every command. Inputs resolve by one rule
 * (src/schema/inputs.ts): `specRoot`, else `$MCP_SPEC_ROOT`, else the project cache
 * (`.mcp-gen/schema` in the nearest folder with a package.json, or `$MCP_GEN_CACHE`), where a
 * pinned revision that is missing is fetched and verified when its text is first needed.
 */
import { GeneratorError, type Warning } from "./errors.js";
import { buildExtensionModel, buildModel, generate as generateOutput, type GenerateResult } from "./generate.js";
import { readExtension, resolveExtension } from "./schema/extensions.js";
import { renderReport, type DiffFormat } from "./diff/render.js";
import type { DiffReport } from "./diff/types.js";
import { declarationMap } from "./model/lookup.js";
import { typeOf } from "./model/shapes.js";
import type { SchemaModel, TypeNode } from "./model/types.js";
import { inputRoot, readSource, resolveSources, type ResolvedSource } from "./schema/inputs.js";
import { defaultSpecRoot } from "./schema/resolve.js";
import type { CatalogOptions as CatalogCommandOptions } from "./catalog/command.js";
import type { MigrateFormat } from "./migrate/render.js";
import type { FetchOutcome } from "./schema/fetch.js";

export { GeneratorError } from "./errors.js";
export { GENERATOR_VERSION } from "./version.js";
export type { Warning } from "./errors.js";
export type { GenerateResult, RevisionOutcome } from "./generate.js";
export type { FilePlan, FileStatus } from "./write/index.js";
export type { DiffFormat } from "./diff/render.js";
export type { Change, ChangeKind, ChangeLevel, ChangeScope, DiffReport, MethodRow, MethodStatus } from "./diff/types.js";
export type * from "./model/types.js";
export type { FetchOutcome } from "./schema/fetch.js";
export type { FileInput, InputRoot, ResolvedSource, RevisionInput } from "./schema/inputs.js";
export type { MigrateFormat } from "./migrate/render.js";

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
  specRoot?: string | undefined;
}

/**
 * The sources `generate` would read, resolved by the one input rule and not yet read: a pinned
 * revision missing from the project cache has the pin's sha256 and no text (nothing is fetched).
 */
export async function resolveInputs(options: SourceOptions): Promise<ResolvedSource[]> {
  return resolveSources(options, inputRoot(options.specRoot), "nothing to do: pass revisions or schemas");
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
  /**
   * Extensions (SEP-2133) generated beside each revision into its `ext/<name>/`: a short name
   * (`tasks`: `<specRoot>/extensions/tasks/draft/schema.ts`, the cache or its pin), the path of an
   * extension's schema.ts, or `vendor/name=path` for a schema whose header names no identifier.
   */
  extensions?: readonly string[];
}

/** Generates types, validators and protocol code into `out`, as `mcp-gen --out` does. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  // Resolved, not read: an output whose manifest records these inputs is answered without the text.
  const sources = await resolveInputs(options);
  const extensions = (options.extensions ?? []).map((e) => resolveExtension(e, inputRoot(options.specRoot)));
  return generateOutput({ sources, outDir: options.out, check: options.check ?? false, extensions, ...(options.force === undefined ? {} : { force: options.force }), ...(options.emit === undefined ? {} : { emit: options.emit }) });
}

/** One schema: a revision name, or a schema.ts path. */
export interface ModelOptions {
  revision?: string | undefined;
  schema?: string | undefined;
  specRoot?: string | undefined;
  /** The model of this extension (as `extensions` of {@link GenerateOptions}), bound to the revision or schema. */
  extension?: string | undefined;
}

export interface ModelResult {
  model: SchemaModel;
  /** Non-fatal findings, e.g. an unknown `@format` (kept in the docs, not enforced). */
  warnings: Warning[];
}

/** The intermediate model of one schema, as `mcp-gen model` prints it. */
export async function model(options: ModelOptions): Promise<ModelResult> {
  if ((options.revision === undefined) === (options.schema === undefined)) throw new GeneratorError("model: pass exactly one of revision or schema");
  const given = options.revision === undefined ? { schemas: [options.schema!] } : { revisions: [options.revision] };
  const [source] = await resolveInputs({ ...given, specRoot: options.specRoot });
  const core = await readSource(source!);
  const built = await buildModel(core);
  if (options.extension === undefined) return built;
  const extension = resolveExtension(options.extension, inputRoot(options.specRoot));
  return buildExtensionModel(await readExtension(extension), built.model, core.text, extension.id);
}

export interface DiffOptions {
  /** The older side: a revision name under the spec root, a path to a schema.ts, or a catalog.json (then `to` is one too). */
  from: string;
  /** The newer side. */
  to: string;
  specRoot?: string | undefined;
  /** Compare two versions of an extension's schema (each side an extension name or a schema.ts path) bound to this core revision. */
  core?: string | undefined;
}

/** What changed between two schemas (or two catalog.json snapshots), judged on the wire, as `mcp-gen diff --format json` reports it. */
export async function diff(options: DiffOptions): Promise<DiffReport> {
  if (isCatalogDiff(options)) return (await import("./catalog/diff-command.js")).catalogDiffReport(options);
  return (await import("./diff/index.js")).diffReport(options);
}

/** A unified diff of the code each side generates, "" when it is the same (`mcp-gen diff --generated`). */
export async function diffGenerated(options: DiffOptions): Promise<string> {
  if (isCatalogDiff(options)) throw new GeneratorError("diff --generated compares schemas; for catalogs, compare their generated folders");
  return (await import("./diff/index.js")).generatedDiff(options);
}

function isCatalogDiff(options: DiffOptions): boolean {
  return [options.from, options.to].some((side) => side.endsWith(".json"));
}

/** A diff report as text, markdown release notes, or JSON (the CLI's `--format`). */
export function renderDiff(report: DiffReport, format: DiffFormat): string {
  return renderReport(report, format);
}

export interface MigrateOptions {
  /** The output the project imports today (its .mcp-gen.json says which revisions and options). */
  out: string;
  /** The revision to migrate to, or a schema.ts. */
  to: string;
  /** The revision the code is written for (default: the manifest's). */
  from?: string | undefined;
  /** The project's tsconfig.json (default `./tsconfig.json`). */
  project?: string | undefined;
  format?: MigrateFormat | undefined;
  specRoot?: string | undefined;
}

/** What breaks in a project on a newer revision, as `mcp-gen migrate` reports it; `found`: anything breaks. */
export async function migrate(options: MigrateOptions): Promise<{ output: string; found: boolean }> {
  const { runMigrate } = await import("./migrate/command.js");
  const { from, specRoot } = options;
  const { output, code } = await runMigrate({ out: options.out, to: options.to, project: options.project ?? "./tsconfig.json", format: options.format ?? "text", ...(from === undefined ? {} : { from }), ...(specRoot === undefined ? {} : { specRoot }) });
  return { output, found: code !== 0 };
}

/** `mcp-gen catalog`'s options; `timeout` in milliseconds (default 30000). */
export type CatalogOptions = Omit<CatalogCommandOptions, "timeout"> & { timeout?: string | number | undefined };

/** Reads a server's catalog and generates its typed stubs (or, with `check`, compares); `stale`: `check` found differences. */
export async function catalog(options: CatalogOptions): Promise<{ stale: boolean }> {
  const { runCatalog } = await import("./catalog/command.js");
  return { stale: (await runCatalog({ ...options, timeout: String(options.timeout ?? 30000) })) !== 0 };
}

export interface FetchOptions {
  /** Revisions to fetch (default: every pinned revision). */
  revisions?: string[] | undefined;
  /** Copy from this mirror folder (laid out like upstream's schema/) instead of downloading. */
  from?: string | undefined;
  /** Download from this base URL instead of the pinned upstream commit. */
  baseUrl?: string | undefined;
  /** Where to write `<revision>/schema.ts` (default: the project cache). */
  dest?: string | undefined;
}

/** Fills the project cache (or `dest`) with pinned schemas, each verified against its sha256 before any is written. */
export async function fetchSchemas(options: FetchOptions = {}): Promise<FetchOutcome[]> {
  const { fetchSchemas: fetchPinned } = await import("./schema/fetch.js");
  return fetchPinned({ revisions: options.revisions ?? [], from: options.from, baseUrl: options.baseUrl, dest: options.dest ?? defaultSpecRoot() });
}
