import type { Facts } from "../model/analyze.js";
import { objectBehind } from "../model/derive.js";
import type { MethodFact, Surface } from "../model/surface.js";
import type { Declaration, TypeNode } from "../model/types.js";
import type { Emitter } from "./contract.js";

/**
 * What client.ts is generated from, all derived from the schema: one stub per request the
 * client party sends (named after its request type: `CallToolRequest` → `callTool`), the
 * result a stub resolves with (an interim `input_required` member of a result union is answered
 * by the client, not returned), the capability each handler stands for, and the paginated lists.
 */
export interface ClientView {
  revision: string;
  protocolVersion: string;
  revisionLiteral: string;
  protocolVersionLiteral: string;
  stubs: Stub[];
  /** Handler method → capability (`elicitation/create` → `elicitation`), as quoted key and value. */
  capabilities: Array<{ key: string; value: string }>;
  /** Paginated method → its items' property and type (`key`: the quoted method). */
  pages: Array<{ key: string; value: string; item: string }>;
  /** Type expressions for the options, with fallbacks when the revision lacks the declaration. */
  handlersType: string;
  /** The notifications other parties send the client. */
  notificationType: string;
  capabilitiesType: string;
  clientInfoType: string;
}

export interface Stub {
  name: string;
  method: string;
  /** The method as a quoted key. */
  key: string;
  /** The params type callers pass (before the envelope). */
  params: string;
  optional: boolean;
  /** The type of a complete result. */
  result: string;
  doc: string;
}

const quote = (text: string) => JSON.stringify(text);

/** Members of the client object that a stub may not take (and `then`, which would make it a thenable). */
const RESERVED = new Set(["request", "paginate", "pages", "listen", "open", "close", "server", "revision", "era", "protocolVersion", "then", "constructor"]);

/** `CallToolRequest` → `callTool`; else the method in camel case (`tools/call` → `toolsCall`); then `…Request` until free. */
export function stubName(requestType: string, method: string, taken: Set<string>): string {
  const camel = (text: string) => text.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase()).replace(/^[A-Z]/, (c) => c.toLowerCase());
  const identifier = (name: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
  const usable = (name: string) => identifier(name) && !RESERVED.has(name) && !taken.has(name);
  const candidates = [camel(requestType.replace(/Request$/, "")), camel(method)];
  let name = candidates.find(usable) ?? candidates.find(identifier) ?? `method${camel(method)}`;
  while (!usable(name)) name = `${name}Request`;
  taken.add(name);
  return name;
}

export function clientView({ model, surface, byName, protocolVersion: declared }: Facts): ClientView {
  const client = surface.parties.find((p) => p.id === "client");
  const taken = new Set<string>();
  const stubs = client
    ? surface.requests
        .filter((f) => f.senders.includes(client.id))
        .map((fact) => stubOf(fact, byName, taken))
    : [];
  const capabilityDecl = client ? byName.get(`${client.name}Capabilities`) : undefined;
  const capabilityKeys = new Set(capabilityDecl ? (objectBehind({ kind: "ref", name: capabilityDecl.name }, byName)?.properties ?? []).map((p) => p.name) : []);
  const capabilities = client
    ? handlerMethods(surface, client.id)
        .map((method) => ({ method, capability: method.split("/")[0]! }))
        .filter((c) => capabilityKeys.has(c.capability))
        .map((c) => ({ key: quote(c.method), value: quote(c.capability) }))
    : [];
  const revision = model.source.revision ?? declared ?? "unknown";
  const protocolVersion = declared ?? model.source.revision ?? "unknown";
  return {
    revision,
    protocolVersion,
    revisionLiteral: quote(revision),
    protocolVersionLiteral: quote(protocolVersion),
    stubs,
    capabilities,
    pages: stubs.flatMap((stub) => pageOf(surface, stub, byName)),
    handlersType: client ? `${client.name}Handlers<rt.HandlerContext>` : "{ [method: string]: never }",
    notificationType: client ? surface.parties.filter((p) => p.id !== client.id).map((p) => `NotificationMap[${p.name}NotificationMethod]["notification"]`).join(" | ") || "never" : "never",
    capabilitiesType: capabilityDecl ? `T.${capabilityDecl.name}` : "{ [key: string]: unknown }",
    clientInfoType: byName.has("Implementation") ? "T.Implementation" : "{ name: string; version: string }",
  };
}

/** The request methods some other party sends the client (what `ClientHandlers` covers). */
function handlerMethods(surface: Surface, client: string): string[] {
  const groups = surface.groups.filter((g) => g.kind === "request" && g.senders.some((s) => s !== client) && g.party !== client);
  return [...new Set(groups.flatMap((g) => g.methods))].sort();
}

function stubOf(fact: MethodFact, byName: ReadonlyMap<string, Declaration>, taken: Set<string>): Stub {
  const key = quote(fact.method);
  const shape = fact.params ? objectBehind(fact.params.type, byName) : undefined;
  const requiredKeys = shape ? shape.properties.filter((p) => !p.optional && p.name !== "_meta").length : 0;
  return {
    name: stubName(fact.messages[0]!, fact.method, taken),
    method: fact.method,
    key,
    params: fact.params ? `RequestMap[${key}]["params"]` : "Record<string, never> | undefined",
    optional: !fact.params || fact.params.optional || (shape !== undefined && requiredKeys === 0),
    result: completedResult(fact, byName) ?? `ResultOf<${key}>`,
    doc: `\`${fact.method}\` (${fact.messages.join(", ")}).`,
  };
}

/** The named members of a result type (a ref, or a union of refs). */
function resultMembers(fact: MethodFact, byName: ReadonlyMap<string, Declaration>): TypeNode[] | undefined {
  const result = fact.result;
  if (!result) return undefined;
  if (result.kind === "declaration") return [{ kind: "ref", name: result.name }];
  const type = objectBehind({ kind: "ref", name: result.name }, byName)?.properties.find((p) => p.name === "result")?.type;
  if (!type) return undefined;
  return type.kind === "union" ? type.members : [type];
}

/**
 * A complete result: the result's members minus the interim ones, those whose shape has
 * `inputRequests` (the multi round-trip pattern's field, which the client answers itself).
 */
function completedResult(fact: MethodFact, byName: ReadonlyMap<string, Declaration>): string | undefined {
  const members = resultMembers(fact, byName);
  if (!members?.every((m) => m.kind === "ref")) return undefined;
  const final = members.filter((m) => !objectBehind(m, byName)?.properties.some((p) => p.name === "inputRequests"));
  if (!final.length) return undefined;
  return final.map((m) => `T.${(m as { name: string }).name}`).join(" | ");
}

/**
 * A paginated list: its params take `cursor`, its one complete result carries `nextCursor` and
 * exactly one array (the items).
 */
function pageOf(surface: Surface, stub: Stub, byName: ReadonlyMap<string, Declaration>): ClientView["pages"] {
  const fact = surface.requests.find((f) => f.method === stub.method)!;
  const params = fact.params ? objectBehind(fact.params.type, byName) : undefined;
  if (!params?.properties.some((p) => p.name === "cursor")) return [];
  const members = resultMembers(fact, byName)?.filter((m) => !objectBehind(m, byName)?.properties.some((p) => p.name === "inputRequests"));
  if (members?.length !== 1 || members[0]!.kind !== "ref") return [];
  const result = objectBehind(members[0]!, byName);
  if (!result?.properties.some((p) => p.name === "nextCursor")) return [];
  const arrays = result.properties.filter((p) => p.name !== "_meta" && arrayBehind(p.type, byName));
  if (arrays.length !== 1) return [];
  const key = arrays[0]!.name;
  return [{ key: stub.key, value: quote(key), item: `NonNullable<T.${members[0]!.name}[${quote(key)}]>[number]` }];
}

function arrayBehind(type: TypeNode, byName: ReadonlyMap<string, Declaration>): boolean {
  let current: TypeNode | undefined = type;
  for (let hops = 0; current?.kind === "ref" && hops < 64; hops++) {
    const target = byName.get(current.name);
    current = target?.kind === "alias" ? target.type : undefined; // an interface is an object, not an array
  }
  return current?.kind === "array";
}

/** The import lines client.ts needs, read off its rendered body (unused imports do not compile). */
export function clientImports(body: string): string {
  const names = ["NotificationMap", "RequestMap", "ResultOf", ...new Set(body.match(/\b\w+NotificationMethod\b/g) ?? [])].filter((name) => new RegExp(`\\b${name}\\b`).test(body));
  const handlers = /\b(\w+Handlers)<rt\.HandlerContext>/.exec(body)?.[1];
  const lines = [`import { METHODS${[...(handlers ? [handlers] : []), ...names].map((n) => `, type ${n}`).join("")} } from "./methods.js";`];
  if (/\bT\./.test(body)) lines.unshift(`import type * as T from "./types.js";`);
  return lines.join("\n");
}

/** client.ts: the revision's typed client, a stub per request the client sends. */
export const emitClient: Emitter = (facts, { render }) => {
  const view = clientView(facts);
  const body = render("client.ts", { ...view, imports: "" });
  return [{ path: "client.ts", content: render("client.ts", { ...view, imports: clientImports(body) }) }];
};
