import type { Constant, SchemaModel } from "../model/types.js";
import { byText } from "../model/order.js";
import { declarationFindings, findRenames, type Rename } from "./declarations.js";
import { reframings, tellReframings } from "./framing.js";
import { aggregate } from "./group.js";
import { Impact } from "./impact.js";
import { absorb, messageStory, type MessageStory } from "./messages.js";
import { noteFilledFields, resultChanges } from "./results.js";
import { withRules } from "./rules.js";
import { code } from "./text.js";
import type { Change, ChangeScope, DiffReport, MethodRow } from "./types.js";
import { methodOf, revisionOf, type Revision } from "./wire.js";

/** The semantic diff of two models: every change, classified on the wire, in a deterministic order. */
export function diffModels(before: SchemaModel, after: SchemaModel): DiffReport {
  const sides = { before: revisionOf(before), after: revisionOf(after) };
  const impact = new Impact(sides.before, sides.after);
  const renames = findRenames(sides.before, sides.after);
  const story = messageStory(sides.before, sides.after, impact);
  const reframed = reframings(sides.before, sides.after, story.methods);
  const findings = noteFilledFields(absorb(declarationFindings(sides.before, sides.after, renames, reframed), story, sides.before, sides.after), sides.after);
  const found = [
    ...tellReframings(story.changes, reframed),
    ...aggregate(findings, { ...sides, impact }),
    ...resultChanges(sides.before, sides.after, impact),
    ...renames.map((r) => renameChange(r, sides.before, sides.after)),
    ...constantChanges(sides.before, sides.after, impact),
  ];
  const changes = withRules(found.sort(compareChanges));
  return {
    from: sourceOf(before),
    to: sourceOf(after),
    parties: impact.sectionOrder(),
    summary: summarise(changes, impact.sectionOrder()),
    methods: methodRows(story, changes, sides.after, impact),
    changes,
  };
}

function sourceOf(model: SchemaModel): DiffReport["from"] {
  return { revision: model.source.revision, sha256: model.source.sha256 };
}

function renameChange(rename: Rename, before: Revision, after: Revision): Change {
  const method = methodOf(rename.to, before, after) ?? methodOf(rename.from, before, after);
  return {
    kind: "type-renamed",
    level: "type",
    scope: method ? "method" : "type",
    group: method ?? rename.to,
    types: [rename.from, rename.to],
    path: "",
    summary: `type ${code(rename.from)} renamed to ${code(rename.to)}`,
    before: rename.from,
    after: rename.to,
    breaking: [],
    reason: "the same shape under a new name: messages are unchanged, code that names the old type must change",
  };
}

function constantChanges(before: Revision, after: Revision, impact: Impact): Change[] {
  const errorNames = new Set([...before.facts.errorCodes, ...after.facts.errorCodes].map((c) => c.name));
  const afterByName = new Map(after.model.constants.map((c) => [c.name, c]));
  const beforeByName = new Map(before.model.constants.map((c) => [c.name, c]));
  const make = (kind: Change["kind"], c: Constant, summary: string, breaking: string[], reason: string, values: { before?: string; after?: string }): Change => {
    const error = errorNames.has(c.name);
    return { kind, level: "wire", scope: error ? "error-code" : "constant", group: error ? "error codes" : "constants", types: [c.name], path: "", summary, breaking, reason, ...values };
  };
  const changes: Change[] = [];
  for (const c of before.model.constants) {
    const next = afterByName.get(c.name);
    const [error, value] = [errorNames.has(c.name), JSON.stringify(c.value)];
    const what = `${error ? "error code" : "constant"} ${code(c.name)}`;
    if (!next) changes.push(make(error ? "error-code-removed" : "constant-removed", c, `${what} (${value}) removed`, impact.all(), "code that sends or matches it must change", { before: value }));
    else if (next.value !== c.value) {
      const reason = error ? "senders and receivers must use the new number" : "peers must agree on the new value";
      changes.push(make(error ? "error-code-renumbered" : "constant-changed", c, `${what}: ${value} → ${JSON.stringify(next.value)}`, impact.all(), reason, { before: value, after: JSON.stringify(next.value) }));
    }
  }
  for (const c of after.model.constants.filter((c) => !beforeByName.has(c.name))) {
    const error = errorNames.has(c.name);
    const summary = `${error ? "error code" : "constant"} ${code(c.name)} (${JSON.stringify(c.value)}) added`;
    changes.push(make(error ? "error-code-added" : "constant-added", c, summary, [], "new", { after: JSON.stringify(c.value) }));
  }
  return changes;
}

const SCOPE_ORDER: ChangeScope[] = ["method", "type", "error-code", "constant"];
const KIND_ORDER: Change["kind"][] = [
  "message-removed", "message-moved", "message-added", "type-removed", "type-renamed", "type-added", "union-members", "property-removed",
  "property-added", "property-optionality", "property-type", "property-values", "property-constraints", "deprecated-added",
  "deprecated-removed", "error-code-removed", "error-code-renumbered", "error-code-added", "constant-removed", "constant-changed", "constant-added",
];

/** Methods first, then types, error codes, constants; within a group, message entries first. */
function compareChanges(a: Change, b: Change): number {
  return (
    SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope) ||
    byText(a.group, b.group) ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    byText(a.path, b.path) ||
    byText(a.types.join(), b.types.join()) ||
    byText(a.summary, b.summary)
  );
}

/** The report's counts; `breaking` per party label (each change counted once per party it breaks). */
export function summarise(changes: Change[], parties: readonly string[]): DiffReport["summary"] {
  const wire = changes.filter((c) => c.level === "wire");
  const breaking = Object.fromEntries(parties.map((label) => [label, changes.filter((c) => c.breaking.includes(label)).length]));
  return {
    total: changes.length,
    breakingChanges: wire.filter((c) => c.breaking.length).length,
    additive: wire.filter((c) => !c.breaking.length).length,
    typeLevel: changes.filter((c) => c.level === "type").length,
    renames: changes.filter((c) => c.kind === "type-renamed").length,
    breaking,
  };
}

/** The methods table: entries of the message story, plus "changed" for wire changes under a method. */
function methodRows(story: MessageStory, changes: Change[], after: Revision, impact: Impact): MethodRow[] {
  const rows = new Map([...story.rows].map(([method, row]) => [method, { ...row, directions: { ...row.directions } }]));
  for (const change of changes) {
    if (change.scope !== "method" || change.level !== "wire" || change.kind.startsWith("message-")) continue;
    const messages = after.facts.messages.filter((m) => m.method === change.group);
    if (!messages.length) continue;
    const row = rows.get(change.group) ?? { method: change.group, kind: messages[0]!.kind, directions: {}, breaking: [] };
    for (const party of new Set(messages.flatMap((m) => (m.senders.length ? m.senders : impact.parties)))) row.directions[impact.label(party)] ??= "changed";
    row.breaking = [...new Set([...row.breaking, ...change.breaking])].sort(byText);
    rows.set(change.group, row);
  }
  return [...rows.values()].sort((a, b) => byText(a.method, b.method));
}
