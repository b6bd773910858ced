import { declarationMap } from "./lookup.js";
import { objectBehind } from "./derive.js";
import { propertyBehind } from "./properties.js";
import { typeOf } from "./shapes.js";
import { byText } from "./order.js";
import type { Message, ProtocolFacts } from "./protocol.js";
import type { Declaration, ObjectType, Property, SchemaModel, TypeNode } from "./types.js";

/**
 * The protocol surface of a revision, derived from shapes and names of the schema only: what
 * methods.ts and errors.ts are generated from, and what servers and clients build on.
 */
export interface Surface {
  /** Parties: the schema's prefix (`Client`) and its lower-case id (`client`). */
  parties: Array<{ name: string; id: string }>;
  requests: MethodFact[];
  notifications: MethodFact[];
  /** Message groups (`ClientRequest`, `InputRequest`…) with their methods. */
  groups: GroupFact[];
  errors: ErrorFacts;
  /** The base result every result extends, and its required properties (`resultType`). */
  baseResult?: { name: string; required: string[] };
}

export interface MethodFact {
  method: string;
  /** The message declarations (one in practice; several are united). */
  messages: string[];
  /** The `params` property: how it is typed, and whether it is optional. Absent: no params. */
  params?: { type: TypeNode; optional: boolean };
  /** For requests: the declaration typing a successful response's `result`. */
  result?: ResultFact;
  /**
   * For requests whose response admits more than the method's own result (e.g. `CallToolResult |
   * InputRequiredResult`): the `XResult` declaration a complete answer must be.
   */
  complete?: string;
  /**
   * For those requests, the other member of the response's result union (`InputRequiredResult`):
   * what an answer whose `resultType` is not complete must be.
   */
  inputRequired?: string;
  /** Parties that send it (lower-case). */
  senders: string[];
  groups: string[];
}

/**
 * Where a request's result type comes from: the `result` property of its `…ResultResponse`
 * declaration, its `…Result` declaration by name, or the revision's empty result.
 */
export type ResultFact = { kind: "response"; name: string } | { kind: "declaration"; name: string };

export interface GroupFact {
  name: string;
  kind: "request" | "notification";
  /** The party named by the group's prefix, or undefined (an input group such as `InputRequest`). */
  party?: string;
  /** Parties that send the group's messages (lower-case). */
  senders: string[];
  methods: string[];
}

export interface ErrorFacts {
  /** Error-code constants: name and value. */
  codes: Array<{ name: string; value: number }>;
  /** Declarations that pin an error code, and where their error object is. */
  pinned: PinnedError[];
  /** The generic error response (`JSONRPCErrorResponse`), if the revision declares one. */
  response?: { name: string; jsonrpc: string | undefined };
}

export interface PinnedError {
  /** The declaration: an error object (`ParseError`) or an error response (`HeaderMismatchError`). */
  name: string;
  code: number;
  /** "object": the declaration is the error object; "response": its `error` property is. */
  kind: "object" | "response";
  /** The error object has a `data` property (required or not). */
  hasData: boolean;
}

/** The surface of a model, from its protocol facts: called by the analysis alone (analyze.ts), once per model. */
export function surfaceOf(model: SchemaModel, facts: ProtocolFacts): Surface {
  const byName = declarationMap(model.declarations);
  const lower = (party: string) => party.toLowerCase();
  const base = baseResultOf(model.declarations, byName, new Set(facts.messages.map((m) => m.name)));
  const emptyResult = base && emptyResultOf(model.declarations, base);
  const requests = methodFacts(facts.messages.filter((m) => m.kind === "request"), byName, lower, emptyResult);
  const notifications = methodFacts(facts.messages.filter((m) => m.kind === "notification"), byName, lower, undefined);
  const baseShape = base ? objectBehind({ kind: "ref", name: base }, byName) : undefined;
  return {
    parties: facts.parties.map((name) => ({ name, id: lower(name) })),
    requests,
    notifications,
    groups: groupsOf(facts.messages, facts.parties, lower),
    errors: errorFacts(model, facts.errorCodes.map((c) => ({ name: c.name, value: c.value as number })), byName),
    ...(base && baseShape ? { baseResult: { name: base, required: baseShape.properties.filter((p) => !p.optional).map((p) => p.name) } } : {}),
  };
}

function methodFacts(messages: Message[], byName: ReadonlyMap<string, Declaration>, lower: (p: string) => string, empty: string | undefined): MethodFact[] {
  const byMethod = new Map<string, Message[]>();
  for (const m of messages) byMethod.set(m.method, [...(byMethod.get(m.method) ?? []), m]);
  return [...byMethod].sort(([a], [b]) => byText(a, b)).map(([method, found]) => {
    const names = [...new Set(found.map((m) => m.name))];
    const params = propertyBehind({ kind: "ref", name: names[0]! }, "params", byName);
    const result = found[0]!.kind === "request" ? resultOf(names[0]!, byName, empty) : undefined;
    const own = `${names[0]!.replace(/Request$/, "")}Result`;
    const complete = result?.kind === "response" && byName.has(own) ? own : undefined;
    const inputRequired = complete && result ? otherResult(result.name, complete, byName) : undefined;
    return {
      method,
      messages: names,
      ...(params ? { params: { type: params.type, optional: params.optional } } : {}),
      ...(result ? { result } : {}),
      ...(complete ? { complete } : {}),
      ...(inputRequired ? { inputRequired } : {}),
      senders: [...new Set(found.flatMap((m) => m.senders).map(lower))].sort(byText),
      groups: [...new Set(found.map((m) => m.group))].sort(byText),
    };
  });
}

/** The one declaration besides `complete` in a response's `result` union (`CallToolResult | InputRequiredResult`). */
function otherResult(response: string, complete: string, byName: ReadonlyMap<string, Declaration>): string | undefined {
  const type = propertyBehind({ kind: "ref", name: response }, "result", byName)?.type;
  if (type?.kind !== "union") return undefined;
  const others = type.members.filter((m) => !(m.kind === "ref" && m.name === complete));
  const only = others.length === 1 ? others[0] : undefined;
  return only?.kind === "ref" && byName.has(only.name) ? only.name : undefined;
}

/** `XRequest` → `XResultResponse.result`, else `XResult`, else the empty result. */
function resultOf(request: string, byName: ReadonlyMap<string, Declaration>, empty: string | undefined): ResultFact | undefined {
  const stem = request.replace(/Request$/, "");
  if (propertyBehind({ kind: "ref", name: `${stem}ResultResponse` }, "result", byName)) return { kind: "response", name: `${stem}ResultResponse` };
  if (byName.has(`${stem}Result`)) return { kind: "declaration", name: `${stem}Result` };
  return empty ? { kind: "declaration", name: empty } : undefined;
}

/**
 * The base result: the `result` type of the generic result response, an object declaration
 * with required `id` and `result` that no method owns by name (`JSONRPCResultResponse`).
 */
function baseResultOf(declarations: Declaration[], byName: ReadonlyMap<string, Declaration>, messages: Set<string>): string | undefined {
  const owned = (name: string) => name.endsWith("ResultResponse") && messages.has(`${name.slice(0, -"ResultResponse".length)}Request`);
  const envelope = declarations.find((d) => !owned(d.name) && required(d, byName, "id") && required(d, byName, "result"));
  const result = envelope && propertyBehind({ kind: "ref", name: envelope.name }, "result", byName);
  return result?.type.kind === "ref" ? result.type.name : undefined;
}

/** An alias of exactly the base result (`EmptyResult = Result`) is the empty result, else the base itself. */
function emptyResultOf(declarations: Declaration[], base: string): string {
  const aliases = declarations.filter((d) => d.kind === "alias" && d.type.kind === "ref" && d.type.name === base);
  return aliases.length === 1 ? aliases[0]!.name : base;
}

function required(declaration: Declaration, byName: ReadonlyMap<string, Declaration>, property: string): boolean {
  const found = propertyBehind({ kind: "ref", name: declaration.name }, property, byName);
  return found !== undefined && !found.optional;
}

function groupsOf(messages: Message[], parties: string[], lower: (p: string) => string): GroupFact[] {
  const groups = new Map<string, GroupFact>();
  for (const m of messages) {
    const prefix = parties.find((p) => m.group === `${p}${m.kind === "request" ? "Request" : "Notification"}`);
    const group = groups.get(m.group) ?? { name: m.group, kind: m.kind, ...(prefix ? { party: lower(prefix) } : {}), senders: [], methods: [] };
    if (!group.methods.includes(m.method)) group.methods.push(m.method);
    for (const sender of m.senders.map(lower)) if (!group.senders.includes(sender)) group.senders.push(sender);
    groups.set(m.group, group);
  }
  return [...groups.values()].map((g) => ({ ...g, senders: g.senders.sort(byText), methods: g.methods.sort(byText) })).sort((a, b) => byText(a.name, b.name));
}

function errorFacts(model: SchemaModel, codes: ErrorFacts["codes"], byName: ReadonlyMap<string, Declaration>): ErrorFacts {
  const pinned: PinnedError[] = [];
  let response: ErrorFacts["response"];
  for (const declaration of model.declarations) {
    const self: TypeNode = { kind: "ref", name: declaration.name };
    const own = errorObject(self, byName);
    if (own?.code !== undefined) pinned.push({ name: declaration.name, code: own.code, kind: "object", hasData: own.hasData });
    const property = propertyBehind(self, "error", byName);
    const nested = property && !property.optional && !propertyBehind(self, "result", byName) ? errorObject(property.type, byName) : undefined;
    if (nested?.code !== undefined) pinned.push({ name: declaration.name, code: nested.code, kind: "response", hasData: nested.hasData });
    else if (nested && !response) response = { name: declaration.name, jsonrpc: literalString(propertyBehind(self, "jsonrpc", byName)) };
  }
  return { codes, pinned, ...(response ? { response } : {}) };
}

/** The object behind `type` as an error object: required numeric `code` and string `message`. Its pinned code, if a literal. */
function errorObject(type: TypeNode, byName: ReadonlyMap<string, Declaration>): { code?: number; hasData: boolean } | undefined {
  const code = propertyBehind(type, "code", byName);
  const message = propertyBehind(type, "message", byName);
  if (!code || code.optional || !message || message.optional || message.type.kind !== "string") return undefined;
  const codeType = code.type.kind === "ref" ? objectBehindLiteral(code.type, byName) : code.type;
  const hasData = propertyBehind(type, "data", byName) !== undefined;
  if (codeType?.kind === "literal" && typeof codeType.value === "number") return { code: codeType.value, hasData };
  return codeType?.kind === "number" ? { hasData } : undefined;
}

function objectBehindLiteral(type: TypeNode, byName: ReadonlyMap<string, Declaration>): TypeNode | undefined {
  let current: TypeNode | undefined = type;
  for (let hops = 0; current?.kind === "ref" && hops < 64; hops++) {
    const target = byName.get(current.name);
    current = target && typeOf(target, byName);
  }
  return current;
}

function literalString(property: Property | undefined): string | undefined {
  return property?.type.kind === "literal" && typeof property.type.value === "string" ? property.type.value : undefined;
}

/** Reserved `_meta` keys of the stateless era (from the MCP prose, not the schema's names). */
const META_KEYS = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** What a generated server needs to know of a revision, besides its methods. */
export interface ServerFacts {
  /** stateless: requests carry `_meta` with the protocol version; session: an initialize handshake. */
  era: "stateless" | "session";
  /** The client request that opens a session (params with a required `protocolVersion`). */
  initializeMethod?: string;
  /** Declarations typing the client's and server's capabilities and info, and MRTR's maps. */
  types: Partial<Record<"clientCapabilities" | "clientInfo" | "serverCapabilities" | "serverInfo" | "inputRequests" | "inputResponses", string>>;
}

/** The declaration a property refers to, for the first declaration (in source order) with that property. */
function refOfProperty(model: SchemaModel, byName: ReadonlyMap<string, Declaration>, property: string): string | undefined {
  for (const declaration of model.declarations) {
    const found = propertyBehind({ kind: "ref", name: declaration.name }, property, byName);
    if (found?.type.kind === "ref") return found.type.name;
  }
  return undefined;
}

export function deriveServerFacts(model: SchemaModel, surface: Surface): ServerFacts {
  const byName = declarationMap(model.declarations);
  const shapeOf = (type: TypeNode | undefined) => (type ? objectBehind(type, byName) : undefined);
  const refIn = (shape: ObjectType | undefined, property: string) => {
    const type = shape?.properties.find((p) => p.name === property)?.type;
    return type?.kind === "ref" ? type.name : undefined;
  };
  const stateless = model.declarations.some((d) => propertyBehind({ kind: "ref", name: d.name }, META_KEYS.protocolVersion, byName)?.optional === false);
  const opening = surface.requests.find((r) => r.senders.includes("client") && shapeOf(r.params?.type)?.properties.some((p) => p.name === "protocolVersion" && !p.optional));
  const resultShape = (fact: MethodFact | undefined) => {
    const name = fact?.result ? resultTypeName(fact.result, byName) : undefined;
    return name ? shapeOf({ kind: "ref", name }) : undefined;
  };
  // The request whose result lists `supportedVersions` (server/discover) says what the server's capabilities are.
  const discover = surface.requests.find((r) => resultShape(r)?.properties.some((p) => p.name === "supportedVersions"));
  const types: ServerFacts["types"] = stateless
    ? {
        clientCapabilities: refOfProperty(model, byName, META_KEYS.clientCapabilities),
        clientInfo: refOfProperty(model, byName, META_KEYS.clientInfo),
        serverCapabilities: refIn(resultShape(discover), "capabilities"),
        serverInfo: refOfProperty(model, byName, META_KEYS.serverInfo),
      }
    : {
        clientCapabilities: refIn(shapeOf(opening?.params?.type), "capabilities"),
        clientInfo: refIn(shapeOf(opening?.params?.type), "clientInfo"),
        serverCapabilities: refIn(resultShape(opening), "capabilities"),
        serverInfo: refIn(resultShape(opening), "serverInfo"),
      };
  types.inputRequests = refOfProperty(model, byName, "inputRequests");
  types.inputResponses = refOfProperty(model, byName, "inputResponses");
  for (const key of Object.keys(types) as Array<keyof typeof types>) if (types[key] === undefined) delete types[key];
  return { era: stateless || !opening ? "stateless" : "session", ...(opening && !stateless ? { initializeMethod: opening.method } : {}), types };
}

/** The result declaration of a request: `XResult`, or the `result` of its `…ResultResponse`. */
function resultTypeName(result: ResultFact, byName: ReadonlyMap<string, Declaration>): string | undefined {
  if (result.kind === "declaration") return result.name;
  const type = objectBehind({ kind: "ref", name: result.name }, byName)?.properties.find((p) => p.name === "result")?.type;
  return type?.kind === "ref" ? type.name : undefined;
}

