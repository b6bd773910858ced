/** A semantic difference between two schema models. Plain data: rendered as text, md or json. */
export type ChangeKind =
  | "message-added"
  | "message-removed"
  | "message-moved"
  | "type-added"
  | "type-removed"
  | "type-renamed"
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
  | "constant-changed"
  /** A catalog's tool, prompt or argument: its description, title or annotations changed (a note: what a model reads). */
  | "description-changed";

/**
 * `wire`: what a message may contain changed (or a method, error code or constant did).
 * `type`: only the declarations changed — a type was added, removed or renamed, a property moved
 * between a base and its subtypes, a type was respelled with the same values. Messages are the
 * same; only code that names the types may need to change. Type-level notes break nobody.
 */
export type ChangeLevel = "wire" | "type";

/** What `group` names: a method, a type (or several, comma-separated), error codes, constants. */
export type ChangeScope = "method" | "type" | "error-code" | "constant";

export interface Change {
  kind: ChangeKind;
  level: ChangeLevel;
  scope: ChangeScope;
  /** Where it is reported: a method (`tools/call`), a type name, `error codes` or `constants`. */
  group: string;
  /** Declarations the change applies to (one change for all types that inherit it); complete. */
  types: string[];
  /** Property path inside the types (`completion.values`, `roots[]`), or "" for the type itself. */
  path: string;
  /** What changed, in one line (code in markdown code spans). */
  summary: string;
  before?: string;
  after?: string;
  /** The parties (lower-case plural, e.g. `clients`) whose existing code this breaks; [] = additive or type-level. */
  breaking: string[];
  /** Why it breaks (or why not), in one line. */
  reason: string;
  /** Stable rule id (`method-removed`, `result-property-required-added`…), set on every entry of a report (rules.ts). */
  rule?: string;
  /** First 12 hex characters of sha256(`${rule}:${location}`), location = group, then `.path` when there is one. */
  fingerprint?: string;
}

/** What happened to a method in one direction (keyed by the sending party). */
export type MethodStatus = "added" | "removed" | "moved" | "changed";

export interface MethodRow {
  method: string;
  kind: "request" | "notification";
  /** Per sending party (`clients`, `servers`): what happened to the method when that party sends it. */
  directions: Record<string, MethodStatus>;
  /** Parties broken by any change reported under this method. */
  breaking: string[];
}

export interface DiffReport {
  from: { revision: string | null; sha256: string };
  to: { revision: string | null; sha256: string };
  /** The parties, in the order release notes list them (the one that receives the most requests first). */
  parties: string[];
  /**
   * `total` = `breakingChanges` + `additive` + `typeLevel`. `breaking` counts per party: a change
   * that breaks two parties counts for each, so those counts can add up to more than
   * `breakingChanges`. `renames` are among the type-level notes.
   */
  summary: {
    total: number;
    breakingChanges: number;
    additive: number;
    typeLevel: number;
    renames: number;
    breaking: Record<string, number>;
  };
  /** Methods added, removed, moved or changed, per direction. */
  methods: MethodRow[];
  changes: Change[];
}
