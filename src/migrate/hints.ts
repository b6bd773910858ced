import type { Change, DiffReport } from "../diff/types.js";
import { REASONS } from "../diff/findings.js";
import { code, codeList } from "../diff/text.js";
import { RUNTIME_CODES } from "./meanings.js";
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
  if (/-property-(type|values|constraints)-changed$/.test(rule)) return entry ? typeHint(entry, names) : `make the values of ${names} fit the new type`;
  if (rule.startsWith("union-member")) return "handle the members added, drop the members removed";
  if (rule === "error-code-removed") return "stop sending or matching this code";
  if (rule === "error-code-changed") return entry ? codeHint(entry) : "use the new number";
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

/**
 * A property's type changed. Widened (a reader may now get any value the new type admits): narrow
 * it before reading from it; a property no longer declared, now under its parent's index signature
 * (src/diff/shapes.ts words the summary so), is read with bracket access, or
 * `noPropertyAccessFromIndexSignature` refuses the dotted read.
 */
function typeHint(entry: Change, names: string): string {
  if (entry.reason !== REASONS.wider) return `make the values of ${names} fit the new type`;
  const after = entry.after === undefined ? "" : ` (${code(entry.after)} now)`;
  const narrow = "narrow it before reading from it (`typeof v === \"object\" && v !== null && \"key\" in v`, or parse it with a schema)";
  if (!entry.summary.includes("folded into the index signature")) return `${code(entry.path)} may hold any value its new type admits${after}: ${narrow}`;
  const parts = entry.path.split(".");
  const bracket = `${parts.slice(0, -1).join(".")}[${JSON.stringify(parts.at(-1))}]`;
  return `${code(entry.path)} is no longer declared: read it with bracket access, ${code(bracket)}${after}, and ${narrow}`;
}

/**
 * A renumbered code. One the schema declares is a constant of the output's `ErrorCode`; one the
 * runtime answers by era (meanings.ts) is in no constant, so the hint gives the number to write.
 */
function codeHint(entry: Change): string {
  const name = entry.types[0] ?? entry.group;
  const [before, after] = [entry.before ?? "the old number", entry.after ?? "the new one"];
  if (entry.group !== RUNTIME_CODES) return `use ${code(`ErrorCode.${name}`)} (now ${after}) instead of the number ${before}`;
  return `write ${after} where ${before} is written: the output's \`ErrorCode\` has no ${code(name)} (the runtime answers it by era); code that calls servers of both eras tests for both numbers`;
}
