import { diffCatalogs } from "./diff.js";
import { renderReport, type DiffFormat } from "../diff/render.js";
import { GeneratorError } from "../errors.js";
import { readCatalogFile } from "./snapshot.js";

/** `mcp-gen diff --from A/catalog.json --to B/catalog.json`: the catalog diff, rendered; exit 1 when they differ. */
export function runCatalogDiff(options: { from: string; to: string; format: DiffFormat; generated?: boolean }): { output: string; different: boolean } {
  if (options.generated) throw new GeneratorError("diff --generated compares schemas; for catalogs, compare their generated folders");
  if (![options.from, options.to].every((side) => side.endsWith(".json"))) throw new GeneratorError("diff: a catalog.json is compared with another catalog.json (both --from and --to)");
  const report = diffCatalogs(readCatalogFile(options.from).catalog, readCatalogFile(options.to).catalog);
  return { output: renderReport(report, options.format), different: report.changes.length > 0 };
}
