import { existsSync, statSync } from "node:fs";
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

/** A side is a path to a schema.ts when it names a file, else a revision under the spec root. */
export async function sourceFor(value: string, specRoot: string): Promise<SchemaSource> {
  const isFile = value.endsWith(".ts") || (existsSync(value) && statSync(value).isFile());
  return isFile ? readSchemaFile(value) : readRevision(value, specRoot);
}

/** The diff's text and whether the two sides differ. */
export async function runDiff(request: DiffRequest): Promise<{ output: string; different: boolean }> {
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
