// Random JSON Schemas (seeded): what servers send and what they should not — every construct the
// front end reads, the ones it widens, malformed keyword values, odd property names, references
// that recurse or lead nowhere, and values that are no schema at all.
import { rng } from "../helpers/payloads.js";

type Json = unknown;

const NAMES = ["a", "b", "name", "kind", "value", "items", "a-b", "x y", "constructor", "toString", "__proto__", "ünï", "*/", "0", "$ref", "type", "'q'", '"dq"', "then"];
const FORMATS = ["uri", "uri-reference", "uri-template", "date", "date-time", "time", "email", "uuid", "byte", "hostname", "flavour"];
const PATTERNS = ["^a", "b$", "^[a-z]+$", "\\d", "[", "(?<n>x)\\k<n>", "^\\w*$", "😀", "\\-", "a{2,}"];
const STRINGS = ["", "a", "x", "sev1", "😀", "a*/b", "line\nbreak"];

export class JsonSchemaFuzzer {
  private readonly random: () => number;
  private defs: string[] = [];

  constructor(seed: number) {
    this.random = rng(seed);
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /** A whole document: a root schema, maybe with `$defs` its references point at. */
  document(): Json {
    this.defs = this.chance(0.5) ? Array.from({ length: this.int(1, 3) }, (_, i) => `D${i}`) : [];
    const root = this.chance(0.85) ? this.object(0) : this.schema(0);
    if (typeof root !== "object" || root === null) return root;
    const document = root as Record<string, Json>;
    if (this.defs.length) document[this.chance(0.7) ? "$defs" : "definitions"] = Object.fromEntries(this.defs.map((d) => [d, this.schema(1)]));
    if (this.chance(0.4)) document["$schema"] = this.pick(["https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#"]);
    return document;
  }

  schema(depth: number): Json {
    if (depth > 3 || this.chance(0.15)) return this.leaf();
    const choice = this.int(0, 9);
    if (choice <= 2) return this.object(depth);
    if (choice === 3) return this.array(depth);
    if (choice === 4) return { [this.pick(["anyOf", "oneOf", "allOf"])]: Array.from({ length: this.int(1, 3) }, () => this.schema(depth + 1)) };
    if (choice === 5) return this.ref();
    if (choice === 6) return this.odd(depth);
    return this.leaf();
  }

  private leaf(): Json {
    const choice = this.int(0, 11);
    switch (choice) {
      case 0: return { type: "string", ...this.stringKeywords() };
      case 1: return { type: this.pick(["integer", "number"]), ...this.numberKeywords() };
      case 2: return { type: "boolean" };
      case 3: return { type: "null" };
      case 4: return { enum: Array.from({ length: this.int(0, 4) }, () => this.pick<Json>([...STRINGS, 1, 2.5, -0, null, true, { o: 1 }, [1], 2 ** 60])) };
      case 5: return { const: this.pick<Json>([...STRINGS, 0, false, null, { k: "v" }]) };
      case 6: return { type: this.pick([["string", "null"], ["integer", "string"], ["number", "integer", "boolean"], []]) };
      case 7: return { type: "string", nullable: true, description: this.pick(STRINGS) };
      case 8: return this.pick<Json>([true, false, {}, { description: "anything" }]);
      case 9: return { type: "string", format: this.pick(FORMATS) };
      case 10: return this.ref();
      default: return { type: "integer", default: 3, deprecated: this.chance(0.5), title: "T" };
    }
  }

  private stringKeywords(): Record<string, Json> {
    const out: Record<string, Json> = {};
    if (this.chance(0.4)) out["minLength"] = this.pick<Json>([0, 1, 2, -1, 1.5, "3"]);
    if (this.chance(0.4)) out["maxLength"] = this.pick<Json>([0, 1, 3, 10, 2 ** 40]);
    if (this.chance(0.3)) out["pattern"] = this.pick(PATTERNS);
    if (this.chance(0.2)) out["format"] = this.pick(FORMATS);
    return out;
  }

  private numberKeywords(): Record<string, Json> {
    const out: Record<string, Json> = {};
    if (this.chance(0.4)) out["minimum"] = this.pick<Json>([0, -5, 1.5, -(2 ** 60), "0"]);
    if (this.chance(0.4)) out["maximum"] = this.pick<Json>([10, 100, 2.5, 2 ** 60, 9007199254740991]);
    if (this.chance(0.25)) out["exclusiveMinimum"] = this.pick<Json>([0, 1.5, true, false]);
    if (this.chance(0.25)) out["exclusiveMaximum"] = this.pick<Json>([100, 0.5, true]);
    if (this.chance(0.1)) out["multipleOf"] = this.pick([2, 0.5]);
    return out;
  }

  private object(depth: number): Json {
    const names = [...new Set(Array.from({ length: this.int(0, 4) }, () => this.pick(NAMES)))];
    const properties: Record<string, Json> = {};
    for (const name of names) Object.defineProperty(properties, name, { value: this.schema(depth + 1), enumerable: true, writable: true, configurable: true });
    const out: Record<string, Json> = { type: "object", properties };
    if (this.chance(0.6)) out["required"] = names.filter(() => this.chance(0.5)).concat(this.chance(0.1) ? ["undeclared"] : []);
    if (this.chance(0.35)) out["additionalProperties"] = this.pick<Json>([false, true, { type: "string" }, { type: "integer" }, this.chance(0.5) ? this.schema(depth + 1) : {}]);
    if (this.chance(0.1)) out["patternProperties"] = { [this.pick(PATTERNS)]: this.schema(depth + 1) };
    if (this.chance(0.08)) out[this.pick(["propertyNames", "minProperties", "dependentRequired", "unevaluatedProperties"])] = this.pick<Json>([{ maxLength: 3 }, 1, { a: ["b"] }, false]);
    if (this.chance(0.05)) out["description"] = "ends */ here";
    return out;
  }

  private array(depth: number): Json {
    const out: Record<string, Json> = { type: "array" };
    const form = this.int(0, 3);
    if (form === 0) out["items"] = this.schema(depth + 1);
    if (form === 1) out["prefixItems"] = [this.schema(depth + 1), this.schema(depth + 1)];
    if (form === 1 && this.chance(0.5)) out["items"] = this.pick<Json>([false, this.schema(depth + 1)]);
    if (form === 2) Object.assign(out, { items: [this.schema(depth + 1)], additionalItems: this.pick<Json>([false, { type: "boolean" }]) });
    if (this.chance(0.3)) out["minItems"] = this.pick([0, 1, 2]);
    if (this.chance(0.3)) out["maxItems"] = this.pick([1, 3, 5]);
    if (this.chance(0.1)) out["uniqueItems"] = true;
    return out;
  }

  private ref(): Json {
    const targets = [...this.defs.map((d) => `#/$defs/${d}`), ...this.defs.map((d) => `#/definitions/${d}`), "#", "#/$defs/Missing", "https://example.com/x.json", "#/properties/a"];
    const ref: Record<string, Json> = { $ref: this.pick(targets) };
    if (this.chance(0.3)) ref[this.pick(["description", "maxLength", "type"])] = this.pick<Json>(["note", 2, "string"]);
    return ref;
  }

  private odd(depth: number): Json {
    return this.pick<Json>([
      { not: this.schema(depth + 1) },
      { if: { type: "string" }, then: { minLength: 2 }, else: { type: "number" } },
      { allOf: [{ type: "string" }, { type: "number" }] },
      { anyOf: [] },
      { type: "strin" },
      42,
      "string",
      [{ type: "string" }],
      null,
      { $dynamicRef: "#meta" },
      { type: "object", properties: "oops", required: "a" },
    ]);
  }
}
