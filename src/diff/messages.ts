import { byText } from "../model/order.js";
import type { TypeFinding } from "./findings.js";
import type { Impact } from "./impact.js";
import { code, wordList } from "./text.js";
import type { Change, MethodRow } from "./types.js";
import { hasMembers, unionChange } from "./unions.js";
import type { Revision } from "./wire.js";

/** How a method travels in one revision: per sending party, the groups it is a member of. */
interface Ways {
  kind: "request" | "notification";
  names: string[];
  groups: Map<string, string[]>;
}

/**
 * One entry per method and kind of change, per direction: a request or notification added,
 * removed (entirely, or by one party), or moved between groups (`ServerRequest` → `InputRequest`).
 * An entry also tells the addition or removal of the method's own types (`…Request`, `…Params`,
 * `…Result`) and its membership of the message and result unions, which are not reported again.
 */
export interface MessageStory {
  changes: Change[];
  rows: Map<string, MethodRow>;
  absorbedTypes: Set<string>;
  methods: Set<string>;
}

function waysOf(revision: Revision, impact: Impact): Map<string, Ways> {
  const ways = new Map<string, Ways>();
  for (const message of revision.facts.messages) {
    const entry: Ways = ways.get(message.method) ?? { kind: message.kind, names: [], groups: new Map() };
    if (!entry.names.includes(message.name)) entry.names.push(message.name);
    for (const party of message.senders.length ? message.senders : impact.parties) {
      entry.groups.set(party, [...(entry.groups.get(party) ?? []), message.group].sort(byText));
    }
    ways.set(message.method, entry);
  }
  return ways;
}

export function messageStory(before: Revision, after: Revision, impact: Impact): MessageStory {
  const [wb, wa] = [waysOf(before, impact), waysOf(after, impact)];
  const story: MessageStory = { changes: [], rows: new Map(), absorbedTypes: new Set(), methods: new Set() };
  for (const method of [...new Set([...wb.keys(), ...wa.keys()])].sort(byText)) {
    const [old, now] = [wb.get(method), wa.get(method)];
    const parties = [...new Set([...(old?.groups.keys() ?? []), ...(now?.groups.keys() ?? [])])].sort(byText);
    const groups = (ways: Ways | undefined, party: string) => ways?.groups.get(party)?.join(", ");
    const lost = parties.filter((p) => groups(old, p) && !groups(now, p));
    const gained = parties.filter((p) => !groups(old, p) && groups(now, p));
    const moved = parties.filter((p) => groups(old, p) && groups(now, p) && groups(old, p) !== groups(now, p));
    const context = { method, kind: (now ?? old)!.kind, old, now, impact };
    if (lost.length) record(story, context, removedEntry(context, lost, absorbable(before, after, method, !now)), lost, "removed");
    if (gained.length) record(story, context, addedEntry(context, gained, absorbable(after, before, method, !old)), gained, "added");
    if (moved.length) record(story, context, movedEntry(context, moved), moved, "moved");
  }
  return story;
}

interface EntryContext {
  method: string;
  kind: "request" | "notification";
  old: Ways | undefined;
  now: Ways | undefined;
  impact: Impact;
}

/** The method's own declarations that exist on one side only (told by a whole-method entry). */
function absorbable(side: Revision, other: Revision, method: string, whole: boolean): string[] {
  if (!whole) return [];
  return [...side.decls.keys()].filter((name) => side.facts.methodOf.get(name) === method && !other.decls.has(name));
}

function record(story: MessageStory, cx: EntryContext, change: Change, parties: string[], status: "added" | "removed" | "moved"): void {
  story.changes.push(change);
  story.methods.add(cx.method);
  for (const type of change.types) story.absorbedTypes.add(type);
  const row = story.rows.get(cx.method) ?? { method: cx.method, kind: cx.kind, directions: {}, breaking: [] };
  for (const party of parties) row.directions[cx.impact.label(party)] = status;
  row.breaking = [...new Set([...row.breaking, ...change.breaking])].sort(byText);
  story.rows.set(cx.method, row);
}

function entry(cx: EntryContext, fields: Pick<Change, "kind" | "types" | "summary" | "breaking" | "reason"> & { before?: string; after?: string }): Change {
  const types = [...new Set(fields.types)].sort(byText);
  return { level: "wire", scope: "method", group: cx.method, path: "", ...fields, types };
}

function partiesText(cx: EntryContext, parties: string[]): string {
  return wordList(parties.map((p) => cx.impact.label(p)));
}

function groupsOf(ways: Ways | undefined, parties: string[]): string {
  return [...new Set(parties.flatMap((p) => ways?.groups.get(p) ?? []))].sort(byText).join(", ");
}

function broken(cx: EntryContext, senders: string[]): string[] {
  const parties = cx.kind === "request" ? senders : cx.impact.receiversOf(senders);
  return parties.map((p) => cx.impact.label(p));
}

function removedEntry(cx: EntryContext, lost: string[], absorbed: string[]): Change {
  const whole = !cx.now;
  const summary = whole
    ? `${cx.kind} ${code(cx.method)} removed (was sent by ${partiesText(cx, lost)})`
    : `${cx.kind} ${code(cx.method)} no longer sent by ${partiesText(cx, lost)}`;
  const reason = cx.kind === "request" ? "senders can no longer make this request" : "receivers no longer get this notification";
  const after = whole ? {} : { after: groupsOf(cx.now, [...cx.now!.groups.keys()]) };
  return entry(cx, { kind: "message-removed", types: [...cx.old!.names, ...absorbed], summary, breaking: broken(cx, lost), reason, before: groupsOf(cx.old, lost), ...after });
}

function addedEntry(cx: EntryContext, gained: string[], absorbed: string[]): Change {
  const whole = !cx.old;
  const summary = whole
    ? `${cx.kind} ${code(cx.method)} added (sent by ${partiesText(cx, gained)})`
    : `${cx.kind} ${code(cx.method)} now also sent by ${partiesText(cx, gained)}`;
  const reason = cx.kind === "request" ? "new: receivers may implement it, senders may use it" : "new: receivers may handle it";
  return entry(cx, { kind: "message-added", types: [...cx.now!.names, ...absorbed], summary, breaking: [], reason, after: groupsOf(cx.now, gained) });
}

function movedEntry(cx: EntryContext, moved: string[]): Change {
  const [from, to] = [groupsOf(cx.old, moved), groupsOf(cx.now, moved)];
  const summary = `${cx.kind} ${code(cx.method)} moved from ${code(from)} to ${code(to)} (sent by ${partiesText(cx, moved)})`;
  const reason = cx.kind === "request" ? "senders must send it the new way: the old way is gone" : "receivers no longer get it the old way";
  return entry(cx, { kind: "message-moved", types: cx.now!.names, summary, breaking: broken(cx, moved), reason, before: from, after: to });
}

/**
 * Drops what a message entry already tells: the addition or removal of the method's own types,
 * and members of message and result unions that belong to a method with an entry.
 */
export function absorb(findings: TypeFinding[], story: MessageStory, before: Revision, after: Revision): TypeFinding[] {
  const groups = new Set<string>();
  for (const revision of [before, after]) {
    for (const message of revision.facts.messages) groups.add(message.group);
    for (const party of revision.facts.parties) groups.add(`${party}Result`);
  }
  const told = (member: string, side: Revision) => story.methods.has(side.facts.methodOf.get(member) ?? "");
  const kept: TypeFinding[] = [];
  for (const finding of findings) {
    if ((finding.kind === "type-added" || finding.kind === "type-removed") && story.absorbedTypes.has(finding.type)) continue;
    if (!finding.members || finding.path !== "" || !groups.has(finding.type)) {
      kept.push(finding);
      continue;
    }
    const drop = (names: string[], side: Revision) => names.filter((m) => !told(m, side));
    const { added, removed, respelled } = finding.members;
    const members = { ...finding.members, added: drop(added, after), removed: drop(removed, before), respelled: { added: drop(respelled.added, after), removed: drop(respelled.removed, before) } };
    if (hasMembers(members)) kept.push({ ...finding, ...unionChange("union members", members), members });
  }
  return kept;
}
