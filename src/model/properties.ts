import { basesFirst, flatShape, shapeContext } from "./shapes.js";
import type { Declaration, Heritage, InterfaceDeclaration, ObjectType, Property, TypeNode } from "./types.js";

// Questions about one property of a declaration, answered without building full shapes: a chain
// of single-base interfaces is walked instead, and each answer is remembered on every interface
// the walk passed, so asking every declaration of an N-deep chain costs O(N), not O(N²).

const answers = new WeakMap<InterfaceDeclaration, Map<string, Property | null>>();

/**
 * The property `name` of the object behind `type` (aliases followed; undefined for a cycle), as
 * the full shape has it: same type and optionality. An own property that overrides an inherited
 * one is returned as written (the full shape may carry the inherited doc instead).
 */
export function propertyBehind(type: TypeNode, name: string, byName: ReadonlyMap<string, Declaration>): Property | undefined {
  const seen = new Set<string>();
  let current = type;
  while (current.kind === "ref" && !seen.has(current.name)) {
    seen.add(current.name);
    const target = byName.get(current.name);
    if (!target) return undefined;
    if (target.kind === "interface") return interfaceProperty(target, name, byName) ?? undefined;
    current = target.type;
  }
  return current.kind === "object" ? current.properties.find((p) => p.name === name) : undefined;
}

function interfaceProperty(start: InterfaceDeclaration, name: string, byName: ReadonlyMap<string, Declaration>): Property | null {
  const path: InterfaceDeclaration[] = [];
  let found: Property | null | undefined;
  let current: InterfaceDeclaration = start;
  for (;;) {
    found = answers.get(current)?.get(name);
    if (found !== undefined) break;
    path.push(current);
    found = current.own.properties.find((p) => p.name === name) ?? stepUp(current, name, byName);
    if (found === undefined) {
      current = byName.get(current.heritage[0]!.name) as InterfaceDeclaration;
      continue;
    }
    break;
  }
  // Every interface on the path defers to the next one, so all of them share the answer.
  for (const node of path) {
    const known = answers.get(node) ?? new Map<string, Property | null>();
    known.set(name, found);
    answers.set(node, known);
  }
  return found;
}

/** An interface's answer when it does not declare `name`: undefined means "ask its one base". */
function stepUp(declaration: InterfaceDeclaration, name: string, byName: ReadonlyMap<string, Declaration>): Property | null | undefined {
  const [only, ...more] = declaration.heritage;
  if (!only) return null;
  if (more.length) return flatShape(declaration, shapeContext(byName)).properties.find((p) => p.name === name) ?? null;
  if (only.omit?.includes(name)) return null;
  const base = byName.get(only.name);
  if (base?.kind === "interface") return undefined;
  return base ? (propertyBehind(base.type, name, byName) ?? null) : null;
}

/** How many declarations write each property name themselves (interfaces' own members, object aliases). */
export function declarersByName(declarations: Declaration[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const declaration of declarations) {
    const shape: ObjectType | undefined = declaration.kind === "interface" ? declaration.own : declaration.type.kind === "object" ? declaration.type : undefined;
    for (const property of shape?.properties ?? []) counts.set(property.name, (counts.get(property.name) ?? 0) + 1);
  }
  return counts;
}

/**
 * The own properties of `declaration` that replace one it inherits from `heritage` (an override;
 * keys that heritage omits are new, not replaced). A name no other declaration writes
 * (`declarers` counts 1) cannot be inherited, so only shared names (such as `_meta`) are looked
 * up in the base.
 */
export function replacedFrom(declaration: InterfaceDeclaration, heritage: Heritage, byName: ReadonlyMap<string, Declaration>, declarers: ReadonlyMap<string, number>): Property[] {
  return declaration.own.properties.filter(
    (p) => (declarers.get(p.name) ?? 0) > 1 && !heritage.omit?.includes(p.name) && propertyBehind({ kind: "ref", name: heritage.name }, p.name, byName) !== undefined,
  );
}

/** Whether an own property of `declaration` replaces an inherited one. */
export function overridesInherited(declaration: InterfaceDeclaration, byName: ReadonlyMap<string, Declaration>, declarers: ReadonlyMap<string, number>): boolean {
  return declaration.heritage.some((h) => replacedFrom(declaration, h, byName, declarers).length > 0);
}

/** Interfaces in an order where each comes after the interfaces it extends. */
export function basesFirstOrder(declarations: Declaration[], byName: ReadonlyMap<string, Declaration>): InterfaceDeclaration[] {
  const interfaces = declarations.filter((d): d is InterfaceDeclaration => d.kind === "interface");
  return basesFirst(interfaces, (heritage) => {
    const base = byName.get(heritage.name);
    return base?.kind === "interface" ? base : undefined;
  });
}
