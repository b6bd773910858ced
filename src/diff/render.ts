import { renderMarkdown } from "./markdown.js";
import { headline, sections, shorten, shownValues, sideLabel } from "./present.js";
import type { Change, DiffReport } from "./types.js";

export type DiffFormat = "text" | "md" | "json";

function valuesText(change: Change): string {
  const values = shownValues(change);
  if (!values) return "";
  const [before, after] = values.map((v) => (v === undefined ? undefined : shorten(v, 80)));
  if (before !== undefined && after !== undefined) return ` (${before} → ${after})`;
  return after !== undefined ? ` (${after})` : before !== undefined ? ` (was ${before})` : "";
}

export function renderText(report: DiffReport): string {
  const lines = [`mcp-gen diff ${sideLabel(report.from)} → ${sideLabel(report.to)}: ${headline(report)}`];
  for (const [title, changes] of sections(report)) {
    if (!changes.length) continue;
    lines.push("", `${title}:`);
    for (const c of changes) {
      const shown = valuesText(c);
      const types = c.types.join(", ") === c.group ? "" : ` [${c.types.join(", ")}]`;
      lines.push(`  ${c.group}: ${c.summary}${shown}${types} (${c.reason})`);
    }
  }
  return `${lines.join("\n")}\n`;
}

export function renderReport(report: DiffReport, format: DiffFormat): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  return format === "md" ? renderMarkdown(report) : renderText(report);
}
