import { createHash } from "node:crypto";
import type { Change } from "./types.js";

/**
 * Stable rule ids in oasdiff's spirit (`method-removed`, `result-property-required-added`,
 * `error-code-changed`, `union-member-added`), derived from a change's kind, the role of the
 * declarations it touches (their names end in Result, Params, Request or Notification) and, for
 * properties and unions, the direction the summary states. No list of spec names is involved.
 */
export function ruleOf(change: Change): string {
  const where = roleOf(change);
  switch (change.kind) {
    case "message-added":
    case "message-removed":
    case "message-moved":
      return `method-${change.kind.slice("message-".length)}`;
    case "property-added":
      return `${where}-property-${/^required /.test(change.summary) ? "required" : "optional"}-added`;
    case "property-removed":
      return `${where}-property-removed`;
    case "property-optionality":
    case "property-type":
    case "property-values":
    case "property-constraints":
      return `${where}-${change.kind}-changed`;
    case "union-members":
      return unionRule(change.summary);
    case "error-code-renumbered":
      return "error-code-changed";
    default:
      return change.kind;
  }
}

function unionRule(summary: string): string {
  const [added, removed] = [/\badded\b/.test(summary), /\bremoved\b/.test(summary)];
  if (added && !removed) return "union-member-added";
  if (removed && !added) return "union-member-removed";
  return "union-members-changed";
}

/** `result`, `params`, `request` or `notification` when every touched type is one, else `type`. */
function roleOf(change: Change): string {
  if (change.path === "result" || change.path.startsWith("result.")) return "result";
  for (const role of ["Result", "Params", "Request", "Notification"]) {
    if (change.types.every((t) => t.endsWith(role))) return role.toLowerCase();
  }
  return "type";
}

/** Where a change is: its group, then the property path inside it (`CacheableResult.ttlMs`, `ping`). */
export function locationOf(change: Change): string {
  return change.path ? `${change.group}.${change.path}` : change.group;
}

/** The first 12 hex characters of sha256(`rule:path`), the path being the change's location. */
export function fingerprintOf(rule: string, location: string): string {
  return createHash("sha256").update(`${rule}:${location}`).digest("hex").slice(0, 12);
}

/** Every change with its rule id and fingerprint, in place of the same order. */
export function withRules(changes: Change[]): Change[] {
  return changes.map((change) => {
    const rule = ruleOf(change);
    return { ...change, rule, fingerprint: fingerprintOf(rule, locationOf(change)) };
  });
}
