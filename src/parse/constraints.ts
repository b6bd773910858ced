import type { TypeNode } from "../model/types.js";
import { fail, warn, type ParseContext } from "./context.js";
import type { DocTag } from "./jsdoc.js";
import { jsonNumber } from "./numbers.js";

/**
 * JSON Schema formats the generated validators enforce. Any other `@format` is kept in the
 * model and reported as a warning, so a revision that introduces a new format still generates.
 */
export const ENFORCED_FORMATS = new Set([
  "uri",
  "uri-reference",
  "uri-template",
  "byte",
  "date-time",
  "date",
  "time",
  "email",
  "uuid",
]);

type Apply = (ctx: ParseContext, type: TypeNode, tag: DocTag) => TypeNode;

/** `@TJS-type` values that change how a TypeScript number validates (a Map: no inherited keys). */
const NUMBER_TYPES = new Map([
  ["number", false],
  ["integer", true],
]);

const CONSTRAINTS = new Map<string, Apply>([
  ["TJS-type", numberTypeTag],
  ["format", formatTag],
  ["minimum", (ctx, type, tag) => onKind(ctx, type, tag, "number", (node) => ({ ...node, [tag.name]: bound(ctx, tag) }))],
  ["maximum", (ctx, type, tag) => onKind(ctx, type, tag, "number", (node) => ({ ...node, [tag.name]: bound(ctx, tag) }))],
  ["minItems", (ctx, type, tag) => onKind(ctx, type, tag, "array", (node) => ({ ...node, [tag.name]: count(ctx, tag) }))],
  ["maxItems", (ctx, type, tag) => onKind(ctx, type, tag, "array", (node) => ({ ...node, [tag.name]: count(ctx, tag) }))],
  ["minLength", (ctx, type, tag) => onKind(ctx, type, tag, "string", (node) => ({ ...node, [tag.name]: count(ctx, tag) }))],
  ["maxLength", (ctx, type, tag) => onKind(ctx, type, tag, "string", (node) => ({ ...node, [tag.name]: count(ctx, tag) }))],
  ["pattern", (ctx, type, tag) => onKind(ctx, type, tag, "string", (node) => ({ ...node, pattern: pattern(ctx, tag) }))],
]);

/** Lower and upper bounds that together admit nothing when the lower one is greater. */
const BOUNDS: Array<[string, string]> = [
  ["minimum", "maximum"],
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
];

/**
 * Attaches the constraint tags of a property (or alias) to the type nodes they constrain:
 * the type itself or, for a union, its members of the matching kind. Unknown tags are ignored
 * (they are documentation); a known tag with a malformed value is an error; a repeated tag and
 * bounds that admit no value are warnings.
 */
export function applyTags(ctx: ParseContext, type: TypeNode, tags: DocTag[]): TypeNode {
  let result = type;
  const applied = new Map<string, DocTag>();
  for (const tag of tags) {
    const apply = CONSTRAINTS.get(tag.name);
    if (!apply) continue;
    const earlier = applied.get(tag.name);
    if (earlier) warn(ctx, tag.pos, `@${tag.name} is given twice (also at line ${ctx.locateAt(earlier.pos).line}): the last one, \`${tag.value}\`, applies`);
    applied.set(tag.name, tag);
    result = apply(ctx, result, tag);
  }
  checkBounds(ctx, result, applied);
  return result;
}

/** Warns that constraint tags on something that is not a property, index signature or alias do nothing. */
export function warnConstraintsIgnored(ctx: ParseContext, tags: DocTag[], what: string): void {
  for (const tag of tags) {
    if (CONSTRAINTS.has(tag.name)) warn(ctx, tag.pos, `@${tag.name} does not apply to ${what}: ignored (put it on a property or type alias)`);
  }
}

function checkBounds(ctx: ParseContext, type: TypeNode, applied: Map<string, DocTag>): void {
  const nodes: TypeNode[] = type.kind === "union" ? type.members : [type];
  for (const [low, high] of BOUNDS) {
    const empty = nodes.some((node) => {
      const bounds = node as unknown as Record<string, number | undefined>;
      return Object.hasOwn(bounds, low) && Object.hasOwn(bounds, high) && bounds[low]! > bounds[high]!;
    });
    const lowTag = applied.get(low);
    const highTag = applied.get(high);
    if (!empty || !lowTag || !highTag) continue;
    const later = lowTag.pos > highTag.pos ? lowTag : highTag;
    warn(ctx, later.pos, `@${low} ${lowTag.value} and @${high} ${highTag.value} contradict each other: no value satisfies both, so the validator rejects every value`);
  }
}

function numberTypeTag(ctx: ParseContext, type: TypeNode, tag: DocTag): TypeNode {
  const integer = NUMBER_TYPES.get(tag.value);
  if (integer === undefined) {
    return fail(ctx, tag.pos, `unsupported @TJS-type \`${tag.value}\` (only "number" and "integer" change how a TypeScript number validates)`);
  }
  return onKind(ctx, type, tag, "number", (node) => ({ ...node, integer }));
}

/**
 * `@format` values that make a number an integer: ts-to-zod's (`z.number().int()`), how an
 * extension whose bare `number` is any JSON number marks its integer fields.
 */
const INTEGER_FORMATS = new Set(["int", "int32", "int64"]);

function formatTag(ctx: ParseContext, type: TypeNode, tag: DocTag): TypeNode {
  if (!tag.value) fail(ctx, tag.pos, "@format needs a format name");
  if (INTEGER_FORMATS.has(tag.value)) return onKind(ctx, type, tag, "number", (node) => ({ ...node, integer: true }));
  if (!ENFORCED_FORMATS.has(tag.value)) {
    warn(ctx, tag.pos, `@format ${tag.value} is not known to mcp-gen: kept in the docs, not enforced`);
  }
  return onKind(ctx, type, tag, "string", (node) => ({ ...node, format: tag.value }));
}

/** Applies `change` to the node, or to the union members, of the given kind. */
function onKind<K extends TypeNode["kind"]>(
  ctx: ParseContext,
  type: TypeNode,
  tag: DocTag,
  kind: K,
  change: (node: Extract<TypeNode, { kind: K }>) => TypeNode,
): TypeNode {
  if (type.kind === kind) return change(type as Extract<TypeNode, { kind: K }>);
  if (type.kind === "union" && type.members.some((member) => member.kind === kind)) {
    const members = type.members.map((member) =>
      member.kind === kind ? change(member as Extract<TypeNode, { kind: K }>) : member,
    );
    return { kind: "union", members };
  }
  warn(ctx, tag.pos, `@${tag.name} does not apply to a ${describe(type)} (only to ${kind}s): ignored`);
  return type;
}

/**
 * A pattern is compiled here the way the generated validators compile it (`new RegExp(p, "u")`),
 * so a pattern that would throw when the output is imported fails generation instead.
 */
function pattern(ctx: ParseContext, tag: DocTag): string {
  if (!tag.value) fail(ctx, tag.pos, "@pattern needs a regular expression");
  try {
    new RegExp(tag.value, "u");
  } catch (error) {
    fail(ctx, tag.pos, `@pattern \`${tag.value}\` is not a valid regular expression with the "u" flag the validators use: ${(error as Error).message}`);
  }
  return tag.value;
}

function bound(ctx: ParseContext, tag: DocTag): number {
  return jsonNumber(tag.value) ?? fail(ctx, tag.pos, `@${tag.name} needs a number, found \`${tag.value}\` (write it as JSON does: digits, an optional fraction and exponent)`);
}

function count(ctx: ParseContext, tag: DocTag): number {
  const value = jsonNumber(tag.value);
  if (value === undefined || !Number.isSafeInteger(value) || value < 0) {
    fail(ctx, tag.pos, `@${tag.name} needs a non-negative integer, found \`${tag.value}\``);
  }
  return value;
}

function describe(type: TypeNode): string {
  return type.kind === "ref" ? `reference to ${type.name}` : type.kind;
}
