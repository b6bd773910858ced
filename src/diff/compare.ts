import { deriveProtocol, type Message, type ProtocolFacts } from "../model/protocol.js";
import type { Constant, Declaration, SchemaModel } from "../model/types.js";
import { tsType } from "../emit/types.js";
import { byText } from "../model/order.js";
import { Impact } from "./impact.js";
import { compareObjects, compareTypes, setChange, type Finding, type Sides } from "./properties.js";
import type { Change, DiffReport } from "./types.js";

/** The semantic diff of two models: every change, classified, in a deterministic order. */
export function diffModels(before: SchemaModel, after: SchemaModel): DiffReport {
  const facts = { before: deriveProtocol(before), after: deriveProtocol(after) };
  const impact = new Impact(facts.before, facts.after);
  const sides: Sides = { before: byName(before), after: byName(after), impact, entered: new Set() };
  const changes = [
    ...messageChanges(facts.before, facts.after, impact),
    ...aggregate(declarationFindings(sides), sides, facts),
    ...constantChanges(before.constants, after.constants, facts, impact),
  ].sort(compareChanges);
  return { from: sourceOf(before), to: sourceOf(after), summary: summarise(changes, impact), changes };
}

function byName(model: SchemaModel): Map<string, Declaration> {
  return new Map(model.declarations.map((d) => [d.name, d]));
}

function sourceOf(model: SchemaModel): DiffReport["from"] {
  return { revision: model.source.revision, sha256: model.source.sha256 };
}

function messageChanges(before: ProtocolFacts, after: ProtocolFacts, impact: Impact): Change[] {
  const key = (m: Message) => `${m.method}\u0000${m.group}`;
  const afterKeys = new Set(after.messages.map(key));
  const beforeKeys = new Set(before.messages.map(key));
  const describe = (m: Message) => `${m.kind} \`${m.method}\` (${m.group}, sent by ${m.senders.map((s) => impact.label(s)).join(" and ") || "no known party"})`;
  const changes: Change[] = [];
  for (const m of before.messages.filter((m) => !afterKeys.has(key(m)))) {
    const breaking = m.kind === "request" ? m.senders.map((s) => impact.label(s)) : impact.otherThan(m.senders);
    const reason = m.kind === "request" ? "senders can no longer make this request" : "receivers no longer get this notification";
    changes.push({ kind: "message-removed", group: m.method, types: [m.name], path: "", summary: `${describe(m)} removed`, breaking: breaking.length ? breaking : impact.all(), reason });
  }
  for (const m of after.messages.filter((m) => !beforeKeys.has(key(m)))) {
    const reason = m.kind === "request" ? "receivers may implement it; senders may use it" : "receivers may handle it";
    changes.push({ kind: "message-added", group: m.method, types: [m.name], path: "", summary: `${describe(m)} added`, breaking: [], reason });
  }
  return changes;
}

type TypeFinding = Finding & { type: string };

function declarationFindings(sides: Sides): TypeFinding[] {
  const findings: TypeFinding[] = [];
  const all = (type: string) => (): string[] => sides.impact.of([type], { senders: true, receivers: true });
  for (const [name, a] of sides.before) {
    const b = sides.after.get(name);
    if (!b) {
      findings.push({ type: name, kind: "type-removed", path: "", summary: `type \`${name}\` removed`, before: a.kind, breaking: all(name), reason: "code and messages that use it must change" });
      continue;
    }
    const out: Finding[] = [];
    compareDeclaration(a, b, sides, out);
    findings.push(...out.map((f) => ({ ...f, type: name })));
  }
  for (const [name, b] of sides.after) {
    if (!sides.before.has(name)) findings.push({ type: name, kind: "type-added", path: "", summary: `type \`${name}\` added`, after: b.kind, breaking: () => [], reason: "new" });
  }
  return findings;
}

function compareDeclaration(a: Declaration, b: Declaration, sides: Sides, out: Finding[]): void {
  if ((a.doc.deprecated !== undefined) !== (b.doc.deprecated !== undefined)) {
    const now = b.doc.deprecated !== undefined;
    out.push({ kind: now ? "deprecated-added" : "deprecated-removed", path: "", summary: `type \`${b.name}\` ${now ? "deprecated" : "no longer deprecated"}`, ...(now && b.doc.deprecated ? { after: b.doc.deprecated.split("\n")[0] } : {}), breaking: () => [], reason: now ? "still valid; plan to stop using it" : "informational" });
  }
  const members = (d: Declaration) => {
    if (d.type.kind === "ref") return [d.type.name]; // a group of one
    return d.type.kind === "union" && d.type.members.every((m) => m.kind === "ref") ? d.type.members.map((m) => tsType(m)) : undefined;
  };
  const [membersA, membersB] = [members(a), members(b)];
  if (membersA && membersB) return compareUnionMembers(membersA, membersB, sides, out);
  if (a.type.kind === "object" && b.type.kind === "object") return compareObjects("", a.type, b.type, sides, out);
  compareTypes("", a.type, b.type, sides, out);
}

function compareUnionMembers(a: string[], b: string[], sides: Sides, out: Finding[]): void {
  const change = setChange(a, b, sides, "members");
  if (change) out.push({ kind: "union-members", path: "", ...change, summary: `union members: ${change.summary}`, before: a.join(" | "), after: b.join(" | ") });
}

/** One change per distinct finding, listing every type it occurs in (e.g. an inherited property). */
function aggregate(findings: TypeFinding[], sides: Sides, facts: { before: ProtocolFacts; after: ProtocolFacts }): Change[] {
  const groups = new Map<string, TypeFinding[]>();
  for (const finding of findings) {
    const key = JSON.stringify([finding.kind, finding.path, finding.summary, finding.before, finding.after]);
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return [...groups.values()].map((same) => {
    const types = same.map((f) => f.type).sort(byText);
    const { type: _type, breaking, ...rest } = same[0]!;
    return { ...rest, group: groupOf(types, rest.path, sides, facts), types, breaking: breaking(types) };
  });
}

/** A method when the types belong to one; else the base type that declares the property. */
function groupOf(types: string[], path: string, sides: Sides, facts: { before: ProtocolFacts; after: ProtocolFacts }): string {
  const methods = new Set(types.map((t) => facts.after.methodOf.get(t) ?? facts.before.methodOf.get(t)));
  if (methods.size === 1 && [...methods][0]) return [...methods][0]!;
  const top = path.split(".")[0]!;
  for (const side of [sides.after, sides.before]) {
    const declaration = side.get(types[0]!);
    const property = declaration?.type.kind === "object" ? declaration.type.properties.find((p) => p.name === top) : undefined;
    if (property?.inheritedFrom && types.length > 1) return property.inheritedFrom;
  }
  return types[0]!;
}

function constantChanges(before: Constant[], after: Constant[], facts: { before: ProtocolFacts; after: ProtocolFacts }, impact: Impact): Change[] {
  const errorNames = new Set([...facts.before.errorCodes, ...facts.after.errorCodes].map((c) => c.name));
  const afterByName = new Map(after.map((c) => [c.name, c]));
  const beforeByName = new Map(before.map((c) => [c.name, c]));
  const changes: Change[] = [];
  const make = (kind: Change["kind"], name: string, summary: string, breaking: string[], reason: string, values: { before?: string; after?: string }): Change => ({ kind, group: errorNames.has(name) ? "error codes" : "constants", types: [name], path: "", summary, breaking, reason, ...values });
  for (const c of before) {
    const next = afterByName.get(c.name);
    const error = errorNames.has(c.name);
    const what = error ? "error code" : "constant";
    if (!next) changes.push(make(error ? "error-code-removed" : "constant-removed", c.name, `${what} \`${c.name}\` (${JSON.stringify(c.value)}) removed`, impact.all(), "code that sends or matches it must change", { before: JSON.stringify(c.value) }));
    else if (next.value !== c.value) changes.push(make(error ? "error-code-renumbered" : "constant-changed", c.name, `${what} \`${c.name}\`: ${JSON.stringify(c.value)} → ${JSON.stringify(next.value)}`, impact.all(), error ? "senders and receivers must use the new number" : "peers must agree on the new value", { before: JSON.stringify(c.value), after: JSON.stringify(next.value) }));
  }
  for (const c of after.filter((c) => !beforeByName.has(c.name))) {
    const error = errorNames.has(c.name);
    changes.push(make(error ? "error-code-added" : "constant-added", c.name, `${error ? "error code" : "constant"} \`${c.name}\` (${JSON.stringify(c.value)}) added`, [], "new", { after: JSON.stringify(c.value) }));
  }
  return changes;
}

const KIND_ORDER: Change["kind"][] = [
  "message-removed", "message-added", "type-removed", "type-added", "union-members", "property-removed", "property-added",
  "property-optionality", "property-type", "property-values", "property-constraints", "deprecated-added", "deprecated-removed",
  "error-code-removed", "error-code-renumbered", "error-code-added", "constant-removed", "constant-changed", "constant-added",
];

function compareChanges(a: Change, b: Change): number {
  return byText(a.group, b.group) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || byText(a.path, b.path) || byText(a.types.join(), b.types.join()) || byText(a.summary, b.summary);
}

function summarise(changes: Change[], impact: Impact): DiffReport["summary"] {
  const breaking = Object.fromEntries(impact.all().map((label) => [label, changes.filter((c) => c.breaking.includes(label)).length]));
  return { total: changes.length, additive: changes.filter((c) => !c.breaking.length).length, breaking };
}
