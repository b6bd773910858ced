import { typeOf } from "../model/shapes.js";
import { ancestorsOf, methodOf, type Revision } from "./wire.js";

/**
 * True when a change touches only abstract bases (no method of their own) and no concrete
 * message of the newer side inherits the changed property from them: every message that extends
 * them declares that property itself (a change to a message's own view is reported on it) (`params` through its own params type), so no message changed.
 * Issue 34 item 8: such a change is a note, not breaking.
 */
export function unseenBaseChange(types: string[], path: string, before: Revision, after: Revision): boolean {
  const top = path.split(".")[0]!.replace(/\[\]$/, "");
  if (!top || types.some((t) => methodOf(t, before, after))) return false;
  const changed = new Set(types);
  let extended = false;
  for (const [name, declaration] of after.decls) {
    if (changed.has(name) || !methodOf(name, before, after)) continue;
    const ancestors = ancestorsOf(name, after.decls);
    if (!types.some((t) => ancestors.has(t))) continue;
    extended = true;
    const type = typeOf(declaration, after.decls);
    const property = type?.kind === "object" ? type.properties.find((p) => p.name === top) : undefined;
    if (!property || changed.has(property.inheritedFrom ?? name)) return false;
  }
  return extended;
}
