import { discriminatorOf, literalValuesOf, objectBehind } from "../model/derive.js";
import type { ArrayType, ObjectType, Property, StringType, TypeNode } from "../model/types.js";
import { ownKeyLoop } from "./fast-loop.js";
import { untaggedUnion } from "./fast-unions.js";
import { FORMAT_CHECKS, isObjectSchema, keptUnionMembers } from "./zod-facts.js";
import { isTrivial, refusesUndefined, valueLines, type CheckedProperty, type FastContext } from "./fast-context.js";

// The fast validators: one plain function per type, straight-line code read off the model, with
// exactly the verdict of the generated Zod schema (`XSchema.safeParse(v).success`), including the
// own-property semantics of `rt.own` (templates/runtime/shared/own-keys.ts). Every rule below names the
// Zod behaviour it mirrors; the differential tests hold the two to the same answers.

/** The internal (unguarded, throwing) validator of a declaration. */
export function fastName(declarationName: string): string {
  return `${declarationName}$`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `v.key` or `v["key"]`. */
function member(target: string, key: string): string {
  return IDENTIFIER.test(key) ? `${target}.${key}` : `${target}[${JSON.stringify(key)}]`;
}

export function unique(ctx: Pick<FastContext, "taken">, base: string): string {
  const clean = base.replace(/[^A-Za-z0-9_$]+/g, "_");
  let name = clean;
  for (let n = 2; ctx.taken.has(name); n++) name = `${clean}${n}`;
  ctx.taken.add(name);
  return name;
}

/**
 * The name of the module's function, constant or variable written from `text`: the one written
 * before, or a new one (`write` puts it in the module). Helpers' constants are shared by value
 * too, so equal checks have equal bodies and are one function.
 */
export function once(ctx: FastContext, text: string, base: string, write: (name: string) => void): string {
  const written = ctx.written.get(text);
  if (written !== undefined) return written;
  const name = unique(ctx, base);
  ctx.written.set(text, name);
  write(name);
  return name;
}

/** A helper function `name(v: any): boolean` with the given body lines (see {@link once}). */
function helper(ctx: FastContext, base: string, body: string[]): string {
  return once(ctx, `function\n${body.join("\n")}`, base, (name) => ctx.functions.push(`${ctx.marks.signature(name, [["v", ": any"]])}\n${withSelf(body, name).map((line) => `  ${line}`).join("\n")}\n}`));
}

/** A helper that became a declaration's own validator (validators.ts): later equal checks call it by that name. */
export function renameHelper(ctx: FastContext, from: string, to: string): void {
  for (const [text, name] of ctx.written) if (name === from) ctx.written.set(text, to);
}

/** Stands for the name of the function a body is put in, which {@link objectBody} does not know. */
export const SELF = "$self$";

/** The body's {@link SELF} made the function's own name. */
export function withSelf(body: string[], name: string): string[] {
  // A function, so that a `$` in the name is not read as a replacement pattern.
  return body.map((line) => line.replaceAll(SELF, () => name));
}

/** A module constant of this value (see {@link once}). */
export function constant(ctx: FastContext, base: string, value: string): string {
  return once(ctx, `const\n${value}`, base, (name) => ctx.constants.push(ctx.marks.privateStatement(`const ${name} = ${value};`)));
}

/** A module variable (`let name: type;`) that caches `value` once it is first needed (see {@link once}). */
function variable(ctx: FastContext, base: string, type: string, value: string): string {
  return once(ctx, `let\n${value}`, base, (name) => ctx.constants.push(ctx.marks.privateStatement(`let ${name}${ctx.marks.typeOnly(`: ${type}`)};`)));
}

const OBJECT_TEST = (x: string) => `typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x})`;

/**
 * A boolean expression that is true when the value in variable `x` matches `type`. `x` must be a
 * plain identifier (it may be read several times). `path` names the helpers it creates.
 */
export function fastCheck(type: TypeNode, x: string, ctx: FastContext, path: string): string {
  switch (type.kind) {
    case "string":
      return stringCheck(type, x, ctx, path);
    case "number": {
      // z.int(): a safe integer; z.number(): finite (both reject NaN, ±Infinity and non-numbers);
      // a large-integer number: z.number() refined with Number.isInteger.
      const base = type.integer ? `Number.${type.largeIntegers ? "isInteger" : "isSafeInteger"}(${x})` : `Number.isFinite(${x})`;
      const bounds = [type.minimum !== undefined ? `${x} >= ${type.minimum}` : "", type.maximum !== undefined ? `${x} <= ${type.maximum}` : ""];
      return [base, ...bounds.filter(Boolean)].join(" && ");
    }
    case "boolean":
      return `typeof ${x} === "boolean"`;
    case "null":
      return `${x} === null`;
    case "unknown":
      return "true";
    case "never":
      // Reads the value (as Zod does) and refuses it; `x` stays used under noUnusedLocals.
      return `(void ${x}, false)`;
    case "nonPrimitive":
      // `object` is `z.looseObject({})`: any non-array object (unknown keys are not read).
      return `(${OBJECT_TEST(x)})`;
    case "literal":
      return `${x} === ${JSON.stringify(type.value)}`;
    case "ref":
      return refCheck(type.name, x, ctx);
    case "array":
      return `${arrayHelper(type, ctx, path)}(${x})`;
    case "union":
      return unionCheck(type.members, x, ctx, path);
    case "object":
      if (!type.properties.length && isObjectSchema(type) && (!type.indexSignature || type.indexSignature.kind === "unknown")) return `(${OBJECT_TEST(x)})`;
      return `${objectHelper(type, ctx, path)}(${x})`;
  }
}


function stringCheck(type: StringType, x: string, ctx: FastContext, path: string): string {
  const parts = [`typeof ${x} === "string"`];
  // Zod measures min/max in code points; `.length` (UTF-16 units) bounds them from above.
  if (type.minLength !== undefined) parts.push(`rt.codePoints(${x}) >= ${type.minLength}`);
  if (type.maxLength !== undefined) parts.push(`(${x}.length <= ${type.maxLength} || rt.codePoints(${x}) <= ${type.maxLength})`);
  if (type.pattern !== undefined) parts.push(`${constant(ctx, `${path}_pattern`, `new RegExp(${JSON.stringify(type.pattern)}, "u")`)}.test(${x})`);
  const format = type.format !== undefined && Object.hasOwn(FORMAT_CHECKS, type.format) ? FORMAT_CHECKS[type.format] : undefined;
  if (format) parts.push(`${format.check}(${x})`);
  return parts.join(" && ");
}

/** Types cheap enough to inline at every reference (no helper call). */
function isSmall(type: TypeNode): boolean {
  if (["string", "number", "boolean", "null", "literal"].includes(type.kind)) return true;
  return type.kind === "union" && type.members.length <= 8 && type.members.every((m) => ["string", "number", "boolean", "null", "literal"].includes(m.kind));
}

/**
 * A reference: inlined when small; a call otherwise. Like the Zod schemas, a recursive type is
 * entered through the depth guard, except from inside its own component (the unguarded `X$`).
 */
function refCheck(name: string, x: string, ctx: FastContext): string {
  if (ctx.external?.has(name)) return `C.is${name}(${x})`;
  const target = ctx.byName.get(name);
  if (!target) throw new Error(`unknown reference ${name}`);
  if (target.kind === "alias" && !ctx.recursive.has(name) && isSmall(target.type)) return `(${fastCheck(target.type, x, ctx, name)})`;
  if (ctx.recursive.has(name) && !ctx.component.has(name)) return `(rt.withinDepth(${x}) && ${fastName(name)}(${x}))`;
  return `${fastName(name)}(${x})`;
}

/** z.array: the size bounds before any item is read, then every index below `length` (holes read as undefined). */
function arrayHelper(type: ArrayType, ctx: FastContext, path: string): string {
  const bounds = [type.maxItems !== undefined ? ` || v.length > ${type.maxItems}` : "", type.minItems !== undefined ? ` || v.length < ${type.minItems}` : ""].join("");
  const item = fastCheck(type.items, "item", ctx, `${path}_item`);
  const body = [`if (!Array.isArray(v)${bounds}) return false;`];
  if (item !== "true") body.push("for (let i = 0; i < v.length; i++) {", "  const item = v[i];", `  if (!(${item})) return false;`, "}");
  else body.push("for (let i = 0; i < v.length; i++) void v[i];");
  body.push("return true;");
  return helper(ctx, `${path}_array`, body);
}

/**
 * Unions, with the Zod emitter's own simplifications (literals absorbed by their primitive, an
 * all-literal union as an enum). Object members with a tag are dispatched on it: z.union and
 * z.discriminatedUnion give the same verdict there (each member requires its own tag value).
 */
function unionCheck(members: TypeNode[], x: string, ctx: FastContext, path: string): string {
  const kept = keptUnionMembers(members);
  if (kept.length === 1) return fastCheck(kept[0]!, x, ctx, path);
  if (kept.every((m) => m.kind === "literal" && typeof m.value === "string")) {
    const values = kept.map((m) => JSON.stringify((m as { value: string }).value));
    if (values.length <= 8) return `(${values.map((v) => `${x} === ${v}`).join(" || ")})`;
    return `${constant(ctx, `${path}_values`, `new Set${ctx.marks.typeOnly("<unknown>")}([${values.join(", ")}])`)}.has(${x})`;
  }
  const tag = discriminatorOf(kept, ctx.byName);
  if (tag !== undefined) return `${taggedHelper(kept, tag, ctx, path)}(${x})`;
  const before = { functions: ctx.functions.length, constants: ctx.constants.length, taken: new Set(ctx.taken), written: new Set(ctx.written.keys()), marks: ctx.marks.inserted };
  const checks = kept.map((m, i) => fastCheck(m, x, ctx, `${path}_option${i + 1}`));
  if (!checks.some(isTrivial)) return untaggedUnion(kept, checks, x, ctx);
  // A member that accepts anything makes the union accept anything: \`true || …\` would be
  // unreachable code (allowUnreachableCode: false), and the other members' helpers unused.
  ctx.functions.length = before.functions;
  ctx.constants.length = before.constants;
  for (const name of ctx.taken) if (!before.taken.has(name)) ctx.taken.delete(name);
  for (const key of ctx.written.keys()) if (!before.written.has(key)) ctx.written.delete(key);
  ctx.marks.inserted = before.marks; // the marks of the text dropped here are not in the file
  return "true";
}

function taggedHelper(members: TypeNode[], tag: string, ctx: FastContext, path: string): string {
  const body = [`if (!(${OBJECT_TEST("v")})) return false;`, `switch (${member("v", tag)}) {`];
  members.forEach((m, i) => {
    // discriminatorOf found the tag in the object behind every member (through aliases).
    const property = objectBehind(m, ctx.byName)!.properties.find((p) => p.name === tag)!;
    const values = literalValuesOf(property.type, ctx.byName) ?? [];
    for (const value of values) body.push(`  case ${JSON.stringify(value)}:`);
    body.push(`    return ${fastCheck(m, "v", ctx, `${path}_option${i + 1}`)};`);
  });
  body.push("  default:", "    return false;", "}");
  return helper(ctx, `${path}_tagged`, body);
}

/** The helper for an inline object (or record); see {@link objectBody}. */
function objectHelper(type: ObjectType, ctx: FastContext, path: string): string {
  return helper(ctx, isObjectSchema(type) ? `${path}_object` : `${path}_record`, objectBody(type, ctx, path));
}

/**
 * How a declared key is read, with the presence `rt.own` gives Zod. On an object whose prototype
 * is Object.prototype (`p`, read through the `__proto__` accessor: an inline cache, where
 * getPrototypeOf is a call), a key that Object.prototype lacks (neither its own members nor a
 * polluted one) can only be own: its value is read directly and `undefined` means absent, unless
 * the object holds the key with the value undefined, which `key in v` tells (asked only for an
 * optional key, where it decides). On any other object hasOwnProperty decides first, and a key
 * that is not own reads as rt.ABSENT: inherited members, getters included, are never read. An
 * object whose own "__proto__" holds Object.prototype itself (only code, never JSON, builds
 * that) is read as a plain object, as `rt.own` reads it.
 */
function keyAccess(key: string): { read: string; plain: string | undefined } {
  const quoted = JSON.stringify(key);
  const own = `rt.has(v, ${quoted}) ? ${member("v", key)} : rt.ABSENT`;
  if (key in Object.prototype) return { read: own, plain: undefined };
  const plain = `p && !(${quoted} in rt.OP)`;
  return { read: `${plain} ? ${member("v", key)} : ${own}`, plain };
}

/** Types that accept every value, undefined included (`unknown`, a union with such a member). */
function acceptsAnything(type: TypeNode, ctx: FastContext, seen = new Set<string>()): boolean {
  if (type.kind === "unknown") return true;
  if (type.kind === "union") return type.members.some((m) => acceptsAnything(m, ctx, seen));
  if (type.kind !== "ref" || seen.has(type.name)) return false;
  seen.add(type.name);
  const target = ctx.byName.get(type.name);
  return target?.kind === "alias" && acceptsAnything(target.type, ctx, seen); // an interface is an object
}

export function checkedProperty(property: Property, index: number, ctx: FastContext, path: string): CheckedProperty {
  const x = `x${index}`;
  const anything = acceptsAnything(property.type, ctx);
  const check = anything ? "true" : fastCheck(property.type, x, ctx, `${path}_${property.name}`);
  return { property, x, anything, check, refusesUndefined: !anything && refusesUndefined(property.type, ctx) };
}

/** The lines that check one declared property of `v`, by its own-property presence. */
export function propertyLines({ property, x, anything, check }: CheckedProperty): string[] {
  const { read, plain } = keyAccess(property.name);
  // A present undefined: own for certain on the hasOwnProperty path, else when `key in v`.
  const ownUndefined = plain ? `!(${plain}) || ${JSON.stringify(property.name)} in v` : "true";
  // exactOptional(anything) accepts whatever is there; the value is still read, as Zod reads it.
  if (property.optional && anything) return [`void (${read});`];
  const lines = [`const ${x} = ${read};`];
  // A required `unknown` is rt.present(): there, and not undefined.
  if (property.type.kind === "unknown") return [...lines, `if (${x} === undefined || ${x} === rt.ABSENT) return false;`];
  // Any other type that accepts everything (an alias of unknown, a union with it) only needs the key.
  if (anything) return [...lines, `if (${x} === rt.ABSENT || (${x} === undefined && !(${ownUndefined}))) return false;`];
  if (!property.optional) return [...lines, `if (${x} === undefined || ${x} === rt.ABSENT || !(${check})) return false;`];
  // exactOptional: absent, or present and valid; a present undefined fails.
  return [...lines, `if (${x} === undefined ? ${ownUndefined} : ${x} !== rt.ABSENT && !(${check})) return false;`];
}

/**
 * The body of a function validating `v` as an object type: z.looseObject (unknown keys are not
 * read), z.object().catchall (every own enumerable unknown key, "__proto__" included, must match),
 * or z.record (Zod's plain-object test; own enumerable keys; an enumerable symbol key fails).
 */
export function objectBody(type: ObjectType, ctx: FastContext, path: string, guarded?: Set<string>): string[] {
  const index = type.indexSignature;
  if (!isObjectSchema(type)) {
    const value = fastCheck(index!, "e", ctx, `${path}_value`);
    // Own keys only: hasOwnProperty on the key `for...in` just gave is an enum-cache check in
    // V8, cheaper than reading the prototype (a megamorphic `__proto__` read) to skip it. A record
    // without own string keys (most are empty) asks for symbols the cheaper way (fast.ts).
    return [
      "if (!rt.isPlainRecord(v)) return false;",
      "let empty = true;",
      "for (const k in v) {",
      `  if (!${ctx.has}.call(v, k)) continue;`,
      "  empty = false;",
      ...valueLines(value),
      "}",
      "return empty ? rt.hasNoEnumerableKey(v) : !rt.hasEnumerableSymbol(v);",
    ];
  }
  const test = `if (!(${OBJECT_TEST("v")})) return false;`;
  const checked = type.properties.map((property, i) => checkedProperty(property, i, ctx, path));
  const extra = index && index.kind !== "unknown" ? fastCheck(index, "e", ctx, `${path}_value`) : undefined;
  // A base told to skip keys (fast-links.ts) reads them the exact way only; an object without
  // declared keys needs no loop (its exact way is one loop over the unknown keys).
  if (guarded || !checked.length) {
    const exact = missingLines(type.properties, guarded);
    if (type.properties.some((property) => !(property.name in Object.prototype))) exact.push('const p = v["__proto__"] === rt.OP;');
    checked.forEach((property) => exact.push(...unlessSkipped(property.property.name, propertyLines(property), guarded)));
    if (extra !== undefined) exact.push(...extraKeyLines(type, extra, ctx.has));
    return [test, ...exact, "return true;"];
  }
  // The loop's fallback, which valid JSON never takes (an inherited or non-enumerable key, a
  // required key missing), is rt.exact: it reads the declared keys the exact way into a plain
  // copy, and runs this same function on it (fast.ts). One call, not a function per object type.
  // Its keys are made on the first fallback, not at import: module-level code is compiled in full
  // and run when the module loads, a cost every server paid at start for keys most never use.
  const names = type.properties.map((property) => property.name);
  const required = type.properties.filter((property) => !property.optional).map((property) => property.name);
  const list = (keys: string[]) => `[${keys.map((key) => JSON.stringify(key)).join(", ")}]`;
  const made = `rt.exactKeys(${list(names)}, ${list(required)}, ${extra !== undefined})`;
  const keys = variable(ctx, `${path}_keys`, "rt.ExactKeys | undefined", made);
  const fallback = `rt.exact(v, (${keys} ??= ${made}), ${SELF})`;
  return [test, ...ownKeyLoop(checked, extra, ctx.has), `return ${fallback};`];
}

/**
 * A required key that `in` does not find (neither own nor inherited) is absent, and the verdict
 * is false: said before any key is read. A union member that lacks its required keys
 * (`A$(x) || B$(x)` on a B) then costs the loop and this test, not a second reading of its keys.
 */
function missingLines(properties: Property[], guarded: Set<string> | undefined): string[] {
  const keys = properties.filter((p) => !p.optional && !guarded?.has(p.name)).map((p) => `!(${JSON.stringify(p.name)} in v)`);
  return keys.length ? [`if (${keys.join(" || ")}) return false;`] : [];
}

/**
 * A property's check, left out when the caller's `skip` names the key (an heir omits or replaces
 * it: see fast-links.ts). Only keys in `guarded`, the ones some heir may skip, pay for the test.
 */
export function unlessSkipped(key: string, lines: string[], guarded: Set<string> | undefined): string[] {
  if (!guarded?.has(key)) return lines;
  return [`if (skip === undefined || !skip.has(${JSON.stringify(key)})) {`, ...lines.map((line) => `  ${line}`), "}"];
}

function extraKeyLines(type: ObjectType, value: string, has: string): string[] {
  const declared = type.properties.map((p) => `case ${JSON.stringify(p.name)}:`);
  return [
    "for (const k in v) {",
    ...(declared.length ? ["  switch (k) {", ...declared.map((c) => `    ${c}`), "      continue;", "  }"] : []),
    `  if (!${has}.call(v, k)) continue;`,
    ...valueLines(value),
    "}",
  ];
}
