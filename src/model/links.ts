import { declarationMap } from "./lookup.js";
import { basesFirstOrder, declarersByName, replacedFrom } from "./properties.js";
import { flatShape, shapeContext } from "./shapes.js";
import type { Declaration, InterfaceDeclaration, Property } from "./types.js";

/**
 * How deep a chain of `extends` may go before an interface's schema and fast validator stop
 * repeating its bases' properties and build on the bases' instead. Below it, output stays flat
 * (each schema reads on its own, and the spec's chains, a few levels deep, are unaffected);
 * beyond it, an N-deep chain costs O(N) output instead of O(N²).
 */
export const LINK_DEPTH = 8;

/** One base of a linked interface, and the keys of it that the interface does not take as they are. */
export interface LinkBase {
  name: string;
  /** Keys removed with `Omit<name, …>`: gone from the shape. */
  omit: string[];
  /** Keys the interface declares again (an override): the interface's own property replaces the base's. */
  replaced: string[];
}

/** An interface built on its bases: the bases' properties come from them (less `omit` and `replaced`), `own` are added or replace. */
export interface Link {
  bases: LinkBase[];
  own: Property[];
}

/**
 * Interfaces deeper than {@link LINK_DEPTH} in a chain of linkable extensions, with their links.
 * A linkable extension builds on interface bases (no index signature anywhere, no recursion),
 * possibly through `Omit` and with overrides; several bases share no key that the interface
 * keeps from them. Its full shape is then the bases' properties in order, less the omitted
 * ones, with each override in its base's place, followed by the new own properties.
 */
export function linkedInterfaces(declarations: Declaration[], recursive: ReadonlySet<string>): Map<string, Link> {
  const linkable = linkableExtensions(declarations, recursive);
  const depth = chainDepths(linkable);
  const linked = new Map<string, Link>();
  for (const [name, link] of linkable) if (depth.get(name)! > LINK_DEPTH) linked.set(name, link);
  return linked;
}

/**
 * Linked interfaces whose schema is typed by its interface (`z.ZodType<T, T>`) rather than by
 * a shape type: they, or a base they build on, omit or replace keys. (A shape type would nest
 * one `Omit` per level, which the checker gives up on; TypeScript resolves the interfaces
 * themselves as far as it can.) `links` lists bases before heirs, as `linkedInterfaces` does.
 */
export function opaqueLinks(links: Map<string, Link>): Set<string> {
  const opaque = new Set<string>();
  for (const [name, link] of links) {
    if (link.bases.some((b) => b.omit.length || b.replaced.length || opaque.has(b.name))) opaque.add(name);
  }
  return opaque;
}

/** Every linkable extension (at any depth), with its link. */
export function linkableExtensions(declarations: Declaration[], recursive: ReadonlySet<string>): Map<string, Link> {
  const byName = declarationMap(declarations);
  const declarers = declarersByName(declarations);
  const linkable = new Map<string, Link>();
  // What a base must offer: properties, and no index signature. Known for linkable extensions
  // from their bases (so a deep chain is never flattened); built from the full shape for others.
  const offers = new Map<string, { count: number; indexed: boolean }>();
  for (const declaration of basesFirstOrder(declarations, byName)) {
    const link = linkableExtension(declaration, { byName, recursive, declarers, offers });
    if (link) linkable.set(declaration.name, link);
    offers.set(declaration.name, link ? { count: link.bases.reduce((sum, b) => sum + offers.get(b.name)!.count, link.own.length), indexed: false } : offerOf(declaration, byName));
  }
  return linkable;
}

interface LinkContext {
  byName: ReadonlyMap<string, Declaration>;
  recursive: ReadonlySet<string>;
  declarers: ReadonlyMap<string, number>;
  offers: Map<string, { count: number; indexed: boolean }>;
}

function offerOf(declaration: InterfaceDeclaration, byName: ReadonlyMap<string, Declaration>): { count: number; indexed: boolean } {
  const shape = flatShape(declaration, shapeContext(byName));
  return { count: shape.properties.length, indexed: shape.indexSignature !== undefined };
}

function linkableExtension(declaration: InterfaceDeclaration, ctx: LinkContext): Link | undefined {
  if (!declaration.heritage.length || ctx.recursive.has(declaration.name) || declaration.own.indexSignature) return undefined;
  const bases: LinkBase[] = [];
  for (const heritage of declaration.heritage) {
    const base = ctx.byName.get(heritage.name);
    const offer = base?.kind === "interface" && !ctx.recursive.has(base.name) ? ctx.offers.get(base.name) : undefined;
    if (!offer || offer.count === 0 || offer.indexed) return undefined;
    const omit = heritage.omit ?? [];
    bases.push({ name: heritage.name, omit, replaced: replacedFrom(declaration, heritage, ctx.byName, ctx.declarers).map((p) => p.name) });
  }
  return disjoint(bases, ctx.byName) ? { bases, own: declaration.own.properties } : undefined;
}

/**
 * Several bases share no key that the interface keeps from them (one base trivially), so
 * merging them is concatenating them. Their shapes are built only then: a chain of single
 * bases stays unbuilt.
 */
function disjoint(bases: LinkBase[], byName: ReadonlyMap<string, Declaration>): boolean {
  if (bases.length < 2) return true;
  const seen = new Set<string>();
  for (const base of bases) {
    const dropped = new Set([...base.omit, ...base.replaced]);
    for (const property of flatShape(byName.get(base.name) as InterfaceDeclaration, shapeContext(byName)).properties) {
      if (dropped.has(property.name)) continue;
      if (seen.has(property.name)) return false;
      seen.add(property.name);
    }
  }
  return true;
}

/** Each linkable extension's depth: 1 + its deepest base's (0 for a base that is not one). Iterative: chains can be thousands deep. */
function chainDepths(linkable: Map<string, Link>): Map<string, number> {
  const depth = new Map<string, number>();
  for (const start of linkable.keys()) {
    const stack = [start];
    while (stack.length) {
      const name = stack[stack.length - 1]!;
      if (depth.has(name)) {
        stack.pop();
        continue;
      }
      const pending = linkable.get(name)!.bases.map((b) => b.name).filter((b) => linkable.has(b) && !depth.has(b));
      if (pending.length) {
        stack.push(...pending);
        continue;
      }
      stack.pop();
      depth.set(name, 1 + Math.max(...linkable.get(name)!.bases.map((b) => depth.get(b.name) ?? 0)));
    }
  }
  return depth;
}
