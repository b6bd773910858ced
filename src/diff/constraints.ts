import type { TypeNode } from "../model/types.js";

/** One JSDoc constraint of a type node, with the direction in which a larger value tightens it. */
interface Constraint {
  tag: string;
  value: string | number | undefined;
  /** `min`: a larger value is tighter; `max`: a smaller one; `exact`: any change is incomparable. */
  order: "min" | "max" | "exact";
}

function constraintsOf(type: TypeNode): Constraint[] {
  switch (type.kind) {
    case "string":
      return [
        { tag: "format", value: type.format, order: "exact" },
        { tag: "pattern", value: type.pattern, order: "exact" },
        { tag: "minLength", value: type.minLength, order: "min" },
        { tag: "maxLength", value: type.maxLength, order: "max" },
      ];
    case "number":
      return [
        { tag: "minimum", value: type.minimum, order: "min" },
        { tag: "maximum", value: type.maximum, order: "max" },
      ];
    case "array":
      return [
        { tag: "minItems", value: type.minItems, order: "min" },
        { tag: "maxItems", value: type.maxItems, order: "max" },
      ];
    default:
      return [];
  }
}

export interface ConstraintChange {
  before: string;
  after: string;
  /** Some constraint got tighter: values that were valid may not be now (breaks senders). */
  tighter: boolean;
  /** Some constraint got looser: receivers may see values they did not before. */
  looser: boolean;
}

const tagText = (c: Constraint) => (c.value === undefined ? "" : `@${c.tag} ${c.value}`);

/**
 * How the constraints of two nodes of the same kind differ: adding a constraint, raising a
 * minimum or lowering a maximum tightens; the opposite loosens; a changed format or pattern
 * does both (neither set of values contains the other).
 */
export function compareConstraints(a: TypeNode, b: TypeNode): ConstraintChange | undefined {
  const [before, after] = [constraintsOf(a), constraintsOf(b)];
  let tighter = false;
  let looser = false;
  before.forEach((c, i) => {
    const next = after[i]!;
    if (c.value === next.value) return;
    if (c.value === undefined) tighter = true;
    else if (next.value === undefined) looser = true;
    else if (c.order === "exact") tighter = looser = true;
    else if ((c.order === "min") === next.value > c.value) tighter = true;
    else looser = true;
  });
  if (!tighter && !looser) return undefined;
  const text = (list: Constraint[]) => list.map(tagText).filter(Boolean).join(" ") || "(none)";
  return { before: text(before), after: text(after), tighter, looser };
}
