import type { Facts } from "../model/analyze.js";
import { typeOf } from "../model/shapes.js";
import type { MethodFact, Surface } from "../model/surface.js";
import type { Declaration, SchemaModel } from "../model/types.js";
import { propertyKey, schemaName } from "./common.js";
import type { Emitter } from "./contract.js";
import { blockComment } from "./escape.js";
import { withImports } from "./render.js";
import { isObjectSchema } from "./zod-facts.js";

/** What the method emitters read of the analysis: declarations and which of their schemas have a static shape. */
export type SchemaIndex = Pick<Facts, "byName" | "recursive" | "opaque">;

/** methods.ts: the method maps, the handler types and the METHODS table. */
export const emitMethods: Emitter = (facts, { render, runtimeImport }) => {
  const { surface } = facts;
  const filled = filledResultKeys(surface);
  const view = {
    ...mapEntries(surface),
    handlerResult: handlerResult(surface),
    aliases: methodAliases(surface),
    handlers: handlerMaps(surface),
    table: methodTable(facts, surface),
    filled: filled.map((k) => JSON.stringify(k)).join(" | "),
    filledDoc: filled.map((k) => `\`${k}\``).join(", "),
  };
  return [{ path: "methods.ts", content: withImports((data) => render("methods.ts", data), view, `${runtimeImport}/shared/lazy.js`) }];
};

/** True when `XSchema` is a z.ZodObject (so `.shape` exists): an object declaration or an alias of one. */
export function hasShape(index: SchemaIndex, name: string): boolean {
  for (let current: string | undefined = name, hops = 0; current && hops < 64; hops++) {
    const declaration = index.byName.get(current);
    if (!declaration || index.recursive.has(current) || index.opaque.has(current)) return false;
    const type = typeOf(declaration, index.byName);
    if (type.kind === "object") return isObjectSchema(type);
    current = type.kind === "ref" ? type.name : undefined;
  }
  return false;
}

const quote = (text: string) => JSON.stringify(text);
const union = (items: string[]) => (items.length ? [...new Set(items)].join(" | ") : "never");

/** The TypeScript type of a method's params, from its message declarations. */
function paramsType(fact: MethodFact): string {
  if (!fact.params) return "undefined";
  const { type, optional } = fact.params;
  if (fact.messages.length === 1 && type.kind === "ref") return optional ? `T.${type.name} | undefined` : `T.${type.name}`;
  return union(fact.messages.map((m) => `T.${m}["params"]`));
}

function resultType(fact: MethodFact): string {
  const result = fact.result;
  if (!result) return "unknown";
  return result.kind === "response" ? `T.${result.name}["result"]` : `T.${result.name}`;
}

function senderType(fact: MethodFact): string {
  return union(fact.senders.map(quote));
}

/** `RequestMap` and `NotificationMap` entries. */
export function mapEntries(surface: Surface): { requests: string[]; notifications: string[] } {
  // A method name is the schema's string: it enters the comment only through blockComment.
  const groups = (fact: MethodFact) => (fact.groups.length ? ` (${fact.groups.join(", ")})` : "");
  const doc = (fact: MethodFact, kind: string) => `/** ${blockComment(`\`${fact.method}\`: ${kind} sent by ${fact.senders.join(" and ") || "no core party (it travels between parties the core does not know)"}${groups(fact)}.`)} */`;
  return {
    requests: surface.requests.map(
      (f) =>
        `${doc(f, "request")}\n${quote(f.method)}: { request: ${union(f.messages.map((m) => `T.${m}`))}; params: ${paramsType(f)}; result: ${resultType(f)};${f.complete && f.inputRequired ? ` complete: T.${f.complete};` : ""} sender: ${senderType(f)} };`,
    ),
    notifications: surface.notifications.map(
      (f) => `${doc(f, "notification")}\n${quote(f.method)}: { notification: ${union(f.messages.map((m) => `T.${m}`))}; params: ${paramsType(f)}; sender: ${senderType(f)} };`,
    ),
  };
}

/**
 * Method-name aliases: one per message group (`ClientRequestMethod`, `InputRequestMethod`…),
 * `never` for a party and kind the revision has no group for, and `InputRequestMethod` for the
 * request groups no party owns (requests a server makes inside results).
 */
export function methodAliases(surface: Surface): Array<{ name: string; doc: string; type: string }> {
  const aliases = new Map<string, { doc: string; type: string }>();
  for (const group of surface.groups) aliases.set(`${group.name}Method`, { doc: `Methods of \`${group.name}\`.`, type: union(group.methods.map(quote)) });
  for (const party of surface.parties) {
    for (const kind of ["Request", "Notification"]) {
      const name = `${party.name}${kind}Method`;
      if (!aliases.has(name)) aliases.set(name, { doc: `This revision has no \`${party.name}${kind}\` group.`, type: "never" });
    }
  }
  const input = surface.groups.filter((g) => g.kind === "request" && !g.party);
  if (!aliases.has("InputRequestMethod")) {
    const doc = input.length ? `Requests a server makes through input_required (${input.map((g) => `\`${g.name}\``).join(", ")}).` : "This revision has no input requests.";
    aliases.set("InputRequestMethod", { doc, type: union(input.flatMap((g) => g.methods).map(quote)) });
  }
  return [...aliases].map(([name, a]) => ({ name, ...a }));
}

/**
 * The party that serves: the one other parties send the most request methods to (MCP's server
 * answers every client request; its client only the server's requests and input requests).
 */
export function servingParty(surface: Surface): { name: string; id: string } | undefined {
  const received = (id: string) => surface.requests.filter((r) => r.senders.some((s) => s !== id)).length;
  return [...surface.parties].sort((a, b) => received(b.id) - received(a.id))[0];
}

/** `ServerHandlers`, `ClientHandlers`: one per party, over the requests other parties send it. */
export function handlerMaps(surface: Surface): Array<{ name: string; party: string; methods: string; handler: string }> {
  const serving = servingParty(surface);
  return surface.parties.map((party) => {
    const groups = surface.groups.filter((g) => g.kind === "request" && g.senders.some((s) => s !== party.id) && g.party !== party.id);
    // Only the serving party's handlers may answer with ctx.inputRequired(…).
    const handler = party.id === serving?.id ? "Handler" : "CompleteHandler";
    return { name: `${party.name}Handlers`, party: party.id, methods: union(groups.map((g) => `${g.name}Method`)), handler };
  });
}

/**
 * A schema the METHODS table holds: a declaration's schema, one of its shape's entries
 * (`params`, unwrapped from its optional; `result` of a `…ResultResponse`), or an inline one
 * (`z.unknown()`, a union of message schemas). One decision, rendered as code here and read by
 * the fast-check table (validators.ts).
 */
export type TableSchema =
  | { kind: "declaration"; name: string; property?: string; unwrap?: boolean }
  | { kind: "unknown" }
  | { kind: "union"; names: string[] };

/** The schema fields of a method's METHODS entry: the message, its params, the result, the complete and the input_required result. */
function schemaFields(index: SchemaIndex, fact: MethodFact, kind: "request" | "notification"): Array<{ key: string; schema: TableSchema }> {
  return [
    { key: kind, schema: messageSchema(fact) },
    { key: "params", schema: paramsSchema(index, fact) },
    ...(kind === "request" ? [{ key: "result", schema: resultSchema(index, fact) }] : []),
    ...(fact.complete ? [{ key: "complete", schema: { kind: "declaration", name: fact.complete } as const }] : []),
    ...(fact.inputRequired ? [{ key: "inputRequired", schema: { kind: "declaration", name: fact.inputRequired } as const }] : []),
  ];
}

/** A table schema as code: its value and its exact type. */
function tableSchemaCode(schema: TableSchema): { type: string; value: string } {
  if (schema.kind === "unknown") return { type: "z.ZodUnknown", value: "z.unknown()" };
  if (schema.kind === "union") {
    const names = schema.names.map((n) => `S.${schemaName(n)}`);
    return { type: `z.ZodUnion<readonly [${names.map((s) => `typeof ${s}`).join(", ")}]>`, value: `z.union([${names.join(", ")}])` };
  }
  const base = `S.${schemaName(schema.name)}`;
  if (schema.property === undefined) return { type: `typeof ${base}`, value: base };
  const member = `(typeof ${base})["shape"][${JSON.stringify(schema.property)}]`;
  const type = schema.unwrap ? `ReturnType<${member}["unwrap"]>` : member;
  // Read when the schema is first used, not now (templates/runtime/shared/lazy.ts).
  return { type, value: `rt.lazyMember(${base}, ${JSON.stringify(schema.property)}, ${schema.unwrap ? "true" : "false"}) as ${type}` };
}

function tableEntry(index: SchemaIndex, fact: MethodFact, kind: "request" | "notification"): { type: string; value: string } {
  const senders = `[${fact.senders.map(quote).join(", ")}]`;
  const fields = [
    { key: "kind", type: quote(kind), value: quote(kind) },
    { key: "sender", type: `readonly ${senders}`, value: `${senders} as const` },
    { key: "groups", type: `readonly [${fact.groups.map(quote).join(", ")}]`, value: `[${fact.groups.map(quote).join(", ")}] as const` },
    ...schemaFields(index, fact, kind).map((f) => ({ key: f.key, ...tableSchemaCode(f.schema) })),
  ];
  return {
    type: `{ ${fields.map((f) => `${f.key}: ${f.type};`).join(" ")} }`,
    value: `{ ${fields.map((f) => `${f.key}: ${f.value},`).join(" ")} }`,
  };
}

function messageSchema(fact: MethodFact): TableSchema {
  return fact.messages.length === 1 ? { kind: "declaration", name: fact.messages[0]! } : { kind: "union", names: fact.messages };
}

/** The params schema: the named params schema, else the message schema's `params` entry. */
function paramsSchema(index: SchemaIndex, fact: MethodFact): TableSchema {
  const type = fact.params?.type;
  if (fact.messages.length === 1 && type?.kind === "ref") return { kind: "declaration", name: type.name };
  const message = fact.messages[0]!;
  if (!fact.params || fact.messages.length > 1 || !hasShape(index, message)) return { kind: "unknown" };
  return { kind: "declaration", name: message, property: "params", unwrap: fact.params.optional };
}

function resultSchema(index: SchemaIndex, fact: MethodFact): TableSchema {
  const result = fact.result;
  if (!result) return { kind: "unknown" };
  if (result.kind === "declaration") return { kind: "declaration", name: result.name };
  if (!hasShape(index, result.name)) return { kind: "unknown" };
  return { kind: "declaration", name: result.name, property: "result" };
}

/** `MethodTable` members and `METHODS` entries, requests then notifications, by method. */
export function methodTable(index: SchemaIndex, surface: Surface): Array<{ key: string; type: string; value: string }> {
  const entries = [
    ...surface.requests.map((f) => ({ method: f.method, ...tableEntry(index, f, "request") })),
    ...surface.notifications.map((f) => ({ method: f.method, ...tableEntry(index, f, "notification") })),
  ];
  // A method that is both a request and a notification cannot share one key; requests win.
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.method) && seen.add(e.method)).map((e) => ({ key: propertyKey(e.method), type: e.type, value: e.value }));
}

/** Every schema the METHODS table holds as a declaration's schema or one of its entries, once each, in table order. */
export function tableSchemas(index: SchemaIndex, surface: Surface): Array<Extract<TableSchema, { kind: "declaration" }>> {
  const fields = [
    ...surface.requests.flatMap((f) => schemaFields(index, f, "request")),
    ...surface.notifications.flatMap((f) => schemaFields(index, f, "notification")),
  ];
  const byValue = new Map<string, Extract<TableSchema, { kind: "declaration" }>>();
  for (const { schema } of fields) if (schema.kind === "declaration") byValue.set(tableSchemaCode(schema).value, schema);
  return [...byValue.values()];
}

/**
 * What a handler may return, as a type over `M`: a complete result (`Filled<…>`, the dispatcher
 * fills the rest), and the input_required branch only as `ctx.inputRequired(…)` builds it (a
 * branded `InputRequiredMarker`): for the methods whose response admits input_required where the
 * revision has such results, for every method where the server may instead ask the client
 * directly (a revision with server-to-client requests), for none otherwise.
 */
export function handlerResult(surface: Surface): { type: string; doc: string; asks: boolean } {
  const marker = "InputRequiredMarker<unknown>";
  if (surface.requests.some((r) => r.inputRequired)) {
    return {
      type: `RequestMap[M] extends { complete: infer C } ? Filled<C> | ${marker} : Filled<ResultOf<M>>`,
      doc: "What a handler returns: a complete result of its method; where the method may answer input_required, also what `ctx.inputRequired(…)` builds (and nothing else: a hand-made object with any `resultType` is not one).",
      asks: true,
    };
  }
  const serving = servingParty(surface);
  // A request group the serving party itself sends (`ServerRequest`): it may ask the client directly.
  const asksClient = serving !== undefined && surface.groups.some((g) => g.kind === "request" && g.party === serving.id && g.methods.length > 0);
  if (asksClient) {
    return {
      type: `Filled<ResultOf<M>> | ${marker}`,
      doc: "What a handler returns: a complete result of its method, or what `ctx.inputRequired(…)` builds (the runtime then asks the client and calls the handler again).",
      asks: true,
    };
  }
  return { type: "Filled<ResultOf<M>>", doc: "What a handler returns: a complete result of its method.", asks: false };
}

/** Properties of every result that the dispatcher fills when a handler leaves them out. */
export function filledResultKeys(surface: Surface): string[] {
  return surface.baseResult?.required ?? [];
}
