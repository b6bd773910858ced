import { diffCatalogs } from "./diff.js";
import type { DiffReport } from "../diff/types.js";
import { GeneratorError } from "../errors.js";
import { readCatalogFile } from "./snapshot.js";

/** `mcp-gen diff --from A/catalog.json --to B/catalog.json`: the catalog diff (exit 1 when it lists changes). */
export function catalogDiffReport(options: { from: string; to: string }): DiffReport {
  if (![options.from, options.to].every((side) => side.endsWith(".json"))) throw new GeneratorError("diff: a catalog.json is compared with another catalog.json (both --from and --to)");
  return diffCatalogs(readCatalogFile(options.from).catalog, readCatalogFile(options.to).catalog);
}
