import { typeOf } from "./shapes.js";
import type { Declaration, ObjectType, SchemaModel, TypeNode } from "./types.js";

const DATE_SHAPED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The protocol version a schema speaks: its one date-shaped string constant (upstream's
 * LATEST_PROTOCOL_VERSION), else the revision label when that is a date. Derived from the
 * values so that a renamed constant still works.
 */
export function protocolVersionOf(model: SchemaModel): string | undefined {
  const dated = model.constants.filter((c) => typeof c.value === "string" && DATE_SHAPED.test(c.value));
  if (dated.length === 1) return dated[0]!.value as string;
  const revision = model.source.revision;
  return revision && DATE_SHAPED.test(revision) ? revision : undefined;
}

/** Follows alias chains to the object shape behind a type, if it is one (undefined for a cycle). */
export function objectBehind(type: TypeNode, byName: ReadonlyMap<string, Declaration>, seen = new Set<string>()): ObjectType | undefined {
  let current = type;
  while (current.kind === "ref") {
    if (seen.has(current.name)) return undefined;
    seen.add(current.name);
    const target = byName.get(current.name);
    if (!target) return undefined;
    current = typeOf(target, byName);
  }
  return current.kind === "object" ? current : undefined;
}

/** Marks the end of an alias's expansion in {@link literalValuesOf}'s work stack. */
interface LeaveAlias {
  kind: "leave";
  name: string;
}

/**
 * The literal values a property type admits, when it admits only literals (in order, through
 * unions and aliases). Undefined otherwise, and for an alias that reaches itself (a cycle
 * admits no value). Iterative: alias chains of any length are fine.
 */
export function literalValuesOf(type: TypeNode, byName: ReadonlyMap<string, Declaration>): Array<string | number | boolean | null> | undefined {
  const values: Array<string | number | boolean | null> = [];
  const expanding = new Set<string>();
  const stack: Array<TypeNode | LeaveAlias> = [type];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.kind === "leave") {
      expanding.delete(node.name);
    } else if (node.kind === "literal") {
      values.push(node.value);
    } else if (node.kind === "null") {
      values.push(null);
    } else if (node.kind === "union") {
      for (let i = node.members.length - 1; i >= 0; i--) stack.push(node.members[i]!);
    } else if (node.kind === "ref") {
      const target = byName.get(node.name);
      if (!target || expanding.has(node.name)) return undefined;
      expanding.add(node.name);
      stack.push({ kind: "leave", name: node.name }, typeOf(target, byName));
    } else {
      return undefined;
    }
  }
  return values;
}

/**
 * The property that tells a union's object members apart: required in every member, literal
 * in every member, and with no value shared by two members. Undefined when there is none.
 */
export function discriminatorOf(members: TypeNode[], byName: ReadonlyMap<string, Declaration>): string | undefined {
  const shapes = members.map((member) => objectBehind(member, byName));
  if (shapes.length < 2 || shapes.some((shape) => !shape)) return undefined;
  const [first, ...rest] = shapes as ObjectType[];
  for (const candidate of first!.properties) {
    const seen = new Set<string>();
    const distinct = [first!, ...rest].every((shape) => {
      const property = shape.properties.find((p) => p.name === candidate.name);
      const values = property && !property.optional ? literalValuesOf(property.type, byName) : undefined;
      if (!values) return false;
      return values.every((value) => {
        const key = JSON.stringify(value);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
    if (distinct) return candidate.name;
  }
  return undefined;
}

/**
 * The JSON Schema dialect a revision's tool schemas default to, as Zod names its targets: the
 * dialect its `inputSchema` documentation names ("Defaults to JSON Schema 2020-12 when no
 * explicit $schema is provided", 2025-11-25 on), else draft-07 (what the earlier revisions' own
 * schema.json is written in, and what their servers emit).
 */
export function jsonSchemaDialectOf(model: SchemaModel): "draft-2020-12" | "draft-07" {
  for (const declaration of model.declarations) {
    if (declaration.kind !== "interface") continue;
    const doc = declaration.own.properties.find((p) => p.name === "inputSchema")?.doc.text ?? "";
    if (/JSON Schema 2020-12/.test(doc)) return "draft-2020-12";
  }
  return "draft-07";
}
