/**
 * Deep equality of two plain JSON values (model nodes), as their JSON texts would compare
 * but without building them: key order is ignored, a key holding `undefined` counts as
 * absent, and shared sub-objects compare in one step. Iterative, so depth is no concern.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const pending: Array<[unknown, unknown]> = [[a, b]];
  while (pending.length) {
    const [x, y] = pending.pop()!;
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xKeys = definedKeys(x);
    const yKeys = definedKeys(y);
    if (xKeys.length !== yKeys.length) return false;
    for (const key of xKeys) {
      if (!Object.hasOwn(y, key)) return false;
      pending.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

function definedKeys(value: object): string[] {
  return Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
}
