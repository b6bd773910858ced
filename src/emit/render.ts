import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type HandlebarsApi from "handlebars";
import type { EmitContext } from "./contract.js";
import { blockComment, lineComment, stringLiteral } from "./escape.js";
import { Marks } from "./marked.js";

/** Where the file skeletons (`templates/*.hbs`) and the runtime's sources are. */
export const TEMPLATE_DIR = new URL("../../templates/", import.meta.url);

/**
 * Handlebars from its one-file build (the same library: compiler and runtime): the package's main
 * entry loads it as some forty modules, ~60 ms of every cold generation against ~20 ms.
 */
const Handlebars = createRequire(import.meta.url)("handlebars/dist/handlebars.js") as typeof HandlebarsApi;
const engine = Handlebars.create();
let templates: Map<string, HandlebarsApi.TemplateDelegate> | undefined;

export function template(name: string): HandlebarsApi.TemplateDelegate {
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

/** Renders one of templates/*.hbs (with the header partial) outside an emitter's context (`init`). */
export function renderTemplate(name: string, data: object): string {
  return template(name)(data);
}

/**
 * The import lines a generated module needs, read off its body: Zod (as a value only when a
 * `z.xxx(` call is made), the types, the schemas, and a runtime module as `rt`.
 */
function importsFor(body: string, runtimeModule: string | undefined, marks: Marks, extra: readonly string[]): string {
  const lines: Array<{ text: string; typeOnly: boolean }> = [];
  if (/\bz\.[a-z]\w*\(/.test(body)) lines.push({ text: `import { z } from "zod";`, typeOnly: false });
  else if (/\bz\./.test(body)) lines.push({ text: `import type { z } from "zod";`, typeOnly: true });
  if (runtimeModule && /\brt\./.test(body)) lines.push({ text: `import * as rt from "${runtimeModule}";`, typeOnly: false });
  if (/\bT\./.test(body)) lines.push({ text: `import type * as T from "./types.js";`, typeOnly: true });
  // With marks (validators.ts), only function bodies read the schemas: the declarations do not import them.
  if (/\bS\./.test(body)) lines.push({ text: marks.undeclared(`import * as S from "./schemas.js";`), typeOnly: false });
  // An extension's modules import the core revision's (its schemas, its validators) by name.
  for (const text of extra) lines.push({ text, typeOnly: false });
  // A type-only import is deleted from the JavaScript with the line break before it, as
  // TypeScript's emit deletes a statement with its leading trivia (the first one's would be the
  // comments above the imports: the marks are then not used, and the file is parsed instead).
  if (lines[0]?.typeOnly) marks.giveUp();
  return lines.map(({ text, typeOnly }, i) => (i === 0 ? text : typeOnly ? marks.typeOnly(`\n${text}`) : `\n${text}`)).join("");
}

/** Renders a template whose `{{{imports}}}` are derived from what its body uses. */
export function withImports(render: (data: object) => string, data: object, runtimeModule?: string, marks = new Marks(false), extra: readonly string[] = []): string {
  const body = render({ ...data, imports: "" });
  return render({ ...data, imports: importsFor(body, runtimeModule, marks, extra) });
}

/** What the provenance header of one output folder says, and where its runtime is. */
export interface ContextOptions {
  generatorVersion: string;
  runtimeImport: string;
  /** The source the header names (`MCP schema revision 2026-07-28`). */
  source: string;
  /** The schema's sha256, where the folder is made from one schema file. */
  sha256?: string;
}

/** The context every emitter of one output folder shares. */
export function emitContext({ generatorVersion, runtimeImport, source, sha256 = "" }: ContextOptions): EmitContext {
  const header = { generatorVersion, source, sha256, runtime: runtimeImport };
  return { generatorVersion, runtimeImport, render: (name, data = {}) => template(name)({ ...header, ...data }) };
}
