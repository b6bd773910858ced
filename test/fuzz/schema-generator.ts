// Random small schema.ts files for the fuzz test: interfaces, aliases, unions, literals, index
// signatures, recursion, extends/Omit, intersections, constants, odd names and JSDoc tags. Seeded:
// every run sees the same schemas.
import { rng } from "../helpers/payloads.js";

const PLAIN = ["a", "b", "name", "value", "items", "kind", "meta", "x1", "_private", "$dollar", "camelCase"];
const ODD_KEYS = ['"a-b"', '"io.example/key"', '"with space"', '"__proto__"', "constructor", "toString", '"0"', '"ünïcødé"', "hasOwnProperty"];
const TYPE_NAMES = ["Alpha", "Beta", "Gamma", "Delta", "Node", "Item", "Wrapper", "Content", "Result", "Request", "Thing", "Ünïcode", "_Under", "$Dollar"];
const RISKY_TYPE_NAMES = ["AlphaSchema", "McpError", "METHODS", "let", "await", "Omit", "undefined", "RequestMap", "createServer", "Record"];
const FORMATS = ["uri", "uri-reference", "uri-template", "byte", "date-time", "date", "time", "email", "uuid", "made-up"];

export class SchemaFuzzer {
  private readonly random: () => number;
  private names: string[] = [];
  /** Interfaces declared so far (extends and intersections only reach these: no cycles, always objects). */
  private objects: string[] = [];
  private constants: string[] = [];

  constructor(seed: number) {
    this.random = rng(seed);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** One schema file's text. */
  schema(): string {
    const count = 1 + Math.floor(this.random() * 6);
    const names = new Set<string>();
    while (names.size < count) names.add(this.chance(0.02) ? this.pick(RISKY_TYPE_NAMES) : this.pick(TYPE_NAMES));
    this.names = [...names];
    this.objects = [];
    this.constants = [];
    const lines: string[] = [];
    if (this.chance(0.4)) lines.push(...this.constantLines());
    for (const name of this.names) {
      const isInterface = this.chance(0.6);
      lines.push(isInterface ? this.interfaceOf(name) : this.aliasOf(name));
      if (isInterface) this.objects.push(name);
    }
    return `${lines.join("\n\n")}\n`;
  }

  private constantLines(): string[] {
    const lines: string[] = [];
    for (let i = 0; i < 1 + Math.floor(this.random() * 3); i++) {
      const name = this.chance(0.05) ? this.pick(["PROTOCOL_VERSION", "MAX_NESTING_DEPTH", "ErrorCode"]) : `CONST_${i}`;
      const value = this.chance(0.03) ? "1e400" : this.pick(['"2030-01-01"', "-32050", "42", '"text"', "true", "1_000", "0x10", "-0"]);
      if (!this.constants.includes(name)) this.constants.push(name);
      lines.push(`export const ${name} = ${value};`);
    }
    return lines;
  }

  private interfaceOf(name: string): string {
    let heritage = "";
    if (this.objects.length && this.chance(0.3)) {
      const base = this.pick(this.objects);
      heritage = this.chance(0.2) ? ` extends Omit<${base}, "${this.pick(PLAIN)}">` : ` extends ${base}`;
    }
    return `${this.doc()}export interface ${name}${heritage} ${this.body(0)}`;
  }

  private aliasOf(name: string): string {
    return `${this.doc()}export type ${name} = ${this.type(0)};`;
  }

  private body(depth: number): string {
    const members: string[] = [];
    const count = Math.floor(this.random() * 5);
    const used = new Set<string>();
    for (let i = 0; i < count; i++) {
      const key = this.chance(0.15) ? this.pick(ODD_KEYS) : this.pick(PLAIN);
      if (used.has(key)) continue;
      used.add(key);
      const optional = this.chance(0.4) ? "?" : "";
      members.push(`${this.doc()}${key}${optional}: ${this.type(depth + 1)};`);
    }
    if (this.chance(0.2)) members.push(`[key: string]: ${this.chance(0.8) ? "unknown" : this.type(depth + 1)};`);
    return members.length ? `{\n${members.join("\n")}\n}` : "{}";
  }

  private doc(): string {
    if (!this.chance(0.25)) return "";
    const tag = this.pick([
      `@format ${this.pick(FORMATS)}`,
      `@minimum ${Math.floor(this.random() * 10)}`,
      `@maximum ${Math.floor(this.random() * 100)}`,
      `@minLength 1`,
      `@maxItems 3`,
      `@pattern ^[a-z]+$`,
      "@TJS-type number",
      "@deprecated use something else",
    ]);
    return `/** Some doc. ${tag} */\n`;
  }

  /** A type expression; deeper levels prefer leaves, so files stay small. */
  type(depth: number): string {
    const leaves = ["string", "number", "boolean", "null", "unknown", '"lit"', "42", "-1", "true", "object", "any"];
    if (depth > 3 || this.chance(0.35)) return this.pick(leaves);
    switch (Math.floor(this.random() * 9)) {
      case 0:
        return this.pick(this.names);
      case 1:
        return `${this.type(depth + 1)}[]`;
      case 2:
        return `${this.type(depth + 1)} | ${this.type(depth + 1)}`;
      case 3:
        return `"${this.pick(PLAIN)}" | "${this.pick(PLAIN)}" | string`;
      case 4:
        return this.body(depth + 1);
      case 5:
        return `Record<string, ${this.type(depth + 1)}>`;
      case 6:
        return this.constants.length ? `typeof ${this.pick(this.constants)}` : "string";
      case 7:
        return this.objects.length ? `${this.pick(this.objects)} & { extra: ${this.type(depth + 1)} }` : "string";
      default:
        return `{ kind: "${this.pick(["x", "y"])}"; v: ${this.type(depth + 1)} } | { kind: "z"; w: string }`;
    }
  }
}

/** Random JSON-ish values (and some non-JSON JS values) to throw at validators. */
export function randomValues(seed: number, count: number): unknown[] {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const value = (depth: number): unknown => {
    const choice = Math.floor(random() * (depth > 4 ? 6 : 10));
    switch (choice) {
      case 0: return pick(["", "lit", "x", "https://example.com/a", "2030-01-01T00:00:00Z", "aGk="]);
      case 1: return pick([0, -1, 42, 1.5, -0, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]);
      case 2: return random() < 0.5;
      case 3: return null;
      case 4: return undefined;
      case 5: return pick([new Date(0), new Map(), Object.create(null), JSON.parse('{"__proto__":{"polluted":1}}')]);
      case 6: return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      default: {
        const object: Record<string, unknown> = {};
        for (const key of ["a", "b", "name", "kind", "value", "items", "a-b", "constructor", "extra", "v", "w"]) if (random() < 0.4) object[key] = value(depth + 1);
        if (random() < 0.3) object.kind = pick(["x", "y", "z"]);
        return object;
      }
    }
  };
  const values = Array.from({ length: count }, () => value(0));
  const deep: Record<string, unknown> = {};
  let cursor = deep;
  for (let i = 0; i < 5000; i++) cursor = (cursor.a = {}) as Record<string, unknown>;
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  return [...values, deep, cyclic, "x".repeat(1 << 20)];
}
