import type { Emitter } from "./contract.js";
import { withImports } from "./render.js";
import { emitSchemaDeclarations } from "./zod.js";
import type { SchemaModule } from "./zod-parts.js";

/** schemas.ts: a Zod schema per declaration, built on first use. */
export const emitSchemas: Emitter = (facts, { render, runtimeImport }) => {
  const view = schemasView(emitSchemaDeclarations(facts));
  return [{ path: "schemas.ts", content: withImports((data) => render("schemas.ts", data), view, `${runtimeImport}/shared/validation.js`) }];
};

/** schemas.ts.hbs's data: each part's statements indented as its body (they hold no multi-line literal). */
export function schemasView({ types, parts }: SchemaModule): object {
  const indent = (code: string) => code.replace(/^(?=.)/gm, "  ");
  return {
    types,
    parts: parts.map((part, index) => ({
      index,
      params: part.from.map((p) => `p${p}: ReturnType<typeof buildSchemas$${p}>`).join(", "),
      args: part.from.map((p) => `p${p}`).join(", "),
      takes: part.takes.map(indent),
      values: part.values.map(indent),
      names: part.exports.map((e) => e.name).join(", "),
    })),
    partNames: parts.map((_, index) => `p${index}`).join(", "),
    exports: parts.flatMap((part, p) => part.exports.map((e, i) => ({ ...e, place: `${p}, ${i}` }))),
  };
}
