import type { TypeNode } from "../model/types.js";
import { fail, warn, type ParseContext } from "./context.js";
import type { ReadDoc } from "./jsdoc.js";

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

type Tag = ReadDoc["tags"][number];

/**
 * Attaches the constraint tags of a property (or alias) to the type nodes they constrain:
 * the type itself or, for a union, its members of the matching kind. Unknown tags are ignored
 * (they are documentation); a known tag with a malformed value is an error.
 */
export function applyTags(ctx: ParseContext, type: TypeNode, tags: Tag[]): TypeNode {
  let result = type;
  for (const tag of tags) result = applyTag(ctx, result, tag);
  return result;
}

function applyTag(ctx: ParseContext, type: TypeNode, tag: Tag): TypeNode {
  switch (tag.name) {
    case "TJS-type":
      return numberTypeTag(ctx, type, tag);
    case "format":
      return formatTag(ctx, type, tag);
    case "minimum":
    case "maximum":
      return onKind(ctx, type, tag, "number", (node) => ({ ...node, [tag.name]: numeric(ctx, tag) }));
    case "minItems":
    case "maxItems":
      return onKind(ctx, type, tag, "array", (node) => ({ ...node, [tag.name]: count(ctx, tag) }));
    case "minLength":
    case "maxLength":
      return onKind(ctx, type, tag, "string", (node) => ({ ...node, [tag.name]: count(ctx, tag) }));
    case "pattern":
      return onKind(ctx, type, tag, "string", (node) => ({ ...node, pattern: tag.value }));
    default:
      return type;
  }
}

function numberTypeTag(ctx: ParseContext, type: TypeNode, tag: Tag): TypeNode {
  const integer = { number: false, integer: true }[tag.value];
  if (integer === undefined) {
    return fail(ctx, tag.node, `unsupported @TJS-type \`${tag.value}\` (only "number" and "integer" change how a TypeScript number validates)`);
  }
  return onKind(ctx, type, tag, "number", (node) => ({ ...node, integer }));
}

function formatTag(ctx: ParseContext, type: TypeNode, tag: Tag): TypeNode {
  if (!ENFORCED_FORMATS.has(tag.value)) {
    warn(ctx, tag.node, `@format ${tag.value} is not known to mcp-gen: kept in the docs, not enforced`);
  }
  return onKind(ctx, type, tag, "string", (node) => ({ ...node, format: tag.value }));
}

/** Applies `change` to the node, or to the union members, of the given kind. */
function onKind<K extends TypeNode["kind"]>(
  ctx: ParseContext,
  type: TypeNode,
  tag: Tag,
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
  warn(ctx, tag.node, `@${tag.name} does not apply to a ${describe(type)} (only to ${kind}s): ignored`);
  return type;
}

function numeric(ctx: ParseContext, tag: Tag): number {
  const value = Number(tag.value);
  if (tag.value === "" || !Number.isFinite(value)) fail(ctx, tag.node, `@${tag.name} needs a number, found \`${tag.value}\``);
  return value;
}

function count(ctx: ParseContext, tag: Tag): number {
  const value = numeric(ctx, tag);
  if (!Number.isInteger(value) || value < 0) fail(ctx, tag.node, `@${tag.name} needs a non-negative integer, found \`${tag.value}\``);
  return value;
}

function describe(type: TypeNode): string {
  return type.kind === "ref" ? `reference to ${type.name}` : type.kind;
}

