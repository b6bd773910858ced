import { GeneratorError } from "../errors.js";
import { buildExtensionModel, buildModel, renderFiles } from "../generate.js";
import { readExtension, resolveExtension } from "../schema/extensions.js";
import { inputRoot, readSide } from "../schema/inputs.js";
import type { SchemaSource } from "../schema/resolve.js";
import { resolveFormatSettings } from "../write/format.js";
import { diffModels } from "./compare.js";
import { diffGeneratedFiles } from "./generated.js";
import { renderReport, type DiffFormat } from "./render.js";
import type { DiffReport } from "./types.js";

export { diffModels } from "./compare.js";
export type { Change, DiffReport } from "./types.js";

/** Two schemas to compare: each a revision name or a schema.ts path, resolved by the one input rule. */
export interface DiffSides {
  from: string;
  to: string;
  specRoot?: string | undefined;
  /**
   * Compare two versions of an extension's schema (SEP-2133), each side an extension name or a
   * schema.ts path, both bound to this core revision (or schema.ts).
   */
  core?: string | undefined;
}

export interface DiffRequest extends DiffSides {
  format: DiffFormat;
  /** Diff the generated TypeScript instead of the models. */
  generated: boolean;
}

/** The diff's text and whether the two sides differ. Any failure is a GeneratorError (exit 2, not 1). */
export async function runDiff(request: DiffRequest): Promise<{ output: string; different: boolean }> {
  if (request.generated) {
    const output = await generatedDiff(request);
    return { output, different: output.length > 0 };
  }
  const report = await diffReport(request);
  return { output: renderReport(report, request.format), different: report.changes.length > 0 };
}

/** What changed between two schemas, judged on the wire: what `diff` (CLI and API) reports. */
export function diffReport(request: DiffSides): Promise<DiffReport> {
  return failing(request, async () => {
    const { before, after } = await modelsOf(request);
    return diffModels(before.model, after.model);
  });
}

/** A unified diff of the formatted files each side generates ("" when they are the same). */
export function generatedDiff(request: DiffSides): Promise<string> {
  if (request.core !== undefined) throw new GeneratorError("diff --generated compares revisions; for an extension (--core), compare the wire report (drop --generated)");
  return failing(request, async () => {
    const { before, after } = await modelsOf(request);
    const settings = await resolveFormatSettings(process.cwd());
    const [filesA, filesB] = [await renderFiles(before.model, settings), await renderFiles(after.model, settings)];
    return diffGeneratedFiles(filesA, filesB, { from: before.source.label, to: after.source.label });
  });
}

async function modelsOf(request: DiffSides): Promise<{ before: Side; after: Side }> {
  const root = inputRoot(request.specRoot);
  if (request.core !== undefined) return extensionModels(request, request.core);
  const [from, to] = [await readSide(request.from, root), await readSide(request.to, root)];
  return { before: { source: from, model: (await buildModel(from)).model }, after: { source: to, model: (await buildModel(to)).model } };
}

/**
 * Two versions of an extension, each bound to the same core: compared with the core's
 * declarations beside their own (what they refer to resolves), so only the extension's changes show.
 */
async function extensionModels(request: DiffSides, coreName: string): Promise<{ before: Side; after: Side }> {
  const root = inputRoot(request.specRoot);
  const coreSource = await readSide(coreName, root);
  const core = (await buildModel(coreSource)).model;
  const side = async (value: string): Promise<Side> => {
    const resolved = resolveExtension(value, root);
    const source = await readExtension(resolved);
    const { model } = await buildExtensionModel(source, core, coreSource.text, resolved.id);
    return { source, model: { ...model, declarations: [...core.declarations, ...model.declarations] } };
  };
  return { before: await side(request.from), after: await side(request.to) };
}

interface Side {
  source: SchemaSource;
  model: Awaited<ReturnType<typeof buildModel>>["model"];
}

/** Runs `body`; a failure that is not a GeneratorError becomes one naming both sides. */
async function failing<T>(request: DiffSides, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new GeneratorError(`diff failed (${request.from} → ${request.to}): ${detail}`);
  }
}
