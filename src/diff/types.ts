/** A semantic difference between two schema models. Plain data: rendered as text, md or json. */
export type ChangeKind =
  | "message-added"
  | "message-removed"
  | "type-added"
  | "type-removed"
  | "property-added"
  | "property-removed"
  | "property-optionality"
  | "property-type"
  | "property-values"
  | "property-constraints"
  | "union-members"
  | "deprecated-added"
  | "deprecated-removed"
  | "error-code-added"
  | "error-code-removed"
  | "error-code-renumbered"
  | "constant-added"
  | "constant-removed"
  | "constant-changed";

export interface Change {
  kind: ChangeKind;
  /** Where it is reported: a method (`tools/call`) or, for other declarations, the type name. */
  group: string;
  /** Declarations the change applies to (one change for all types that inherit it). */
  types: string[];
  /** Property path inside the types (`completion.values`, `roots[]`), or "" for the type itself. */
  path: string;
  /** What changed, in one line. */
  summary: string;
  before?: string;
  after?: string;
  /** The parties (lower-case plural, e.g. `clients`) whose existing code this breaks; [] = additive. */
  breaking: string[];
  /** Why it breaks (or why not), in one line. */
  reason: string;
}

export interface DiffReport {
  from: { revision: string | null; sha256: string };
  to: { revision: string | null; sha256: string };
  summary: { total: number; additive: number; breaking: Record<string, number> };
  changes: Change[];
}
