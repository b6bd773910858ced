import { componentsInDependencyOrder, recursiveDeclarations } from "../model/graph.js";
import type { Declaration, SchemaModel } from "../model/types.js";
import { jsDoc, schemaName } from "./common.js";
import { ownStatement, zodOf, type ZodContext } from "./zod-nodes.js";

type Shared = Pick<ZodContext, "byName" | "recursive" | "component">;

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
  const ctx: ZodContext = { ...shared, hoisted: [], owner: name, taken: new Set() };
  const doc = jsDoc({ text: `Validates {@link ${typeName}}.`, deprecated: declaration.doc.deprecated });
  const schema = zodOf(declaration.type, ctx, "", true);
  const lines = [...ctx.hoisted];
  const own = schema.own ? ownStatement(`${name}$`) : "";
  if (!ctx.recursive.has(declaration.name)) {
    lines.push(`const ${name}$ = ${schema.value};`, `${own}${doc}export const ${name}: ${schema.type} = ${name}$;`);
  } else {
    const stated = `z.ZodType<${typeName}, ${typeName}>`;
    lines.push(`const ${name}$: ${stated} = ${schema.value} as unknown as ${stated};`, `${own}${doc}export const ${name}: ${stated} = rt.depthGuarded(${name}$);`);
  }
  return lines.join("\n");
}

/** The body of schemas.ts: every declaration, dependencies before dependants. */
export function emitSchemaDeclarations(model: SchemaModel): string[] {
  const byName = new Map(model.declarations.map((d) => [d.name, d]));
  const recursive = recursiveDeclarations(model.declarations);
  return componentsInDependencyOrder(model.declarations).flatMap((component) => {
    const shared: Shared = { byName, recursive, component: new Set(component.filter((n) => recursive.has(n))) };
    return component.map((name) => emitDeclaration(byName.get(name)!, shared));
  });
}
