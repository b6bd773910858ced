import type { Change, DiffReport } from "../diff/types.js";
import { code, codeList } from "../diff/text.js";
import type { MigrateChange } from "./types.js";

/**
 * One line per rule saying what to do. Rules are mcp-gen's own ids (src/diff/rules.ts: kind,
 * role, direction); the names in a hint come from the entries (the properties added to the
 * same types, the constant), never from a list here.
 */
export function fixHint(change: MigrateChange | null, report: DiffReport): string {
  if (!change) return "no diff entry explains this: read the message, and the generated code it names";
  const entry = report.changes.find((c) => c.fingerprint === change.fingerprint);
  const rule = change.rule;
  const names = entry ? codeList(siblingNames(entry, report)) : "the property";
  if (rule === "method-removed") return "remove the handler or the call: the newer revision has no such method (or not from this sender)";
  if (rule === "method-moved") return "the method is carried another way now (the entry says where): handle or send it there";
  if (rule === "result-property-required-added") return `add ${names} (or declare with the factories, which fill them)`;
  if (rule.endsWith("-property-required-added")) return `add ${names}`;
  if (rule.endsWith("-property-removed")) return `stop writing or reading ${names}`;
  if (rule.endsWith("-property-optionality-changed")) return `${names}: supply it where it became required, handle its absence where it became optional`;
  if (/-property-(type|values|constraints)-changed$/.test(rule)) return `make the values of ${names} fit the new type`;
  if (rule.startsWith("union-member")) return "handle the members added, drop the members removed";
  if (rule === "error-code-removed") return "stop sending or matching this code";
  if (rule === "error-code-changed") return "use the new number (the output's error-code constants carry it)";
  if (rule === "constant-changed" || rule === "constant-removed") return `use the output's constant instead of the value written by hand${entry ? ` (${code(entry.types.join(", "))})` : ""}`;
  if (rule === "type-removed") return "stop naming the type";
  if (rule === "type-renamed") return "import the type under its new name";
  return "update the code to the entry's change";
}

/** The property names of the entries with the same rule under the same group (`ttlMs` and `cacheScope` of CacheableResult). */
function siblingNames(entry: Change, report: DiffReport): string[] {
  const siblings = report.changes.filter((c) => c.rule === entry.rule && c.group === entry.group && c.kind === entry.kind);
  return [...new Set(siblings.map((c) => c.path.split(".").at(-1) ?? c.path).filter(Boolean))];
}
