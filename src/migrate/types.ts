import type { Change } from "../diff/types.js";

/** What `mcp-gen migrate` reports: a place in the user's code that breaks on the newer output. */
export interface MigrateItem {
  /** Relative to the project (the tsconfig's folder), with `/` separators. */
  file: string;
  /** 1-based, as the compiler prints them. */
  line: number;
  column: number;
  /** `type-error`: the compiler's diagnostic (or an excess key it would report later); `literal`: a value whose meaning changed. */
  kind: "type-error" | "literal";
  message: string;
  /** The diff entry that explains the item, or null when none does. */
  change: MigrateChange | null;
}

/** The part of a diff entry an item carries (`mcp-gen diff --format json` has the whole entry). */
export interface MigrateChange {
  rule: string;
  fingerprint: string;
  summary: string;
  breaking: string[];
}

export interface MigrateReport {
  from: string;
  to: string;
  items: MigrateItem[];
  /** What changes beyond the project's code (an era no longer served), when anything does. */
  notes?: string[];
}

/** An item before its diff entry is attached: `entry` when it was found from one, `subject` for the compiler's diagnostics. */
export interface FoundItem {
  file: string;
  line: number;
  column: number;
  kind: MigrateItem["kind"];
  message: string;
  /** Set by the finders that start from a diff entry (literals, excess handler keys). */
  entry?: Change | null;
  /** What a compiler diagnostic is about, for matching it to a diff entry (see explain.ts). */
  subject?: Subject;
}

/** Names read from a compiler diagnostic: those it is about (its innermost message) and those around it. */
export interface Subject {
  /** Identifiers and string literals of the innermost message (a missing or unknown property, a member). */
  names: string[];
  /** Identifiers and string literals of the whole message chain (the types and methods it passes through). */
  context: string[];
}

export function changeOf(entry: Change): MigrateChange {
  return { rule: entry.rule ?? entry.kind, fingerprint: entry.fingerprint ?? "", summary: entry.summary, breaking: entry.breaking };
}
