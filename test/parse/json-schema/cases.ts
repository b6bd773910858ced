// One construct per case (see front-end.test.ts). `declares`: the root declaration as types.ts
// writes it, whitespace collapsed; `also`: other declarations; `warnings`: the JSON pointers
// warned about; `valid`/`invalid`: values Ajv accepts/refuses and the validators must too;
// `widened`: values Ajv refuses that the validators accept, because the model cannot say it.
export interface FrontEndCase {
  name: string;
  schema: unknown;
  declares?: string;
  also?: Record<string, string>;
  warnings?: string[];
  valid?: unknown[];
  invalid?: unknown[];
  widened?: unknown[];
  /** Ajv cannot compile the schema (no oracle for its values). */
  noOracle?: boolean;
}

const S = "https://json-schema.org/draft/2020-12/schema";

export const CASES: FrontEndCase[] = [
  {
    name: "Basic",
    schema: { type: "object", properties: { a: { type: "string", description: "The a" }, b: { type: "number" } }, required: ["a"] },
    declares: "export interface Basic { /** The a */ a: string; b?: number; }",
    valid: [{ a: "x" }, { a: "", b: 1.5 }, { a: "x", extra: 1 }],
    invalid: [{}, { a: 1 }, { a: "x", b: "1" }, "x", null, []],
  },
  {
    name: "Integers",
    schema: { type: "object", properties: { any: { type: "integer" }, safe: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 }, positive: { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10 } } },
    declares: "export interface Integers { any?: number; /** * @minimum -9007199254740991 * @maximum 9007199254740991 */ safe?: number; /** * @minimum 1 * @maximum 9 */ positive?: number; }",
    valid: [{ any: 2 ** 60 }, { any: -1e300 }, { any: 3 }, { safe: 5 }, { positive: 1 }, { positive: 9 }],
    invalid: [{ any: 1.5 }, { safe: 2 ** 53 }, { positive: 0 }, { positive: 10 }, { positive: 0.5 }],
  },
  {
    name: "Numbers",
    schema: { type: "number", minimum: 0, exclusiveMaximum: 1 },
    declares: "/** * @minimum 0 * @maximum 1 */ export type Numbers = number;",
    warnings: ["/exclusiveMaximum"],
    valid: [0, 0.5, 0.999],
    invalid: [-0.1, 1.1, "0"],
    widened: [1],
  },
  {
    name: "Strings",
    schema: { type: "string", minLength: 2, maxLength: 3, pattern: "^[a-z😀]+$" },
    declares: "/** * @minLength 2 * @maxLength 3 * @pattern ^[a-z😀]+$ */ export type Strings = string;",
    valid: ["ab", "abc", "😀😀😀", "a😀"],
    invalid: ["a", "abcd", "AB", "😀😀😀😀", 12],
  },
  {
    name: "Formats",
    schema: { type: "object", properties: { link: { type: "string", format: "uri" }, day: { type: "string", format: "date" }, at: { type: "string", format: "date-time" }, mail: { type: "string", format: "email" }, custom: { type: "string", format: "flavour" } } },
    declares:
      "export interface Formats { /** Format `uri` (not checked by the generated validators). */ link?: string; /** @format date */ day?: string; /** Format `date-time` (not checked by the generated validators). */ at?: string; /** Format `email` (not checked by the generated validators). */ mail?: string; /** Format `flavour` (not checked by the generated validators). */ custom?: string; }",
    valid: [{ link: "https://example.com/x", day: "2024-02-29", at: "2024-01-02T03:04:05Z", mail: "a@b.co" }, { at: "2024-01-02 03:04:05Z" }],
    invalid: [{ day: "2023-02-29" }, { link: 1 }],
    widened: [{ at: "yesterday" }, { mail: "nobody" }, { link: "not a uri" }],
  },
  {
    name: "Enums",
    schema: { type: "object", properties: { level: { enum: ["low", "high"] }, mixed: { enum: ["a", 1, null, true] }, only: { const: "x" }, typed: { type: "integer", enum: [1, 1.5, 2] } } },
    declares: 'export interface Enums { level?: "low" | "high"; mixed?: "a" | 1 | null | true; only?: "x"; typed?: 1 | 2; }',
    valid: [{ level: "low" }, { mixed: null }, { mixed: 1 }, { only: "x" }, { typed: 2 }],
    invalid: [{ level: "mid" }, { mixed: false }, { only: "y" }, { typed: 1.5 }],
  },
  {
    name: "TypeArrays",
    schema: { type: "object", properties: { v: { type: ["string", "null"] }, n: { type: "string", nullable: true }, w: { type: ["integer", "number"] } } },
    declares: "export interface TypeArrays { v?: string | null; n?: string | null; w?: number; }",
    // OpenAPI's nullable (which Ajv supports too) allows null.
    valid: [{ v: null }, { v: "x" }, { n: "x" }, { n: null }, { w: 1.5 }],
    invalid: [{ v: 1 }, { w: "1" }, { n: 1 }],
  },
  {
    name: "Records",
    schema: { type: "object", properties: { tags: { type: "object", additionalProperties: { type: "string" } }, closed: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false } } },
    declares: "export interface Records { tags?: { [key: string]: string; }; closed?: { a?: string; }; }",
    valid: [{ tags: { x: "1" } }, { closed: { a: "x" } }],
    invalid: [{ tags: { x: 1 } }, { closed: { a: 1 } }],
    widened: [{ closed: { b: 1 } }],
  },
  {
    name: "IndexBesideProperties",
    schema: { type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: { type: "string" } },
    declares: "export interface IndexBesideProperties { n: number; [key: string]: string | number; }",
    warnings: ["/additionalProperties"],
    valid: [{ n: 1, x: "y" }],
    invalid: [{ n: "1" }, { n: 1, x: true }],
    widened: [{ n: 1, x: 2 }],
  },
  {
    name: "Combinators",
    schema: {
      type: "object",
      allOf: [{ properties: { id: { type: "string" } }, required: ["id"] }, { properties: { id: { minLength: 2 } } }],
      oneOf: [
        { properties: { kind: { const: "a" } }, required: ["kind"] },
        { properties: { kind: { const: "b" }, size: { type: "integer" } }, required: ["kind", "size"] },
      ],
    },
    declares: 'export type Combinators = { /** @minLength 2 */ id: string; kind: "a"; } | { /** @minLength 2 */ id: string; kind: "b"; size: number; };',
    valid: [{ id: "ab", kind: "a" }, { id: "ab", kind: "b", size: 3 }],
    invalid: [{ id: "a", kind: "a" }, { id: "ab", kind: "b" }, { id: "ab", kind: "c" }, { kind: "a" }],
  },
  {
    name: "AnyOfPrimitives",
    schema: { anyOf: [{ type: "string", format: "date-time" }, { type: "integer", minimum: 0 }] },
    declares: "/** @minimum 0 */ export type AnyOfPrimitives = string | number;",
    valid: ["2024-01-02T03:04:05Z", 0, 7],
    invalid: [-1, 1.5, null],
    widened: ["soon"],
  },
  {
    name: "Refs",
    schema: { $schema: S, type: "object", properties: { root: { $ref: "#/$defs/Node" }, alias: { $ref: "#/$defs/Name", description: "named" } }, $defs: { Node: { type: "object", properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } } }, required: ["value"] }, Name: { type: "string", minLength: 1 } } },
    declares: "export interface Refs { root?: RefsNode; /** named */ alias?: RefsName; }",
    also: { RefsNode: "export interface RefsNode { value: string; children?: RefsNode[]; }", RefsName: "/** @minLength 1 */ export type RefsName = string;" },
    valid: [{ root: { value: "a", children: [{ value: "b", children: [] }] } }, { alias: "x" }],
    invalid: [{ root: { children: [] } }, { root: { value: "a", children: [{}] } }, { alias: "" }],
  },
  {
    name: "SiblingsOfRef",
    schema: { $schema: S, type: "object", properties: { s: { $ref: "#/$defs/S", maxLength: 2 } }, $defs: { S: { type: "string" } } },
    declares: "export interface SiblingsOfRef { /** @maxLength 2 */ s?: string; }",
    valid: [{ s: "ab" }],
    invalid: [{ s: "abc" }, { s: 1 }],
  },
  {
    name: "RootRecursion",
    schema: { type: "object", properties: { next: { $ref: "#" }, anchor: { $ref: "#leaf" } }, $defs: { leaf: { $anchor: "leaf", type: "boolean" } } },
    declares: "export interface RootRecursion { next?: RootRecursion; anchor?: RootRecursionLeaf; }",
    valid: [{ next: { next: {} } }, { anchor: true }],
    invalid: [{ next: { next: 1 } }, { anchor: "x" }],
  },
  {
    name: "RecursiveUnion",
    schema: { $ref: "#/$defs/Json", $defs: { Json: { anyOf: [{ type: "string" }, { type: "number" }, { type: "array", items: { $ref: "#/$defs/Json" } }, { type: "object", additionalProperties: { $ref: "#/$defs/Json" } }] } } },
    declares: "export type RecursiveUnion = RecursiveUnionJson;",
    also: { RecursiveUnionJson: "export type RecursiveUnionJson = string | number | RecursiveUnionJson[] | { [key: string]: RecursiveUnionJson; };" },
    valid: ["x", [1, ["a", { k: [2] }]], { a: { b: "c" } }],
    invalid: [null, [true], { a: [null] }],
  },
  {
    name: "DirectCycle",
    schema: { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { anyOf: [{ $ref: "#/$defs/B" }, { type: "string" }] }, B: { $ref: "#/$defs/A" } } },
    declares: "export interface DirectCycle { a?: DirectCycleA; }",
    also: { DirectCycleB: "export type DirectCycleB = unknown;" },
    warnings: [""],
    // (No values: Ajv itself overflows its stack on this schema.)
  },
  {
    name: "Tuples",
    schema: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
    declares: "/** @maxItems 2 */ export type Tuples = (string | number)[];",
    warnings: ["/prefixItems"],
    valid: [["a", 1], ["a"], []],
    invalid: [["a", 1, 2], [true]],
    widened: [[1, "a"]],
  },
  {
    name: "Unsupported",
    schema: { type: "object", properties: { c: { if: { type: "string" }, then: { minLength: 2 } }, n: { not: { type: "string" } }, p: { type: "object", patternProperties: { "^x-": { type: "integer" } }, additionalProperties: false }, m: { type: "number", multipleOf: 3 }, u: { type: "array", uniqueItems: true } } },
    declares: "export interface Unsupported { c?: unknown; n?: unknown; p?: { [key: string]: number; }; m?: number; u?: unknown[]; }",
    warnings: ["/properties/c/if", "/properties/n/not", "/properties/p/patternProperties", "/properties/m/multipleOf", "/properties/u/uniqueItems"],
    valid: [{ c: "ab" }, { n: 1 }, { p: { "x-a": 1 } }, { m: 9 }, { u: [1, 2] }],
    invalid: [{ p: { "x-a": "1" } }, { m: "9" }],
    widened: [{ c: "a" }, { n: "s" }, { m: 4 }, { u: [1, 1] }],
  },
  {
    name: "Unresolvable",
    schema: { type: "object", properties: { a: { $ref: "#/$defs/Missing" }, b: { $ref: "https://example.com/other.json" } } },
    declares: "export interface Unresolvable { a?: unknown; b?: unknown; }",
    warnings: ["/properties/a/$ref", "/properties/b/$ref"],
    noOracle: true,
  },
  {
    name: "Nothing",
    schema: { type: "object", properties: { never: false, clash: { type: "string", const: 1 } } },
    declares: "export interface Nothing { never?: unknown; clash?: unknown; }",
    warnings: ["/properties/never", "/properties/clash"],
    valid: [{}],
    widened: [{ never: 1 }],
  },
  {
    name: "Keys",
    // JSON.parse: in a literal, `__proto__:` would set the prototype instead of a key.
    schema: JSON.parse('{ "type": "object", "properties": { "__proto__": { "type": "string" }, "a b": { "type": "boolean", "description": "ends */ here" } }, "required": ["__proto__"] }'),
    declares: 'export interface Keys { __proto__: string; /** ends *\\/ here */ "a b"?: boolean; }',
    valid: [JSON.parse('{"__proto__": "x"}'), JSON.parse('{"__proto__": "x", "a b": true}')],
    // Ajv is no oracle for the key itself (it counts the inherited __proto__ of `{}` as present,
    // and skips an own one); the validators read own keys only, as for schema.ts.
    invalid: [JSON.parse('{"__proto__": "x", "a b": 1}')],
  },
  {
    name: "Docs",
    schema: { type: "object", description: "A thing", properties: { d: { type: "integer", default: 3, deprecated: true, title: "Count" } } },
    declares: "/** A thing */ export interface Docs { /** * Count * @default 3 * * @deprecated */ d?: number; }",
  },
];

/** draft-07: `$ref` siblings are ignored; tuples are `items: [...]` with `additionalItems`; `definitions`. */
export const DRAFT7_CASES: FrontEndCase[] = [
  {
    name: "Draft7Ref",
    schema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { s: { $ref: "#/definitions/S", maxLength: 2 } }, definitions: { S: { type: "string" } } },
    declares: "export interface Draft7Ref { s?: Draft7RefS; }",
    valid: [{ s: "ab" }],
    invalid: [{ s: 1 }],
    // draft-07 ignores the siblings of $ref; Ajv applies them.
    widened: [{ s: "abc" }],
  },
  {
    name: "Draft7Tuple",
    schema: { type: "array", items: [{ type: "string" }], additionalItems: { type: "boolean" } },
    declares: "export type Draft7Tuple = (string | boolean)[];",
    valid: [["a", true, false], []],
    invalid: [[1], [null]],
    widened: [[true], ["a", "b"]],
  },
];
