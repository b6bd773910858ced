import { protocolVersionOf } from "./derive.js";
import { componentsInDependencyOrder, recursiveDeclarations } from "./graph.js";
import { linkedInterfaces, opaqueLinks, type Link } from "./links.js";
import { declarationMap } from "./lookup.js";
import { declarersByName } from "./properties.js";
import { deriveProtocol, type ProtocolFacts } from "./protocol.js";
import { deriveServerFacts, surfaceOf, type ServerFacts, type Surface } from "./surface.js";
import type { Declaration, SchemaModel } from "./types.js";

/**
 * Everything the emitters and commands derive from one model, computed once: the one input of
 * every emitter (`Emitter` in src/emit/contract.ts). Read-only: a parsed model is never changed.
 */
export interface Facts {
  readonly model: SchemaModel;
  /** Declarations by name. */
  readonly byName: ReadonlyMap<string, Declaration>;
  /** Declarations that take part in a reference cycle. */
  readonly recursive: ReadonlySet<string>;
  /** Strongly connected components of the references, dependencies first. */
  readonly components: readonly string[][];
  /** How many interfaces declare each property name (what inheritance checks read). */
  readonly declarers: ReadonlyMap<string, number>;
  /** Interfaces whose deep extension chains are emitted as links (links.ts). */
  readonly links: ReadonlyMap<string, Link>;
  /** Linked schemas typed by their interface, without a static shape. */
  readonly opaque: ReadonlySet<string>;
  /** Messages, parties, senders and error codes. */
  readonly protocol: ProtocolFacts;
  /** Methods, groups, errors and the base result. */
  readonly surface: Surface;
  /** The era and the declarations that type a server's and a client's context. */
  readonly server: ServerFacts;
  /** The schema's date-shaped protocol version, when it declares one. */
  readonly protocolVersion: string | undefined;
}

const analyzed = new WeakMap<SchemaModel, Facts>();

/** The facts of a model: derived on the first call, the same object on every later one. */
export function analyze(model: SchemaModel): Facts {
  const known = analyzed.get(model);
  if (known) return known;
  const facts = derive(model);
  analyzed.set(model, facts);
  return facts;
}

function derive(model: SchemaModel): Facts {
  const { declarations } = model;
  const recursive = recursiveDeclarations(declarations);
  const links = linkedInterfaces(declarations, recursive);
  const protocol = deriveProtocol(model);
  const surface = surfaceOf(model, protocol);
  return {
    model,
    byName: declarationMap(declarations),
    recursive,
    components: componentsInDependencyOrder(declarations),
    declarers: declarersByName(declarations),
    links,
    opaque: opaqueLinks(links),
    protocol,
    surface,
    server: deriveServerFacts(model, surface),
    protocolVersion: protocolVersionOf(model),
  };
}
