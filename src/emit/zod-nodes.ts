import { discriminatorOf } from "../model/derive.js";
import { typeOf } from "../model/shapes.js";
import type { ArrayType, Declaration, NumberType, ObjectType, Property, StringType, TypeNode } from "../model/types.js";
import { propertyKey, schemaName } from "./common.js";
import { FORMAT_CHECKS, isObjectSchema, keptUnionMembers } from "./zod-facts.js";

/**
 * A Zod schema as two pieces of source: the expression that builds it, and its exact Zod type.
 * Every exported schema is annotated with its type, so a consumer's type checker reads the
 * declaration instead of inferring it (cheap to check, and `isolatedDeclarations`-clean),
 * while keeping Zod's own API (`.shape`, `.extend`, `.options`, `z.input`/`z.output`).
 */
export interface ZodCode {
  value: string;
  type: string;
  /**
   * An object or record: given own-property semantics by a `rt.own(name)` statement after its
   * constant (a statement, not a wrapping call: a generic call would cost every consumer's type
   * checker an inference per schema). Such a schema is always a named constant.
   */
  own?: boolean;
  /** A leaf schema (it refers to no other schema): its expression as first built, the key of {@link Leaves}. */
  leaf?: string;
}

/**
 * The leaf schemas of a module (`z.string()`, `z.literal("2.0")`, `z.int().min(0)`, and each of
 * them `.exactOptional()`): counted in a first pass, then each one built more than once is a
 * module constant, built once and shared. A Zod schema is immutable, and building one is what
 * costs a module's import (about 10 µs each): sharing removes about a third of a revision's.
 */
export interface Leaves {
  pass: "count" | "share";
  counts: Map<string, number>;
  /** Shared leaves (built at least twice), by expression, in order of first use. */
  names: Map<string, string>;
  /** Each shared leaf's definition (its inner leaf by name), recorded in the second pass. */
  definitions: Map<string, string>;
}

export interface ZodContext {
  byName: ReadonlyMap<string, Declaration>;
  /** Declarations in a reference cycle: exported behind a depth guard, typed `z.ZodType<T.X>`. */
  recursive: ReadonlySet<string>;
  /** The recursive component being emitted: references into it go through z.lazy. */
  component: Set<string>;
  /** Builder constants for the inline objects of the declaration being emitted. */
  hoisted: string[];
  /** Their types, as module-level aliases (the exports' stated types refer to them). */
  hoistedTypes: string[];
  /** The declarations the schema being emitted refers to by their exports' names (schemas.ts's parts pass them). */
  refs: Set<string>;
  /** Prefix of hoisted names (`XSchema`), and names already taken. */
  owner: string;
  taken: Set<string>;
  leaves?: Leaves | undefined;
}

/**
 * The Zod schema for a type node. An object nested inside another type is hoisted into an
 * annotated module constant (`XSchema$path`), so that the value and the declared type refer to
 * the same type: TypeScript then compares them by identity instead of structurally, which keeps
 * a consumer's type check cheap (Zod's generic wrappers have no variance annotations).
 */
export function zodOf(type: TypeNode, ctx: ZodContext, path = "", top = false): ZodCode {
  const code = zodNode(type, ctx, path);
  // Zod's object and enum types hold anonymous object types, which are never identical twice.
  return !top && (code.own || /^z\.enum\(/.test(code.value)) ? hoist(code, ctx, path) : code;
}

function zodNode(type: TypeNode, ctx: ZodContext, path: string): ZodCode {
  switch (type.kind) {
    case "string":
      return leaf({ value: zodString(type), type: "z.ZodString" }, ctx);
    case "number":
      return leaf(zodNumber(type), ctx);
    case "boolean":
      return leaf({ value: "z.boolean()", type: "z.ZodBoolean" }, ctx);
    case "null":
      return leaf({ value: "z.null()", type: "z.ZodNull" }, ctx);
    case "unknown":
      return leaf(type.any ? { value: "z.any()", type: "z.ZodAny" } : { value: "z.unknown()", type: "z.ZodUnknown" }, ctx);
    case "never":
      return leaf({ value: "z.never()", type: "z.ZodNever" }, ctx);
    case "nonPrimitive":
      return { value: "rt.anyObject()", type: "z.ZodObject<{}, rt.OpenEmpty>", own: true };
    case "literal":
      return leaf(type.value === null ? { value: "z.null()", type: "z.ZodNull" } : literal(type.value), ctx);
    case "ref":
      return zodRef(type.name, ctx);
    case "array":
      return zodArray(type, ctx, path);
    case "union":
      return zodUnion(type.members, ctx, path);
    case "object":
      return zodObject(type, ctx, path);
  }
}

/** `code` as a leaf (see {@link Leaves}): `key` is its expression with every inner leaf as first built. */
function leaf(code: ZodCode, ctx: ZodContext, key = code.value): ZodCode {
  const leaves = ctx.leaves;
  if (leaves?.pass === "count") leaves.counts.set(key, (leaves.counts.get(key) ?? 0) + 1);
  const name = leaves?.pass === "share" ? leaves.names.get(key) : undefined;
  if (name === undefined) return { ...code, leaf: key };
  if (!leaves!.definitions.has(key)) leaves!.definitions.set(key, code.value);
  return { value: name, type: code.type, leaf: key };
}

/** After the first pass: a readable constant name for each leaf built more than once (`z$string_exactOptional`). */
export function nameSharedLeaves(leaves: Leaves): void {
  const taken = new Set<string>();
  for (const [key, count] of leaves.counts) {
    if (count < 2) continue;
    const base = `z$${key.replace(/\b(?:z|rt)\./g, "").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 48) || "leaf"}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    leaves.names.set(key, name);
  }
  leaves.pass = "share";
}

/**
 * The module constants of the shared leaves that `declarations` use, each before its first use.
 * A leaf counted in a code that was then dropped (a union that accepts anything) may have no use.
 */
export function sharedLeafConstants(leaves: Leaves, declarations: string): string[] {
  const kept: string[] = [];
  let used = declarations;
  // Last first: a leaf's definition refers only to leaves named before it.
  for (const [key, name] of [...leaves.names].reverse()) {
    if (!new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(used)) continue;
    const definition = leaves.definitions.get(key) ?? key;
    kept.unshift(`const ${name} = ${definition};`);
    used += `\n${definition}`;
  }
  return kept;
}

/**
 * `const XSchema$path$ = <value>; const XSchema$path: XSchema$path$Type = XSchema$path$;` in the
 * builder, and `type XSchema$path$Type = <type>;` at module level (where the types of the
 * exports that contain it can name it).
 */
function hoist(code: ZodCode, ctx: ZodContext, path: string): ZodCode {
  const base = `${ctx.owner}$${path.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "object"}`;
  let name = base;
  for (let n = 2; ctx.taken.has(name); n++) name = `${base}${n}`;
  ctx.taken.add(name);
  const type = `${name}$Type`;
  ctx.hoistedTypes.push(`type ${type} = ${code.type};`);
  ctx.hoisted.push(`const ${name}$ = ${code.value};\n${code.own ? ownStatement(`${name}$`) : ""}const ${name}: ${type} = ${name}$;`);
  return { value: name, type };
}

/** The statement that gives a named object or record schema own-property semantics. */
export function ownStatement(name: string): string {
  return `rt.own(${name});\n`;
}

function child(path: string, segment: string): string {
  return path ? `${path}_${segment}` : segment;
}

function literal(value: string | number | boolean): ZodCode {
  const text = JSON.stringify(value);
  return { value: `z.literal(${text})`, type: `z.ZodLiteral<${text}>` };
}

function zodString(type: StringType): string {
  let code = "z.string()";
  if (type.minLength !== undefined) code += `.min(${type.minLength})`;
  if (type.maxLength !== undefined) code += `.max(${type.maxLength})`;
  if (type.pattern !== undefined) code += `.regex(new RegExp(${JSON.stringify(type.pattern)}, "u"))`;
  const format = type.format !== undefined && Object.hasOwn(FORMAT_CHECKS, type.format) ? FORMAT_CHECKS[type.format] : undefined;
  if (format) code += `.refine(${format.check}, { error: ${JSON.stringify(format.error)} })`;
  return code;
}

function zodNumber(type: NumberType): ZodCode {
  const safeInteger = type.integer && !type.largeIntegers;
  let value = safeInteger ? "z.int()" : "z.number()";
  if (type.minimum !== undefined) value += `.min(${type.minimum})`;
  if (type.maximum !== undefined) value += `.max(${type.maximum})`;
  // Any integral number, beyond the safe range too (z.int() stops at ±(2^53 − 1)).
  if (type.integer && type.largeIntegers) value += `.refine(Number.isInteger, { error: "Expected an integer" })`;
  return { value, type: safeInteger ? "z.ZodInt" : "z.ZodNumber" };
}

/**
 * Inside a recursive component, references go to the unguarded schema (`X$`) through
 * z.lazy; from outside, to the exported schema, whose depth guard runs once on entry.
 */
function zodRef(name: string, ctx: ZodContext): ZodCode {
  if (ctx.component.has(name)) return { value: `z.lazy(() => ${schemaName(name)}$)`, type: `z.ZodLazy<z.ZodType<T.${name}, T.${name}>>` };
  ctx.refs.add(schemaName(name));
  return { value: schemaName(name), type: `typeof ${schemaName(name)}` };
}

function zodArray(type: ArrayType, ctx: ZodContext, path: string): ZodCode {
  const items = zodOf(type.items, ctx, child(path, "item"));
  let value = `z.array(${items.value})`;
  if (type.minItems !== undefined) value += `.min(${type.minItems})`;
  if (type.maxItems !== undefined) value += `.max(${type.maxItems})`;
  return { value, type: `z.ZodArray<${items.type}>` };
}

function zodUnion(members: TypeNode[], ctx: ZodContext, path: string): ZodCode {
  const kept = keptUnionMembers(members);
  if (kept.length === 1) return zodOf(kept[0]!, ctx, path);
  if (kept.every((m) => m.kind === "literal" && typeof m.value === "string")) return zodEnum(kept.map((m) => (m as { value: string }).value));
  const options = kept.map((m, i) => zodOf(m, ctx, child(path, `option${i + 1}`)));
  const values = options.map((o) => o.value).join(", ");
  const types = options.map((o) => o.type).join(", ");
  const discriminator = discriminable(kept, ctx) ? discriminatorOf(kept, ctx.byName) : undefined;
  if (discriminator === undefined) return { value: `z.union([${values}])`, type: `z.ZodUnion<readonly [${types}]>` };
  const key = JSON.stringify(discriminator);
  return { value: `z.discriminatedUnion(${key}, [${values}])`, type: `z.ZodDiscriminatedUnion<[${types}], ${key}>` };
}

function zodEnum(values: string[]): ZodCode {
  const entries = values.map((v) => `${propertyKey(v)}: ${JSON.stringify(v)};`).join(" ");
  return { value: `z.enum([${values.map((v) => JSON.stringify(v)).join(", ")}])`, type: `z.ZodEnum<{ ${entries} }>` };
}

/**
 * z.discriminatedUnion reads the tag's values from its options, so every option must be an
 * object schema: an inline object or a reference to a non-recursive object declaration (a
 * depth-guarded recursive schema has no readable tag, and the union falls back to z.union).
 */
function discriminable(members: TypeNode[], ctx: ZodContext): boolean {
  return members.every((member) => {
    if (member.kind === "object") return isObjectSchema(member);
    if (member.kind !== "ref" || ctx.recursive.has(member.name)) return false;
    const target = ctx.byName.get(member.name);
    const type = target && typeOf(target, ctx.byName);
    return type?.kind === "object" && isObjectSchema(type);
  });
}

/**
 * Objects are open (`z.looseObject`): unknown keys are kept. Their input type follows the
 * declared type, so that the type's own values are valid inputs: a declared `[key: string]:
 * unknown` (or `any`) stays in it (`z.core.$loose`); without one, the input has the declared keys
 * only (`rt.openObject`, config `rt.Open`), or takes any object when there are none
 * (`rt.anyObject`); see templates/runtime/shared/validation.ts. A typed index signature
 * constrains the extra keys instead (`catchall`), and an object made only of an index
 * signature is a record. Each is given to `rt.own` (templates/runtime/shared/own-keys.ts): only own
 * properties are data, and an own "__proto__" key is validated and kept like any other.
 */
function zodObject(type: ObjectType, ctx: ZodContext, path: string): ZodCode {
  const index = type.indexSignature;
  if (!isObjectSchema(type)) {
    const values = zodOf(index!, ctx, child(path, "value"));
    return { value: `z.record(z.string(), ${values.value})`, type: `z.ZodRecord<z.ZodString, ${values.type}>`, own: true };
  }
  const shape = zodShape(type.properties, ctx, path);
  // Indented: the default output's JavaScript keeps this text as it is (prettier formats the sources).
  const value = `{\n${shape.map((s) => `  ${s.valueKey}: ${s.value},`).join("\n")}\n}`;
  const shapeType = shape.length ? `{\n${shape.map((s) => `${s.key}: ${s.type};`).join("\n")}\n}` : "{}";
  if (index && index.kind !== "unknown") {
    const rest = zodOf(index, ctx, child(path, "value"));
    return { value: `z.object(${value}).catchall(${rest.value})`, type: `z.ZodObject<${shapeType}, z.core.$catchall<${rest.type}>>`, own: true };
  }
  if (index) return { value: `z.looseObject(${value})`, type: `z.ZodObject<${shapeType}, z.core.$loose>`, own: true };
  if (!shape.length) return { value: "rt.anyObject()", type: "z.ZodObject<{}, rt.OpenEmpty>", own: true };
  return { value: `rt.openObject(${value})`, type: `z.ZodObject<${shapeType}, rt.Open>`, own: true };
}

/** The entries of an object schema's shape; `valueKey` is the key as the value's literal writes it. */
export function zodShape(properties: Property[], ctx: ZodContext, path: string): Array<ZodCode & { key: string; valueKey: string }> {
  return properties.map((p) => {
    const entry = zodProperty(p, ctx, child(path, p.name));
    // A literal key "__proto__" would set the shape's prototype; a computed key declares it.
    const valueKey = entry.key === "__proto__" || entry.key === '"__proto__"' ? '["__proto__"]' : entry.key;
    return { ...entry, valueKey };
  });
}

function zodProperty(property: Property, ctx: ZodContext, path: string): ZodCode & { key: string } {
  const key = propertyKey(property.name);
  const inner = zodOf(property.type, ctx, path);
  if (property.optional) {
    const optional = { value: `${inner.value}.exactOptional()`, type: `z.ZodExactOptional<${inner.type}>` };
    return { key, ...(inner.leaf === undefined ? optional : leaf(optional, ctx, `${inner.leaf}.exactOptional()`)) };
  }
  // A required `unknown` key must be present; z.unknown() alone would accept it missing.
  if (property.type.kind === "unknown") return { key, ...leaf({ value: "rt.present()", type: "z.ZodCustom<unknown, unknown>" }, ctx) };
  return { key, ...inner };
}
