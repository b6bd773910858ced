import { sameJson } from "./same.js";
import type { Declaration, Heritage, InterfaceDeclaration, LiteralType, ObjectType, Property, TypeNode } from "./types.js";

// An interface keeps only its own members in the model; its full shape is derived here, on
// demand, once per declaration. The parser builds shapes with the same functions (with a `fail`
// that reports the declaration's location), so both agree by construction.

/** How shapes find declarations, and how a shape that cannot be built is reported. */
export interface ShapeContext {
  /** The declaration holding the object `name` stands for: `name`, or the end of its alias chain. */
  holder(name: string): Declaration;
  fail(message: string): never;
}

const flatShapes = new WeakMap<InterfaceDeclaration, ObjectType>();
const heirShapes = new WeakMap<Declaration, ObjectType>();
const contexts = new WeakMap<ReadonlyMap<string, Declaration>, ShapeContext>();

/** The shape context of a parsed model's declarations (parsing already reported every failure). */
export function shapeContext(byName: ReadonlyMap<string, Declaration>): ShapeContext {
  let ctx = contexts.get(byName);
  if (!ctx) {
    ctx = { holder: (name) => holderIn(byName, name), fail: (message) => { throw new Error(`internal error: ${message}`); } };
    contexts.set(byName, ctx);
  }
  return ctx;
}

function holderIn(byName: ReadonlyMap<string, Declaration>, name: string): Declaration {
  const seen = new Set<string>();
  let current = byName.get(name);
  while (current?.kind === "alias" && current.type.kind === "ref" && !seen.has(current.name)) {
    seen.add(current.name);
    current = byName.get(current.type.name);
  }
  if (!current) throw new Error(`internal error: \`${name}\` is not a declaration of this model`);
  return current;
}

/** A declaration's type: an alias's as written, an interface's full shape. */
export function typeOf(declaration: Declaration, byName: ReadonlyMap<string, Declaration>): TypeNode {
  return declaration.kind === "alias" ? declaration.type : flatShape(declaration, shapeContext(byName));
}

/**
 * The full shape of an interface: its bases' properties (merged, `Omit` applied) in order, then
 * its own; an own property replaces an inherited one in place. Bases are built first with an
 * explicit stack, so chains thousands deep need no recursion.
 */
export function flatShape(declaration: InterfaceDeclaration, ctx: ShapeContext): ObjectType {
  const known = flatShapes.get(declaration);
  if (known) return known;
  const unbuilt = (heritage: Heritage) => {
    const base = ctx.holder(heritage.name);
    return base.kind === "interface" && !flatShapes.has(base) ? base : undefined;
  };
  for (const pending of basesFirst([declaration], unbuilt)) flatShapes.set(pending, flatten(pending, ctx));
  return flatShapes.get(declaration)!;
}

/**
 * `roots` and the interfaces they inherit from (`baseOf` names them; undefined leaves a base
 * out), each once, every one after its bases. An explicit stack: chains may be thousands deep.
 */
export function basesFirst(roots: Iterable<InterfaceDeclaration>, baseOf: (heritage: Heritage) => InterfaceDeclaration | undefined): InterfaceDeclaration[] {
  const order: InterfaceDeclaration[] = [];
  const visited = new Set<InterfaceDeclaration>();
  for (const root of roots) {
    if (visited.has(root)) continue;
    visited.add(root);
    const stack: Array<{ node: InterfaceDeclaration; next: number }> = [{ node: root, next: 0 }];
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      const heritage = frame.node.heritage[frame.next++];
      if (!heritage) {
        stack.pop();
        order.push(frame.node);
        continue;
      }
      const base = baseOf(heritage);
      if (base && !visited.has(base)) {
        visited.add(base);
        stack.push({ node: base, next: 0 });
      }
    }
  }
  return order;
}

function flatten(declaration: InterfaceDeclaration, ctx: ShapeContext): ObjectType {
  const bases = declaration.heritage.map((h) => {
    const shape = heirShape(h.name, ctx);
    return h.omit ? omitKeys(shape, h.omit, h.name, ctx) : shape;
  });
  return overrideShape(intersectShapes(bases, ctx), declaration.own);
}

/**
 * The object `name` stands for, as the declarations inheriting from it see it: inherited
 * properties are marked with the declaration holding them. Built once per holder and shared,
 * so a base extended by thousands of interfaces creates each property object once.
 */
export function heirShape(name: string, ctx: ShapeContext): ObjectType {
  const holder = ctx.holder(name);
  const known = heirShapes.get(holder);
  if (known) return known;
  const shape = objectOf(holder, ctx);
  const properties = shape.properties.map((p) => (p.inheritedFrom === undefined ? { ...p, inheritedFrom: holder.name } : p));
  const heir = { ...shape, properties };
  heirShapes.set(holder, heir);
  return heir;
}

function objectOf(holder: Declaration, ctx: ShapeContext): ObjectType {
  if (holder.kind === "interface") return flatShape(holder, ctx);
  return objectOfType(holder.type, holder.name, ctx);
}

/** The object a type stands for (what `extends`, `&` and `Omit` operate on). */
export function objectOfType(type: TypeNode, written: string, ctx: ShapeContext): ObjectType {
  if (type.kind === "object") return type;
  if (type.kind === "ref") return heirShape(type.name, ctx);
  if (type.kind === "nonPrimitive") return { kind: "object", properties: [], indexSignature: { kind: "unknown" } };
  return ctx.fail(`\`${written}\` is not an object type, so it cannot be extended, intersected or used with Omit`);
}

export function omitKeys(shape: ObjectType, keys: string[], written: string, ctx: ShapeContext): ObjectType {
  const names = new Set(shape.properties.map((p) => p.name));
  for (const key of keys) if (!names.has(key)) ctx.fail(`Omit removes \`${key}\`, which \`${written}\` does not have`);
  const omitted = new Set(keys);
  return { ...shape, properties: shape.properties.filter((p) => !omitted.has(p.name)) };
}

/**
 * An interface's own members replace inherited ones of the same name (TypeScript checks that
 * they are compatible); an overriding property keeps the inherited position, so flattened
 * properties read in the order a reader of the base interfaces expects.
 */
function overrideShape(base: ObjectType, own: ObjectType): ObjectType {
  const ownByName = new Map(own.properties.map((p) => [p.name, p]));
  const properties: Property[] = base.properties.map((inherited) => {
    const mine = ownByName.get(inherited.name);
    if (!mine) return inherited;
    ownByName.delete(inherited.name);
    return mine.doc.text || mine.doc.deprecated !== undefined ? mine : { ...mine, doc: inherited.doc };
  });
  for (const property of ownByName.values()) properties.push(property);
  const indexSignature = own.indexSignature ?? base.indexSignature;
  return indexSignature ? { kind: "object", properties, indexSignature } : { kind: "object", properties };
}

/**
 * Merges object shapes the way `A & B` (and `interface X extends A, B`) combine them: a
 * property present in several shapes gets the intersection of their types and is optional
 * only if it is optional everywhere.
 */
export function intersectShapes(shapes: ObjectType[], ctx: ShapeContext): ObjectType {
  if (shapes.length === 0) return { kind: "object", properties: [] };
  if (shapes.length === 1) return shapes[0]!; // `extends X`: X's shape as it is (shared, never modified)
  const byName = new Map<string, Property>();
  let indexSignature: TypeNode | undefined;
  for (const shape of shapes) {
    for (const property of shape.properties) {
      const previous = byName.get(property.name);
      byName.set(property.name, previous ? mergeProperty(previous, property, ctx) : property);
    }
    if (shape.indexSignature) indexSignature = indexSignature ? intersectTypes(indexSignature, shape.indexSignature, ctx) : shape.indexSignature;
  }
  const properties = [...byName.values()];
  return indexSignature ? { kind: "object", properties, indexSignature } : { kind: "object", properties };
}

function mergeProperty(a: Property, b: Property, ctx: ShapeContext): Property {
  if (a === b) return a; // the same inherited property, reached through two bases
  const doc = b.doc.text || b.doc.deprecated !== undefined ? b.doc : a.doc;
  return { ...a, ...b, doc, optional: a.optional && b.optional, type: intersectTypes(a.type, b.type, ctx) };
}

/** The intersection of two property types, for the cases that occur in object schemas. */
export function intersectTypes(a: TypeNode, b: TypeNode, ctx: ShapeContext): TypeNode {
  if (sameJson(a, b)) return a;
  if (a.kind === "unknown") return b;
  if (b.kind === "unknown") return a;
  if (isNarrowing(b, a)) return b;
  if (isNarrowing(a, b)) return a;
  if (a.kind === "object" && b.kind === "object") return intersectShapes([a, b], ctx);
  const objects = intersectObjectUnion(a, b, ctx) ?? intersectObjectUnion(b, a, ctx);
  if (objects) return objects;
  // A reference to a non-object alias (`resultType: ResultType` met by `resultType: "task"`): what it stands for.
  const aliased = (t: TypeNode) => (t.kind === "ref" ? ctx.holder(t.name) : undefined);
  const left = aliased(a);
  const right = aliased(b);
  if (left?.kind === "alias" && left.type.kind !== "object" && b.kind !== "ref") return intersectTypes(left.type, b, ctx);
  if (right?.kind === "alias" && right.type.kind !== "object" && a.kind !== "ref") return intersectTypes(a, right.type, ctx);
  if ((a.kind === "ref" || a.kind === "object") && (b.kind === "ref" || b.kind === "object")) {
    return intersectShapes([objectOfType(a, kindName(a), ctx), objectOfType(b, kindName(b), ctx)], ctx);
  }
  return ctx.fail(`cannot intersect property types ${a.kind} and ${b.kind}`);
}

/**
 * An object met by a union of objects (`params: { [key: string]: any }` of a base met by an
 * extension's `params: TaskStatusNotificationParams`, an alias of a union): an object that
 * constrains nothing gives way to the union as written; any other object distributes over it.
 */
function intersectObjectUnion(object: TypeNode, other: TypeNode, ctx: ShapeContext): TypeNode | undefined {
  if (object.kind !== "object" && object.kind !== "ref") return undefined;
  const holder = other.kind === "ref" ? ctx.holder(other.name) : undefined;
  const union = other.kind === "union" ? other : holder?.kind === "alias" && holder.type.kind === "union" ? holder.type : undefined;
  if (!union || !union.members.every((m) => m.kind === "object" || m.kind === "ref")) return undefined;
  const index = object.kind === "object" ? object.indexSignature : undefined;
  if (object.kind === "object" && !object.properties.length && index?.kind === "unknown") return other;
  return { kind: "union", members: union.members.map((member) => intersectTypes(object, member, ctx)) };
}

function kindName(type: TypeNode): string {
  return type.kind === "ref" ? type.name : type.kind;
}

/** `narrow` is a literal (or literal union) of `wide`'s primitive kind. */
function isNarrowing(narrow: TypeNode, wide: TypeNode): boolean {
  const literals = narrow.kind === "union" ? narrow.members : [narrow];
  const wides = wide.kind === "union" ? wide.members : [wide];
  // Against a union (`"complete" | "input_required" | string`): each literal fits one of its members.
  const fits = (member: LiteralType) => wides.some((w) => typeof member.value === primitiveOf(w) || (wide.kind === "union" && sameJson(w, member)));
  return literals.every((member) => member.kind === "literal" && member.value !== null && fits(member));
}

function primitiveOf(type: TypeNode): string | undefined {
  return type.kind === "string" || type.kind === "number" || type.kind === "boolean" ? type.kind : undefined;
}
