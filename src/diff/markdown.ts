import { headline, sections, shorten, shownValues, sideLabel } from "./present.js";
import { code, codeList } from "./text.js";
import type { Change, DiffReport } from "./types.js";

/** At most this many names in a heading or an "in …" list; JSON keeps them all. */
const LISTED = 4;

/**
 * Release notes: a table of the methods added, removed, moved and changed per direction, then
 * "Breaking for <party>" (one section per party, the one that answers most requests first),
 * "Additive" and "Type-level notes", each grouped by method, then by type. Everything taken
 * from the schema (names, literals, doc text) sits in code spans or is escaped.
 */
export function renderMarkdown(report: DiffReport): string {
  const lines = [`# MCP schema changes: ${escapeProse(sideLabel(report.from))} → ${escapeProse(sideLabel(report.to))}`, "", `**${headline(report)}.**`];
  if (!report.changes.length) return `${lines.join("\n")}\n`;
  lines.push(
    "",
    "A change that breaks two parties is listed in both of their sections and counted once in the total.",
    "Type-level notes change no message: only code that names the types they mention.",
  );
  if (report.methods.length) lines.push(...methodTable(report));
  for (const [title, changes] of sections(report)) {
    if (!changes.length) continue;
    lines.push("", `## ${title}`);
    let current: string | undefined;
    for (const change of [...changes].sort((a, b) => rank(a) - rank(b))) {
      const title = heading(change);
      if (title !== current) lines.push("", `### ${title}`, "");
      current = title;
      lines.push(`- ${bullet(change)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

function methodTable(report: DiffReport): string[] {
  const columns = report.parties.map((p) => `Sent by ${p}`);
  const lines = ["", "## Methods", "", `| Method | Kind | ${columns.join(" | ")} | Breaking for |`, `| --- | --- | ${columns.map(() => "---").join(" | ")} | --- |`];
  for (const row of report.methods) {
    const cells = report.parties.map((p) => row.directions[p] ?? "—");
    lines.push(`| ${code(row.method).replace(/\|/g, "\\|")} | ${row.kind} | ${cells.join(" | ")} | ${row.breaking.join(", ") || "nobody"} |`);
  }
  return lines;
}

/** Declarations added, removed or renamed outside any method: one list instead of a heading each. */
const isDeclarationNote = (change: Change) => change.scope === "type" && /^type-(added|removed|renamed)$/.test(change.kind);

/** Methods, then types, then the list of declarations, error codes, constants (stable within each). */
function rank(change: Change): number {
  if (isDeclarationNote(change)) return 2;
  return { method: 0, type: 1, "error-code": 3, constant: 4 }[change.scope];
}

function heading(change: Change): string {
  if (isDeclarationNote(change)) return "Types added, removed or renamed";
  if (change.scope === "error-code") return "Error codes";
  if (change.scope === "constant") return "Constants";
  const names = change.scope === "type" ? change.group.split(", ") : [change.group];
  return listed(names);
}

/** `a`, `b`, `c`, `d` and 3 more. */
function listed(names: string[]): string {
  if (names.length <= LISTED) return codeList(names);
  return `${names.slice(0, LISTED).map(code).join(", ")} and ${names.length - LISTED} more`;
}

function bullet(change: Change): string {
  const values = shownValues(change);
  const shown = values ? valueText(change, values) : change.kind.startsWith("deprecated") && change.after ? ` — ${escapeProse(change.after.replace(/\.$/, ""))}` : "";
  return `${subject(change)}${change.summary}${shown}${where(change)}. _${escapeProse(change.reason)}_`;
}

function valueText(change: Change, [before, after]: [string | undefined, string | undefined]): string {
  const span = (text: string) => code(shorten(text));
  if (before !== undefined && after !== undefined) return `: ${span(before)} → ${span(after)}`;
  if (after !== undefined) return `: ${span(after)}`;
  return before !== undefined ? ` (was ${span(before)})` : "";
}

/** Under a method heading, which of its types changed. */
function subject(change: Change): string {
  if (change.scope !== "method" || change.kind.startsWith("message-") || /^type-(added|removed|renamed)$/.test(change.kind)) return "";
  return `${listed(change.types)}: `;
}

/** Under a type heading, the other types the change applies to. */
function where(change: Change): string {
  if (change.kind.startsWith("message-") && change.types.length) return `; types ${listed(change.types)}`;
  if (change.scope !== "type" || change.kind === "type-renamed") return "";
  const named = change.group.split(", ");
  const others = change.types.filter((t) => !named.includes(t));
  if (!others.length) return "";
  return named.some((n) => change.types.includes(n)) ? ` — also in ${listed(others)}` : ` — in ${listed(others)}`;
}

/**
 * Doc text and reasons as markdown prose: code spans in the text stay code spans, markdown
 * punctuation elsewhere is escaped, bare URLs become autolinks.
 */
export function escapeProse(text: string): string {
  const parts = text.split(/(`+[^`]+?`+)/);
  return parts
    .map((part, i) => {
      const fence = /^(`+)[^`]+?(`+)$/.exec(part);
      if (i % 2 === 1 && fence && fence[1] === fence[2]) return part;
      return part
        .split(/(https?:\/\/[^\s<>`]+)/)
        .map((piece, j) => (j % 2 === 1 ? `<${piece}>` : piece.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`)))
        .join("");
    })
    .join("");
}
