import { fingerprintOf } from "../diff/rules.js";
import type { Change, DiffReport } from "../diff/types.js";
import { analyze } from "../model/analyze.js";
import type { SchemaModel } from "../model/types.js";
import type { EraConstant } from "./eras.js";

/** What a literal value meant on the older side and why it no longer does: the entry that says so, if any. */
export interface Meaning {
  entry: Change | null;
  message: string;
}

/** Literal values whose meaning changed between the two sides, by value. */
export interface Meanings {
  numbers: Map<number, Meaning>;
  strings: Map<string, Meaning>;
}

export interface Sides {
  from: { label: string; model: SchemaModel; era: string };
  to: { label: string; model: SchemaModel; era: string };
}

/**
 * Everything here comes from the diff's entries and the two models: methods the newer side no
 * longer has (a moved method keeps its name and meaning), error codes removed or renumbered,
 * constants changed or removed (`LATEST_PROTOCOL_VERSION`'s value), namespaced `_meta` keys whose
 * entry breaks someone, and the runtime's numbers whose era changed (no entry: see eras.ts).
 * The first entry (in the diff's order) that explains a value wins.
 */
export function meaningsOf(report: DiffReport, sides: Sides, eraCodes: EraConstant[]): Meanings {
  const meanings: Meanings = { numbers: new Map(), strings: new Map() };
  const add = <K>(map: Map<K, Meaning>, key: K, meaning: Meaning) => void (map.has(key) || map.set(key, meaning));
  const methodsAfter = new Set(analyze(sides.to.model).protocol.messages.map((m) => m.method));
  for (const method of new Set(analyze(sides.from.model).protocol.messages.map((m) => m.method))) {
    if (methodsAfter.has(method)) continue;
    const entry = report.changes.find((c) => c.scope === "method" && c.group === method && c.kind.startsWith("message-")) ?? null;
    add(meanings.strings, method, { entry, message: `method "${method}" does not exist in ${sides.to.label}` });
  }
  for (const change of report.changes) {
    const before = change.before === undefined ? undefined : parsed(change.before);
    if (/^(error-code|constant)-(removed|renumbered|changed)$/.test(change.kind) && before !== undefined) {
      const after = change.after === undefined ? undefined : parsed(change.after);
      const what = `${change.scope === "error-code" ? "error code" : "constant"} ${change.types.join(", ")}`;
      const message = `${JSON.stringify(before)} is ${what}, ${after === undefined ? `which ${sides.to.label} no longer has` : `which is ${JSON.stringify(after)} in ${sides.to.label}`}`;
      if (typeof before === "number") add(meanings.numbers, before, { entry: change, message });
      if (typeof before === "string") add(meanings.strings, before, { entry: change, message });
    }
    const key = metaKeyOf(change);
    if (key !== undefined && change.breaking.length) add(meanings.strings, key, { entry: change, message: `_meta key "${key}": ${plain(change.summary)} in ${sides.to.label}` });
  }
  if (sides.from.era !== sides.to.era) {
    for (const constant of eraCodes) {
      const [before, after] = [constant.values[sides.from.era]!, constant.values[sides.to.era]!];
      if (before === after) continue;
      const message = `${before} is what the generated runtime sends as ${constant.name} on ${sides.from.label} (${sides.from.era} era); on ${sides.to.label} (${sides.to.era} era) it sends ${after}`;
      add(meanings.numbers, before, { entry: runtimeCodeChange(constant.name, before, after, sides), message });
    }
  }
  return meanings;
}

/**
 * The entry for a code the generated runtime answers with by era. The schemas' diff has none (the
 * prose defines it), so it is made here, with the same rule id and fingerprint scheme as the
 * diff's own `error-code-renumbered` entries: `error-code-changed`, sha256 of
 * `error-code-changed:<constant>`.
 */
/** The group of the entries made for the runtime's codes by era (none of the schema's constants holds them). */
export const RUNTIME_CODES = "codes the runtime answers by era";

function runtimeCodeChange(name: string, before: number, after: number, sides: Sides): Change {
  const rule = "error-code-changed";
  return {
    kind: "error-code-renumbered",
    level: "wire",
    scope: "error-code",
    group: RUNTIME_CODES,
    types: [name],
    path: "",
    summary: `\`${name}\` is ${after} on ${sides.to.label} (${sides.to.era} era), ${before} on ${sides.from.label} (as the generated runtime answers)`,
    before: JSON.stringify(before),
    after: JSON.stringify(after),
    breaking: ["clients", "servers"],
    reason: "a client that tests for the old code misses the error; a server that sends it by hand sends what the newer revision does not define",
    rule,
    fingerprint: fingerprintOf(rule, name),
  };
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** A namespaced `_meta` key (`io.modelcontextprotocol/protocolVersion`) that an entry's path ends in. */
function metaKeyOf(change: Change): string | undefined {
  const at = change.path.indexOf("_meta.");
  if (at < 0 || (at > 0 && change.path[at - 1] !== ".")) return undefined;
  const key = change.path.slice(at + "_meta.".length);
  return key.includes("/") ? key : undefined;
}

/** A diff summary without its markdown code spans. */
export function plain(summary: string): string {
  return summary.replace(/`+ ?([^`]*?) ?`+/g, "$1");
}
