import { valueLines, type CheckedProperty } from "./fast-nodes.js";

// The first path of an object validator: one `for...in` over the object's keys, each key
// dispatched by a `switch`. Inside `for...in`, `v[k]` reads the field through the object's enum
// cache, whatever its hidden class, where `v.name` is an inline cache that goes megamorphic as
// soon as messages vary their optional and unknown keys (then every read is a stub-cache probe,
// or a runtime call when the stub cache thrashes). Ajv and typia read `v.name`.
//
// The loop runs only where its keys are exactly the own enumerable ones: on an object whose
// prototype is Object.prototype while Object.prototype has no enumerable key (`rt.plainKeys`,
// which each guard sets before it validates and checks after: see `guarded`). Every answer it
// gives is then the exact one: a key it meets is an own property, so a bad value fails. It
// gives up (the exact path after it decides, reading each declared key by `rt.has`) when a
// required key did not come up or an optional one did not and is an own property all the same
// (a non-enumerable one: only code, never JSON, makes those).

/** `x` of a property met in the loop: its value, read once (a getter runs once, as Zod runs it). */
function caseLines({ property, x, anything, check }: CheckedProperty): string[] {
  if (anything) return property.type.kind === "unknown" && !property.optional ? [`if (v[k] === undefined) return false;`] : ["void v[k];"];
  // An own key that holds undefined is present: exactOptional and every non-unknown type refuse it.
  return [`const ${x} = v[k];`, `if (${x} === undefined || !(${check})) return false;`];
}

/** The variable and bit that record an optional key met in the loop (30 bits per variable). */
function seenBit(position: number): { mask: string; bit: number } {
  return { mask: `m${Math.floor(position / 30)}`, bit: 2 ** (position % 30) };
}

/** True when an optional key the loop did not meet is an own property anyway (then the exact path decides). */
function ownAnyway(key: string): string {
  const quoted = JSON.stringify(key);
  // On such an object, `key in v` is own presence for a key Object.prototype lacks.
  return key in Object.prototype ? `rt.has(v, ${quoted})` : `${quoted} in v`;
}

/**
 * The lines of the loop path, before the exact path in the same function. `extra`: the check of
 * an unknown key's value `e` (an index signature), undefined when unknown keys are not read.
 */
export function ownKeyLoop(properties: CheckedProperty[], extra: string | undefined): string[] {
  const required = properties.filter((p) => !p.property.optional).length;
  const optional = properties.filter((p) => p.property.optional);
  const masks = [...new Set(optional.map((_, i) => seenBit(i).mask))];
  // The prototype read through the `__proto__` accessor, as the exact path reads it: an inline
  // cache (Object.getPrototypeOf is a call); an own "__proto__" key sends the object the exact way.
  const lines = ['if (rt.plainKeys && v["__proto__"] === rt.OP) {'];
  if (required) lines.push("  let n = 0;");
  for (const mask of masks) lines.push(`  let ${mask} = 0;`);
  lines.push("  for (const k in v) {", "    switch (k) {");
  for (const property of properties) {
    const position = optional.indexOf(property);
    const { mask, bit } = seenBit(position);
    const counted = position < 0 ? "n++;" : `${mask} |= ${bit};`;
    lines.push(`      case ${JSON.stringify(property.property.name)}: {`, ...[...caseLines(property), counted, "break;"].map((line) => `        ${line}`), "      }");
  }
  if (extra !== undefined) lines.push("      default: {", ...valueLines(extra).map((line) => `      ${line}`), "      }");
  lines.push("    }", "  }");
  const done = [...(required ? [`n === ${required}`] : []), ...optional.map((p, i) => {
    const { mask, bit } = seenBit(i);
    return `((${mask} & ${bit}) !== 0 || !(${ownAnyway(p.property.name)}))`;
  })];
  lines.push(done.length ? `  if (${done.join(" && ")}) return true;` : "  return true;", "}");
  return lines;
}

/**
 * A guard's body around `call` (an expression validating `value`): the loop paths allowed while
 * Object.prototype has no enumerable key, and the call made again the exact way if it gained one
 * during the first (a getter of the input can add one).
 */
export function guarded(call: string): string[] {
  return ["rt.begin();", `const verdict = ${call};`, `return rt.held() ? verdict : ${call};`];
}
