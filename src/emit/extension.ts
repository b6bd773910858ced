import type { Facts } from "../model/analyze.js";
import type { ExtensionFacts } from "../model/extension.js";
import type { Declaration, TypeNode } from "../model/types.js";
import { stubName } from "./client.js";
import { constantDeclaration } from "./constants.js";
import { schemaName, type OutputFile } from "./common.js";
import type { EmitContext } from "./contract.js";
import { stringLiteral } from "./escape.js";
import { mapEntries, methodTable, tableSchemas } from "./methods.js";
import { emitContext, withImports } from "./render.js";
import { schemasView } from "./schemas.js";
import { emitTypes } from "./types.js";
import { emitFastZod, fastExports, validatorsFile } from "./validators.js";
import { emitSchemaDeclarations } from "./zod.js";

// An extension's folder (`<revision>/ext/<name>/`): the same emitters as a revision's, run on the
// analysis of core and extension together but writing the extension's declarations only. What
// they refer to of the core is imported from the revision's modules by name (`Result`,
// `ResultSchema`, `isResult`), so the output holds one copy of every core type.

export interface ExtensionEmitOptions {
  generatorVersion: string;
  /** Import path from the extension's folder to the runtime folder. */
  runtimeImport: string;
  /** Import path from the extension's folder to its revision's folder (`../..`). */
  coreImport: string;
}

/** Every file of one extension: paths relative to its folder. */
export function emitExtension(ext: ExtensionFacts, options: ExtensionEmitOptions): OutputFile[] {
  const core = ext.facet.core.revision ?? "a schema file";
  const context = emitContext({ ...options, source: `MCP extension ${ext.facet.id} on core revision ${core}`, sha256: ext.facts.model.source.sha256 });
  const facts = scoped(ext);
  const external = externalNames(ext.own, ext.owned);
  const table = tableSchemas(facts, ext.surface);
  return [
    typesFile(facts, context, external, options.coreImport),
    schemasFile(facts, context, ext.owned, options.coreImport),
    ...validatorsFile(facts, table, context, { names: new Set(ext.facts.model.declarations.filter((d) => !ext.owned.has(d.name)).map((d) => d.name)), module: `${options.coreImport}/validators.js` }),
    ...emitFastZod(facts, context),
    methodsFile(ext, facts, context, options.coreImport),
    ...errorsFile(ext, context),
    ...constantsFile(ext, context),
    clientFile(ext, context),
    indexFile(ext, context),
  ];
}

/**
 * methods.ts: its rows name types and schemas as `T.X` and `S.XSchema`; those of the core (a
 * message whose params are a core type, a result that is the core's base result) are the core's
 * modules' (`CT.X`, `CS.XSchema`), never re-exported by the extension's own.
 */
function methodsFile(ext: ExtensionFacts, facts: Facts, context: EmitContext, coreImport: string): OutputFile {
  const data = { ...mapEntries(ext.surface), table: methodTable(facts, ext.surface), id: ext.facet.id };
  const types = new Set<string>();
  const schemas = new Set<string>();
  const qualify = (text: string) =>
    text
      .replace(/\bT\.(\w+)/g, (whole, name: string) => (ext.owned.has(name) ? whole : (types.add(name), `CT.${name}`)))
      .replace(/\bS\.(\w+)Schema\b/g, (whole, name: string) => (ext.owned.has(name) ? whole : (schemas.add(name), `CS.${name}Schema`)));
  const render = (input: object) => qualify(context.render("ext-methods.ts", input));
  render({ ...data, imports: "" });
  const extra = [...(types.size ? [`import type * as CT from "${coreImport}/types.js";`] : []), ...(schemas.size ? [`import * as CS from "${coreImport}/schemas.js";`] : [])];
  return { path: "methods.ts", content: withImports(render, data, `${context.runtimeImport}/shared/lazy.js`, undefined, extra) };
}

/** The combined analysis narrowed to the extension's own declarations, with its surface. */
function scoped(ext: ExtensionFacts): Facts {
  const { facts, owned } = ext;
  return {
    ...facts,
    model: { ...facts.model, declarations: ext.own },
    components: facts.components.filter((component) => owned.has(component[0]!)),
    surface: ext.surface,
  };
}

/** The core declarations the extension's types name: their references and bases. */
function externalNames(own: Declaration[], owned: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const walk = (type: TypeNode): void => {
    if (type.kind === "ref" && !owned.has(type.name)) found.add(type.name);
    if (type.kind === "array") walk(type.items);
    if (type.kind === "union") type.members.forEach(walk);
    if (type.kind === "object") {
      type.properties.forEach((p) => walk(p.type));
      if (type.indexSignature) walk(type.indexSignature);
    }
  };
  for (const declaration of own) {
    if (declaration.kind === "alias") walk(declaration.type);
    else {
      declaration.heritage.filter((h) => !owned.has(h.name)).forEach((h) => found.add(h.name));
      walk(declaration.own);
    }
  }
  return [...found].sort();
}

function typesFile(facts: Facts, context: EmitContext, external: string[], coreImport: string): OutputFile {
  const [file] = emitTypes(facts, context);
  const imports = external.length ? `import type { ${external.join(", ")} } from "${coreImport}/types.js";\n` : "";
  return { path: "types.ts", content: file!.content.replace("/* eslint-disable", `${imports}/* eslint-disable`) };
}

function schemasFile(facts: Facts, { render, runtimeImport }: EmitContext, owned: ReadonlySet<string>, coreImport: string): OutputFile {
  const module = emitSchemaDeclarations(facts);
  const ownSchemas = new Set([...owned].map(schemaName));
  const used = new Set(module.parts.flatMap((part) => part.exports.flatMap((e) => [...e.refs])).filter((name) => !ownSchemas.has(name)));
  const extra = used.size ? [`import { ${[...used].sort().join(", ")} } from "${coreImport}/schemas.js";`] : [];
  return { path: "schemas.ts", content: withImports((data) => render("schemas.ts", data), schemasView(module), `${runtimeImport}/shared/validation.js`, undefined, extra) };
}

function errorsFile(ext: ExtensionFacts, { render }: EmitContext): OutputFile[] {
  const codes = ext.surface.errors.codes;
  return codes.length ? [{ path: "errors.ts", content: render("ext-errors.ts", { codes, id: ext.facet.id }) }] : [];
}

/** constants.ts: the extension's literal constants, but its error codes (errors.ts has them). */
function constantsFile(ext: ExtensionFacts, { render }: EmitContext): OutputFile[] {
  const codes = new Set(ext.surface.errors.codes.map((c) => c.name));
  const constants = ext.facts.model.constants.filter((c) => !codes.has(c.name));
  return constants.length ? [{ path: "constants.ts", content: render("constants.ts", { constants: constants.map(constantDeclaration) }) }] : [];
}

/**
 * client.ts: one typed call per request method a core party sends, its result checked by the fast
 * validator. A request no core party sends (it travels between other parties) has no call.
 */
function clientFile(ext: ExtensionFacts, { render }: EmitContext): OutputFile {
  const taken = new Set<string>();
  const calls = ext.surface.requests.filter((fact) => fact.senders.length > 0).map((fact) => {
    const message = fact.messages[0]!;
    const result = fact.result?.name;
    return {
      name: stubName(message, fact.method, taken),
      method: stringLiteral(fact.method),
      key: JSON.stringify(fact.method),
      message,
      optional: fact.params?.optional !== false,
      check: result ? `V.${fastExports(result).parse}` : "",
    };
  });
  return { path: "client.ts", content: render("ext-client.ts", { calls, id: ext.facet.id, validators: calls.some((c) => c.check) }) };
}

function indexFile(ext: ExtensionFacts, { render }: EmitContext): OutputFile {
  const schema = (name: string) => `S.${schemaName(name)}`;
  return {
    path: "index.ts",
    content: render("ext-index.ts", {
      id: stringLiteral(ext.facet.id),
      errors: ext.surface.errors.codes.length > 0,
      constants: ext.facts.model.constants.some((c) => !ext.surface.errors.codes.some((code) => code.name === c.name)),
      fastZod: ext.own.length > 0,
      results: ext.widening.map((name) => ({ name, schema: schema(name) })),
      // None: the key is absent (the runtime's `capability?` takes no explicit undefined under exactOptionalPropertyTypes).
      capability: ext.capability ? schema(ext.capability) : "",
      capabilityType: ext.capability ? `typeof ${schema(ext.capability)}` : "",
      parties: Object.entries(ext.partyCapabilities).map(([party, name]) => ({ party, schema: schema(name) })),
    }),
  };
}
