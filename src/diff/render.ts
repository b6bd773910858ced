import type { Change, DiffReport } from "./types.js";

export type DiffFormat = "text" | "md" | "json";

function label(side: DiffReport["from"]): string {
  return side.revision ?? `schema ${side.sha256.slice(0, 12)}`;
}

function headline(report: DiffReport): string {
  const { total, additive, breaking } = report.summary;
  const parts = Object.entries(breaking).map(([who, n]) => `${n} breaking for ${who}`);
  return `${total} change${total === 1 ? "" : "s"}: ${[`${additive} additive`, ...parts].join(", ")}`;
}

function impactOf(change: Change): string {
  return change.breaking.length ? `breaking for ${change.breaking.join(" and ")}` : "additive";
}

/** Breaking changes first, then additive ones; each keeps the report's (group) order. */
function partition(changes: Change[]): Array<[string, Change[]]> {
  return [
    ["Breaking changes", changes.filter((c) => c.breaking.length)],
    ["Additive changes", changes.filter((c) => !c.breaking.length)],
  ];
}

function where(change: Change): string {
  const types = change.types.length > 4 ? `${change.types.slice(0, 4).join(", ")} and ${change.types.length - 4} more` : change.types.join(", ");
  return types === change.group ? "" : ` [${types}]`;
}

export function renderText(report: DiffReport): string {
  const lines = [`mcp-gen diff ${label(report.from)} → ${label(report.to)}: ${headline(report)}`];
  for (const [title, changes] of partition(report.changes)) {
    if (!changes.length) continue;
    lines.push("", `${title}:`);
    for (const c of changes) lines.push(`  ${c.group}: ${c.summary}${where(c)} (${impactOf(c)}: ${c.reason})`);
  }
  return `${lines.join("\n")}\n`;
}

export function renderMarkdown(report: DiffReport): string {
  const lines = [`# MCP schema changes: ${label(report.from)} → ${label(report.to)}`, "", `**${headline(report)}.**`];
  for (const [title, changes] of partition(report.changes)) {
    if (!changes.length) continue;
    lines.push("", `## ${title}`);
    let group = "";
    for (const c of changes) {
      if (c.group !== group) lines.push("", `### \`${c.group}\``, "");
      group = c.group;
      const values = c.before !== undefined || c.after !== undefined ? ` (\`${c.before ?? "—"}\` → \`${c.after ?? "—"}\`)` : "";
      lines.push(`- ${c.breaking.length ? `**${impactOf(c)}**` : "additive"}: ${c.summary}${where(c)}${c.kind.startsWith("property") ? values : ""}. _${c.reason}._`);
    }
  }
  return `${lines.join("\n")}\n`;
}

export function renderReport(report: DiffReport, format: DiffFormat): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  return format === "md" ? renderMarkdown(report) : renderText(report);
}
