import type { Declaration } from "./types.js";

const maps = new WeakMap<readonly Declaration[], { size: number; map: ReadonlyMap<string, Declaration> }>();

/**
 * The name → declaration map of a declaration list, built here and nowhere else, once per list:
 * every derivation of one model (the analysis, the emitters, the diff) shares it. A list that
 * grew since (a front end still adding declarations) gets a new map.
 */
export function declarationMap(declarations: readonly Declaration[]): ReadonlyMap<string, Declaration> {
  const known = maps.get(declarations);
  if (known && known.size === declarations.length) return known.map;
  const map = new Map(declarations.map((d) => [d.name, d]));
  maps.set(declarations, { size: declarations.length, map });
  return map;
}
