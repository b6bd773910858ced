import { declarationMap } from "./lookup.js";
import { basesFirstOrder, declarersByName, propertyBehind, replacedFrom } from "./properties.js";
import { flatShape, shapeContext } from "./shapes.js";
import type { Declaration, InterfaceDeclaration, Property, TypeNode } from "./types.js";

// Every walker here is iterative: schemas may nest or chain declarations thousands deep, and
// a recursive walk would overflow the stack long before the data becomes large.

/** Calls `visit` on every node of a type tree, parents first, children in order. */
export function walkType(type: TypeNode, visit: (node: TypeNode) => void): void {
  const stack: TypeNode[] = [type];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    pushChildrenReversed(node, stack);
  }
}

/** Pushes a node's children last to first, so that they pop first to last. */
function pushChildrenReversed(type: TypeNode, stack: TypeNode[]): void {
  switch (type.kind) {
    case "array":
      stack.push(type.items);
      break;
    case "union":
      for (let i = type.members.length - 1; i >= 0; i--) stack.push(type.members[i]!);
      break;
    case "object":
      if (type.indexSignature) stack.push(type.indexSignature);
      for (let i = type.properties.length - 1; i >= 0; i--) stack.push(type.properties[i]!.type);
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
  return componentsOf(declarations, referenceEdges(declarations));
}

/**
 * Each declaration's references, in first-seen order through its full shape (an interface's
 * inherited properties included). An interface with one base whose omitted and replaced keys
 * hold no references continues its base's list instead of walking the inherited properties
 * again, so a deep chain costs O(N) rather than O(N²).
 */
export function referenceEdges(declarations: Declaration[]): Map<string, string[]> {
  const byName = declarationMap(declarations);
  const declarers = declarersByName(declarations);
  const inherited = new Map<string, { properties: string[]; index: TypeNode | undefined }>();
  for (const declaration of basesFirstOrder(declarations, byName)) {
    const base = continuedBase(declaration, byName, declarers);
    const known = base && inherited.get(base.name);
    if (known) {
      const properties = unique([...known.properties, ...referencesOfProperties(declaration.own.properties)]);
      inherited.set(declaration.name, { properties, index: declaration.own.indexSignature ?? known.index });
    } else {
      const shape = flatShape(declaration, shapeContext(byName));
      inherited.set(declaration.name, { properties: referencesOfProperties(shape.properties), index: shape.indexSignature });
    }
  }
  return new Map(
    declarations.map((d) => {
      if (d.kind === "alias") return [d.name, referencesOf(d.type)];
      const { properties, index } = inherited.get(d.name)!;
      return [d.name, index ? unique([...properties, ...referencesOf(index)]) : properties];
    }),
  );
}

/**
 * The one interface `declaration` extends, when its references continue that base's in order:
 * the keys it omits or replaces hold no references on either side (a replaced key keeps its
 * place, so references there would move). Chains of `Omit` and of narrowed tags qualify.
 */
function continuedBase(declaration: InterfaceDeclaration, byName: ReadonlyMap<string, Declaration>, declarers: ReadonlyMap<string, number>): InterfaceDeclaration | undefined {
  const [only, ...more] = declaration.heritage;
  const base = only && !more.length ? byName.get(only.name) : undefined;
  if (base?.kind !== "interface") return undefined;
  const inherited = (key: string) => propertyBehind({ kind: "ref", name: base.name }, key, byName);
  const referenceFree = (type: TypeNode | undefined) => type === undefined || referencesOf(type).length === 0;
  if (!(only!.omit ?? []).every((key) => referenceFree(inherited(key)?.type))) return undefined;
  const replaced = replacedFrom(declaration, only!, byName, declarers);
  return replaced.every((p) => referenceFree(p.type) && referenceFree(inherited(p.name)!.type)) ? base : undefined;
}

function referencesOfProperties(properties: Property[]): string[] {
  return referencesOf({ kind: "object", properties });
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

function componentsOf(declarations: Declaration[], edges: Map<string, string[]>): string[][] {
  return stronglyConnected(
    declarations.map((d) => d.name),
    (name) => edges.get(name) ?? [],
  );
}

interface Frame {
  name: string;
  next: string[];
  position: number;
}

/**
 * Tarjan's algorithm with an explicit stack of frames instead of recursion. Components come
 * out in the order the recursive formulation produces them (roots tried in `names` order,
 * edges in their order), each listing its members in visiting order.
 */
export function stronglyConnected(names: string[], edgesOf: (name: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const frames: Frame[] = [];
  const enter = (name: string): void => {
    index.set(name, index.size);
    low.set(name, index.get(name)!);
    stack.push(name);
    onStack.add(name);
    frames.push({ name, next: edgesOf(name), position: 0 });
  };
  for (const root of names) {
    if (!index.has(root)) enter(root);
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      if (frame.position < frame.next.length) {
        const next = frame.next[frame.position++]!;
        if (!index.has(next)) enter(next);
        else if (onStack.has(next)) low.set(frame.name, Math.min(low.get(frame.name)!, index.get(next)!));
        continue;
      }
      frames.pop();
      if (low.get(frame.name) === index.get(frame.name)) components.push(popComponent(stack, onStack, frame.name));
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.name, Math.min(low.get(parent.name)!, low.get(frame.name)!));
    }
  }
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
  const edges = referenceEdges(declarations);
  for (const component of componentsOf(declarations, edges)) {
    const single = component.length === 1 ? component[0]! : undefined;
    if (component.length > 1 || (single !== undefined && edges.get(single)?.includes(single))) {
      for (const name of component) recursive.add(name);
    }
  }
  return recursive;
}

/**
 * Alias cycles that never reach a type: `type A = B; type B = A`, `type A = A | string`.
 * Only arrays and object members defer a reference (`type J = string | J[]` is fine); an alias
 * that reaches itself through aliases and union members alone describes no value. Returns
 * one cycle per offending group, starting at its first alias in declaration order, e.g.
 * `["A", "B"]` for A → B → A.
 */
export function aliasCycles(declarations: Declaration[]): string[][] {
  const aliases = new Map(declarations.filter((d) => d.kind === "alias").map((d) => [d.name, d]));
  const edges = new Map([...aliases].map(([name, d]) => [name, immediateReferences(d.type).filter((n) => aliases.has(n))]));
  const edgesOf = (name: string): string[] => edges.get(name) ?? [];
  const order = new Map([...aliases.keys()].map((name, i) => [name, i]));
  return stronglyConnected([...aliases.keys()], edgesOf)
    .filter((component) => component.length > 1 || edgesOf(component[0]!).includes(component[0]!))
    .map((component) => {
      const first = component.reduce((a, b) => (order.get(a)! <= order.get(b)! ? a : b));
      return cycleThrough(first, new Set(component), edgesOf);
    })
    .sort((a, b) => order.get(a[0]!)! - order.get(b[0]!)!);
}

/** References reachable through union members alone (not through arrays or objects). */
function immediateReferences(type: TypeNode): string[] {
  const names: string[] = [];
  const stack = [type];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.kind === "ref") names.push(node.name);
    else if (node.kind === "union") for (const member of node.members) stack.push(member);
  }
  return names;
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function cycleThrough(start: string, component: Set<string>, edgesOf: (name: string) => string[]): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const name = queue[head]!;
    for (const next of edgesOf(name)) {
      if (next === start) {
        const path = [name];
        while (path[path.length - 1] !== start) path.push(parent.get(path[path.length - 1]!)!);
        return path.reverse();
      }
      if (component.has(next) && !parent.has(next)) {
        parent.set(next, name);
        queue.push(next);
      }
    }
  }
  return [start];
}
