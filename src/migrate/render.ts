import type { DiffReport } from "../diff/types.js";
import { escapeProse } from "../diff/markdown.js";
import { code } from "../diff/text.js";
import { printable } from "../errors.js";
import { fixHint } from "./hints.js";
import { plain } from "./meanings.js";
import type { MigrateChange, MigrateItem, MigrateReport } from "./types.js";

export type MigrateFormat = "text" | "json" | "markdown";

interface Group {
  change: MigrateChange | null;
  items: MigrateItem[];
}

/** Items grouped by the entry that explains them, in the order of their first item; unexplained ones last. */
function groups(items: MigrateItem[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const item of items) {
    const key = item.change?.fingerprint ?? "";
    if (!byKey.has(key)) byKey.set(key, { change: item.change, items: [] });
    byKey.get(key)!.items.push(item);
  }
  return [...byKey.values()].sort((a, b) => Number(a.change === null) - Number(b.change === null));
}

function headline(report: MigrateReport): string {
  const files = new Set(report.items.map((i) => i.file)).size;
  if (!report.items.length) return "nothing breaks";
  return `${report.items.length} item${report.items.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}`;
}

/** The compiler's first line, and its innermost one when there are more (the missing property, the unknown key). */
function messageLines(message: string): string[] {
  const lines = message.split("\n").map((l) => l.trim());
  return lines.length > 1 ? [lines[0]!, lines.at(-1)!] : lines;
}

function groupTitle(change: MigrateChange | null): string {
  if (!change) return "not explained by a diff entry";
  const breaking = change.breaking.length ? `breaks ${change.breaking.join(" and ")}` : "breaks nobody on the wire";
  return `${change.rule}: ${plain(change.summary)} (${breaking}; fingerprint ${change.fingerprint})`;
}

export function renderText(report: MigrateReport, diff: DiffReport): string {
  const lines = [`mcp-gen migrate ${report.from} → ${report.to}: ${headline(report)}`];
  for (const group of groups(report.items)) {
    lines.push("", groupTitle(group.change), `  fix: ${plain(fixHint(group.change, diff))}`);
    for (const item of group.items) {
      const [first, inner] = messageLines(item.message);
      lines.push(`  ${item.file}:${item.line}:${item.column}: ${item.kind}: ${first}`);
      if (inner !== undefined) lines.push(`      ${inner}`);
    }
  }
  for (const note of report.notes ?? []) lines.push("", `note: ${note}`);
  return printable(`${lines.join("\n")}\n`, true);
}

export function renderMarkdown(report: MigrateReport, diff: DiffReport): string {
  const lines = [`# Migrating ${escapeProse(report.from)} → ${escapeProse(report.to)}`, "", `**${headline(report)}.**`];
  for (const group of groups(report.items)) {
    const change = group.change;
    lines.push("", change ? `## ${code(change.rule)}: ${escapeProse(change.summary)}` : "## Not explained by a diff entry", "");
    if (change) lines.push(`Fingerprint ${code(change.fingerprint)}; ${change.breaking.length ? `breaks ${change.breaking.join(" and ")}` : "breaks nobody on the wire"}.`, "");
    lines.push(`Fix: ${escapeProse(fixHint(change, diff))}.`, "");
    for (const item of group.items) {
      const [first, inner] = messageLines(item.message);
      lines.push(`- ${code(`${item.file}:${item.line}:${item.column}`)} (${item.kind}): ${code(first!)}${inner === undefined ? "" : ` — ${code(inner)}`}`);
    }
  }
  for (const note of report.notes ?? []) lines.push("", `**Note:** ${escapeProse(note)}`);
  return printable(`${lines.join("\n")}\n`, true);
}

export function renderMigrate(report: MigrateReport, diff: DiffReport, format: MigrateFormat): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  return format === "markdown" ? renderMarkdown(report, diff) : renderText(report, diff);
}
