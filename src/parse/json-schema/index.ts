/**
 * The JSON Schema front end: JSON Schemas (draft-07 and 2020-12, as MCP servers send them in
 * `inputSchema` and `outputSchema`) read into the same model declarations the schema.ts front end
 * produces, so the emitters (types, Zod schemas, fast validators) and the diff work on them
 * unchanged. A schema becomes one declaration; each `$ref` target it uses alone becomes another
 * (`<Name><Target>`). Nothing here throws on a strange schema: what the model cannot express is
 * read more loosely (accepting more, never less) and reported as a warning with its JSON pointer.
 */
import type { Warning } from "../../errors.js";
import type { Declaration, Doc, SourceLocation, TypeNode } from "../../model/types.js";
import { docOf, type ReadContext } from "./context.js";
import { cutDirectCycles } from "./cycles.js";
import { SchemaDocument, pointerTokens, valueAt, type Dialect } from "./document.js";
import { pascalCase, type DeclarationNames } from "./names.js";
import { typeNode } from "./nodes.js";

export { camelCase, pascalCase, DeclarationNames } from "./names.js";
export type { Dialect } from "./document.js";

export interface JsonSchemaInput {
  /** The wanted declaration name (`GetSumArgs`); a taken one gets a number. */
  name: string;
  schema: unknown;
  /** Who the schema belongs to, for warnings: `tool "get-sum" inputSchema`. */
  owner: string;
  /** Where the schema sits in its file (a JSON pointer), for locations. */
  at: string;
}

export interface ReadOptions {
  names: DeclarationNames;
  /** The dialect of a schema without `$schema`. */
  dialect: Dialect;
  /** Locates a JSON pointer of the file (for warnings and the declarations' locations). */
  locate: (pointer: string) => SourceLocation;
  /** Overrides the declaration's doc (a tool's description rather than its schema's). */
  doc?: Doc;
}

export interface ReadResult {
  /** The declared name of the schema itself. */
  name: string;
  /** Its declaration first, then those of its `$ref` targets. */
  declarations: Declaration[];
  warnings: Warning[];
}

export function readJsonSchema(input: JsonSchemaInput, options: ReadOptions): ReadResult {
  const doc = new SchemaDocument(input.schema, options.dialect);
  const name = options.names.allocate(input.name);
  const warnings: Warning[] = [];
  const seen = new Set<string>();
  const pending: string[] = [];
  const refNames = new Map([["", name]]);
  const ctx: ReadContext = {
    doc,
    owner: input.owner,
    refNames,
    inlining: new Set(),
    declare(pointer) {
      const declared = options.names.allocate(`${name}${targetName(pointer)}`);
      refNames.set(pointer, declared);
      pending.push(pointer);
      return declared;
    },
    warn(pointer, message) {
      const text = `${input.owner}${pointer ? ` at ${pointer}` : ""}: ${message}`;
      if (seen.has(text)) return;
      seen.add(text);
      warnings.push({ message: text, location: options.locate(`${input.at}${pointer}`) });
    },
  };
  // Inside its own declaration, a target combined with constraints stays a reference (no unrolling).
  const declaration = (pointer: string, declared: string, documentation: Doc) => {
    ctx.inlining = new Set([pointer]);
    return declarationOf(declared, typeNode(valueAt(doc.root, pointer), pointer, ctx, 0), documentation, options.locate(`${input.at}${pointer}`));
  };
  const declarations = [declaration("", name, options.doc ?? docOf(input.schema))];
  while (pending.length) {
    const pointer = pending.shift()!;
    declarations.push(declaration(pointer, refNames.get(pointer)!, docOf(valueAt(doc.root, pointer))));
  }
  for (const cut of cutDirectCycles(declarations)) ctx.warn("", `\`${cut}\` refers to itself through unions only (no object or array in between), which TypeScript cannot declare: that reference reads as any value`);
  return { name, declarations, warnings };
}

/** An object is an interface (hover shows its name and members); anything else an alias. */
function declarationOf(name: string, type: TypeNode, doc: Doc, location: SourceLocation): Declaration {
  if (type.kind === "object") return { kind: "interface", name, exported: true, doc, location, heritage: [], own: type };
  return { kind: "alias", name, exported: true, doc, location, type };
}

/** `#/$defs/Node` → `Node`, `#/properties/tags/items` → `TagsItem`: the pointer's meaningful tokens. */
function targetName(pointer: string): string {
  const skip = new Set(["$defs", "definitions", "properties", "patternProperties", "allOf", "anyOf", "oneOf"]);
  const rename: Record<string, string> = { items: "Item", additionalProperties: "Value", prefixItems: "Item" };
  const tokens = (pointerTokens(pointer) ?? []).filter((t) => !skip.has(t)).map((t) => rename[t] ?? t);
  return tokens.length ? pascalCase(tokens.join(" ")) : "Ref";
}
