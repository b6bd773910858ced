import type { ChangeKind } from "./types.js";
import type { Decls } from "./values.js";

/**
 * Who a finding breaks, decided later from the types it occurs in: `senders` (a new
 * requirement), `receivers` (a widening), `both`, `none` (additive on the wire), or `type`
 * (no wire change at all: a type-level note).
 */
export type Effect = "senders" | "receivers" | "both" | "none" | "type";

/** Members added or removed: those that change the values admitted, and those that do not. */
export interface MemberChange {
  added: string[];
  removed: string[];
  /** Added or removed without changing the values the union admits (`"x"` beside `string`). */
  respelled: { added: string[]; removed: string[] };
  noun: string;
}

/** A change found in one declaration, before aggregation across declarations. */
export interface Finding {
  kind: ChangeKind;
  path: string;
  summary: string;
  before?: string;
  after?: string;
  effect: Effect;
  reason: string;
  /** For union-member changes: the members by name, so that message entries can absorb them. */
  members?: MemberChange;
}

/** A finding and the declaration it was found in. */
export type TypeFinding = Finding & { type: string };

/** State of one structural comparison. */
export interface Compare {
  before: Decls;
  after: Decls;
  out: Finding[];
  /** Pairs of named shapes being compared on the current path (recursion guard). */
  active: Set<string>;
}

export function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

/** Reasons, shared so that equal findings aggregate. */
export const REASONS = {
  added: "receivers must handle the new",
  removed: "senders may no longer send the removed",
  wider: "widened: receivers may get values they did not get before",
  narrower: "narrowed: senders may no longer send some values they could send before",
  incompatible: "changed: neither type contains the other, so senders and receivers must both adapt",
  same: "no wire change: both types admit the same JSON values; code written against the old type may need to change",
  subsumed: "no wire change: the union already admitted these values; only the TypeScript type changed",
} as const;
