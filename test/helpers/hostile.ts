// JavaScript-only variants of valid payloads: the inputs JSON never produces but a validator of
// "any JS value" must still judge like the Zod schemas do (own keys only, present-undefined keys,
// prototypes, symbols, non-enumerable properties, exotic objects).
import type { Site } from "./payloads.js";

export interface Variant {
  kind: string;
  value: unknown;
}

type Transform = (node: Record<string, unknown>, random: () => number) => unknown;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pickKey(node: Record<string, unknown>, random: () => number): string | undefined {
  const keys = Object.keys(node);
  return keys.length ? keys[Math.floor(random() * keys.length)] : undefined;
}

/** Ways to rebuild one object of a payload; each keeps or breaks validity depending on the schema. */
export const TRANSFORMS: Record<string, Transform> = {
  // every key inherited: present for `in`, absent as an own property
  "all-inherited": (node) => Object.create(node),
  // one key moved to the prototype
  "one-inherited": (node, random) => {
    const key = pickKey(node, random);
    if (key === undefined) return undefined;
    const { [key]: moved, ...rest } = node;
    return Object.assign(Object.create({ [key]: moved }), rest);
  },
  "class-instance": (node) => Object.assign(new (class Payload {})(), node),
  "null-prototype": (node) => Object.assign(Object.create(null), node),
  // a key that is present with the value undefined
  "present-undefined": (node, random) => {
    const key = pickKey(node, random);
    return key === undefined ? undefined : { ...node, [key]: undefined };
  },
  "added-undefined": (node) => ({ ...node, "x-undefined": undefined, title: undefined }),
  "non-enumerable": (node, random) => {
    const key = pickKey(node, random);
    if (key === undefined) return undefined;
    const copy = { ...node };
    Object.defineProperty(copy, key, { value: node[key], enumerable: false });
    return copy;
  },
  "own-proto-key": (node) => JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(node).slice(1)}`.replace(/, }$/, "}")),
  "own-proto-string": (node) => Object.defineProperty({ ...node }, "__proto__", { value: "text", enumerable: true, writable: true, configurable: true }),
  "prototype-names": (node) => ({ ...node, constructor: "c", toString: "s", hasOwnProperty: 1, prototype: {} }),
  "symbol-key": (node) => ({ ...node, [Symbol("s")]: 1 }),
  getter: (node, random) => {
    const key = pickKey(node, random);
    if (key === undefined) return undefined;
    const copy = { ...node };
    const value = node[key];
    Object.defineProperty(copy, key, { get: () => value, enumerable: true });
    return copy;
  },
  date: (node) => Object.assign(new Date(0), node),
  map: (node) => Object.assign(new Map(), node),
  array: (node) => Object.assign([], node),
};

/** A deep copy that keeps undefined values and holes, for JSON-made payloads. */
function copy(value: unknown): unknown {
  return structuredClone(value);
}

/**
 * One variant of `value`: `transform` applied to the object at a random site (the root included).
 * Undefined when the chosen site holds no object.
 */
export function variantAt(value: unknown, sites: Site[], random: () => number, kind: string): Variant | undefined {
  const objectSites = sites.filter((site) => {
    const node = site.path.reduce<unknown>((n, key) => (n as Record<string | number, unknown> | undefined)?.[key], value);
    return isPlainObject(node);
  });
  const site = objectSites[Math.floor(random() * objectSites.length)];
  if (!site) return undefined;
  const root = copy(value);
  const parentPath = site.path.slice(0, -1);
  const parent = parentPath.reduce<unknown>((n, key) => (n as Record<string | number, unknown>)[key], root) as Record<string | number, unknown>;
  const node = (site.path.length ? parent[site.path[site.path.length - 1]!] : root) as Record<string, unknown>;
  let transformed: unknown;
  try {
    transformed = TRANSFORMS[kind]!(node, random);
  } catch {
    return undefined;
  }
  if (transformed === undefined) return undefined;
  if (!site.path.length) return { kind, value: transformed };
  parent[site.path[site.path.length - 1]!] = transformed;
  return { kind, value: root };
}

/** Values of every kind JavaScript has, for any type. */
export const ODD_VALUES: Variant[] = [
  { kind: "undefined", value: undefined },
  { kind: "null", value: null },
  { kind: "NaN", value: NaN },
  { kind: "Infinity", value: Infinity },
  { kind: "-0", value: -0 },
  { kind: "2^53", value: 2 ** 53 },
  { kind: "empty string", value: "" },
  { kind: "empty array", value: [] },
  { kind: "sparse array", value: [, 1] },
  { kind: "empty object", value: {} },
  { kind: "Object.create(null)", value: Object.create(null) },
  { kind: "Date", value: new Date(0) },
  { kind: "Map", value: new Map([["a", 1]]) },
  { kind: "function", value: () => 1 },
  { kind: "boxed string", value: new String("a") },
  { kind: "symbol", value: Symbol("s") },
  { kind: "bigint", value: 1n },
];
