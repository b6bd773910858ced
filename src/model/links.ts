import { basesFirstOrder, declarersByName, overridesInherited } from "./properties.js";
import { flatShape, shapeContext } from "./shapes.js";
import type { Declaration, InterfaceDeclaration, Property } from "./types.js";

/**
 * How deep a chain of plain `extends` may go before an interface's schema and fast validator
 * stop repeating its bases' properties and build on the bases' instead. Below it, output stays
 * flat (each schema reads on its own, and the spec's chains, a few levels deep, are unaffected);
 * beyond it, an N-deep chain costs O(N) output instead of O(N²).
 */
export const LINK_DEPTH = 8;

/** An interface built on its bases: the bases' properties come from them, `own` are added. */
export interface Link {
  bases: string[];
  own: Property[];
}

/**
 * Interfaces deeper than {@link LINK_DEPTH} in a chain of plain extensions, with their links. A
 * plain extension only adds properties to object bases: no `Omit`, no index signature, no
 * recursion, and no property that a base (or another base) already has, so the flattened shape
 * is exactly the bases' properties, in order, followed by the interface's own.
 */
export function linkedInterfaces(declarations: Declaration[], recursive: Set<string>): Map<string, Link> {
  const plain = plainExtensions(declarations, recursive);
  const depth = chainDepths(plain);
  const linked = new Map<string, Link>();
  for (const [name, link] of plain) if (depth.get(name)! > LINK_DEPTH) linked.set(name, link);
  return linked;
}

/** Every plain extension (at any depth), with its link. */
export function plainExtensions(declarations: Declaration[], recursive: Set<string>): Map<string, Link> {
  const byName = new Map(declarations.map((d) => [d.name, d]));
  const declarers = declarersByName(declarations);
  const plain = new Map<string, Link>();
  // What a base must offer: properties, and no index signature. Known for plain extensions from
  // their bases (so a deep chain is never flattened); built from the full shape for the others.
  const offers = new Map<string, { count: number; indexed: boolean }>();
  for (const declaration of basesFirstOrder(declarations, byName)) {
    const link = plainExtension(declaration, byName, recursive, declarers, offers);
    if (link) plain.set(declaration.name, link);
    offers.set(declaration.name, link ? { count: link.bases.reduce((sum, b) => sum + offers.get(b)!.count, link.own.length), indexed: false } : offerOf(declaration, byName));
  }
  return plain;
}

function offerOf(declaration: InterfaceDeclaration, byName: Map<string, Declaration>): { count: number; indexed: boolean } {
  const shape = flatShape(declaration, shapeContext(byName));
  return { count: shape.properties.length, indexed: shape.indexSignature !== undefined };
}

function plainExtension(
  declaration: InterfaceDeclaration,
  byName: Map<string, Declaration>,
  recursive: Set<string>,
  declarers: Map<string, number>,
  offers: Map<string, { count: number; indexed: boolean }>,
): Link | undefined {
  if (!declaration.heritage.length || recursive.has(declaration.name)) return undefined;
  if (declaration.heritage.some((h) => h.omit) || declaration.own.indexSignature) return undefined;
  const bases = declaration.heritage.map((h) => byName.get(h.name));
  const plainBase = (base: Declaration | undefined): base is InterfaceDeclaration => {
    const offer = base?.kind === "interface" && !recursive.has(base.name) ? offers.get(base.name) : undefined;
    return offer !== undefined && offer.count > 0 && !offer.indexed;
  };
  if (!bases.every(plainBase) || overridesInherited(declaration, byName, declarers) || !disjoint(bases, byName)) return undefined;
  return { bases: bases.map((b) => b.name), own: declaration.own.properties };
}

/**
 * Several bases share no property name (one base trivially), so merging them is concatenating
 * them. Their shapes are built only then: a chain of single bases stays unbuilt.
 */
function disjoint(bases: InterfaceDeclaration[], byName: Map<string, Declaration>): boolean {
  if (bases.length < 2) return true;
  const names = new Set<string>();
  let total = 0;
  for (const base of bases) {
    for (const property of flatShape(base, shapeContext(byName)).properties) names.add(property.name);
    total += flatShape(base, shapeContext(byName)).properties.length;
  }
  return names.size === total;
}

/** Each plain extension's depth: 1 + its deepest base's (0 for a base that is not one). Iterative: chains can be thousands deep. */
function chainDepths(plain: Map<string, Link>): Map<string, number> {
  const depth = new Map<string, number>();
  for (const start of plain.keys()) {
    const stack = [start];
    while (stack.length) {
      const name = stack[stack.length - 1]!;
      if (depth.has(name)) {
        stack.pop();
        continue;
      }
      const pending = plain.get(name)!.bases.filter((b) => plain.has(b) && !depth.has(b));
      if (pending.length) {
        stack.push(...pending);
        continue;
      }
      stack.pop();
      depth.set(name, 1 + Math.max(...plain.get(name)!.bases.map((b) => depth.get(b) ?? 0)));
    }
  }
  return depth;
}
