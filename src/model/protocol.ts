import { declarationMap } from "./lookup.js";
import { byText } from "./order.js";
import { referenceEdges } from "./graph.js";
import { propertyBehind } from "./properties.js";
import type { Constant, Declaration, SchemaModel, TypeNode } from "./types.js";

/**
 * Protocol facts derived from the schema's own shapes, never from a list of names:
 * - a *message* is an object declaration whose `method` is a string literal;
 * - a *message group* is a union (or alias) whose members are all messages; its name ends in
 *   its kind (`…Request`, `…Notification`) and starts with its sender;
 * - a *party* is a prefix P for which the schema declares both `P…Notification` and `P…Result`
 *   (in MCP: Client and Server); the types reachable from a party's groups are sent by it —
 *   except its `PResult` group when no other party sends requests (results answer requests:
 *   2026-07-28 keeps `ClientResult` although servers send no requests);
 * - *error codes* are numeric constants in JSON-RPC's reserved error range.
 */
export interface ProtocolFacts {
  parties: string[];
  messages: Message[];
  /** For every declaration: the parties that send it (empty when no party's messages reach it). */
  senders: Map<string, string[]>;
  /** The method a declaration belongs to (its message, params, result…), by name stem. */
  methodOf: Map<string, string>;
  errorCodes: Constant[];
}

export interface Message {
  /** The declaration (e.g. `CallToolRequest`). */
  name: string;
  method: string;
  kind: "request" | "notification";
  /** The union it belongs to (`ClientRequest`, `InputRequest`…); one entry per group. */
  group: string;
  /** Who sends it: the group's party, else the parties whose messages reach the group. */
  senders: string[];
}

const KINDS = { Request: "request", Notification: "notification" } as const;
const GROUP_NAME = /^([A-Z][A-Za-z0-9]*?)(Request|Notification|Result)$/;
const JSON_RPC_ERROR_RANGE = { min: -32768, max: -32000 };

export function deriveProtocol(model: SchemaModel): ProtocolFacts {
  const byName = declarationMap(model.declarations);
  const methods = messageMethods(model.declarations, byName);
  const parties = partiesOf(model.declarations);
  const senders = sendersByDeclaration(model.declarations, parties, methods);
  const messages = messagesOf(model.declarations, methods, parties, senders);
  return {
    parties,
    messages,
    senders,
    methodOf: methodsByStem(model.declarations, methods),
    errorCodes: model.constants.filter(
      (c) => typeof c.value === "number" && Number.isInteger(c.value) && c.value >= JSON_RPC_ERROR_RANGE.min && c.value <= JSON_RPC_ERROR_RANGE.max,
    ),
  };
}

/** Declarations whose `method` property is a single string literal. */
function messageMethods(declarations: Declaration[], byName: ReadonlyMap<string, Declaration>): Map<string, string> {
  const methods = new Map<string, string>();
  for (const declaration of declarations) {
    // Only declarations that are objects themselves: `type ClientNotification = CancelledNotification`
    // is a group of one message, not a message.
    if (declaration.kind === "alias" && declaration.type.kind !== "object") continue;
    const method = propertyBehind({ kind: "ref", name: declaration.name }, "method", byName);
    if (method?.type.kind === "literal" && typeof method.type.value === "string") methods.set(declaration.name, method.type.value);
  }
  return methods;
}

function partiesOf(declarations: Declaration[]): string[] {
  const names = new Set(declarations.map((d) => d.name));
  const prefixes = new Set<string>();
  for (const name of names) {
    const match = GROUP_NAME.exec(name);
    if (match?.[2] === "Notification" && names.has(`${match[1]}Result`)) prefixes.add(match[1]!);
  }
  return [...prefixes].sort(byText);
}

/** What an alias stands for; an interface is an object, never a group of messages. */
function aliasType(declaration: Declaration | undefined): TypeNode {
  return declaration?.kind === "alias" ? declaration.type : { kind: "unknown" };
}

function unionMembers(type: TypeNode): string[] {
  if (type.kind === "ref") return [type.name];
  if (type.kind === "union" && type.members.every((m) => m.kind === "ref")) return type.members.map((m) => (m as { name: string }).name);
  return [];
}

/** Parties reaching each declaration through references, from the party's own groups. */
function sendersByDeclaration(declarations: Declaration[], parties: string[], methods: Map<string, string>): Map<string, string[]> {
  const byName = declarationMap(declarations);
  const reached = new Map<string, Set<string>>(declarations.map((d) => [d.name, new Set()]));
  const edges = referenceEdges(declarations);
  const requesters = parties.filter((p) => unionMembers(aliasType(byName.get(`${p}Request`))).some((m) => methods.has(m)));
  for (const party of parties) {
    const answers = requesters.some((p) => p !== party);
    const roots = declarations.filter((d) => GROUP_NAME.exec(d.name)?.[1] === party && (answers || d.name !== `${party}Result`)).map((d) => d.name);
    const stack = [...roots];
    while (stack.length) {
      const name = stack.pop()!;
      const seen = reached.get(name);
      if (!seen || seen.has(party)) continue;
      seen.add(party);
      stack.push(...edges.get(name)!);
    }
  }
  inheritSenders(declarations, reached);
  return new Map([...reached].map(([name, set]) => [name, [...set].sort()]));
}

/** A base interface is sent by whoever sends a declaration that extends it. */
function inheritSenders(declarations: Declaration[], reached: Map<string, Set<string>>): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (const declaration of declarations) {
      if (declaration.kind !== "interface") continue;
      for (const base of declaration.heritage) {
        const target = reached.get(base.name);
        for (const party of reached.get(declaration.name) ?? []) {
          if (target && !target.has(party)) {
            target.add(party);
            changed = true;
          }
        }
      }
    }
  }
}

function messagesOf(declarations: Declaration[], methods: Map<string, string>, parties: string[], senders: Map<string, string[]>): Message[] {
  const messages: Message[] = [];
  for (const group of declarations) {
    const match = GROUP_NAME.exec(group.name);
    const kind = match && match[2] !== "Result" ? KINDS[match[2] as keyof typeof KINDS] : undefined;
    const members = unionMembers(aliasType(group));
    if (!kind || !members.length || !members.every((m) => methods.has(m))) continue;
    const party = parties.includes(match![1]!) ? [match![1]!] : senders.get(group.name) ?? [];
    for (const name of members) messages.push({ name, method: methods.get(name)!, kind, group: group.name, senders: party });
  }
  return messages.sort((a, b) => byText(a.method, b.method) || byText(a.group, b.group));
}

/**
 * `CallToolRequest`, `CallToolRequestParams`, `CallToolResult`, `CallToolResultResponse` all
 * belong to `tools/call`: they share the stem of the message's name, followed by Request,
 * Result or Notification.
 */
function methodsByStem(declarations: Declaration[], methods: Map<string, string>): Map<string, string> {
  const stems = [...methods].map(([name, method]) => ({ stem: name.replace(/(Request|Notification)$/, ""), method }));
  stems.sort((a, b) => b.stem.length - a.stem.length);
  const result = new Map<string, string>();
  for (const declaration of declarations) {
    const owner = stems.find(({ stem }) => declaration.name.startsWith(stem) && /^(Request|Result|Notification)/.test(declaration.name.slice(stem.length)));
    if (owner) result.set(declaration.name, owner.method);
  }
  return result;
}
