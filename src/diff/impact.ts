import { byText } from "../model/order.js";
import type { Effect } from "./findings.js";
import type { Revision } from "./wire.js";

/**
 * Who a change breaks. Senders and receivers come from each revision on its own: a party
 * breaks as a sender of a type only if it sends that type in both revisions (it has existing
 * code that the change affects); when no party does (the type changed hands), the newer
 * revision's senders count. A new requirement breaks senders; a widening breaks receivers.
 * Types that no party's messages reach (JSON-RPC envelopes, error types) count as sent and
 * received by every party.
 */
export class Impact {
  readonly parties: string[];

  constructor(private readonly before: Revision, private readonly after: Revision) {
    const parties = [...new Set([...before.facts.parties, ...after.facts.parties])].sort(byText);
    // A schema without Client…/Server… groups still has peers on both ends of every message.
    this.parties = parties.length ? parties : ["Peer"];
  }

  label(party: string): string {
    return `${party.toLowerCase()}s`;
  }

  all(): string[] {
    return this.parties.map((p) => this.label(p));
  }

  /** Is the declaration's shape on the wire in either revision? */
  onWire(type: string): boolean {
    return this.before.wire.has(type) || this.after.wire.has(type);
  }

  sendersOf(type: string): string[] {
    const [before, after] = [this.sendersIn(this.before, type), this.sendersIn(this.after, type)];
    if (!before || !after) return before ?? after ?? [];
    const both = before.filter((p) => after.includes(p));
    return both.length ? both : after;
  }

  private sendersIn(revision: Revision, type: string): string[] | undefined {
    if (!revision.wire.has(type)) return undefined;
    const senders = revision.facts.senders.get(type) ?? [];
    return senders.length ? senders : revision.facts.parties.length ? revision.facts.parties : this.parties;
  }

  /** The parties that receive what these parties send. */
  receiversOf(senders: string[]): string[] {
    const receivers = new Set<string>();
    for (const sender of senders) {
      const others = this.parties.filter((p) => p !== sender);
      for (const party of others.length ? others : [sender]) receivers.add(party);
    }
    return [...receivers].sort(byText);
  }

  /** Labels of the parties a finding with this effect breaks, over the given (wire) types. */
  of(types: string[], effect: Effect): string[] {
    if (effect === "none" || effect === "type") return [];
    const parties = new Set<string>();
    for (const type of types) {
      const senders = this.sendersOf(type);
      if (effect !== "receivers") for (const p of senders) parties.add(p);
      if (effect !== "senders") for (const p of this.receiversOf(senders)) parties.add(p);
    }
    return [...parties].sort(byText).map((p) => this.label(p));
  }

  /** Labels of the parties, the one that receives the most requests first (the server, in MCP). */
  sectionOrder(): string[] {
    const received = (party: string) =>
      [this.after, this.before].map((r) => r.facts.messages.filter((m) => m.kind === "request" && !m.senders.includes(party)).length);
    return [...this.parties]
      .sort((a, b) => {
        const [ra, rb] = [received(a), received(b)];
        return rb[0]! - ra[0]! || rb[1]! - ra[1]! || byText(a, b);
      })
      .map((p) => this.label(p));
  }
}
