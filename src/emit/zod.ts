import type { Facts } from "../model/analyze.js";
import { typeOf } from "../model/shapes.js";
import type { Link } from "../model/links.js";
import type { Declaration } from "../model/types.js";
import { jsDoc, schemaName } from "./common.js";
import { nameSharedLeaves, ownStatement, zodOf, zodShape, type Leaves, type ZodContext } from "./zod-nodes.js";
import { SCHEMA_PART_CHARS, schemaParts, type DeclarationCode, type SchemaModule } from "./zod-parts.js";

type Shared = Pick<ZodContext, "byName" | "recursive" | "component" | "leaves"> & { links: ReadonlyMap<string, Link>; opaque: ReadonlySet<string> };
type LinkedContext = ZodContext & { opaque: ReadonlySet<string>; declaration: string };

function emitDeclaration(declaration: Declaration, shared: Shared): DeclarationCode {
  const name = schemaName(declaration.name);
  const typeName = `T.${declaration.name}`;
  const ctx: LinkedContext = { ...shared, hoisted: [], hoistedTypes: [], refs: new Set(), owner: name, taken: new Set(), declaration: declaration.name };
  const doc = jsDoc({ text: `Validates {@link ${typeName}}.`, deprecated: declaration.doc.deprecated });
  const link = shared.links.get(declaration.name);
  if (link) return { ...emitLinkedDeclaration(name, link, ctx), name, doc, refs: ctx.refs };
  const schema = zodOf(typeOf(declaration, ctx.byName), ctx, "", true);
  const values = [...ctx.hoisted];
  const own = schema.own ? ownStatement(`${name}$`) : "";
  if (!ctx.recursive.has(declaration.name)) {
    // The Zod type is named once: the value is checked against it (rt.typed<…>), and the export
    // states it with parse methods that give the interface (rt.Typed) without relating the two.
    const zodType = `${name}$Type`;
    const type = typed(zodType, typeName);
    values.push(`const ${name}$ = ${schema.value};`, `${own}const ${name}: ${type} = rt.typed<${zodType}>(${name}$);`);
    return { types: [...ctx.hoistedTypes, `type ${zodType} = ${schema.type};`], values, name, type, doc, refs: ctx.refs };
  }
  const stated = `z.ZodType<${typeName}, ${typeName}>`;
  values.push(`const ${name}$: ${stated} = ${schema.value} as unknown as ${stated};`, `${own}const ${name}: ${stated} = rt.depthGuarded(${name}$);`);
  return { types: ctx.hoistedTypes, values, name, type: stated, doc, refs: ctx.refs };
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
function emitLinkedDeclaration(name: string, link: Link, ctx: LinkedContext): Pick<DeclarationCode, "types" | "values" | "type"> {
  const own = zodShape(link.own, ctx, "");
  for (const base of link.bases) ctx.refs.add(schemaName(base.name));
  const shapeOf = (base: string) => (ctx.opaque.has(base) ? `rt.shapeOf(${schemaName(base)})` : `${schemaName(base)}.shape`);
  const spreads = link.bases.map(({ name: base, omit }) => (omit.length ? `...rt.withoutKeys(${shapeOf(base)}, [${omit.map((k) => JSON.stringify(k)).join(", ")}]),` : `...${shapeOf(base)},`));
  const members = [...spreads, ...own.map((s) => `${s.valueKey}: ${s.value},`)];
  const value = `const ${name}$ = z.looseObject({\n${members.map((m) => `  ${m}`).join("\n")}\n});`;
  const owner = ownStatement(`${name}$`);
  if (ctx.opaque.has(ctx.declaration)) {
    // Typed by its interface: see opaqueLinks (model/links.ts).
    const stated = `z.ZodType<T.${ctx.declaration}, T.${ctx.declaration}>`;
    return { types: ctx.hoistedTypes, values: [...ctx.hoisted, value, `${owner}const ${name}: ${stated} = ${name}$ as unknown as ${stated};`], type: stated };
  }
  const shape = `${name}$Shape`;
  const baseShapes = link.bases.map((b) => `(typeof ${schemaName(b.name)})["shape"]`);
  const shapeType = [...baseShapes, ...(own.length ? [`{\n${own.map((s) => `${s.key}: ${s.type};`).join("\n")}\n}`] : [])].join(" & ");
  // A linked chain's interfaces declare no index signature (model/links.ts): its input is its keys.
  const stated = typed(`z.ZodObject<${shape}, rt.Open>`, `T.${ctx.declaration}`);
  return {
    types: [...ctx.hoistedTypes, `type ${shape} = ${shapeType};`],
    values: [...ctx.hoisted, value, `${owner}const ${name}: ${stated} = ${name}$ as unknown as ${stated};`],
    type: stated,
  };
}

/** An exported schema's stated type: its Zod type, with parse and safeParse giving its interface (rt.Typed). */
function typed(zodType: string, typeName: string): string {
  return `rt.Typed<${zodType}, ${typeName}>`;
}

/**
 * What schemas.ts is made of: module-level type aliases, and the builder's parts (zod-parts.ts),
 * which run on the first use of any export (templates/runtime/shared/lazy.ts). Each part holds
 * whole reference cycles, dependencies before dependants. Emitted twice: the first pass counts
 * the shared leaf schemas (see Leaves in zod-nodes.ts).
 */
export function emitSchemaDeclarations({ byName, recursive, links, opaque, components: order }: Facts, partChars = SCHEMA_PART_CHARS): SchemaModule {
  const leaves: Leaves = { pass: "count", counts: new Map(), names: new Map(), definitions: new Map() };
  const emitAll = () =>
    order.map((component) => {
      const shared: Shared = { byName, recursive, links, opaque, leaves, component: new Set(component.filter((n) => recursive.has(n))) };
      return component.map((name) => emitDeclaration(byName.get(name)!, shared));
    });
  emitAll();
  nameSharedLeaves(leaves);
  const components = emitAll();
  return {
    types: components.flat().map((d) => d.types.join("\n")).filter((t) => t.length > 0),
    parts: schemaParts(components, leaves, partChars),
  };
}
