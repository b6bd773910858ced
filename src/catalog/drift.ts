import { diffCatalogs } from "./diff.js";
import { optionsDrift } from "./recorded.js";
import type { Catalog } from "./types.js";

/** What changed from the snapshot to the live catalog, one short line per change (--check's summary). */
export function renderCatalogDrift(snapshot: Catalog, live: Catalog): string[] {
  const lines: string[] = [];
  for (const key of ["name", "version", "title"]) {
    const [a, b] = [snapshot.server[key], live.server[key]];
    if (JSON.stringify(a) !== JSON.stringify(b)) lines.push(`server ${key}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  }
  if (snapshot.revision !== live.revision) lines.push(`protocol revision: ${snapshot.revision} → ${live.revision}`);
  // Read with other options (explicit flags win over the recorded ones), the lists may differ for that alone.
  lines.push(...optionsDrift(snapshot.options, live.options));
  const rank = (c: { breaking: string[]; level: string }) => (c.breaking.length ? 0 : c.level === "wire" ? 1 : 2);
  for (const change of [...diffCatalogs(snapshot, live).changes].sort((a, b) => rank(a) - rank(b))) {
    const label = change.breaking.length ? `breaking for ${change.breaking.join(", ")}` : change.level === "type" ? "note" : "additive";
    lines.push(`${label}: ${change.group}: ${change.summary.replace(/`/g, "")}`);
  }
  // Same signatures, other bytes (the order of a schema's properties, other fields of an item).
  if (!lines.length) lines.push("the lists differ in ways that change no signature (property order, other fields); regenerate to update the snapshot");
  return lines;
}
