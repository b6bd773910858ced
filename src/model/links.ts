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
  const byName = new Map(declarations.map((d) => [d.name, d]));
  const plain = new Map<string, Link>();
  for (const declaration of declarations) {
    const link = plainExtension(declaration, byName, recursive);
    if (link) plain.set(declaration.name, link);
  }
  const depth = chainDepths(plain);
  const linked = new Map<string, Link>();
  for (const [name, link] of plain) if (depth.get(name)! > LINK_DEPTH) linked.set(name, link);
  return linked;
}

function plainExtension(declaration: Declaration, byName: Map<string, Declaration>, recursive: Set<string>): Link | undefined {
  if (declaration.kind !== "interface" || !declaration.heritage.length || recursive.has(declaration.name)) return undefined;
  if (declaration.heritage.some((h) => h.omit) || declaration.type.indexSignature) return undefined;
  const bases = declaration.heritage.map((h) => byName.get(h.name));
  if (!bases.every((base): base is InterfaceDeclaration => isPlainBase(base, recursive))) return undefined;
  // The flattened shape merges properties by name (an override keeps the inherited position), so
  // it is exactly the bases' properties followed by the own ones, none shared, when the counts add
  // up: O(bases + own) per interface, not O(depth).
  const inherited = bases.reduce((sum, base) => sum + base.type.properties.length, 0);
  const properties = declaration.type.properties;
  if (properties.length !== inherited + declaration.ownPropertyNames.length) return undefined;
  if (!declaration.ownPropertyNames.every((name, i) => properties[inherited + i]!.name === name)) return undefined;
  return { bases: bases.map((b) => b.name), own: properties.slice(inherited) };
}

function isPlainBase(base: Declaration | undefined, recursive: Set<string>): boolean {
  return base !== undefined && base.kind === "interface" && !recursive.has(base.name) && !base.type.indexSignature && base.type.properties.length > 0;
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
