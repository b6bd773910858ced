import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type HandlebarsApi from "handlebars";
import { blockComment, lineComment, stringLiteral } from "./escape.js";
import { GeneratorError } from "../errors.js";
import { protocolVersionOf } from "../model/derive.js";
import type { Constant, SchemaModel } from "../model/types.js";
import { byText } from "../model/order.js";
import { jsDoc, type EmitOptions, type OutputFile } from "./common.js";
import { deriveSurface } from "../model/surface.js";
import { clientImports, clientView } from "./client.js";
import { errorsView } from "./errors.js";
import { serverView } from "./server.js";
import { connectView, rootView, type RootUnit } from "./root.js";
import { checkExportClashes } from "./names.js";
import { filledResultKeys, handlerMaps, handlerResult, mapEntries, methodAliases, methodTable, schemaIndex, tableSchemas } from "./methods.js";
import { emitTypeDeclarations } from "./types.js";
import { emitSchemaDeclarations } from "./zod.js";
import type { SchemaModule } from "./zod-parts.js";
import { emitValidatorDeclarations, fastZodRegistration } from "./validators.js";
import { Marks } from "./marked.js";

export type { EmitOptions, OutputFile } from "./common.js";

const TEMPLATE_DIR = new URL("../../templates/", import.meta.url);
const RUNTIME_DIR = new URL("runtime/", TEMPLATE_DIR);

/** Where the revision-independent runtime goes, relative to the output root. */
export const RUNTIME_FOLDER = "runtime";

/**
 * Handlebars from its one-file build (the same library: compiler and runtime): the package's main
 * entry loads it as some forty modules, ~60 ms of every cold generation against ~20 ms.
 */
const Handlebars = createRequire(import.meta.url)("handlebars/dist/handlebars.js") as typeof HandlebarsApi;
const engine = Handlebars.create();
let templates: Map<string, HandlebarsApi.TemplateDelegate> | undefined;

function template(name: string): HandlebarsApi.TemplateDelegate {
  if (!templates) {
    engine.registerPartial("header", readFileSync(new URL("header.hbs", TEMPLATE_DIR), "utf8"));
    // Text from outside (a server, a schema's path) enters a template only through these (escape.ts).
    engine.registerHelper("lineComment", (text: unknown) => lineComment(String(text)));
    engine.registerHelper("blockComment", (text: unknown) => blockComment(String(text)));
    engine.registerHelper("stringLiteral", (text: unknown) => stringLiteral(String(text)));
    templates = new Map();
  }
  let compiled = templates.get(name);
  if (!compiled) {
    compiled = engine.compile(readFileSync(new URL(`${name}.hbs`, TEMPLATE_DIR), "utf8"), { noEscape: true, strict: true });
    templates.set(name, compiled);
  }
  return compiled;
}

/**
 * The `PROTOCOL_VERSION` constants.ts adds: the schema's date-shaped constant. A schema that
 * declares `PROTOCOL_VERSION` itself keeps its own when it says the same; a different value is
 * ambiguous, an error at that constant.
 */
function generatedProtocolVersion(model: SchemaModel): string | undefined {
  const version = protocolVersionOf(model);
  const own = model.constants.find((c) => c.name === "PROTOCOL_VERSION");
  if (!own || version === undefined) return version;
  if (own.value === version) return undefined;
  throw new GeneratorError(`the schema's PROTOCOL_VERSION (${JSON.stringify(own.value)}) disagrees with its protocol version ${JSON.stringify(version)}, which mcp-gen exports under that name`, own.location);
}

function constantDeclaration(constant: Constant): string {
  return `${jsDoc(constant.doc)}export const ${constant.name} = ${JSON.stringify(constant.value)};`;
}

/**
 * The import lines a generated module needs, read off its body: Zod (as a value only when a
 * `z.xxx(` call is made), the types, the schemas, and a runtime module as `rt`.
 */
function importsFor(body: string, runtimeModule: string | undefined, marks: Marks): string {
  const lines: Array<{ text: string; typeOnly: boolean }> = [];
  if (/\bz\.[a-z]\w*\(/.test(body)) lines.push({ text: `import { z } from "zod";`, typeOnly: false });
  else if (/\bz\./.test(body)) lines.push({ text: `import type { z } from "zod";`, typeOnly: true });
  if (runtimeModule && /\brt\./.test(body)) lines.push({ text: `import * as rt from "${runtimeModule}";`, typeOnly: false });
  if (/\bT\./.test(body)) lines.push({ text: `import type * as T from "./types.js";`, typeOnly: true });
  // With marks (validators.ts), only function bodies read the schemas: the declarations do not import them.
  if (/\bS\./.test(body)) lines.push({ text: marks.undeclared(`import * as S from "./schemas.js";`), typeOnly: false });
  // A type-only import is deleted from the JavaScript with the line break before it, as
  // TypeScript's emit deletes a statement with its leading trivia (the first one's would be the
  // comments above the imports: the marks are then not used, and the file is parsed instead).
  if (lines[0]?.typeOnly) marks.giveUp();
  return lines.map(({ text, typeOnly }, i) => (i === 0 ? text : typeOnly ? marks.typeOnly(`\n${text}`) : `\n${text}`)).join("");
}

/** Renders a template whose `{{{imports}}}` are derived from what its body uses. */
function withImports(render: (data: object) => string, data: object, runtimeModule?: string, marks = new Marks(false)): string {
  const body = render({ ...data, imports: "" });
  return render({ ...data, imports: importsFor(body, runtimeModule, marks) });
}

function methodsFile(model: SchemaModel, render: (name: string, data: object) => string, runtimeImport: string): string {
  const surface = deriveSurface(model);
  const index = schemaIndex(model);
  const filled = filledResultKeys(surface);
  return withImports((data) => render("methods.ts", data), {
    ...mapEntries(surface),
    handlerResult: handlerResult(surface),
    aliases: methodAliases(surface),
    handlers: handlerMaps(surface),
    table: methodTable(index, surface),
    filled: filled.map((k) => JSON.stringify(k)).join(" | "),
    filledDoc: filled.map((k) => `\`${k}\``).join(", "),
  }, `${runtimeImport}/shared/lazy.js`);
}

function errorsFile(model: SchemaModel, render: (name: string, data: object) => string, runtimeImport: string): string {
  const view = errorsView(schemaIndex(model), deriveSurface(model));
  return withImports((data) => render("errors.ts", data), view, `${runtimeImport}/shared/errors.js`);
}

/**
 * validators.ts, with its JavaScript and declarations made from the emitter's marked text
 * (marked.ts), so that the largest file of the output is not parsed again to be transpiled;
 * emitted unmarked when the model's own text carries a mark's character.
 */
function validatorsFile(model: SchemaModel, render: (name: string, data: object) => string, runtimeImport: string): OutputFile {
  const table = tableSchemas(schemaIndex(model), deriveSurface(model));
  const marks = new Marks(true);
  const marked = withImports((data) => render("validators.ts", data), emitValidatorDeclarations(model, table, marks), `${runtimeImport}/shared/fast.js`, marks);
  const texts = marks.split(marked);
  if (texts) return { path: "validators.ts", content: texts.typescript, javascript: texts.javascript, declarations: texts.declarations };
  const plain = new Marks(false);
  return { path: "validators.ts", content: withImports((data) => render("validators.ts", data), emitValidatorDeclarations(model, table, plain), `${runtimeImport}/shared/fast.js`) };
}

/**
 * fast-zod.ts: the registration that gives the exported schemas' parse methods the fast
 * validators' verdicts (index.ts loads it). None for a model without declarations.
 */
function fastZodFiles(model: SchemaModel, render: (name: string, data: object) => string): OutputFile[] {
  const registration = fastZodRegistration(model);
  return registration ? [{ path: "fast-zod.ts", content: render("fast-zod.ts", { registration }) }] : [];
}

function serverFile(model: SchemaModel, render: (name: string, data: object) => string): string {
  const view = serverView(model, deriveSurface(model));
  const data = { ...view, typeImport: "" };
  const body = render("server.ts", data);
  return render("server.ts", { ...data, typeImport: /\bT\./.test(body) ? `import type * as T from "./types.js";` : "" });
}

function clientFile(model: SchemaModel, render: (name: string, data: object) => string): string {
  const view = clientView(model);
  const body = render("client.ts", { ...view, imports: "" });
  return render("client.ts", { ...view, imports: clientImports(body) });
}

export interface RevisionEmitOptions extends EmitOptions {
  /** Import path from the revision's folder to the runtime folder (`./runtime`, `../runtime`). */
  runtimeImport: string;
}

/** Every file of one revision: pure, deterministic, unformatted; paths relative to its folder. */
export function emitRevision(model: SchemaModel, options: RevisionEmitOptions): OutputFile[] {
  const header = {
    generatorVersion: options.generatorVersion,
    source: model.source.revision ? `MCP schema revision ${model.source.revision}` : "MCP schema file",
    sha256: model.source.sha256,
  };
  const protocolVersion = generatedProtocolVersion(model);
  const render = (name: string, data: object = {}): string => template(name)({ ...header, runtime: options.runtimeImport, ...data });
  const fastZod = fastZodFiles(model, render);
  const files: OutputFile[] = [
    ...typeAndSchemaFiles(model, render, options.runtimeImport),
    {
      path: "constants.ts",
      content: render("constants.ts", {
        constants: model.constants.map(constantDeclaration),
        protocolVersion: protocolVersion && JSON.stringify(protocolVersion),
      }),
    },
    { path: "methods.ts", content: methodsFile(model, render, options.runtimeImport) },
    { path: "errors.ts", content: errorsFile(model, render, options.runtimeImport) },
    validatorsFile(model, render, options.runtimeImport),
    ...fastZod,
    { path: "server.ts", content: serverFile(model, render) },
    { path: "client.ts", content: clientFile(model, render) },
    { path: "index.ts", content: render("index.ts", { fastZod: fastZod.length > 0 }) },
  ];
  checkExportClashes(model, files);
  return files;
}

export interface DeclarationModuleOptions extends RevisionEmitOptions {
  /** What the provenance header names as the source (`the catalog of …`). */
  source: string;
}

/**
 * types.ts, schemas.ts, validators.ts and fast-zod.ts of any model (e.g. the JSON Schema front end's, for a
 * server's catalog), with the revision output's templates; their runtime imports point at
 * `runtimeImport`. Pure, deterministic, unformatted.
 */
export function emitDeclarationModules(model: SchemaModel, options: DeclarationModuleOptions): OutputFile[] {
  const render = (name: string, data: object = {}): string => template(name)({ generatorVersion: options.generatorVersion, source: options.source, sha256: "", runtime: options.runtimeImport, ...data });
  return [...typeAndSchemaFiles(model, render, options.runtimeImport), validatorsFile(model, render, options.runtimeImport), ...fastZodFiles(model, render)];
}

/** types.ts and schemas.ts of a model: the revision output and the declaration modules alike. */
function typeAndSchemaFiles(model: SchemaModel, render: (name: string, data: object) => string, runtimeImport: string): OutputFile[] {
  return [
    { path: "types.ts", content: render("types.ts", { declarations: emitTypeDeclarations(model) }) },
    { path: "schemas.ts", content: withImports((data) => render("schemas.ts", data), schemasView(emitSchemaDeclarations(model)), `${runtimeImport}/shared/validation.js`) },
  ];
}

/** schemas.ts.hbs's data: each part's statements indented as its body (they hold no multi-line literal). */
function schemasView({ types, parts }: SchemaModule): object {
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

/** Renders one of templates/*.hbs (with the header partial) for emitters outside this module. */
export function renderTemplate(name: string, data: object): string {
  return template(name)(data);
}

/**
 * The revision-independent runtime, copied verbatim from `templates/runtime/` (real TypeScript,
 * type-checked and tested in this repository) with the provenance header.
 */
export function emitRuntime(options: EmitOptions): OutputFile[] {
  const header = template("header")({ generatorVersion: options.generatorVersion, source: "the mcp-gen runtime (revision-independent)", sha256: "" });
  const names = runtimeSources().sort(byText);
  return names.map((name) => ({ path: `${RUNTIME_FOLDER}/${name}`, content: `${header}${readFileSync(new URL(name, RUNTIME_DIR), "utf8")}` }));
}

/** The runtime's sources, as paths relative to `templates/runtime/`: one folder per role (shared, stores, server, client). */
function runtimeSources(): string[] {
  return readdirSync(RUNTIME_DIR, { recursive: true, encoding: "utf8" })
    .map((name) => name.split("\\").join("/"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));
}

/**
 * Files at the root of a multi-revision output, spanning the revisions: `server.ts` (one server
 * for all of them), `connect.ts` (a client that picks the revision the server speaks) and
 * `index.ts` (each revision as a namespace, the handler revision's names, the root modules).
 */
export function emitRoot(units: RootUnit[], options: EmitOptions): OutputFile[] {
  const header = { generatorVersion: options.generatorVersion, source: `MCP schema revisions ${units.map((u) => u.dir).join(", ")}`, sha256: "" };
  const render = (name: string, data: object): string => template(name)({ ...header, ...data });
  const modules = [
    { name: "server", content: render("root-server.ts", rootView(units)) },
    { name: "connect", content: render("connect.ts", connectView(units)) },
  ];
  return [
    ...modules.map((m) => ({ path: `${m.name}.ts`, content: m.content })),
    // server.ts's names are exported by name in the template (they shadow the handler revision's).
    { path: "index.ts", content: render("root-index.ts", { ...rootView(units), modules: modules.filter((m) => m.name !== "server").map((m) => m.name) }) },
  ];
}
