import { propertyBehind } from "../model/properties.js";
import { typeOf } from "../model/shapes.js";
import type { Facts } from "../model/analyze.js";
import type { Declaration, SchemaModel } from "../model/types.js";
import { jsDoc, schemaName } from "./common.js";
import { linkedFunction, linkPlan, skipVariant, type LinkPlan } from "./fast-links.js";
import type { FastContext } from "./fast-context.js";
import { fastCheck, fastName, objectBody, once, renameHelper, unique, withSelf } from "./fast-nodes.js";
import { Marks, unmarked } from "./marked.js";
import { tableSchemas, type TableSchema } from "./methods.js";
import type { EmitContext, Emitter } from "./contract.js";
import type { OutputFile } from "./common.js";
import { withImports } from "./render.js";

export type TableRef = Extract<TableSchema, { kind: "declaration" }>;

/** The exported names of a declaration's fast path: the guard and the two parse helpers. */
export function fastExports(name: string): { guard: string; parse: string; safeParse: string } {
  return { guard: `is${name}`, parse: `parse${name}`, safeParse: `safeParse${name}` };
}

/**
 * The internal validator `X$(v)`: the object body, or one expression for any other type (a type
 * that needs a helper of its own, such as an array, becomes that helper under the name `X$`).
 */
function internalFunction(declaration: Declaration, ctx: FastContext, plan: LinkPlan): string {
  const name = fastName(declaration.name);
  // Deep in a chain of extensions: the bases' validators, then the added properties.
  const link = plan.links.get(declaration.name);
  if (link) return linkedFunction(declaration.name, link, ctx, plan);
  const type = typeOf(declaration, ctx.byName);
  if (type.kind === "object") return `${ctx.marks.signature(name, [["v", ": any"]])}\n${withSelf(objectBody(type, ctx, declaration.name), name).map((line) => `  ${line}`).join("\n")}\n}`;
  const expression = fastCheck(type, "v", ctx, declaration.name);
  const helperCall = /^(\w+)\(v\)$/.exec(expression);
  const last = ctx.functions[ctx.functions.length - 1];
  if (helperCall && last && unmarked(last).startsWith(`function ${helperCall[1]}(v: any)`)) {
    ctx.functions.pop();
    renameHelper(ctx, helperCall[1]!, name);
    // Every mention: the declaration, and a loop's fallback that passes the function itself.
    return last.replace(new RegExp(`\\b${helperCall[1]}\\b`, "g"), () => name);
  }
  // A check that reads nothing (\`unknown\`) leaves its parameter unused (noUnusedParameters).
  return `${ctx.marks.signature(name, [[/\bv\b/.test(expression) ? "v" : "_v", ": any"]])}\n  return ${expression};\n}`;
}

/**
 * The exported guard and parse helpers. The guard never throws: an input that cannot be read
 * (a getter that throws, a stack overflow) is invalid. A recursive type is entered through the
 * depth guard, as its Zod schema is.
 */
function exportedFunctions(declaration: Declaration, recursive: boolean, marks: Marks): string {
  const { name } = declaration;
  const names = fastExports(name);
  const typeName = `T.${name}`;
  const call = recursive ? `rt.withinDepth(value) && ${fastName(name)}(value)` : `${fastName(name)}(value)`;
  // Written once per use: every mark written is counted (Marks.split).
  const schema = () => `S.${schemaName(name)}${marks.typeOnly(" as unknown as rt.IssueSource")}`;
  const deprecated = declaration.doc.deprecated;
  const doc = (text: string) => jsDoc({ text, deprecated });
  const exported = (exportedName: string, result: string, body: string) => marks.exportedFunction(exportedName, [["value", ": unknown"]], result, body);
  return [
    `${doc(`True when \`value\` is a valid {@link ${typeName}}: the verdict of \`${schemaName(name)}.safeParse(value).success\`, without Zod.`)}${exported(names.guard, `: value is ${typeName}`, `  try {\n    return ${call};\n  } catch {\n    return false;\n  }`)}`,
    `${doc(`\`value\` itself (not a copy) when it is a valid {@link ${typeName}}; throws Zod's error with its issues otherwise.`)}${exported(names.parse, `: ${typeName}`, `  return rt.parseWith(${names.guard}, ${schema()}, value);`)}`,
    `${doc(`Like {@link ${names.parse}}, as a result: the input itself on success, Zod's issues on failure.`)}${exported(names.safeParse, `: rt.SafeParseResult<${typeName}>`, `  return rt.safeParseWith(${names.guard}, ${schema()}, value);`)}`,
  ].join("\n\n");
}

/**
 * One METHODS schema as a `table.add(schema, guard)` statement. A shape entry
 * (`S.XSchema.shape.result`) gets a guard of its own, from the property's type as the object's
 * check reads it, and is read through `rt.lazyMember` (the same object; typed `unknown`, so the
 * consumer's checker does not instantiate the shape).
 */
function tableRow(ref: TableRef, ctx: FastContext): string | undefined {
  const declaration = ctx.byName.get(ref.name);
  if (!declaration) return undefined;
  const schema = `S.${schemaName(ref.name)}`;
  if (ref.property === undefined) return `table.add(${schema}, ${fastExports(ref.name).guard});`;
  const property = propertyBehind({ kind: "ref", name: ref.name }, ref.property, ctx.byName);
  const guard = `${fastName(ref.name)}${ref.property}${ref.unwrap ? "$unwrapped" : ""}`;
  if (!property || ctx.taken.has(guard)) return undefined;
  const check = fastCheck(property.type, "value", ctx, `${ref.name}.${ref.property}`);
  const body = `${property.optional && !ref.unwrap ? "value === undefined || " : ""}${check}`;
  const param = /\bvalue\b/.test(body) ? "value" : "_value";
  // The same check as another entry's (the `params` of requests alike): that entry's guard.
  const named = once(ctx, `guard\n${body}`, guard, (name) => ctx.functions.push(`${ctx.marks.signature(name, [[param, ": any"]])}\n  try {\n    return ${body};\n  } catch {\n    return false;\n  }\n}`));
  ctx.taken.add(guard);
  return `table.add(rt.lazyMember(${schema}, ${JSON.stringify(ref.property)}, ${ref.unwrap ? "true" : "false"}), ${named});`;
}

/**
 * `fastCheckOf(schema)`: for each schema of the METHODS table, by identity, a `safeParse` with
 * the fast validator's verdict and Zod's issues only when it says no. The generated server and
 * client hand it to the runtime, so every message they check goes through the fast path.
 */
function fastCheckTable(tableSchemas: TableRef[], ctx: FastContext): string {
  const rows = tableSchemas.flatMap((ref) => tableRow(ref, ctx) ?? []);
  const table = `${ctx.marks.privateStatement(`let fastChecks${ctx.marks.typeOnly(": rt.FastCheckTable | undefined")};`)}

/**
 * The fast check of a schema of the METHODS table (by identity), or undefined: its \`safeParse\`
 * gives the fast validator's verdict, and Zod's issues only when it says no. The generated server
 * and client validate every message through it.
 */
${ctx.marks.exportedFunction("fastCheckOf", [["schema", ": unknown"]], ": rt.FastCheck | undefined", `  if (!fastChecks) {
    const table = new rt.FastCheckTable();
${rows.map((row) => `    ${row}`).join("\n")}
    fastChecks = table;
  }
  return fastChecks.get(schema);`)}`;
  return [...ctx.functions.map((f) => ctx.marks.privateStatement(f)), table].join("\n\n");
}

/**
 * The body of validators.ts: per declaration, its internal validator and helpers, then its
 * exports; then `fastCheckOf` over the METHODS table's schemas (`tableSchemas`).
 */
function emitValidatorDeclarations({ model, byName, recursive, links, components }: Facts, tableSchemas: TableRef[], marks: Marks, external?: ReadonlySet<string>): { declarations: string[]; constants: string[] } {
  const plan = linkPlan(links);
  const componentOf = new Map<string, Set<string>>();
  for (const component of components) {
    const members = new Set(component.filter((n) => recursive.has(n)));
    for (const name of component) componentOf.set(name, members);
  }
  const taken = new Set(model.declarations.map((d) => fastName(d.name)));
  const constants: string[] = [];
  const written = new Map<string, string>();
  const has = unique({ taken }, "hasOwn");
  const declarations = model.declarations.map((declaration) => {
    const ctx: FastContext = { byName, recursive, component: componentOf.get(declaration.name) ?? new Set(), functions: [], constants, taken, written, marks, has, external };
    const internal = internalFunction(declaration, ctx, plan);
    const variant = declaration.kind === "interface" ? skipVariant(declaration, ctx, plan) : undefined;
    const helpers = [internal, ...(variant ? [variant] : []), ...ctx.functions].map((f) => marks.privateStatement(f));
    return [...helpers, exportedFunctions(declaration, recursive.has(declaration.name), marks)].join("\n\n");
  });
  const tableContext: FastContext = { byName, recursive, component: new Set(), functions: [], constants, taken, written, marks, has, external };
  const all = [...declarations, fastCheckTable(tableSchemas, tableContext)];
  // Declared only where a loop calls it (an unused constant fails noUnusedLocals).
  if (all.some((text) => text.includes(`${has}.call(`))) constants.unshift(marks.privateStatement(`const ${has} = Object.prototype.hasOwnProperty;`));
  return { declarations: all, constants };
}

/**
 * The statement of fast-zod.ts that puts every exported schema's parse methods on its fast
 * validator (templates/runtime/shared/fast-zod.ts): `XSchema.safeParse` takes the verdict from
 * `isX` and builds Zod's output itself; Zod runs only to report the issues of invalid input. The
 * calls are made when the schemas are built, not at import (one registration, on any export of
 * the module). Empty for a model without declarations (then there is no fast-zod.ts).
 */
function fastZodRegistration(model: SchemaModel): string {
  const calls = model.declarations.map((d) => `  rt.fastZod(S.${schemaName(d.name)}, V.${fastExports(d.name).guard});`);
  if (!calls.length) return "";
  return [`rt.fastZodModule(S.${schemaName(model.declarations[0]!.name)}, () => {`, ...calls, "});"].join("\n");
}

/** Whether fast-zod.ts is emitted (and loaded by index.ts): a model with declarations. */
export function hasFastZod({ model }: Facts): boolean {
  return model.declarations.length > 0;
}

/** fast-zod.ts: the registration that gives the exported schemas' parse methods the fast validators' verdicts. */
export const emitFastZod: Emitter = (facts, { render }) => (hasFastZod(facts) ? [{ path: "fast-zod.ts", content: render("fast-zod.ts", { registration: fastZodRegistration(facts.model) }) }] : []);

/**
 * validators.ts, with its JavaScript and declarations made from the emitter's marked text
 * (marked.ts), so that the largest file of the output is not parsed again to be transpiled;
 * emitted unmarked when the model's own text carries a mark's character.
 */
export const emitValidators: Emitter = (facts, context) => validatorsFile(facts, tableSchemas(facts, facts.surface), context);

/** An extension's core: the core declarations its validators check through the core's module (`C`). */
export interface CoreValidators {
  names: ReadonlySet<string>;
  module: string;
}

/** validators.ts of `facts.model`'s declarations, with the fast checks of `table`. */
export function validatorsFile(facts: Facts, table: TableRef[], { render, runtimeImport }: EmitContext, core?: CoreValidators): OutputFile[] {
  const extra = (body: string) => (core && /\bC\./.test(body) ? [`import * as C from "${core.module}";`] : []);
  const emit = (marks: Marks) => {
    const view = emitValidatorDeclarations(facts, table, marks, core?.names);
    return withImports((data) => render("validators.ts", data), view, `${runtimeImport}/shared/fast.js`, marks, extra([...view.declarations, ...view.constants].join("\n")));
  };
  const marks = new Marks(true);
  const split = marks.split(emit(marks));
  if (split) return [{ path: "validators.ts", content: split.typescript, javascript: split.javascript, declarations: split.declarations }];
  return [{ path: "validators.ts", content: emit(new Marks(false)) }];
};
