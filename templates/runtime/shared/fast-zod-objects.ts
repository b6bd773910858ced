// The object outputs of fast-zod.ts (its `outputOf` for object schemas): an interpreted copy, and
// the same copy compiled with `new Function` for one object where the runtime allows eval.
import { z } from "zod";

type Copy = (value: any) => unknown;
const hasOwn = (value: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(value, key);
/** The copy of a value kept by reference (a primitive, an `unknown` key). */
export const same: Copy = (value) => value;

export interface ObjectParts {
  keys: string[];
  values: Copy[];
  extras: "strip" | "keep" | "check";
  rest: Copy;
  /** Adds an own "__proto__" of the input (called only when there is one). */
  proto: ((value: Record<string, unknown>, out: object) => void) | undefined;
}

export function interpretedObject({ keys, values, extras, rest, proto }: ObjectParts): Copy {
  const declared = new Set(keys);
  return (value: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (hasOwn(value, key)) out[key] = values[i]!(value[key]);
    }
    if (extras !== "strip") {
      for (const key in value) if (!declared.has(key) && key !== "__proto__" && hasOwn(value, key)) out[key] = rest(value[key]);
    }
    if (hasOwn(value, "__proto__")) proto!(value, out);
    return out;
  };
}

/**
 * The same function as {@link interpretedObject}, compiled for this one object (literal keys, a
 * `switch` for the declared ones): every property access is then a monomorphic named one. Zod
 * compiles its objects the same way; like Zod, not where `new Function` is refused (strict CSP,
 * Cloudflare Workers) or Zod is configured `jitless`: the interpreted function answers there.
 */
export function compiledObject(parts: ObjectParts): Copy | undefined {
  if (!canCompile()) return undefined;
  const body = ["const o = {};", 'const p = v["__proto__"] === OP;', "if (p && state.plainKeys) {", ...indent(loopLines(parts)), "} else {", ...indent(exactLines(parts)), "}", 'if (has(v, "__proto__")) proto(v, o);', "return o;"];
  try {
    const factory = new Function("c", "rest", "proto", "has", "OP", "state", "N", `return function (v) {\n${body.join("\n")}\n};`);
    return factory(parts.values, parts.rest, parts.proto, hasOwn, Object.prototype, state, NOT_MET) as Copy;
  } catch {
    return undefined;
  }
}

const indent = (lines: string[]): string[] => lines.map((line) => `  ${line}`);

/** Marks a declared key the loop did not meet. */
const NOT_MET = Symbol("not met");

/** A declared key of a compiled object: its literal, its variable, and its output expression. */
function declaredKeys({ keys, values }: ObjectParts): Array<{ key: string; k: string; x: string; value: (x: string) => string }> {
  return keys.map((key, i) => ({ key, k: JSON.stringify(key), x: `x${i}`, value: (x: string) => (values[i] === same ? x : `c[${i}](${x})`) }));
}

/** `switch` cases of the declared keys and "__proto__" (the keys the unknown-key loop skips). */
function skippedCases(keys: string[]): string {
  return [...keys, "__proto__"].map((key) => `case ${JSON.stringify(key)}:`).join(" ");
}

/**
 * With nothing enumerable on Object.prototype (checked once per parse) and the input's prototype
 * Object.prototype, `for...in` yields exactly the own enumerable keys, and reads each value
 * through the enum cache whatever the input's hidden class (as the fast validators' loop does:
 * fast-loop.ts). A declared key the loop did not meet may still be own and non-enumerable (code,
 * never JSON, makes those): `key in v`, then hasOwnProperty, decide. The unknown keys follow the
 * declared ones in the output, so a second loop copies them, run only when the first met some.
 */
function loopLines(parts: ObjectParts): string[] {
  const declared = declaredKeys(parts);
  const counting = parts.extras !== "strip";
  const lines = declared.length ? [`let ${declared.map((d) => `${d.x} = N`).join(", ")};`] : [];
  if (counting) lines.push("let u = 0;");
  lines.push("for (const k in v) {", "  switch (k) {");
  for (const d of declared) lines.push(`    case ${d.k}: ${d.x} = v[k]; break;`);
  if (counting) lines.push('    case "__proto__": break;', "    default: u++;");
  lines.push("  }", "}");
  for (const d of declared) {
    const own = d.key in Object.prototype ? `has(v, ${d.k})` : `${d.k} in v && has(v, ${d.k})`;
    lines.push(`if (${d.x} === N && ${own}) ${d.x} = v[${d.k}];`, `if (${d.x} !== N) o[${d.k}] = ${d.value(d.x)};`);
  }
  if (counting) lines.push("if (u > 0) {", "  for (const k in v) {", `    switch (k) { ${skippedCases(parts.keys)} continue; }`, `    o[k] = ${parts.rest === same ? "v[k]" : "rest(v[k])"};`, "  }", "}");
  return lines;
}

/**
 * Any other object: each declared key by own presence. On an object whose prototype is
 * Object.prototype, a key that Object.prototype lacks is own when its value is not undefined (as
 * fast-nodes.ts keyAccess reads it); hasOwnProperty decides the rest.
 */
function exactLines(parts: ObjectParts): string[] {
  const lines = ["let x;"];
  for (const d of declaredKeys(parts)) {
    if (d.key in Object.prototype) lines.push(`if (has(v, ${d.k})) o[${d.k}] = ${d.value(`v[${d.k}]`)};`);
    else lines.push(`if (p && !(${d.k} in OP)) { x = v[${d.k}]; if (x !== undefined || has(v, ${d.k})) o[${d.k}] = ${d.value("x")}; }`, `else if (has(v, ${d.k})) o[${d.k}] = ${d.value(`v[${d.k}]`)};`);
  }
  if (parts.extras !== "strip") lines.push("for (const k in v) {", `  switch (k) { ${skippedCases(parts.keys)} continue; }`, `  if (has(v, k)) o[k] = ${parts.rest === same ? "v[k]" : "rest(v[k])"};`, "}");
  return lines;
}

/** Whether `for...in` yields own keys only during the output under way (see `install`). */
export const state = { plainKeys: false };

let compiles: boolean | undefined;

function canCompile(): boolean {
  if (compiles === undefined) {
    const config = z.config() as { jitless?: boolean };
    compiles = config.jitless !== true && z.util.allowsEval.value === true;
  }
  return compiles;
}
