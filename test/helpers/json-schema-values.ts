// Values for a JSON Schema, written from the schema itself (not from mcp-gen's model): samples
// meant to be valid, and mutations of them, each remembering the schema node it came from. Ajv is
// the judge of what is valid; these only propose values.
import { rng } from "./payloads.js";

type Json = unknown;
type Schema = Record<string, Json> | boolean;

const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value and the schema node that governs it. */
export interface Site {
  path: Array<string | number>;
  schema: Schema;
}

export interface Proposal {
  value: Json;
  /** What was done to a valid sample ("" for the sample itself), and where. */
  mutation: string;
  /** The schema node the mutation was derived from. */
  schema?: Schema;
}

const FORMAT_SAMPLES: Record<string, string[]> = {
  uri: ["https://example.com/a?b=1#c", "urn:isbn:0451450523", "file:///tmp/x", "http://[::1]:80/"],
  "uri-reference": ["/relative/path", "../up?q", "#frag", ""],
  "uri-template": ["https://api.example.com/{owner}{?page}", "file:///{path}"],
  date: ["2024-02-29", "1999-12-31"],
  "date-time": ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123+02:00", "2024-01-02 03:04:05Z", "2024-01-02T03:04:05+0100"],
  time: ["12:00:00Z", "23:59:59+01:00"],
  email: ["ada@example.com", "a.b+c@sub.example.org"],
  uuid: ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"],
  ipv4: ["127.0.0.1"],
  hostname: ["example.com"],
};
const STRINGS = ["", "a", "hello", "Ünïcødé ✓", "😀😀", "with space", "line\nbreak", "abc", "sev1", "x-1"];
const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, -2.5, 1e-9, 100, 2 ** 53 - 1, 2 ** 53, 2 ** 60, -(2 ** 60), 1e300, -1e300];

export class SchemaValues {
  private readonly random: () => number;

  constructor(private readonly root: Json, seed: number) {
    this.random = rng(seed);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private resolve(ref: string): Json {
    if (!ref.startsWith("#")) return true;
    let current: Json = this.root;
    for (const token of ref.slice(1).split("/").filter(Boolean).map((t) => decodeURIComponent(t).replace(/~1/g, "/").replace(/~0/g, "~"))) {
      if (!isObject(current) && !Array.isArray(current)) return true;
      current = (current as Record<string, Json>)[token];
    }
    return current ?? true;
  }

  /** A value meant to match `schema` (not guaranteed: allOf, not, patterns…), with its sites. */
  sample(schema: Json, sites: Site[] = [], path: Array<string | number> = [], depth = 0): Json {
    if (!isObject(schema)) return schema === false ? null : this.any(depth);
    sites.push({ path, schema });
    if (typeof schema["$ref"] === "string" && depth < 12) return this.sample(this.resolve(schema["$ref"]), sites, path, depth + 1);
    if (Object.hasOwn(schema, "const")) return schema["const"];
    if (Array.isArray(schema["enum"]) && schema["enum"].length) return this.pick(schema["enum"]);
    for (const key of ["anyOf", "oneOf"]) if (Array.isArray(schema[key]) && schema[key].length) return this.sample(this.pick(schema[key] as Json[]), sites, path, depth + 1);
    if (Array.isArray(schema["allOf"]) && schema["allOf"].length) return this.sample(schema["allOf"][0], sites, path, depth + 1);
    const types = Array.isArray(schema["type"]) ? (schema["type"] as string[]) : typeof schema["type"] === "string" ? [schema["type"]] : [];
    const type = types.length ? this.pick(types) : schema["properties"] ? "object" : schema["items"] ? "array" : undefined;
    return this.ofType(type, schema, sites, path, depth);
  }

  private ofType(type: string | undefined, schema: Record<string, Json>, sites: Site[], path: Array<string | number>, depth: number): Json {
    switch (type) {
      case "string": return this.string(schema);
      case "integer": return this.number(schema, true);
      case "number": return this.number(schema, false);
      case "boolean": return this.random() < 0.5;
      case "null": return null;
      case "array": return this.array(schema, sites, path, depth);
      case "object": return this.object(schema, sites, path, depth);
      default: return this.any(depth);
    }
  }

  private string(schema: Record<string, Json>): string {
    if (typeof schema["format"] === "string" && FORMAT_SAMPLES[schema["format"]]) return this.pick(FORMAT_SAMPLES[schema["format"]]!);
    const min = typeof schema["minLength"] === "number" ? schema["minLength"] : 0;
    const max = typeof schema["maxLength"] === "number" ? schema["maxLength"] : 40;
    const base = this.pick(STRINGS.filter((s) => [...s].length <= max)) ?? "";
    return base.padEnd(min, "z");
  }

  private number(schema: Record<string, Json>, integer: boolean): number {
    const low = typeof schema["minimum"] === "number" ? schema["minimum"] : typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] + 1 : -1000;
    const high = typeof schema["maximum"] === "number" ? schema["maximum"] : typeof schema["exclusiveMaximum"] === "number" ? schema["exclusiveMaximum"] - 1 : 1000;
    const [a, b] = [Math.max(low, -1e6), Math.min(high, 1e6)];
    const value = a + this.random() * Math.max(0, b - a);
    return integer ? Math.ceil(value) : Math.round(value * 100) / 100;
  }

  private array(schema: Record<string, Json>, sites: Site[], path: Array<string | number>, depth: number): Json[] {
    const prefix = Array.isArray(schema["prefixItems"]) ? schema["prefixItems"] : Array.isArray(schema["items"]) ? schema["items"] : [];
    const rest = Array.isArray(schema["items"]) ? schema["additionalItems"] : schema["items"];
    const min = typeof schema["minItems"] === "number" ? schema["minItems"] : 0;
    const max = Math.min(typeof schema["maxItems"] === "number" ? schema["maxItems"] : 3, depth > 6 ? min : 3);
    const length = Math.max(min, Math.floor(this.random() * (max + 1)), depth > 6 ? 0 : 0);
    return Array.from({ length: Math.max(length, Math.min(prefix.length, max)) }, (_, i) => this.sample(i < prefix.length ? prefix[i] : rest, sites, [...path, i], depth + 1));
  }

  private object(schema: Record<string, Json>, sites: Site[], path: Array<string | number>, depth: number): Record<string, Json> {
    const properties = isObject(schema["properties"]) ? schema["properties"] : {};
    const required = new Set(Array.isArray(schema["required"]) ? (schema["required"] as string[]) : []);
    const value: Record<string, Json> = {};
    for (const [name, sub] of Object.entries(properties)) {
      if (!required.has(name) && (depth > 6 || this.random() < 0.4)) continue;
      Object.defineProperty(value, name, { value: this.sample(sub, sites, [...path, name], depth + 1), enumerable: true, writable: true, configurable: true });
    }
    for (const name of required) if (!Object.hasOwn(value, name)) value[name] = this.sample(schema["additionalProperties"] ?? true, sites, [...path, name], depth + 1);
    const extra = schema["additionalProperties"];
    if (isObject(extra) && depth < 6 && this.random() < 0.5) value[`k${Math.floor(this.random() * 9)}`] = this.sample(extra, sites, [...path, "k"], depth + 1);
    return value;
  }

  /** Arbitrary JSON. */
  any(depth = 0): Json {
    const choice = Math.floor(this.random() * (depth > 4 ? 5 : 7));
    return [() => this.pick(STRINGS), () => this.pick(EDGE_NUMBERS), () => this.random() < 0.5, () => null, () => 3, () => ({ a: this.any(depth + 1) }), () => [this.any(depth + 1)]][choice]!();
  }

  /** Mutations of a valid sample, one site at a time (many are invalid; Ajv decides). */
  mutations(value: Json, sites: Site[], count: number): Proposal[] {
    const out: Proposal[] = [];
    for (let i = 0; i < count && sites.length; i++) {
      const site = this.pick(sites);
      const [kind, replacement] = this.mutation(site, valueAt(value, site.path));
      out.push({ value: replaced(value, site.path, replacement), mutation: `${kind} at /${site.path.join("/")}`, schema: site.schema });
    }
    return out;
  }

  private mutation(site: Site, current: Json): [string, Json] {
    const choices: Array<() => [string, Json]> = [
      () => ["another type", this.any(3)],
      () => ["a string", this.pick(STRINGS)],
      () => ["an edge number", this.pick(EDGE_NUMBERS)],
      () => ["null", null],
      () => ["removed", REMOVE],
    ];
    if (isObject(current)) choices.push(() => ["extra key", { ...current, [`zz${Math.floor(this.random() * 9)}`]: this.any(3) }]);
    if (isObject(current)) choices.push(() => ["emptied object", {}]);
    if (Array.isArray(current)) choices.push(() => ["extra item", [...current, this.any(3)]], () => ["emptied array", []]);
    if (typeof current === "string") choices.push(() => ["longer string", `${current}${"😀".repeat(1 + Math.floor(this.random() * 3))}`], () => ["shorter string", [...current].slice(1).join("")]);
    if (typeof current === "number") choices.push(() => ["number ± 0.5", current + (this.random() < 0.5 ? 0.5 : -0.5)], () => ["number ± 1", current + (this.random() < 0.5 ? 1 : -1)]);
    return this.pick(choices)();
  }
}

const REMOVE = Symbol("remove");

function valueAt(value: Json, path: Array<string | number>): Json {
  let current = value;
  for (const key of path) current = (current as Record<string | number, Json> | undefined)?.[key];
  return current;
}

/** A copy of `value` with the value at `path` replaced (or removed). */
function replaced(value: Json, path: Array<string | number>, replacement: Json): Json {
  if (!path.length) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = replaced(value[head as number], rest, replacement);
    return copy;
  }
  if (!isObject(value)) return value;
  const copy: Record<string, Json> = {};
  for (const key of Object.keys(value)) Object.defineProperty(copy, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  if (rest.length === 0 && replacement === REMOVE) delete copy[head as string];
  else Object.defineProperty(copy, head as string, { value: replaced(value[head as string], rest, replacement), enumerable: true, writable: true, configurable: true });
  return copy;
}
