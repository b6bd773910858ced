// fast-nodes.ts emits an object's validator through this file's loop, handing it each property's
// check already written (CheckedProperty): the loop only places them, and imports no emitter.
import { valueLines, type CheckedProperty } from "./fast-context.js";

// The first path of an object validator: one `for...in` over the object's keys, each key
// dispatched by a `switch`. Inside `for...in`, `v[k]` reads the field through the object's enum
// cache, whatever its hidden class, where `v.name` is an inline cache that goes megamorphic as
// soon as messages vary their optional and unknown keys (then every read is a stub-cache probe,
// or a runtime call when the stub cache thrashes). Ajv and typia read `v.name`.
//
// `for...in` also yields inherited enumerable keys (a prototype's, a polluted Object.prototype's).
// Each key the loop meets is asked whether it is own (hasOwnProperty on the key `for...in` just
// gave, which V8 answers from the enum cache), once, before the switch: an inherited one hands the
// object to the exact path (rt.exact, which reads own keys only). Asked in each declared key's case
// instead, it cost about 10% of validators.js and measured no faster. So no prototype is read (a
// megamorphic `__proto__` read or getPrototypeOf call per object cost more than all the keys'
// checks) and nothing depends on Object.prototype staying clean while the validation runs. The
// loop also gives up (the exact path decides) when a required key did not come up or an optional
// one did not and may be an own property all the same (a non-enumerable one: only code, never
// JSON, makes those): `key in v` for each such key, or one count of own names (COUNT_FROM).

/** `x` of a property met in the loop: its value, read once (a getter runs once, as Zod runs it). */
function caseLines({ property, x, anything, check, refusesUndefined }: CheckedProperty): string[] {
  if (anything) return property.type.kind === "unknown" && !property.optional ? [`if (v[k] === undefined) return false;`] : ["void v[k];"];
  // An own key that holds undefined is present: exactOptional and every non-unknown type refuse
  // it, most checks by themselves (typeof, ===, an object test).
  return [`const ${x} = v[k];`, refusesUndefined ? `if (!(${check})) return false;` : `if (${x} === undefined || !(${check})) return false;`];
}

/** The variable and bit that record an optional key met in the loop (30 bits per variable). */
function seenBit(position: number): { mask: string; bit: number } {
  return { mask: `m${Math.floor(position / 30)}`, bit: 2 ** (position % 30) };
}

/**
 * False when an optional key the loop did not meet is surely no own property. `in` is true for an
 * inherited key as well, so it only ever sends more objects to the exact path; V8 answers it from
 * the stub cache where hasOwnProperty is a call.
 */
function absent(key: string): string {
  return `!(${JSON.stringify(key)} in v)`;
}

/**
 * From this many optional keys on, the loop counts the own keys it meets, and one call,
 * `Object.getOwnPropertyNames(v).length`, proves every unmet optional key absent when the two
 * agree, in place of one `in` per unmet key. That call allocates an array (V8 builds it in its
 * runtime, then collects it), so it pays only where many keys may be unmet. Measured on the bench's
 * corpora against 3: the issue's corpus +15% (every request's `_meta` has 5 optional keys and
 * holds one at most), 2025-06-18 +10%, 2024-11-05 and 2025-03-26 +4%, 2026-07-28 even; never
 * counting at all lost up to 13% on the generated corpora.
 */
const COUNT_FROM = 6;

/** The label of the loop path's block: `break` to it hands the object to the exact path that follows. */
const LOOP = "loop";

/**
 * The lines of the loop path, a labeled block the function's exact path follows (the one place
 * the exact path is written: its keys are a module variable made on first use, see fast-nodes.ts).
 * `extra`: the check of an unknown key's value `e` (an index signature), undefined when unknown
 * keys are not read. `has`: the module's hasOwnProperty constant.
 */
export function ownKeyLoop(properties: CheckedProperty[], extra: string | undefined, has: string): string[] {
  const required = properties.filter((p) => !p.property.optional).length;
  const optional = properties.filter((p) => p.property.optional);
  const counted = optional.length >= COUNT_FROM;
  const masks = [...new Set(optional.map((_, i) => seenBit(i).mask))];
  const lines = [`${LOOP}: {`];
  if (required) lines.push("  let n = 0;");
  for (const mask of masks) lines.push(`  let ${mask} = 0;`);
  if (counted) lines.push("  let c = 0;");
  // Every key asked once, before the switch: an inherited one (a prototype's, a polluted
  // Object.prototype's) hands the object to the exact path, which reads only own keys.
  lines.push("  for (const k in v) {", `    if (!${has}.call(v, k)) break ${LOOP};`, "    switch (k) {");
  for (const property of properties) {
    const position = optional.indexOf(property);
    const { mask, bit } = seenBit(position);
    const seen = [position < 0 ? "n++;" : `${mask} |= ${bit};`, ...(counted ? ["c++;"] : [])];
    lines.push(`      case ${JSON.stringify(property.property.name)}: {`, ...[...caseLines(property), ...seen, "break;"].map((line) => `        ${line}`), "      }");
  }
  lines.push(...defaultLines(extra, counted), "    }", "  }");
  const met = required ? [`n === ${required}`] : [];
  // Counted: `c` own keys met, so as many own names mean no own key the loop did not meet (a
  // non-enumerable one); an unknown own one only sends the object to the exact path.
  if (counted) {
    const full = masks.map((mask) => `${mask} === ${fullMask(optional.length, mask)}`).join(" && ");
    lines.push(`  if (${[...met, `(${full} || c === Object.getOwnPropertyNames(v).length)`].join(" && ")}) return true;`, "}");
    return lines;
  }
  const done = [...met, ...optional.map((p, i) => {
    const { mask, bit } = seenBit(i);
    return `((${mask} & ${bit}) !== 0 || ${absent(p.property.name)})`;
  })];
  lines.push(done.length ? `  if (${done.join(" && ")}) return true;` : "  return true;", "}");
  return lines;
}

/** The mask of a variable whose optional keys were all met. */
function fullMask(optionals: number, mask: string): number {
  const index = Number(mask.slice(1));
  const bits = Math.min(30, optionals - index * 30);
  return 2 ** bits - 1;
}

/**
 * The loop's `default`: an unknown key's value checked against the index signature (`extra`),
 * and, when the loop counts own keys, counted. An inherited unknown key is no entry of the index
 * signature and no own name.
 */
function defaultLines(extra: string | undefined, counted: boolean): string[] {
  if (extra === undefined && !counted) return [];
  const body = extra === undefined ? [] : valueLines(extra).map((line) => `      ${line}`);
  return ["      default: {", ...(counted ? ["        c++;"] : []), ...body, "      }"];
}
