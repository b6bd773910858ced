// Objects: `properties` and `required` become the model's properties; `additionalProperties` with
// a schema becomes the index signature (a record when nothing else is declared). The model's
// objects are open, so `additionalProperties: false` is not enforced by the validators (TypeScript
// still flags unknown keys in object literals, since the type has no index signature).
import type { ObjectType, Property, TypeNode } from "../../model/types.js";
import { docOf, hasAssertions, UNKNOWN, unionOf, type ReadContext } from "./context.js";
import { isObject, joinPointer, type JsonObject } from "./document.js";
import { superLinear } from "./patterns.js";

type Read = (schema: unknown, pointer: string, ctx: ReadContext, depth: number) => TypeNode;

export function objectNode(schema: JsonObject, pointer: string, ctx: ReadContext, depth: number, read: Read): ObjectType {
  const declared = isObject(schema["properties"]) ? schema["properties"] : {};
  const required = new Set(Array.isArray(schema["required"]) ? schema["required"].filter((r): r is string => typeof r === "string") : []);
  const patterns = patternsOf(schema, pointer, ctx);
  const extra = schema["additionalProperties"];
  const properties: Property[] = Object.keys(declared).map((name) => {
    const at = joinPointer(pointer, "properties", name);
    const matching = patterns.filter((p) => p.regex.test(name)).map((p) => p.schema);
    const value = matching.length ? { allOf: [declared[name], ...matching] } : declared[name];
    return { name, optional: !required.has(name), type: read(value, at, ctx, depth + 1), doc: docOf(declared[name]) };
  });
  // A required key the schema does not describe: whatever additionalProperties allows, but present.
  for (const name of [...required].filter((r) => !Object.hasOwn(declared, r))) {
    const value = extra === undefined || extra === false ? true : extra;
    properties.push({ name, optional: false, type: read(value, joinPointer(pointer, "additionalProperties"), ctx, depth + 1), doc: { text: "" } });
  }
  const index = indexOf(schema, patterns, pointer, ctx, depth, read);
  if (schema["unevaluatedProperties"] !== undefined && schema["unevaluatedProperties"] !== false && schema["unevaluatedProperties"] !== true) {
    ctx.warn(joinPointer(pointer, "unevaluatedProperties"), "`unevaluatedProperties` is not checked");
  }
  return { kind: "object", properties, ...(index ? { indexSignature: fitIndex(index, properties, pointer, ctx) } : {}) };
}

interface PatternProperty {
  regex: RegExp;
  schema: unknown;
  pointer: string;
}

function patternsOf(schema: JsonObject, pointer: string, ctx: ReadContext): PatternProperty[] {
  const map = schema["patternProperties"];
  if (!isObject(map)) return [];
  return Object.keys(map).flatMap((source) => {
    const at = joinPointer(pointer, "patternProperties", source);
    // Matched against the schema's own property names while generating: a hostile one must not freeze mcp-gen.
    const risk = superLinear(source);
    if (risk) {
      ctx.warn(at, `this pattern may take exponential time to match (${risk}): the keys it would match are not checked`);
      return [];
    }
    try {
      return [{ regex: new RegExp(source, "u"), schema: map[source], pointer: at }];
    } catch {
      ctx.warn(at, "not an ECMAScript regular expression: the keys it would match are not checked");
      return [];
    }
  });
}

/**
 * The type of keys not listed in `properties`: `additionalProperties`, widened by the schemas of
 * `patternProperties` (the model has one index type, so a key matching a pattern may take any of
 * them). Undefined when such keys may hold anything.
 */
function indexOf(schema: JsonObject, patterns: PatternProperty[], pointer: string, ctx: ReadContext, depth: number, read: Read): TypeNode | undefined {
  const extra = schema["additionalProperties"];
  const open = extra === undefined || extra === true || (isObject(extra) && !hasAssertions(extra));
  if (patterns.length) {
    ctx.warn(joinPointer(pointer, "patternProperties"), "patternProperties: keys are not matched to their pattern's schema; each extra key may take any of them");
    if (open) return undefined;
  } else if (open || extra === false) return undefined;
  const members = patterns.map((p) => read(p.schema, p.pointer, ctx, depth + 1));
  if (extra !== false) members.unshift(read(extra, joinPointer(pointer, "additionalProperties"), ctx, depth + 1));
  return unionOf(members);
}

/**
 * TypeScript requires every property to fit the index signature (an optional one, `undefined`
 * too, unless exactOptionalPropertyTypes): the index type widens to the properties' types, or to
 * `unknown` beside an optional property.
 */
function fitIndex(index: TypeNode, properties: Property[], pointer: string, ctx: ReadContext): TypeNode {
  if (index.kind === "unknown" || !properties.length) return index;
  const fitted = properties.some((p) => p.optional) ? UNKNOWN : (unionOf([index, ...properties.map((p) => p.type)]) ?? index);
  if (JSON.stringify(fitted) !== JSON.stringify(index)) {
    ctx.warn(joinPointer(pointer, "additionalProperties"), "additionalProperties is widened to fit the declared properties' types (TypeScript's index signatures cover every key)");
  }
  return fitted;
}
