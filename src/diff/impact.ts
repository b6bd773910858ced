import type { ProtocolFacts } from "../model/protocol.js";

/**
 * Who a change breaks, from who sends and who receives the changed type: a new requirement
 * breaks senders (their messages are no longer valid); a removal or widening breaks receivers
 * (they can no longer rely on what they read). Types no party's messages reach count as sent
 * and received by every party.
 */
export class Impact {
  readonly parties: string[];

  constructor(private readonly before: ProtocolFacts, private readonly after: ProtocolFacts) {
    const parties = [...new Set([...before.parties, ...after.parties])].sort();
    // A schema without Client…/Server… groups still has peers on both ends of every message.
    this.parties = parties.length ? parties : ["Peer"];
  }

  label(party: string): string {
    return `${party.toLowerCase()}s`;
  }

  sendersOf(type: string): string[] {
    const senders = new Set([...(this.before.senders.get(type) ?? []), ...(this.after.senders.get(type) ?? [])]);
    return senders.size ? [...senders].sort() : this.parties;
  }

  receiversOf(type: string): string[] {
    const receivers = new Set<string>();
    for (const sender of this.sendersOf(type)) {
      const others = this.parties.filter((p) => p !== sender);
      for (const party of others.length ? others : [sender]) receivers.add(party);
    }
    return [...receivers].sort();
  }

  /** Labels (`clients`, `servers`) for parties of the given types' senders and/or receivers. */
  of(types: string[], who: { senders?: boolean; receivers?: boolean }): string[] {
    const parties = new Set<string>();
    for (const type of types) {
      if (who.senders) for (const p of this.sendersOf(type)) parties.add(p);
      if (who.receivers) for (const p of this.receiversOf(type)) parties.add(p);
    }
    return [...parties].sort().map((p) => this.label(p));
  }

  all(): string[] {
    return this.parties.map((p) => this.label(p));
  }

  /** The parties other than these senders. */
  otherThan(senders: string[]): string[] {
    const others = this.parties.filter((p) => !senders.includes(p));
    return (others.length ? others : senders).map((p) => this.label(p));
  }
}
