import type { ObjectType, TypeNode } from "../model/types.js";

// What the generated Zod schemas build, as facts: the Zod emitter (zod-nodes.ts) writes its
// schemas by them, and the fast validators (fast-nodes.ts) and the method tables (methods.ts),
// which must give the same verdicts and name the same schemas, read them here instead of
// reaching into the Zod emitter.

/**
 * Formats checked by a runtime function (no backtracking regex over unbounded input). The fast
 * validators call the same functions under the same names (see fast-nodes.ts).
 */
export const FORMAT_CHECKS: Record<string, { check: string; error: string }> = {
  uri: { check: "rt.isUri", error: "Invalid URI" },
  "uri-reference": { check: "rt.isUriReference", error: "Invalid URI reference" },
  "uri-template": { check: "rt.isUriTemplate", error: "Invalid URI template" },
  byte: { check: "rt.isBase64", error: "Invalid base64" },
  "date-time": { check: "rt.isDateTime", error: "Invalid date-time" },
  date: { check: "rt.isDate", error: "Invalid date" },
  time: { check: "rt.isTime", error: "Invalid time" },
  email: { check: "rt.isEmail", error: "Invalid email" },
  uuid: { check: "rt.isUuid", error: "Invalid UUID" },
};

/** A union's members without the literals that their own primitive (`"complete" | string`) absorbs. */
export function keptUnionMembers(members: TypeNode[]): TypeNode[] {
  const open = new Set(members.filter((m) => m.kind === "string" || m.kind === "number").map((m) => m.kind));
  return members.filter((m) => !(m.kind === "literal" && open.has(typeof m.value as "string")));
}

/** Objects with properties (or no typed index signature) are ZodObjects; the rest are records. */
export function isObjectSchema(type: ObjectType): boolean {
  return type.properties.length > 0 || !type.indexSignature || type.indexSignature.kind === "unknown";
}
