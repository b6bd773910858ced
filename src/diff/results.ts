import { byText } from "../model/order.js";
import { propertyBehind } from "../model/properties.js";
import { analyze } from "../model/analyze.js";
import type { ResultFact } from "../model/surface.js";
import type { TypeNode } from "../model/types.js";
import type { MemberChange, TypeFinding } from "./findings.js";
import type { Impact } from "./impact.js";
import { code, typeText } from "./text.js";
import type { Change } from "./types.js";
import { unionChange } from "./unions.js";
import { admits, unionLeaves, type Decls } from "./values.js";
import { ancestorsOf, type Revision } from "./wire.js";

/**
 * What a request may be answered with, compared per method where the two revisions take it from
 * different declarations: 2026-07-28 answers `tools/call` with its `CallToolResultResponse`'s
 * `result`, `CallToolResult | InputRequiredResult`, where 2025-11-25 answered with a
 * `CallToolResult`. No declaration comparison sees that (the response type is new), yet a
 * receiver that does not handle the new member breaks. Members are matched by name and by the
 * values the other side admits; members of the same name are compared as declarations already.
 * A result's receivers are the request's senders.
 */
export function resultChanges(before: Revision, after: Revision, impact: Impact): Change[] {
  const old = new Map(analyze(before.model).surface.requests.map((f) => [f.method, f.result]));
  const changes: Change[] = [];
  for (const fact of analyze(after.model).surface.requests) {
    const [was, now] = [old.get(fact.method), fact.result];
    if (!was || !now || (was.kind === now.kind && was.name === now.name)) continue;
    const change = resultChange(fact.method, { node: resultType(was, before.decls), decls: before.decls }, { node: resultType(now, after.decls), decls: after.decls });
    if (!change) continue;
    const requesters = requestSenders(fact.method, after, impact);
    const parties = change.effect === "receivers" ? requesters : change.effect === "senders" ? impact.receiversOf(requesters) : [...requesters, ...impact.receiversOf(requesters)];
    const breaking = [...new Set(parties.map((p) => impact.label(p)))].sort(byText);
    const { effect: _effect, ...rest } = change;
    changes.push({ ...rest, level: "wire", scope: "method", group: fact.method, types: [now.name], path: now.kind === "response" ? "result" : "", breaking });
  }
  return changes;
}

function resultType(fact: ResultFact, decls: Decls): TypeNode {
  const ref: TypeNode = { kind: "ref", name: fact.name };
  return fact.kind === "response" ? (propertyBehind(ref, "result", decls)?.type ?? ref) : ref;
}

interface Side {
  node: TypeNode;
  decls: Decls;
}

/** Members added (not admitted before) and removed (not admitted now); none: no entry. */
function resultChange(method: string, was: Side, now: Side): (Omit<Change, "level" | "scope" | "group" | "types" | "path" | "breaking"> & { effect: string }) | undefined {
  const [oldMembers, newMembers] = [unionLeaves(was.node, was.decls), unionLeaves(now.node, now.decls)];
  const named = (members: TypeNode[]) => new Set(members.flatMap((m) => (m.kind === "ref" ? [m.name] : [])));
  const [oldNames, newNames] = [named(oldMembers), named(newMembers)];
  const added = newMembers.filter((m) => !(m.kind === "ref" && oldNames.has(m.name)) && !admits(was, { node: m, decls: now.decls }));
  const removed = oldMembers.filter((m) => !(m.kind === "ref" && newNames.has(m.name)) && !admits(now, { node: m, decls: was.decls }));
  if (!added.length && !removed.length) return undefined;
  const members: MemberChange = { added: added.map(typeText), removed: removed.map(typeText), respelled: { added: [], removed: [] }, noun: "members" };
  return { kind: "union-members", ...unionChange(`result of ${code(method)}`, members), before: typeText(was.node), after: typeText(now.node) };
}

/** The parties that send the method's request in the newer revision (every party when none is named). */
function requestSenders(method: string, after: Revision, impact: Impact): string[] {
  const senders = new Set(after.facts.messages.filter((m) => m.method === method).flatMap((m) => m.senders));
  return senders.size ? [...senders].sort(byText) : impact.parties;
}

/**
 * A required property added to the base result that every result extends (`resultType`): the
 * servers and clients mcp-gen generates fill it in for handlers that leave it out (the surface's
 * `baseResult.required`, as methods.ts types the handlers), so the break is for hand-written senders.
 */
export function noteFilledFields(findings: TypeFinding[], after: Revision): TypeFinding[] {
  const base = analyze(after.model).surface.baseResult;
  if (!base?.required.length) return findings;
  const filled = new Set(base.required);
  const onBase = (type: string) => type === base.name || ancestorsOf(type, after.decls).has(base.name);
  return findings.map((f) =>
    f.kind === "property-added" && f.effect === "senders" && filled.has(f.path) && onBase(f.type)
      ? { ...f, reason: `${f.reason}; the dispatchers mcp-gen generates fill it in for handlers that leave it out` }
      : f,
  );
}
