import { typeOf } from "../model/shapes.js";
import type { ObjectType, TypeNode } from "../model/types.js";
import { code, codeList } from "./text.js";
import type { Change } from "./types.js";
import { framingOf, type Revision } from "./wire.js";

/**
 * A message that travels in its JSON-RPC envelope on one side only: it moved to where it is
 * carried inside another message (2026-07-28's `ElicitRequest`, an input request inside an
 * `input_required` result) or back. The envelope's own keys (`jsonrpc`, `id`) come and go with
 * that move, which its message entry tells: they are not properties removed from the message.
 */
export interface Reframing {
  envelope: string;
  /** The side on which the message is framed. */
  side: "before" | "after";
  /** The envelope's own keys that the other side's message does not declare. */
  keys: string[];
}

/** Messages of the methods with a message entry (`told`) whose framing comes or goes. */
export function reframings(before: Revision, after: Revision, told: Set<string>): Map<string, Reframing> {
  const found = new Map<string, Reframing>();
  for (const message of after.facts.messages) {
    const name = message.name;
    if (!told.has(message.method) || found.has(name) || !before.decls.has(name)) continue;
    const [old, now] = [framingOf(name, before), framingOf(name, after)];
    if (!old === !now) continue;
    const [side, framed, bare]: [Reframing["side"], Revision, Revision] = old ? ["before", before, after] : ["after", after, before];
    const envelope = (old ?? now)!;
    const declared = new Set(propertiesOf(typeOf(bare.decls.get(name)!, bare.decls)).map((p) => p.name));
    const keys = propertiesOf(typeOf(framed.decls.get(envelope)!, framed.decls))
      .filter((p) => !p.inheritedFrom && !declared.has(p.name))
      .map((p) => p.name);
    if (keys.length) found.set(name, { envelope, side, keys });
  }
  return found;
}

function propertiesOf(type: TypeNode): ObjectType["properties"] {
  return type.kind === "object" ? type.properties : [];
}

/** The message's shape without the envelope keys its move accounts for (on the framed side). */
export function unframed(type: TypeNode, reframing: Reframing | undefined, side: Reframing["side"]): TypeNode {
  if (!reframing || reframing.side !== side || type.kind !== "object") return type;
  const keys = new Set(reframing.keys);
  return { ...type, properties: type.properties.filter((p) => !keys.has(p.name)) };
}

/** The move entries say what became of the envelope (`…, without its envelope `JSONRPCRequest` (`jsonrpc`, `id`)`). */
export function tellReframings(changes: Change[], reframed: Map<string, Reframing>): Change[] {
  return changes.map((change) => {
    if (change.kind !== "message-moved") return change;
    const notes = change.types.flatMap((type) => {
      const r = reframed.get(type);
      if (!r) return [];
      const keys = `(${codeList(r.keys)})`;
      return [r.side === "before" ? `without its envelope ${code(r.envelope)} ${keys}` : `now in its own envelope ${code(r.envelope)} ${keys}`];
    });
    return notes.length ? { ...change, summary: `${change.summary}, ${[...new Set(notes)].join("; ")}` } : change;
  });
}
