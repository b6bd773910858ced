import { existsSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { GeneratorError } from "../errors.js";
import { buildModel, renderFiles } from "../generate.js";
import { readRevision, readSchemaFile, specRootFrom, type SchemaSource } from "../schema/resolve.js";
import { resolveFormatSettings } from "../write/format.js";
import { diffModels } from "./compare.js";
import { diffGeneratedFiles } from "./generated.js";
import { renderReport, type DiffFormat } from "./render.js";

export { diffModels } from "./compare.js";
export type { Change, DiffReport } from "./types.js";

export interface DiffRequest {
  from: string;
  to: string;
  specRoot?: string;
  format: DiffFormat;
  /** Diff the generated TypeScript instead of the models. */
  generated: boolean;
}

/**
 * A side is a schema file when it names an existing file or ends in `.ts`; a revision when it
 * is a bare name (`2026-07-28`, `draft`). Anything else — a directory, a path to something
 * that is not a file — is an error that says so.
 */
export async function sourceFor(value: string, specRoot: string): Promise<SchemaSource> {
  const exists = existsSync(value);
  if (exists && statSync(value).isDirectory()) {
    throw new GeneratorError(`"${value}" is a directory: pass the path of a schema.ts file or a revision name (e.g. --from 2025-11-25)`);
  }
  if (value.endsWith(".ts") || (exists && statSync(value).isFile())) return readSchemaFile(value);
  if (exists || isAbsolute(value) || /[\\/]/.test(value)) {
    throw new GeneratorError(`"${value}" is neither a schema file nor a revision name: pass the path of a schema.ts file or a revision under ${specRoot}`);
  }
  return readRevision(value, specRoot);
}

/** The diff's text and whether the two sides differ. Any failure is a GeneratorError (exit 2, not 1). */
export async function runDiff(request: DiffRequest): Promise<{ output: string; different: boolean }> {
  try {
    return await diffSides(request);
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new GeneratorError(`diff failed (${request.from} → ${request.to}): ${detail}`);
  }
}

async function diffSides(request: DiffRequest): Promise<{ output: string; different: boolean }> {
  const root = specRootFrom(request.specRoot);
  const [from, to] = [await sourceFor(request.from, root), await sourceFor(request.to, root)];
  const [before, after] = [(await buildModel(from)).model, (await buildModel(to)).model];
  if (request.generated) {
    const settings = await resolveFormatSettings(process.cwd());
    const [filesA, filesB] = [await renderFiles(before, settings), await renderFiles(after, settings)];
    const output = diffGeneratedFiles(filesA, filesB, { from: from.label, to: to.label });
    return { output, different: output.length > 0 };
  }
  const report = diffModels(before, after);
  return { output: renderReport(report, request.format), different: report.changes.length > 0 };
}
