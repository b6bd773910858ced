import { join } from "node:path";
import type { Warning } from "./errors.js";
import type { OutputFile } from "./emit/common.js";
import type { SchemaModel } from "./model/types.js";
import type { SchemaSource } from "./schema/resolve.js";
import { GENERATOR_VERSION } from "./version.js";
import { formatFiles, resolveFormatSettings, type FormatSettings } from "./write/format.js";
import { manifestFor, planOutput, writeOutput, type FilePlan } from "./write/index.js";
import { hashText, manifestMatchesDisk, readManifest, renderManifest, type Manifest } from "./write/manifest.js";

export interface GenerateRequest {
  sources: SchemaSource[];
  outDir: string;
  /** Compare only: write nothing. */
  check: boolean;
  /** Ignore the manifest's record of unchanged inputs and regenerate. */
  force?: boolean;
}

export interface RevisionOutcome {
  label: string;
  outDir: string;
  /** Number of declarations (types) generated; null when answered from the manifest. */
  types: number | null;
  files: FilePlan[];
  /** The manifest showed unchanged inputs and intact files: nothing was parsed. */
  upToDate: boolean;
}

export interface GenerateResult {
  outcomes: RevisionOutcome[];
  warnings: Warning[];
}

interface Prepared {
  outcome: RevisionOutcome;
  files: OutputFile[];
  inputs: string;
}

/**
 * Parses, emits and formats every source before touching the disk, so bad input never
 * leaves a half-written output; then writes (or, with `check`, only compares).
 */
export async function generate(request: GenerateRequest): Promise<GenerateResult> {
  const warnings: Warning[] = [];
  const nested = request.sources.length > 1;
  const prepared: Prepared[] = [];
  for (const source of request.sources) {
    const outDir = nested ? join(request.outDir, source.label) : request.outDir;
    prepared.push(await prepare(source, outDir, request.force ?? false, warnings));
  }
  if (!request.check) {
    for (const item of prepared) {
      if (item.outcome.upToDate) continue;
      const manifest = manifestFor(GENERATOR_VERSION, item.inputs, item.files);
      const unchanged = item.outcome.files.every((f) => f.status === "unchanged");
      // Files already right: still record the inputs, so the next run can skip parsing.
      if (unchanged && manifestIsCurrent(item.outcome.outDir, manifest)) continue;
      writeOutput(item.outcome.outDir, item.files, manifest, item.outcome.files);
    }
  }
  return { outcomes: prepared.map((p) => p.outcome), warnings };
}

async function prepare(source: SchemaSource, outDir: string, force: boolean, warnings: Warning[]): Promise<Prepared> {
  const settings = await resolveFormatSettings(outDir);
  const inputs = inputsHash(source, settings);
  const manifest = readManifest(outDir);
  if (!force && manifest?.version === GENERATOR_VERSION && manifest.inputs === inputs && manifestMatchesDisk(outDir, manifest)) {
    const files = Object.keys(manifest.files).map((path) => ({ path, status: "unchanged" as const }));
    return { outcome: { label: source.label, outDir, types: null, files, upToDate: true }, files: [], inputs };
  }
  const { model, warnings: found } = await buildModel(source);
  warnings.push(...found);
  const files = await renderFiles(model, settings);
  const plans = planOutput(outDir, files);
  return { outcome: { label: source.label, outDir, types: model.declarations.length, files: plans, upToDate: false }, files, inputs };
}

/** Parsing is the only step that needs ts-morph, so it is loaded only when needed. */
export async function buildModel(source: SchemaSource): Promise<{ model: SchemaModel; warnings: Warning[] }> {
  const { parseSchema } = await import("./parse/index.js");
  return parseSchema({ text: source.text, fileName: source.file, revision: source.revision });
}

export async function renderFiles(model: SchemaModel, settings: FormatSettings): Promise<OutputFile[]> {
  const { emitAll } = await import("./emit/index.js");
  return formatFiles(emitAll(model, { generatorVersion: GENERATOR_VERSION }), settings);
}

function inputsHash(source: SchemaSource, settings: FormatSettings): string {
  return hashText(JSON.stringify({ schema: hashText(source.text), revision: source.revision, format: settings.options }));
}

function manifestIsCurrent(outDir: string, manifest: Manifest): boolean {
  const existing = readManifest(outDir);
  return existing !== undefined && renderManifest(existing) === renderManifest(manifest);
}
