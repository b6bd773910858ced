import { renderMarkdown } from "./markdown.js";
import type { Change, DiffReport } from "./types.js";

export type DiffFormat = "text" | "md" | "json";

export function sideLabel(side: DiffReport["from"]): string {
  return side.revision ?? `schema ${side.sha256.slice(0, 12)}`;
}

/** "12 changes: 3 breaking (2 for servers, 2 for clients), 5 additive, 4 type-level notes (1 rename)". */
export function headline(report: DiffReport): string {
  const { total, breakingChanges, additive, typeLevel, renames, breaking } = report.summary;
  const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
  const perParty = Object.entries(breaking).map(([who, n]) => `${n} for ${who}`);
  const notes = `${plural(typeLevel, "type-level note")}${renames ? ` (${plural(renames, "rename")})` : ""}`;
  return `${plural(total, "change")}: ${breakingChanges} breaking (${perParty.join(", ")}), ${additive} additive, ${notes}`;
}

/** The report's sections: breaking for each party (a change breaking two is in both), additive, type-level notes. */
export function sections(report: DiffReport): Array<[string, Change[]]> {
  return [
    ...report.parties.map((party): [string, Change[]] => [`Breaking for ${party}`, report.changes.filter((c) => c.breaking.includes(party))]),
    ["Additive", report.changes.filter((c) => c.level === "wire" && !c.breaking.length)],
    ["Type-level notes (no wire change)", report.changes.filter((c) => c.level === "type")],
  ];
}

/** Values worth showing after a summary, as [before, after] (either may be absent). */
export function shownValues(change: Change): [string | undefined, string | undefined] | undefined {
  if (!/^property-(added|removed|type|constraints|optionality)$/.test(change.kind)) return undefined;
  return [change.before, change.after];
}

function shorten(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

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

export { shorten };
