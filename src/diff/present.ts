import type { Change, DiffReport } from "./types.js";

/** What the text and markdown renderings share: labels, the headline, sections, shown values. */

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

/** A long type string cut to `max` characters, with an ellipsis. */
export function shorten(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
