import { sharedLeafConstants, type Leaves } from "./zod-nodes.js";

// schemas.ts builds its schemas in parts: top-level functions of about SCHEMA_PART_CHARS of code
// each, every one returning its schemas as a tuple, a later part receiving the tuples of the
// earlier ones it refers to. One function for a whole large schema would be one statement, which
// the writer must parse whole (src/transpile/chunks.ts cuts only between top-level statements): for
// a 4 MB schema that took the generator's peak memory from 871 to 1,288 MB. The spec's revisions
// have two or three parts.

/** About how much builder code (characters) goes into one part. */
export const SCHEMA_PART_CHARS = 1 << 16;

/**
 * One declaration's schema, in three parts (see emitSchemaDeclarations in zod.ts): module-level type
 * aliases, the builder's statements, and the export. In the builder the schema is a constant
 * under its export's name with the export's stated type: the value is built in an unannotated
 * constant and then given that type, so the builder is inferred without a contextual type and
 * the export relates two identical types (a consumer's type checker does little work: see
 * zod-nodes). A recursive declaration recurses through z.lazy inside its unguarded `XSchema$`
 * and is exported behind the depth guard; its type is stated (`z.ZodType<X, X>`): the
 * equivalence tests check the value against it.
 */
export interface DeclarationCode {
  types: string[];
  values: string[];
  name: string;
  /** The export's stated type. */
  type: string;
  doc: string;
  /** The other exports' names its values refer to. */
  refs: Set<string>;
}

export interface SchemaPart {
  /** `const BSchema = p0[1];`: the schemas of earlier parts this one refers to. */
  takes: string[];
  /** The earlier parts it takes them from (its parameters, in order). */
  from: number[];
  values: string[];
  exports: DeclarationCode[];
}

export interface SchemaModule {
  types: string[];
  parts: SchemaPart[];
}

/** Reference cycles (`components`, in dependency order) grouped into parts, a cycle never split. */
export function schemaParts(components: DeclarationCode[][], leaves: Leaves, partChars: number): SchemaPart[] {
  const groups: DeclarationCode[][] = [];
  let size = Infinity;
  for (const component of components) {
    const chars = component.reduce((n, d) => n + d.values.reduce((m, v) => m + v.length, 0), 0);
    if (size + chars > partChars && size > 0) groups.push([]), (size = 0);
    groups.at(-1)!.push(...component);
    size += chars;
  }
  const placeOf = new Map<string, [part: number, index: number]>();
  return groups.map((exports, part) => {
    const values = exports.map((d) => d.values.join("\n"));
    const constants = sharedLeafConstants(leaves, values.join("\n"));
    const taken = takenFrom(exports, placeOf, part);
    exports.forEach((d, index) => placeOf.set(d.name, [part, index]));
    return { ...taken, values: constants.length ? [constants.join("\n"), ...values] : values, exports };
  });
}

/** What a part takes from the earlier parts' tuples (`const BSchema = p0[1];`): the names its declarations refer to. */
function takenFrom(exports: DeclarationCode[], placeOf: Map<string, [number, number]>, part: number): Pick<SchemaPart, "takes" | "from"> {
  const takes: Array<{ name: string; place: [number, number] }> = [];
  for (const name of new Set(exports.flatMap((d) => [...d.refs]))) {
    const place = placeOf.get(name);
    if (place && place[0] !== part) takes.push({ name, place });
  }
  takes.sort((a, b) => a.place[0] - b.place[0] || a.place[1] - b.place[1]);
  return {
    from: [...new Set(takes.map((t) => t.place[0]))],
    takes: takes.map(({ name, place }) => `const ${name} = p${place[0]}[${place[1]}];`),
  };
}
