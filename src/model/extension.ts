import { analyze, type Facts } from "./analyze.js";
import { objectBehind } from "./derive.js";
import { byText } from "./order.js";
import { propertyBehind } from "./properties.js";
import { typeOf } from "./shapes.js";
import type { MethodFact, Surface } from "./surface.js";
import type { Declaration, ExtensionFacet, SchemaModel, TypeNode } from "./types.js";

/**
 * What an extension's emitters read (SEP-2133), derived from its schema's shapes and the core's
 * facts, never from a list of names:
 * - a *message* is one of its declarations with a string-literal `method`. One built on the core's
 *   JSON-RPC envelope (it carries `jsonrpc`) travels between the core's parties: a request when it
 *   carries a required `id`, a notification otherwise. One without the envelope (`{ method, params }`
 *   only) travels elsewhere, between parties the core does not know (an app's view and its host,
 *   over postMessage): a request when named `…Request` (the core's convention, as for results),
 *   a notification otherwise, and sent by no core party, so no client calls it and no server
 *   answers it;
 * - a request's *result* is `XResult` beside `XRequest` (the core's own convention), else the
 *   core's base result;
 * - a *widening result* is a result-shaped declaration (every property of the core's base result,
 *   its required ones pinned to literals: `resultType: "task"`) that none of its requests answers:
 *   a core method may answer it instead of its own result once the extension is negotiated;
 * - its *capability* is its one declaration named `…Capability`; a party's own capability is its
 *   one declaration named after the core's capabilities of that party (`…ClientCapabilities`).
 * Senders: requests come from the core parties that send request groups of their own (a client);
 * notifications from the parties that serve them (the others), or any party when it has no requests.
 */
export interface ExtensionFacts {
  facet: ExtensionFacet;
  /** The folder name: the identifier's name part (`tasks` of `io.modelcontextprotocol/tasks`). */
  name: string;
  /** The analysis of core and extension together: shapes and references resolve across both. */
  facts: Facts;
  /** The extension's own declarations, in source order. */
  own: Declaration[];
  owned: ReadonlySet<string>;
  /** Its methods, in the core surface's shape (parties and groups are the core's). */
  surface: Surface;
  widening: string[];
  capability: string | undefined;
  /** A party's own capability declaration, by party id (`client`), when the extension types one. */
  partyCapabilities: Record<string, string>;
}

export function analyzeExtension(core: SchemaModel, extension: SchemaModel): ExtensionFacts {
  const facet = extension.extension;
  if (!facet) throw new Error("analyzeExtension: not an extension's model");
  const combined: SchemaModel = { ...extension, declarations: [...core.declarations, ...extension.declarations] };
  const facts = analyze(combined);
  const coreSurface = analyze(core).surface;
  const owned = new Set(extension.declarations.map((d) => d.name));
  const requesters = [...new Set(coreSurface.groups.filter((g) => g.kind === "request" && g.party).map((g) => g.party!))].sort(byText);
  const servers = coreSurface.parties.map((p) => p.id).filter((id) => !requesters.includes(id));
  const messages = messagesOf(extension.declarations, facts.byName);
  const base = coreSurface.baseResult;
  const notifiers = requesters.length ? servers : coreSurface.parties.map((p) => p.id);
  const requests = messages.filter((m) => m.kind === "request").map((m) => methodFact(m, facts.byName, owned, m.wire ? requesters : [], base?.name));
  const notifications = messages.filter((m) => m.kind === "notification").map((m) => methodFact(m, facts.byName, owned, m.wire ? notifiers : []));
  const answered = new Set(requests.flatMap((r) => (r.result ? [r.result.name] : [])));
  const isMessage = new Set(messages.map((m) => m.name));
  const widening = base ? extension.declarations.filter((d) => !answered.has(d.name) && !isMessage.has(d.name) && widens(d, base, facts.byName)).map((d) => d.name) : [];
  const capabilities = extension.declarations.filter((d) => d.name.endsWith("Capability")).map((d) => d.name);
  const surface: Surface = {
    parties: coreSurface.parties,
    requests,
    notifications,
    groups: [],
    errors: { codes: extension.constants.filter(isErrorCode).map((c) => ({ name: c.name, value: c.value as number })), pinned: [] },
    ...(base ? { baseResult: base } : {}),
  };
  const partyCapabilities = partyCapabilitiesOf(extension.declarations, facts.server.types);
  return { facet, name: facet.id.slice(facet.id.indexOf("/") + 1), facts, own: extension.declarations, owned, surface, widening, capability: capabilities.length === 1 ? capabilities[0] : undefined, partyCapabilities };
}

/** Per core party, the one extension declaration named after that party's core capabilities (`McpUiClientCapabilities`). */
function partyCapabilitiesOf(declarations: Declaration[], types: Facts["server"]["types"]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [party, core] of [["client", types.clientCapabilities], ["server", types.serverCapabilities]] as const) {
    const named = core ? declarations.filter((d) => d.name.endsWith(core) && d.name !== core) : [];
    if (named.length === 1) found[party] = named[0]!.name;
  }
  return found;
}

interface ExtensionMessage {
  name: string;
  method: string;
  kind: "request" | "notification";
  /** Built on the core's JSON-RPC envelope: it travels between the core's parties. */
  wire: boolean;
}

function messagesOf(declarations: Declaration[], byName: ReadonlyMap<string, Declaration>): ExtensionMessage[] {
  const messages: ExtensionMessage[] = [];
  for (const declaration of declarations) {
    const self: TypeNode = { kind: "ref", name: declaration.name };
    const method = propertyBehind(self, "method", byName);
    if (method?.type.kind !== "literal" || typeof method.type.value !== "string") continue;
    const wire = propertyBehind(self, "jsonrpc", byName) !== undefined;
    const id = propertyBehind(self, "id", byName);
    const request = wire ? id !== undefined && !id.optional : declaration.name.endsWith("Request");
    messages.push({ name: declaration.name, method: method.type.value, kind: request ? "request" : "notification", wire });
  }
  return messages.sort((a, b) => byText(a.method, b.method));
}

function methodFact(message: ExtensionMessage, byName: ReadonlyMap<string, Declaration>, owned: ReadonlySet<string>, senders: string[], baseResult?: string): MethodFact {
  const params = propertyBehind({ kind: "ref", name: message.name }, "params", byName);
  const own = `${message.name.replace(/Request$/, "")}Result`;
  const result = message.kind !== "request" ? undefined : owned.has(own) ? own : baseResult;
  return {
    method: message.method,
    messages: [message.name],
    ...(params ? { params: { type: params.type, optional: params.optional } } : {}),
    ...(result ? { result: { kind: "declaration", name: result } as const } : {}),
    senders,
    groups: [],
  };
}

/** Result-shaped: every property of the base result, and its required ones pinned to a literal in every member. */
function widens(declaration: Declaration, base: { name: string; required: string[] }, byName: ReadonlyMap<string, Declaration>): boolean {
  const baseShape = objectBehind({ kind: "ref", name: base.name }, byName);
  const type = typeOf(declaration, byName);
  const members = type.kind === "union" ? type.members : [type];
  if (!baseShape || !base.required.length) return false;
  return members.every((member) => {
    const shape = objectBehind(member, byName);
    if (!shape) return false;
    const names = new Set(shape.properties.map((p) => p.name));
    if (!baseShape.properties.every((p) => names.has(p.name))) return false;
    return base.required.every((key) => shape.properties.find((p) => p.name === key)?.type.kind === "literal");
  });
}

const JSON_RPC_ERROR_RANGE = { min: -32768, max: -32000 };

function isErrorCode(c: { value: string | number | boolean }): boolean {
  return typeof c.value === "number" && Number.isInteger(c.value) && c.value >= JSON_RPC_ERROR_RANGE.min && c.value <= JSON_RPC_ERROR_RANGE.max;
}
