import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GeneratorError, UnboundImportError, type Warning } from "./errors.js";
import type { OutputFile } from "./emit/common.js";
import type { RootUnit } from "./emit/root.js";
import { analyze } from "./model/analyze.js";
import type { SchemaModel } from "./model/types.js";
import { readSource, SourceUnavailableError, type ResolvedSource } from "./schema/inputs.js";
import type { SchemaSource } from "./schema/resolve.js";
import { GENERATOR_VERSION } from "./version.js";
import { formatFiles, resolveFormatSettings, type FormatSettings } from "./write/format.js";
import { toJavaScript } from "./transpile/index.js";
import { manifestFor, planOutput, writeOutput, type FilePlan, type WriteHooks } from "./write/index.js";
import { hashText } from "./project.js";
import { isVouched, manifestMatchesDisk, MANIFEST_FILE, readManifest, renderManifest, vouchFor, type Manifest, type ManifestExtension, type ManifestRevision } from "./write/manifest.js";
import { readExtension, type ExtensionSource } from "./schema/extensions.js";
import { analyzeExtension } from "./model/extension.js";
import { assertUsableOutDir } from "./write/paths.js";
import { layoutWarning } from "./write/layout.js";

/** What a generation writes: JavaScript with declarations (the default), or TypeScript sources. */
export type EmitKind = "js" | "ts";

/** A source to generate from: read already, or resolved and read only when the output is not up to date. */
export type GenerateSource = SchemaSource | ResolvedSource;

export interface GenerateRequest {
  sources: GenerateSource[];
  outDir: string;
  /** Compare only: write nothing. */
  check: boolean;
  /** Ignore the manifest's record of unchanged inputs and regenerate. */
  force?: boolean;
  /** `js` (default): `.js` + `.d.ts`; `ts`: TypeScript sources, formatted with prettier. */
  emit?: EmitKind;
  hooks?: WriteHooks;
  /** Record the written manifest in the project cache (default true); false for a throw-away output (`migrate`'s temporary folder). */
  vouch?: boolean;
  /** Extension schemas (SEP-2133) generated for every revision, into its `ext/<name>/`. */
  extensions?: ExtensionSource[];
}

export interface RevisionOutcome extends ManifestRevision {
  /** The revision label of the source, or null for a schema given as a file. */
  revision: string | null;
}

export interface GenerateResult {
  outDir: string;
  /** The manifest showed unchanged inputs and intact files: nothing was parsed. */
  upToDate: boolean;
  revisions: RevisionOutcome[];
  /** Every file of the output (relative to `outDir`) and what the run did (or, with check, would do). */
  files: FilePlan[];
  warnings: Warning[];
}

interface Unit<Source = GenerateSource> {
  source: Source;
  dir: string;
}

/**
 * Parses, emits and formats every source before touching the disk, so bad input never leaves a
 * half-written output; then writes (or, with `check`, only compares). One source fills `outDir`
 * itself; several get one subfolder each. The revision-independent runtime goes to
 * `outDir/runtime/` either way, shared by every revision.
 */
export async function generate(request: GenerateRequest): Promise<GenerateResult> {
  assertUsableOutDir(request.outDir);
  const units = unitsOf(request.sources);
  const emit = request.emit ?? "js";
  // Said on every run, the up-to-date one included: the build it warns of breaks every time.
  const layout = layoutWarning(request.outDir, emit);
  const settings = await outputSettings(request.outDir, emit);
  const extensions = request.extensions ?? [];
  const inputs = inputsHash(units, settings, extensions);
  const manifest = readManifest(request.outDir);
  // --check never trusts the manifest: it compares what it would write with what is on disk.
  const recorded = (): boolean => !request.force && !request.check && manifest !== undefined && manifest.version === GENERATOR_VERSION && manifest.inputs === inputs && manifestMatchesDisk(request.outDir, manifest);
  const upToDate = (warnings: Warning[]): GenerateResult => ({ ...answeredByManifest(request.outDir, units, manifest!), warnings: layout ? [...warnings, layout] : warnings });
  if (manifest && isVouched(request.outDir, manifest) && recorded()) return upToDate([]);
  const read: Array<Unit<SchemaSource>> = [];
  try {
    for (const unit of units) read.push({ source: await readSource(unit.source), dir: unit.dir });
  } catch (error) {
    // Nothing to compare with (a fresh clone, offline): the manifest's record of these very inputs is the answer.
    if (error instanceof SourceUnavailableError && recorded()) return upToDate([unverified(request.outDir, error)]);
    throw error;
  }
  const { warnings, revisions, sources, generated } = await emitAll(read, await Promise.all(extensions.map(async (e) => ({ source: e, read: await readExtension(e) }))));
  const files = emit === "js" ? toJavaScript(sources) : await formatFiles(sources, settings);
  const plans = planOutput(request.outDir, files);
  const base = manifestFor(GENERATOR_VERSION, inputs, revisions.map(({ label, dir, types }) => ({ label, dir, types })), files);
  const next: Manifest = generated.length ? { ...base, extensions: generated } : base;
  const unchanged = plans.every((p) => p.status === "unchanged");
  // Files already right: still record the inputs, so the next run can skip parsing.
  if (!request.check && !(unchanged && manifest && renderManifest(manifest) === renderManifest(next))) {
    writeOutput(request.outDir, files, next, plans, request.hooks);
  }
  if (!request.check && request.vouch !== false) vouchFor(request.outDir, next);
  return { outDir: request.outDir, upToDate: false, revisions, files: plans, warnings: layout ? [...warnings, layout] : warnings };
}

/** The answer of an output whose manifest records these inputs, with its files intact: nothing parsed. */
function answeredByManifest(outDir: string, units: Unit[], manifest: Manifest): Omit<GenerateResult, "warnings"> {
  const files = Object.keys(manifest.files).map((path) => ({ path, status: "unchanged" as const }));
  const revisions = units.map((u, i) => ({ label: u.source.label, revision: u.source.revision, dir: u.dir, types: manifest.revisions[i]?.types ?? 0 }));
  return { outDir, upToDate: true, revisions, files };
}

/**
 * Said when the up-to-date answer rests on the manifest alone: its files were not regenerated to
 * compare, as they are on a run that has the schema (and as `--check` always does).
 */
function unverified(outDir: string, error: SourceUnavailableError): Warning {
  const message = `up to date by this manifest alone: the schema of ${error.revision} could not be had to regenerate and compare (${error.reason}); \`mcp-gen --check\` with the schema verifies the files`;
  return { message, location: { file: join(outDir, MANIFEST_FILE), line: 1, column: 1 } };
}

/**
 * What the output's text depends on besides the schemas: for TypeScript sources, the prettier
 * options that apply to the output folder; JavaScript and declarations are printed by TypeScript
 * (prettier is neither loaded nor consulted).
 */
async function outputSettings(outDir: string, emit: EmitKind): Promise<FormatSettings> {
  if (emit === "js") return { options: { emit } };
  return resolveFormatSettings(outDir);
}

interface Emitted {
  generated: ManifestExtension[];
  warnings: Warning[];
  revisions: RevisionOutcome[];
  /** Every file of the output as TypeScript, unformatted. */
  sources: OutputFile[];
}

/** Parses and emits every source, then the files spanning them and the runtime. */
async function emitAll(units: Array<Unit<SchemaSource>>, extensions: ReadExtension[]): Promise<Emitted> {
  const warnings: Warning[] = [];
  const revisions: RevisionOutcome[] = [];
  const emitted: OutputFile[] = [];
  const roots: RootUnit[] = [];
  const generated: ManifestExtension[] = [];
  for (const unit of units) {
    const { model, warnings: found } = await buildModel(unit.source);
    warnings.push(...found);
    revisions.push({ label: unit.source.label, revision: unit.source.revision, dir: unit.dir, types: model.declarations.length });
    roots.push({ dir: unit.dir, facts: analyze(model) });
    emitted.push(...(await emitUnit(model, unit.dir)));
    const added = await emitExtensions(model, unit, extensions, units.length > 1);
    warnings.push(...added.warnings);
    emitted.push(...added.files);
    generated.push(...added.generated);
  }
  const missing = extensions.find((e) => !generated.some((g) => g.sha256 === e.source.sha256));
  if (missing) {
    const why = warnings.filter((w) => w.location.file === missing.read.file && w.message.startsWith("extension not generated")).map((w) => `${w.location.line}:${w.location.column}: ${w.message}`);
    throw new GeneratorError(`extension ${missing.read.file} binds to none of the revisions generated (${units.map((u) => u.source.label).join(", ")}): ${why.join("; ")}`);
  }
  const { emitRuntime, emitRoot } = await import("./emit/index.js");
  // Several revisions: files at the root span them (connect.ts, index.ts).
  if (roots.length > 1) emitted.push(...emitRoot(roots, { generatorVersion: GENERATOR_VERSION }));
  return { generated, warnings, revisions, sources: [...emitted, ...emitRuntime({ generatorVersion: GENERATOR_VERSION })] };
}

interface ReadExtension {
  source: ExtensionSource;
  read: SchemaSource;
}

/** Each extension bound to one revision's model, into `<dir>/ext/<name>/`; two with one name are refused. */
async function emitExtensions(core: SchemaModel, unit: Unit<SchemaSource>, extensions: ReadExtension[], several: boolean): Promise<{ files: OutputFile[]; warnings: Warning[]; generated: ManifestExtension[] }> {
  const files: OutputFile[] = [];
  const warnings: Warning[] = [];
  const generated: ManifestExtension[] = [];
  const { emitExtension } = await import("./emit/extension.js");
  for (const { source, read } of extensions) {
    let built: Awaited<ReturnType<typeof buildExtensionModel>>;
    try {
      built = await buildExtensionModel(read, core, unit.source.text, source.id);
    } catch (error) {
      // Several revisions: an extension goes with those that declare what it imports (said as a warning).
      if (!(error instanceof UnboundImportError && several)) throw error;
      warnings.push({ message: `extension not generated for ${unit.source.label}: ${error.message}`, location: error.location! });
      continue;
    }
    const { model, warnings: found } = built;
    warnings.push(...found);
    const ext = analyzeExtension(core, model);
    const dir = `${unit.dir ? `${unit.dir}/` : ""}ext/${ext.name}`;
    const clash = generated.find((g) => g.dir === dir);
    if (clash) throw new GeneratorError(`${read.file} and the extension ${clash.id} would both be generated into ${dir}/: extensions need distinct names`);
    const up = unit.dir ? "../../.." : "../..";
    for (const file of emitExtension(ext, { generatorVersion: GENERATOR_VERSION, runtimeImport: `${up}/runtime`, coreImport: "../.." })) files.push({ ...file, path: `${dir}/${file.path}` });
    generated.push({ id: ext.facet.id, dir, sha256: model.source.sha256, core: unit.source.label });
  }
  return { files, warnings, generated };
}

/** An extension's schema parsed with its imports bound to `core` (whose schema.ts text is `coreText`). */
export async function buildExtensionModel(source: SchemaSource, core: SchemaModel, coreText: string, id?: string): Promise<{ model: SchemaModel; warnings: Warning[] }> {
  const { parseSchema } = await import("./parse/index.js");
  return parseSchema({ text: source.text, fileName: source.file, revision: null, extension: { core, coreText, ...(id ? { id } : {}) } });
}

/** One folder per source when there are several; names must be distinct and safe. */
function unitsOf(sources: GenerateSource[]): Unit[] {
  if (sources.length === 1) return [{ source: sources[0]!, dir: "" }];
  const counts = new Map<string, number>();
  for (const s of sources) counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
  const seen = new Map<string, GenerateSource>();
  return sources.map((source) => {
    const dir = (counts.get(source.label) ?? 0) > 1 && source.revision === null ? `${source.label}-${basename(source.file).replace(/\.ts$/, "")}` : source.label;
    if (!/^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(dir) || dir === "runtime") {
      throw new GeneratorError(`cannot name an output folder "${dir}" for ${source.file}: folder names are letters, digits, ".", "_" and "-", and "runtime" is taken by the shared runtime`);
    }
    const clash = seen.get(dir);
    if (clash) throw new GeneratorError(`${source.file} and ${clash.file} would both be generated into ${dir}/: pass each schema once, or from folders with different names`);
    seen.set(dir, source);
    return { source, dir };
  });
}

async function emitUnit(model: SchemaModel, dir: string): Promise<OutputFile[]> {
  const { emitRevision } = await import("./emit/index.js");
  const files = emitRevision(model, { generatorVersion: GENERATOR_VERSION, runtimeImport: dir ? "../runtime" : "./runtime" });
  return files.map((f) => ({ ...f, path: dir ? `${dir}/${f.path}` : f.path }));
}

/** Parsing is the only step that needs ts-morph, so it is loaded only when needed. */
export async function buildModel(source: SchemaSource): Promise<{ model: SchemaModel; warnings: Warning[] }> {
  const { parseSchema } = await import("./parse/index.js");
  return parseSchema({ text: source.text, fileName: source.file, revision: source.revision });
}

/** The formatted files of one model as a standalone output (used by `diff --generated`). */
export async function renderFiles(model: SchemaModel, settings: FormatSettings): Promise<OutputFile[]> {
  return formatFiles(await emitUnit(model, ""), settings);
}

function inputsHash(units: Unit[], settings: FormatSettings, extensions: ExtensionSource[]): string {
  // A pin's sha256 is the hash of the text it pins: a revision not yet downloaded hashes as the downloaded one will.
  const sources = units.map((u) => ({ schema: "sha256" in u.source ? u.source.sha256 : hashText(u.source.text), revision: u.source.revision, dir: u.dir }));
  const added = extensions.map((e) => ({ schema: e.sha256, id: e.id ?? null }));
  return hashText(JSON.stringify({ sources, ...(added.length ? { extensions: added } : {}), format: settings.options, generator: generatorFingerprint() }));
}

let fingerprint: string | undefined;

/**
 * A hash of the generator's own code and templates: an up-to-date answer must not survive a
 * change to the generator that keeps its version number (a development build, a patched install).
 */
export function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash("sha256");
  for (const dir of [fileURLToPath(new URL("../templates/", import.meta.url)), fileURLToPath(new URL("./", import.meta.url))]) {
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(js|ts|hbs)$/.test(f)).sort()) {
      hash.update(file).update(readFileSync(join(dir, file)));
    }
  }
  return (fingerprint = hash.digest("hex"));
}
