// fast-nodes.ts emits a union's members and hands their checks here; which properties refuse
// undefined is a fact of the context (fast-context.ts), so this file imports no emitter.
import { objectBehind } from "../model/derive.js";
import type { TypeNode } from "../model/types.js";
import { refusesUndefined, type FastContext } from "./fast-context.js";

/**
 * `A(x) || B(x) || …` for a union without a tag, where every member is an object type: each member
 * but the last is tried only when `x` has (`in`: own or inherited) the required keys that set it
 * apart, those some other member does not require. A key `in` does not find is absent, and the
 * member refuses `x` (the exact path's own first test), so the verdict is the same; a value of a
 * later member then costs a test per earlier one, not their walk of all its keys and their checks
 * (a URI read twice, say). Ajv reads `required` first for the same reason. `in` throws on a
 * primitive, so the whole union first asks for an object, which every member requires too.
 */
export function untaggedUnion(members: TypeNode[], checks: string[], x: string, ctx: FastContext): string {
  const plain = `(${checks.join(" || ")})`;
  const shapes = members.map((member) => objectBehind(member, ctx.byName));
  if (shapes.some((shape) => shape === undefined)) return plain;
  const required = shapes.map((shape) => shape!.properties.filter((p) => !p.optional && refusesUndefined(p.type, ctx)).map((p) => p.name));
  const telling = required.map((keys, i) => keys.filter((key) => required.some((other, j) => j !== i && !other.includes(key))));
  if (telling.slice(0, -1).every((keys) => keys.length === 0)) return plain;
  const tried = checks.map((check, i) => {
    const keys = i === checks.length - 1 ? [] : telling[i]!;
    return keys.length ? `(${[...keys.map((key) => `${JSON.stringify(key)} in ${x}`), check].join(" && ")})` : check;
  });
  return `(typeof ${x} === "object" && ${x} !== null && (${tried.join(" || ")}))`;
}
