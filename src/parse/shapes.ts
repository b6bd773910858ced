// Mutual recursion, on purpose (as in type-nodes.ts): type-nodes.ts converts a nested type node
// through this file, and this file converts member types through type-nodes.ts (a type is a tree
// of both).
import type { Node, TypeNode as TsTypeNode } from "ts-morph";
import { objectOfType, type ShapeContext } from "../model/shapes.js";
import type { Declaration, ObjectType } from "../model/types.js";
import { excerpt, fail, knows, type ParseContext } from "./context.js";
import { convertType } from "./type-nodes.js";

/**
 * The model's shape functions (`model/shapes.ts`) as the parser uses them: declarations are
 * converted on demand (see `ParseContext.declaration`), and a shape that cannot be built fails
 * at `node`, the place in the source that asked for it.
 */
export function parseShapes(ctx: ParseContext, node: Node): ShapeContext {
  return { holder: (name) => holderOf(ctx, node, name), fail: (message) => fail(ctx, node, message) };
}

/**
 * The object shape a type node stands for, with references followed: what `extends`,
 * intersections and `Omit` operate on. Fails when the node is not an object type.
 */
export function objectShapeOf(ctx: ParseContext, node: TsTypeNode): ObjectType {
  return objectOfType(convertType(ctx, node), excerpt(node), parseShapes(ctx, node));
}

/** The declaration holding the object `name` stands for: `name`, or the end of its alias chain (followed in a loop). */
function holderOf(ctx: ParseContext, node: Node, name: string): Declaration {
  const chain: string[] = [];
  const followed = new Set<string>();
  let current = name;
  for (;;) {
    if (!knows(ctx, current)) fail(ctx, node, `\`${current}\` is not a declaration of this schema`);
    if (followed.has(current)) failAliasCycle(ctx, chain.slice(chain.indexOf(current)));
    chain.push(current);
    followed.add(current);
    const declaration = ctx.declaration(current, node);
    if (declaration.kind === "interface" || declaration.type.kind !== "ref") return declaration;
    current = declaration.type.name;
  }
}

/** An alias cycle that never reaches a type (`type A = B; type B = A`, `type A = A | string`). */
export function aliasCycleMessage(cycle: string[]): string {
  return `type alias \`${cycle[0]}\` never reaches a type: ${[...cycle, cycle[0]].join(" → ")} refers back through aliases and unions only (a recursive type must go through an array or an object property)`;
}

/** Fails at the cycle's first alias in source order, whichever way the cycle was reached. */
export function failAliasCycle(ctx: ParseContext, cycle: string[]): never {
  const names = [...ctx.sources.keys()];
  const first = cycle.reduce((a, b) => (names.indexOf(a) <= names.indexOf(b) ? a : b));
  const rotated = [...cycle.slice(cycle.indexOf(first)), ...cycle.slice(0, cycle.indexOf(first))];
  return fail(ctx, ctx.sources.get(first)!, aliasCycleMessage(rotated));
}
