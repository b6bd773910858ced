import type * as TypeScript from "typescript";
import type { Change, DiffReport } from "../diff/types.js";
import { clientView } from "../emit/client.js";
import { analyze } from "../model/analyze.js";
import type { SchemaModel } from "../model/types.js";
import type { Subject } from "./types.js";

// tsc's codes for "Type 'A' is missing the following properties from type 'B': x, y" (and "…, and N more").
const MISSING_PROPERTIES = new Set([2739, 2740]);

/** The names a diagnostic is about (its innermost message, down the first branch) and those of its whole chain. */
export function subjectOf(message: string | TypeScript.DiagnosticMessageChain, code: number): Subject {
  if (typeof message === "string") return { names: namesIn(message, code), context: namesIn(message, code) };
  let leaf = message;
  while (leaf.next?.length) leaf = leaf.next[0]!;
  return { names: namesIn(leaf.messageText, leaf.code), context: [...new Set(flatten(message).flatMap((m) => namesIn(m.messageText, m.code)))] };
}

function flatten(node: TypeScript.DiagnosticMessageChain): TypeScript.DiagnosticMessageChain[] {
  return [node, ...(node.next ?? []).flatMap(flatten)];
}

/**
 * The names in one message: quoted segments that are a name (`'ttlMs'`, `'Handler<"tools/list", Ctx>'` gives
 * `Handler`), string literals inside any quoted segment (`"tools/list"`), and the property list
 * that ends a "missing the following properties" message.
 */
function namesIn(text: string, code: number): string[] {
  const names: string[] = [];
  for (const [, segment] of text.matchAll(/'([^']*)'/g)) {
    const name = /^([A-Za-z_$][\w$]*)(?:<.*>)?$/.exec(segment!)?.[1];
    if (name) names.push(name);
    for (const [, literal] of segment!.matchAll(/"((?:[^"\\]|\\.)*)"/g)) names.push(literal!);
  }
  if (MISSING_PROPERTIES.has(code)) {
    const list = text.slice(text.lastIndexOf("': ") + 3).replace(/,? and \d+ more\.?$/, "");
    names.push(...list.split(", ").map((n) => n.trim()).filter(Boolean));
  }
  return names;
}

/** Matches compiler findings to the diff's entries, from the entries' own names, types, paths and methods. */
export class Explainer {
  private readonly methods: Map<string, string>[];
  /** The client's stub of each method on the older side (`resources/subscribe` → `subscribe`): the name the user's calls use. */
  private readonly stubs: Map<string, string>;

  constructor(
    private readonly report: DiffReport,
    before: SchemaModel,
    after: SchemaModel,
  ) {
    this.methods = [before, after].map((model) => analyze(model).protocol.methodOf);
    this.stubs = new Map(clientView(analyze(before)).stubs.map((stub) => [stub.method, stub.name]));
  }

  /**
   * The entry whose own name (a method, a property's last segment, a type, a constant) is what
   * the diagnostic is about, preferring the one whose types, group or methods appear around it;
   * ties go to the diff's order. Entries that change nothing a compiler can see (additions,
   * deprecations, respellings) are never candidates.
   */
  explain(subject: Subject): Change | null {
    const [about, around] = [new Set(subject.names), new Set(subject.context)];
    let best: { entry: Change; score: number } | undefined;
    for (const entry of this.report.changes) {
      if (!visible(entry) || !this.ownNames(entry).some((n) => about.has(n))) continue;
      const score = 1 + (this.contextOf(entry).some((n) => around.has(n)) ? 1 : 0);
      if (!best || score > best.score) best = { entry, score };
    }
    return best?.entry ?? null;
  }

  private ownNames(entry: Change): string[] {
    return ownNames(entry, this.stubs);
  }

  private contextOf(entry: Change): string[] {
    const methods = entry.types.flatMap((t) => this.methods.map((m) => m.get(t)).filter((m): m is string => m !== undefined));
    return [entry.group, ...entry.types, ...entry.group.split(", "), ...methods];
  }
}

/** An entry that can break compiling code: it breaks a party on the wire, or removes or renames something. */
function visible(entry: Change): boolean {
  return entry.breaking.length > 0 || entry.kind.endsWith("-removed") || entry.kind === "type-renamed";
}

/** What an entry is about, by name: its method (and its client stub), its property's last segment (a whole `_meta` key), or its types. */
function ownNames(entry: Change, stubs: Map<string, string>): string[] {
  if (entry.kind.startsWith("message-")) return [entry.group, ...(stubs.has(entry.group) ? [stubs.get(entry.group)!] : [])];
  if (entry.kind.startsWith("property-")) {
    const meta = entry.path.lastIndexOf("_meta.");
    const last = meta >= 0 ? entry.path.slice(meta + "_meta.".length) : (entry.path.split(".").at(-1) ?? "");
    return [last.replace(/\[\]$/, "")];
  }
  return entry.types;
}
