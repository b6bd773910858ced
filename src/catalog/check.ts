// `mcp-gen catalog --check`: nothing is written to --out; the live catalog is compared with the
// snapshot, and the files (the stubs, the protocol output beside them) with what they would be.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { printable, type Warning } from "../errors.js";
import type { EmitKind } from "../generate.js";
import { renderCatalogDrift } from "./drift.js";
import { prepareCatalogFiles } from "./output.js";
import { generateProtocol, type ProtocolPlan } from "./protocol.js";
import { readCatalogFile, renderCatalog, type CatalogFile } from "./snapshot.js";
import { CATALOG_FILE } from "./types.js";

interface CheckOptions {
  from?: string | undefined;
  out: string;
  emit?: EmitKind | undefined;
  quiet?: boolean | undefined;
}

/** Exit 0 when all is current, else 1 with a short summary on stdout. */
export async function checkCatalog(source: CatalogFile, options: CheckOptions, plan: ProtocolPlan, report: (warnings: Warning[]) => void): Promise<number> {
  const lines: string[] = [];
  if (options.from === undefined) lines.push(...driftLines(source, options.out));
  if (plan.sources) {
    const result = await generateProtocol(plan.output.dir, plan.sources, true);
    for (const f of result.files.filter((f) => f.status !== "unchanged")) lines.push(`${join(plan.output.dir, f.path)}: ${CHECK_WORDS[f.status]}`);
  }
  const prepared = await prepareCatalogFiles(source, options.out, plan.output, options.emit ?? "js", true);
  report(prepared.warnings);
  for (const f of prepared.files.filter((f) => f.status !== "unchanged")) lines.push(`${join(options.out, f.path)}: ${CHECK_WORDS[f.status]}`);
  if (lines.length) process.stdout.write(`${lines.map((line) => printable(line)).join("\n")}\n`);
  if (!options.quiet) process.stderr.write(`mcp-gen catalog --check: ${lines.length ? "out of date" : "current"} (${options.out})\n`);
  return lines.length ? 1 : 0;
}

const CHECK_WORDS = { created: "missing", updated: "out of date", removed: "would be removed", unchanged: "up to date" } as const;

function driftLines(live: CatalogFile, out: string): string[] {
  const file = join(out, CATALOG_FILE);
  if (!existsSync(file)) return [`${file}: missing (run mcp-gen catalog without --check to take the snapshot)`];
  const snapshot = readCatalogFile(file);
  if (renderCatalog(snapshot.catalog) === live.text) return [];
  return [`${file}: the server's catalog drifted from the snapshot:`, ...renderCatalogDrift(snapshot.catalog, live.catalog).map((line) => `  ${line}`)];
}
