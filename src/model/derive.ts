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

/** Follows alias chains to the object shape behind a type, if it is one. */
export function objectBehind(type: TypeNode, byName: Map<string, Declaration>, seen = new Set<string>()): ObjectType | undefined {
  if (type.kind === "object") return type;
  if (type.kind !== "ref" || seen.has(type.name)) return undefined;
  seen.add(type.name);
  const target = byName.get(type.name);
  return target ? objectBehind(target.type, byName, seen) : undefined;
}

/** The literal values a property type admits, when it admits only literals. */
export function literalValuesOf(type: TypeNode, byName: Map<string, Declaration>): Array<string | number | boolean | null> | undefined {
  if (type.kind === "literal") return [type.value];
  if (type.kind === "null") return [null];
  if (type.kind === "ref") {
    const target = byName.get(type.name);
    return target ? literalValuesOf(target.type, byName) : undefined;
  }
  if (type.kind !== "union") return undefined;
  const values: Array<string | number | boolean | null> = [];
  for (const member of type.members) {
    const memberValues = literalValuesOf(member, byName);
    if (!memberValues) return undefined;
    values.push(...memberValues);
  }
  return values;
}

/**
 * The property that tells a union's object members apart: required in every member, literal
 * in every member, and with no value shared by two members. Undefined when there is none.
 */
export function discriminatorOf(members: TypeNode[], byName: Map<string, Declaration>): string | undefined {
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
