import { declarationMap } from "../model/lookup.js";
import { referenceEdges } from "../model/graph.js";
import { typeOf } from "../model/shapes.js";
import { analyze } from "../model/analyze.js";
import type { ProtocolFacts } from "../model/protocol.js";
import type { Declaration, ObjectType, SchemaModel, TypeNode } from "../model/types.js";
import { unionLeaves, type Decls } from "./values.js";

/** One side of the diff with its protocol facts, derived from that revision alone. */
export interface Revision {
  model: SchemaModel;
  decls: Decls;
  facts: ProtocolFacts;
  /**
   * Declarations whose shape travels on the wire: reachable *by reference* from the schema's
   * roots (declarations nothing refers to or extends: the message groups, JSON-RPC envelopes,
   * error types). A base that is only extended is not on the wire by itself: its properties
   * travel as part of the flattened subtypes, which are compared on their own.
   */
  wire: Set<string>;
  /** Declarations that some other declaration extends (or intersects). */
  bases: Set<string>;
  /** Each message's envelope (`JSONRPCRequest`…) when the schema declares it apart from the message. */
  envelopes: Map<string, string>;
  /** The envelope declarations: members of root unions other than message and result groups. */
  envelopeTypes: Set<string>;
}

export function revisionOf(model: SchemaModel): Revision {
  const decls = declarationMap(model.declarations);
  const bases = basesOf(model.declarations, decls);
  const facts = analyze(model).protocol;
  const roots = rootsOf(model.declarations, bases);
  const envelopeTypes = envelopeTypesOf(roots, decls, facts);
  return { model, decls, facts, wire: reachable(roots, model.declarations), bases, envelopes: envelopesOf(envelopeTypes, decls, facts), envelopeTypes };
}

function basesOf(declarations: Declaration[], decls: Decls): Set<string> {
  const bases = new Set<string>();
  for (const declaration of declarations) {
    if (declaration.kind === "interface") for (const h of declaration.heritage) bases.add(h.name);
    const type = typeOf(declaration, decls);
    if (type.kind === "object") for (const p of type.properties) if (p.inheritedFrom) bases.add(p.inheritedFrom);
  }
  return bases;
}

/** Declarations nothing refers to (but themselves) and nothing extends. */
function rootsOf(declarations: Declaration[], bases: Set<string>): string[] {
  const referenced = new Set<string>();
  for (const [name, targets] of referenceEdges(declarations)) for (const target of targets) if (target !== name) referenced.add(target);
  return declarations.map((d) => d.name).filter((name) => !referenced.has(name) && !bases.has(name));
}

function reachable(roots: string[], declarations: Declaration[]): Set<string> {
  const edges = referenceEdges(declarations);
  const stack = [...roots];
  const wire = new Set<string>();
  while (stack.length) {
    const name = stack.pop()!;
    if (wire.has(name) || !edges.has(name)) continue;
    wire.add(name);
    stack.push(...edges.get(name)!);
  }
  return wire;
}

/**
 * Older revisions declare a message apart from its JSON-RPC envelope: `PingRequest extends
 * Request`, and the root union `JSONRPCMessage` holds `JSONRPCRequest extends Request`. On the
 * wire a ping is both at once. A message's envelope is the member of a root union (other than
 * the message and result groups) that is built on the same base as the message, or on the
 * message's own chain; when there is exactly one, the message is compared together with it.
 */
function envelopesOf(candidates: Set<string>, decls: Decls, facts: ProtocolFacts): Map<string, string> {
  const envelopes = new Map<string, string>();
  for (const name of new Set(facts.messages.map((m) => m.name))) {
    const own = ancestorsOf(name, decls);
    const matches = [...candidates].filter((c) => c !== name && (own.has(c) || [...ancestorsOf(c, decls)].some((a) => own.has(a))));
    if (matches.length === 1 && !own.has(matches[0]!)) envelopes.set(name, matches[0]!);
  }
  return envelopes;
}

function envelopeTypesOf(roots: string[], decls: Decls, facts: ProtocolFacts): Set<string> {
  const groups = new Set([...facts.messages.map((m) => m.group), ...facts.parties.map((p) => `${p}Result`)]);
  const candidates = new Set<string>();
  for (const root of roots) {
    const declaration = decls.get(root)!;
    if (declaration.kind !== "alias" || declaration.type.kind !== "union" || groups.has(root)) continue;
    for (const leaf of unionLeaves(declaration.type, decls)) if (leaf.kind === "ref" && decls.has(leaf.name)) candidates.add(leaf.name);
  }
  return candidates;
}

/** The envelope a message travels in: declared apart, or one of its own bases; none when it travels inside another message. */
export function framingOf(name: string, revision: Revision): string | undefined {
  return revision.envelopes.get(name) ?? [...ancestorsOf(name, revision.decls)].find((a) => revision.envelopeTypes.has(a));
}

/** The message as it travels: its own shape combined with its envelope's, if declared apart. */
export function wireShape(name: string, revision: Revision): TypeNode {
  const declaration = revision.decls.get(name)!;
  const envelope = revision.envelopes.get(name);
  const wrapper = envelope ? revision.decls.get(envelope) : undefined;
  const wrap = wrapper && typeOf(wrapper, revision.decls);
  const type = typeOf(declaration, revision.decls);
  if (type.kind !== "object" || wrap?.kind !== "object") return type;
  return intersect(type, wrap, envelope!);
}

/**
 * Both shapes at once: every property of either; a property declared by both keeps the
 * message's type (the more specific one), with inline objects on both sides combined in turn
 * (`params` of `CallToolRequest` and of the envelope's `Request`).
 */
function intersect(own: ObjectType, wrap: ObjectType, envelope: string): ObjectType {
  const others = new Map(wrap.properties.map((p) => [p.name, p]));
  const properties = own.properties.map((p) => {
    const other = others.get(p.name);
    if (!other) return p;
    const type = p.type.kind === "object" && other.type.kind === "object" ? intersect(p.type, other.type, envelope) : p.type;
    return { ...p, optional: p.optional && other.optional, type };
  });
  const declared = new Set(own.properties.map((p) => p.name));
  for (const p of wrap.properties) if (!declared.has(p.name)) properties.push({ ...p, inheritedFrom: p.inheritedFrom ?? envelope });
  const index = own.indexSignature ?? wrap.indexSignature;
  return { kind: "object", properties, ...(index ? { indexSignature: index } : {}) };
}

/** Declarations a declaration is built on: its `extends` chain and intersected types, transitively. */
export function ancestorsOf(name: string, decls: Decls): Set<string> {
  const ancestors = new Set<string>();
  const stack = [name];
  while (stack.length) {
    const declaration = decls.get(stack.pop()!);
    if (!declaration) continue;
    const direct = declaration.kind === "interface" ? declaration.heritage.map((h) => h.name) : [];
    const type = typeOf(declaration, decls);
    if (type.kind === "object") for (const p of type.properties) if (p.inheritedFrom) direct.push(p.inheritedFrom);
    for (const base of direct) {
      if (ancestors.has(base) || base === name) continue;
      ancestors.add(base);
      stack.push(base);
    }
  }
  return ancestors;
}

/** The method a declaration belongs to on either side (the newer side first). */
export function methodOf(name: string, before: Revision, after: Revision): string | undefined {
  return after.facts.methodOf.get(name) ?? before.facts.methodOf.get(name);
}
