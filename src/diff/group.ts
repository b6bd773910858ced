import { byText } from "../model/order.js";
import { typeOf } from "../model/shapes.js";
import { unseenBaseChange } from "./bases.js";
import type { Effect, TypeFinding } from "./findings.js";
import type { Impact } from "./impact.js";
import type { Change, ChangeScope } from "./types.js";
import { ancestorsOf, methodOf, type Revision } from "./wire.js";

interface Sides {
  before: Revision;
  after: Revision;
  impact: Impact;
}

interface Placement {
  scope: ChangeScope;
  group: string;
  types: string[];
}

/**
 * One change per distinct finding, listing every declaration it occurs in (a property that
 * several types inherit is one change), placed under a heading that tells the truth:
 * - the method, when all those types belong to one (`CallToolRequest`, `CallToolResult`…);
 * - else the base they inherit the property from, when that base itself changed the same way or
 *   exists on one side only (`Result` gaining `resultType`, a new `CacheableResult`);
 * - else one change per method, plus one for the types that belong to no method.
 */
export function aggregate(findings: TypeFinding[], sides: Sides): Change[] {
  const groups = new Map<string, TypeFinding[]>();
  for (const finding of findings) {
    const key = JSON.stringify([finding.kind, finding.path, finding.summary, finding.before, finding.after, finding.effect, finding.reason]);
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  const changes: Change[] = [];
  for (const same of groups.values()) {
    const { type: _type, effect, members: _members, ...rest } = same[0]!;
    const types = [...new Set(same.map((f) => f.type))].sort(byText);
    for (const placement of place(types, rest.path, sides)) changes.push(noteUnseen(classify({ ...rest, ...placement }, effect, sides.impact), sides));
  }
  return changes;
}

/** Wire or type level, and who breaks: only the types whose shape is on the wire count. */
function classify(change: Omit<Change, "level" | "breaking">, effect: Effect, impact: Impact): Change {
  const wire = change.types.filter((t) => impact.onWire(t));
  if (effect === "type") return { ...change, level: "type", breaking: [] };
  if (!wire.length) {
    const reason = "no wire change: only declarations that other types extend changed; the messages built on them are the same";
    return { ...change, level: "type", breaking: [], reason };
  }
  return { ...change, level: "wire", breaking: impact.of(wire, effect) };
}

/** A change no concrete message sees (an abstract base's property every message redeclares) is a note. */
function noteUnseen(change: Change, sides: Sides): Change {
  if (change.level !== "wire" || !unseenBaseChange(change.types, change.path, sides.before, sides.after)) return change;
  const reason = "no wire change: only abstract bases changed; every concrete message declares this property itself";
  return { ...change, level: "type", breaking: [], reason };
}

function place(types: string[], path: string, sides: Sides): Placement[] {
  const methods = types.map((t) => methodOf(t, sides.before, sides.after));
  if (methods[0] && methods.every((m) => m === methods[0])) return [{ scope: "method", group: methods[0], types }];
  const base = commonBase(types, path, sides);
  if (base) return [{ scope: "type", group: base, types }];
  const byMethod = new Map<string, string[]>();
  const rest: string[] = [];
  types.forEach((t, i) => (methods[i] ? byMethod.set(methods[i]!, [...(byMethod.get(methods[i]!) ?? []), t]) : rest.push(t)));
  const placements: Placement[] = [...byMethod].map(([method, list]) => ({ scope: "method", group: method, types: list }));
  if (rest.length) placements.push({ scope: "type", group: rest.join(", "), types: rest });
  return placements;
}

/** The declaration these types got the changed property from, when naming it is truthful. */
function commonBase(types: string[], path: string, sides: Sides): string | undefined {
  if (types.length < 2) return undefined;
  const top = path.split(".")[0]!.replace(/\[\]$/, "");
  const sources = types.map((t) => {
    for (const side of [sides.after, sides.before]) {
      const declaration = side.decls.get(t);
      const type = declaration && typeOf(declaration, side.decls);
      const property = type?.kind === "object" ? type.properties.find((p) => p.name === top) : undefined;
      if (property) return property.inheritedFrom ?? t;
    }
    return undefined;
  });
  const source = sources[0];
  const shared = source && sources.every((s) => s === source);
  if (shared && (types.includes(source) || !sides.before.decls.has(source) || !sides.after.decls.has(source))) return source;
  return types.find((candidate) =>
    types.every((t) => t === candidate || ancestorsOf(t, sides.after.decls).has(candidate) || ancestorsOf(t, sides.before.decls).has(candidate)),
  );
}
