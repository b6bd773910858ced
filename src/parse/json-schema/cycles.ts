import { declarationMap } from "../../model/lookup.js";
import type { Declaration, TypeNode } from "../../model/types.js";
import { UNKNOWN, unionOf } from "./context.js";

/**
 * TypeScript cannot declare an alias that is itself without an object or array in between
 * (`type A = B | string; type B = A`). Such references (`$ref` chains that loop through unions
 * only) are replaced by `unknown`; returns the names whose references were cut.
 */
export function cutDirectCycles(declarations: Declaration[]): string[] {
  const byName = declarationMap(declarations);
  const cut: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (name: string): void => {
    const declaration = byName.get(name);
    if (!declaration || declaration.kind !== "alias" || state.get(name) === "done") return;
    state.set(name, "open");
    for (const target of directRefs(declaration.type)) {
      if (state.get(target) === "open") {
        declaration.type = withoutRef(declaration.type, target);
        cut.push(name);
      } else visit(target);
    }
    state.set(name, "done");
  };
  for (const declaration of declarations) visit(declaration.name);
  return cut;
}

function directRefs(type: TypeNode): string[] {
  if (type.kind === "ref") return [type.name];
  return type.kind === "union" ? type.members.flatMap(directRefs) : [];
}

function withoutRef(type: TypeNode, target: string): TypeNode {
  if (type.kind === "ref") return type.name === target ? UNKNOWN : type;
  if (type.kind !== "union") return type;
  return unionOf(type.members.map((m) => withoutRef(m, target))) ?? UNKNOWN;
}
