import type { Declaration, ObjectType, SchemaModel, TypeNode } from "../../src/model/types.js";
import { typeOf } from "../../src/model/shapes.js";

/** A small seeded PRNG (mulberry32): the corpus is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A place in a generated value, with the model type that governs it. */
export interface Site {
  path: Array<string | number>;
  type: TypeNode;
  /** Set when the site is an object property: whether the property is required. */
  required?: boolean;
}

const FORMAT_SAMPLES: Record<string, string[]> = {
  uri: ["https://example.com/docs/a?b=1#top", "file:///home/user/project/main.rs", "urn:isbn:0451450523", "mailto:dev@example.com", "http://[::1]:8080/x"],
  "uri-template": ["file:///{path}", "https://api.example.com/{owner}/{repo}{?ref,page}", "db://tables/{table*}"],
  byte: ["", "aGVsbG8=", "AAECAwQFBgcICQ==", "bWNwLWdlbg=="],
  "date-time": ["2026-07-28T12:00:00Z", "2025-11-25T08:30:00.123+02:00"],
};
const STRINGS = ["", "hello", "ünïcødé ✓", "a/b:c", "with space", "line\nbreak"];

export class PayloadGenerator {
  private readonly byName: Map<string, Declaration>;

  constructor(model: SchemaModel, private readonly random: () => number) {
    this.byName = new Map(model.declarations.map((d) => [d.name, d]));
  }

  /** A declaration's full type (an interface's inherited members included). */
  typeOf(name: string): TypeNode {
    return typeOf(this.byName.get(name)!, this.byName);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /** A value valid under the schema.ts semantics, and the sites it is made of. */
  sample(type: TypeNode, sites: Site[] = [], path: Array<string | number> = [], depth = 0): unknown {
    sites.push({ path, type });
    return this.sampleNode(type, sites, path, depth);
  }

  private sampleNode(type: TypeNode, sites: Site[], path: Array<string | number>, depth: number): unknown {
    switch (type.kind) {
      case "string":
        return type.format && FORMAT_SAMPLES[type.format] ? this.pick(FORMAT_SAMPLES[type.format]!) : this.pick(STRINGS).slice(0, type.maxLength);
      case "number":
        return this.sampleNumber(type);
      case "boolean":
        return this.random() < 0.5;
      case "null":
        return null;
      case "literal":
        return type.value;
      case "unknown":
      case "nonPrimitive":
        return this.json(depth, type.kind === "nonPrimitive");
      case "ref":
        return this.sampleNode(this.typeOf(type.name), sites, path, depth + 1);
      case "array":
        return this.sampleArray(type, sites, path, depth);
      case "union":
        return this.sample(this.chooseMember(type.members, depth), sites, path, depth);
      case "object":
        return this.sampleObject(type, sites, path, depth);
    }
  }

  private sampleNumber(type: TypeNode & { kind: "number" }): number {
    const min = type.minimum ?? -1000;
    const max = type.maximum ?? 1000;
    if (type.integer) return this.int(Math.ceil(min), Math.floor(max));
    return Math.round((min + this.random() * (max - min)) * 1000) / 1000;
  }

  private sampleArray(type: TypeNode & { kind: "array" }, sites: Site[], path: Array<string | number>, depth: number): unknown[] {
    const max = Math.min(type.maxItems ?? 3, depth > 5 ? 0 : 3);
    const length = Math.max(type.minItems ?? 0, this.int(0, max));
    return Array.from({ length }, (_, i) => this.sample(type.items, sites, [...path, i], depth + 1));
  }

  private sampleObject(type: ObjectType, sites: Site[], path: Array<string | number>, depth: number): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    for (const property of type.properties) {
      // `x?: never`: the key must be absent.
      if (property.type.kind === "never" || (property.optional && (depth > 5 || this.random() < 0.5))) continue;
      const at = [...path, property.name];
      sites.push({ path: at, type: property.type, required: !property.optional });
      value[property.name] = this.sampleNode(property.type, sites, at, depth + 1);
    }
    const extraType = type.indexSignature;
    // A `never` index signature (`Record<string, never>`, a record of literal keys) admits no other key.
    if (extraType?.kind !== "never" && depth < 5 && this.random() < 0.3) {
      const key = `x-extra-${this.int(0, 99)}`;
      if (!(key in value)) value[key] = extraType ? this.sample(extraType, sites, [...path, key], depth + 1) : this.json(depth);
    }
    return value;
  }

  /** Near the depth limit, prefer members that do not recurse. */
  private chooseMember(members: TypeNode[], depth: number): TypeNode {
    if (depth < 5) return this.pick(members);
    const shallow = members.filter((m) => m.kind !== "ref" && m.kind !== "array" && m.kind !== "object");
    return this.pick(shallow.length ? shallow : members);
  }

  /** Arbitrary JSON (for `unknown`, `object` and extra keys). */
  json(depth: number, objectOnly = false): unknown {
    const choice = objectOnly ? 5 : this.int(0, depth > 4 ? 4 : 6);
    switch (choice) {
      case 0: return this.pick(STRINGS);
      case 1: return this.int(-50, 50);
      case 2: return this.random() < 0.5;
      case 3: return null;
      case 4: return 2.5;
      case 5: return depth > 4 ? {} : { k: this.json(depth + 1), n: this.int(0, 9) };
      default: return [this.json(depth + 1)];
    }
  }
}

export type Mutation = { kind: string; value: unknown };

/** Applies one mutation that is likely (not certain) to make the value invalid. */
export function mutate(value: unknown, sites: Site[], random: () => number, generator: PayloadGenerator): Mutation | undefined {
  const site = sites[Math.floor(random() * sites.length)];
  if (!site) return undefined;
  const kinds = mutationsFor(site);
  const kind = kinds[Math.floor(random() * kinds.length)]!;
  const copy = structuredClone(value);
  const at = (path: Array<string | number>) => path.reduce<any>((node, key) => node?.[key], copy);
  if (kind === "extra-field") {
    const target = at(site.path);
    if (target === null || typeof target !== "object" || Array.isArray(target)) return undefined;
    target["unexpected-field"] = generator.json(3);
    return { kind, value: copy };
  }
  if (site.path.length === 0) return kind === "delete" ? undefined : { kind, value: replacement(kind, site, generator) };
  const parent = at(site.path.slice(0, -1));
  const key = site.path[site.path.length - 1]!;
  if (parent === null || typeof parent !== "object") return undefined;
  if (kind === "delete") delete parent[key];
  else parent[key] = replacement(kind, site, generator);
  return { kind, value: copy };
}

function mutationsFor(site: Site): string[] {
  const kinds = ["wrong-type"];
  if (site.required) kinds.push("delete");
  const t = site.type;
  if (t.kind === "string" && t.format) kinds.push("bad-format", "bad-format");
  if (t.kind === "number") kinds.push(t.integer ? "non-integer" : "string-number", "out-of-range");
  if (t.kind === "literal") kinds.push("wrong-literal", "wrong-literal");
  if (t.kind === "array") kinds.push("too-many-items", "array-item-wrong");
  if (t.kind === "object" || t.kind === "ref") kinds.push("extra-field");
  return kinds;
}

function replacement(kind: string, site: Site, generator: PayloadGenerator): unknown {
  const t = site.type;
  switch (kind) {
    case "bad-format":
      return t.kind === "string" && t.format === "byte" ? "not base64!" : "not a valid uri {{";
    case "non-integer":
      return 1.5;
    case "string-number":
      return "42";
    case "out-of-range":
      return t.kind === "number" && t.maximum !== undefined ? t.maximum + 1 : t.kind === "number" && t.minimum !== undefined ? t.minimum - 1 : -7;
    case "wrong-literal":
      return typeof (t as { value: unknown }).value === "number" ? -1 : "wrong-literal";
    case "too-many-items":
      return Array.from({ length: t.kind === "array" && t.maxItems !== undefined ? t.maxItems + 1 : 5 }, () => generator.json(3));
    case "array-item-wrong":
      return [{ wrong: true }, 12.5, null];
    default:
      return wrongTypeFor(t);
  }
}

function wrongTypeFor(type: TypeNode): unknown {
  switch (type.kind) {
    case "string": return 123;
    case "number": return "123";
    case "boolean": return "true";
    case "array": return { not: "an array" };
    case "object": return ["not", "an", "object"];
    default: return type.kind === "literal" && typeof type.value === "string" ? 7 : "wrong";
  }
}
