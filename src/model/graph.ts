import type { Declaration, TypeNode } from "./types.js";

/** Calls `visit` on every node of a type tree, parents first. */
export function walkType(type: TypeNode, visit: (node: TypeNode) => void): void {
  visit(type);
  switch (type.kind) {
    case "array":
      walkType(type.items, visit);
      break;
    case "union":
      for (const member of type.members) walkType(member, visit);
      break;
    case "object":
      for (const property of type.properties) walkType(property.type, visit);
      if (type.indexSignature) walkType(type.indexSignature, visit);
      break;
    default:
      break;
  }
}

/** Names of the declarations a type refers to, in first-seen order. */
export function referencesOf(type: TypeNode): string[] {
  const names = new Set<string>();
  walkType(type, (node) => {
    if (node.kind === "ref") names.add(node.name);
  });
  return [...names];
}

/**
 * Strongly connected components of the reference graph (Tarjan), in dependency order:
 * every component comes after the components it refers to. Declarations that refer to each
 * other (or to themselves) share a component; those are the recursive types.
 */
export function componentsInDependencyOrder(declarations: Declaration[]): string[][] {
  const edges = new Map(declarations.map((d) => [d.name, referencesOf(d.type)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (name: string): void => {
    index.set(name, index.size);
    low.set(name, index.get(name)!);
    stack.push(name);
    onStack.add(name);
    for (const next of edges.get(name) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(name, Math.min(low.get(name)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(name, Math.min(low.get(name)!, index.get(next)!));
      }
    }
    if (low.get(name) === index.get(name)) components.push(popComponent(stack, onStack, name));
  };
  for (const declaration of declarations) if (!index.has(declaration.name)) connect(declaration.name);
  return components;
}

function popComponent(stack: string[], onStack: Set<string>, root: string): string[] {
  const component: string[] = [];
  let name: string;
  do {
    name = stack.pop()!;
    onStack.delete(name);
    component.push(name);
  } while (name !== root);
  return component.reverse();
}

/** Declarations that take part in a reference cycle (including self-reference). */
export function recursiveDeclarations(declarations: Declaration[]): Set<string> {
  const recursive = new Set<string>();
  const byName = new Map(declarations.map((d) => [d.name, d]));
  for (const component of componentsInDependencyOrder(declarations)) {
    const single = component.length === 1 ? byName.get(component[0]!) : undefined;
    if (component.length > 1 || (single && referencesOf(single.type).includes(single.name))) {
      for (const name of component) recursive.add(name);
    }
  }
  return recursive;
}
