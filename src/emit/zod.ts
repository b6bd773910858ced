import { componentsInDependencyOrder, recursiveDeclarations } from "../model/graph.js";
import { typeOf } from "../model/shapes.js";
import { linkedInterfaces, opaqueLinks, type Link } from "../model/links.js";
import type { Declaration, SchemaModel } from "../model/types.js";
import { jsDoc, schemaName } from "./common.js";
import { nameSharedLeaves, ownStatement, sharedLeafConstants, zodOf, zodShape, type Leaves, type ZodContext } from "./zod-nodes.js";

type Shared = Pick<ZodContext, "byName" | "recursive" | "component" | "leaves"> & { links: Map<string, Link>; opaque: Set<string> };
type LinkedContext = ZodContext & { opaque: Set<string>; declaration: string };

/**
 * One declaration's schema. The value is built in an unannotated constant and then exported
 * with its exact Zod type: the builder is inferred without a contextual type, and the export
 * relates two identical types, so a consumer's type checker does little work (see zod-nodes).
 * A recursive declaration recurses through z.lazy inside its unguarded `XSchema$` and is
 * exported behind the depth guard; its type is stated (`z.ZodType<X, X>`): the equivalence
 * tests check the value against it.
 */
function emitDeclaration(declaration: Declaration, shared: Shared): string {
  const name = schemaName(declaration.name);
  const typeName = `T.${declaration.name}`;
  const ctx: LinkedContext = { ...shared, hoisted: [], owner: name, taken: new Set(), declaration: declaration.name };
  const doc = jsDoc({ text: `Validates {@link ${typeName}}.`, deprecated: declaration.doc.deprecated });
  const link = shared.links.get(declaration.name);
  if (link) return emitLinkedDeclaration(name, link, ctx, doc);
  const schema = zodOf(typeOf(declaration, ctx.byName), ctx, "", true);
  const lines = [...ctx.hoisted];
  const own = schema.own ? ownStatement(`${name}$`) : "";
  if (!ctx.recursive.has(declaration.name)) {
    // The Zod type is named once: the value is checked against it (rt.typed<…>), and the export
    // states it with parse methods that give the interface (rt.Typed) without relating the two.
    const zodType = `${name}$Type`;
    lines.push(`const ${name}$ = ${schema.value};`, `${own}type ${zodType} = ${schema.type};`, `${doc}export const ${name}: ${typed(zodType, typeName)} = rt.typed<${zodType}>(${name}$);`);
  } else {
    const stated = `z.ZodType<${typeName}, ${typeName}>`;
    lines.push(`const ${name}$: ${stated} = ${schema.value} as unknown as ${stated};`, `${own}${doc}export const ${name}: ${stated} = rt.depthGuarded(${name}$);`);
  }
  return lines.join("\n");
}

/**
 * An interface deep in a chain of extensions (model/links.ts): its bases' shapes spread into its
 * own (less the keys it omits; an override replaces its base's key in place), so an N-deep chain
 * is O(N) code. Its type: the intersection of its bases' shape types and its own properties' (a
 * named alias, so the checker resolves each level once), or, when it or a base omits or replaces
 * keys, its interface (opaqueLinks). The value is cast to the stated type: comparing the spread's
 * inferred type with it would cost every consumer O(N²); the type-equivalence tests hold the
 * stated type to the spec's.
 */
function emitLinkedDeclaration(name: string, link: Link, ctx: LinkedContext, doc: string): string {
  const own = zodShape(link.own, ctx, "");
  const shapeOf = (base: string) => (ctx.opaque.has(base) ? `rt.shapeOf(${schemaName(base)})` : `${schemaName(base)}.shape`);
  const spreads = link.bases.map(({ name: base, omit }) => (omit.length ? `...rt.withoutKeys(${shapeOf(base)}, [${omit.map((k) => JSON.stringify(k)).join(", ")}]),` : `...${shapeOf(base)},`));
  const members = [...spreads, ...own.map((s) => `${s.valueKey}: ${s.value},`)];
  const value = `const ${name}$ = z.looseObject({\n${members.map((m) => `  ${m}`).join("\n")}\n});`;
  const owner = ownStatement(`${name}$`);
  if (ctx.opaque.has(ctx.declaration)) {
    // Typed by its interface: see opaqueLinks (model/links.ts).
    const stated = `z.ZodType<T.${ctx.declaration}, T.${ctx.declaration}>`;
    return [...ctx.hoisted, value, `${owner}${doc}export const ${name}: ${stated} = ${name}$ as unknown as ${stated};`].join("\n");
  }
  const shape = `${name}$Shape`;
  const baseShapes = link.bases.map((b) => `(typeof ${schemaName(b.name)})["shape"]`);
  const shapeType = [...baseShapes, ...(own.length ? [`{\n${own.map((s) => `${s.key}: ${s.type};`).join("\n")}\n}`] : [])].join(" & ");
  // A linked chain's interfaces declare no index signature (model/links.ts): its input is its keys.
  const stated = typed(`z.ZodObject<${shape}, rt.Open>`, `T.${ctx.declaration}`);
  return [...ctx.hoisted, `type ${shape} = ${shapeType};`, value, `${owner}${doc}export const ${name}: ${stated} = ${name}$ as unknown as ${stated};`].join("\n");
}

/** An exported schema's stated type: its Zod type, with parse and safeParse giving its interface (rt.Typed). */
function typed(zodType: string, typeName: string): string {
  return `rt.Typed<${zodType}, ${typeName}>`;
}

/**
 * The body of schemas.ts: the shared leaf schemas (see Leaves in zod-nodes.ts), then every
 * declaration, dependencies before dependants. Emitted twice: the first pass counts the leaves.
 */
export function emitSchemaDeclarations(model: SchemaModel): string[] {
  const byName = new Map(model.declarations.map((d) => [d.name, d]));
  const recursive = recursiveDeclarations(model.declarations);
  const links = linkedInterfaces(model.declarations, recursive);
  const opaque = opaqueLinks(links);
  const leaves: Leaves = { pass: "count", counts: new Map(), names: new Map(), definitions: new Map() };
  const emitAll = () =>
    componentsInDependencyOrder(model.declarations).flatMap((component) => {
      const shared: Shared = { byName, recursive, links, opaque, leaves, component: new Set(component.filter((n) => recursive.has(n))) };
      return component.map((name) => emitDeclaration(byName.get(name)!, shared));
    });
  emitAll();
  nameSharedLeaves(leaves);
  const declarations = emitAll();
  const constants = sharedLeafConstants(leaves, declarations.join("\n"));
  return constants.length ? [constants.join("\n"), ...declarations] : declarations;
}
