// The files of a server's catalog: types.ts, schemas.ts, validators.ts and fast-zod.ts of its declarations
// (the same emitters as a revision's), and index.ts with the stubs: createTools(client) and
// createPrompts(client), one typed method per tool and prompt, documented from the catalog.
import type { Catalog } from "./types.js";
import type { CatalogModel, Entity } from "./model.js";
import { analyze, type Facts } from "../model/analyze.js";
import { typeOf } from "../model/shapes.js";
import type { Declaration } from "../model/types.js";
import { jsDoc, type OutputFile } from "../emit/common.js";
import { DECLARATION_EMITTERS } from "../emit/index.js";
import { emitContext } from "../emit/render.js";
import type { Emitter } from "../emit/contract.js";
import { stringLiteral } from "../emit/escape.js";
import { checkExportClashes } from "../emit/names.js";
import { fastExports, hasFastZod } from "../emit/validators.js";

export interface CatalogEmitOptions {
  generatorVersion: string;
  /** The protocol output's runtime folder, as imported from the catalog's folder (`./protocol/runtime`). */
  runtimeImport: string;
  /** The index module of the catalog's revision in the protocol output (`./protocol/2025-11-25/index.js`). */
  revisionImport: string;
}

/** What a server's catalog is emitted from: the analysis of its declarations, and the catalog's entities. */
export interface CatalogFacts extends Facts {
  catalog: Catalog;
  entities: Entity[];
  /** The index module of the catalog's revision in the protocol output (`./protocol/2025-11-25/index.js`). */
  revisionImport: string;
}

/** Every file of the catalog's output (catalog.json aside): pure, deterministic, unformatted. */
export function emitCatalog(catalog: Catalog, built: CatalogModel, options: CatalogEmitOptions): OutputFile[] {
  const source = `the catalog of ${catalog.server.name} ${catalog.server.version} (catalog.json, protocol ${catalog.protocolVersion})`;
  const facts: CatalogFacts = { ...analyze(built.model), catalog, entities: built.entities, revisionImport: options.revisionImport };
  return emitCatalogFiles(facts, emitContext({ generatorVersion: options.generatorVersion, runtimeImport: options.runtimeImport, source }));
}

/** The declaration modules of the catalog's types, and index.ts with the stubs. */
const emitCatalogFiles: Emitter<CatalogFacts> = (facts, context) => {
  const { byName, catalog, entities } = facts;
  const files = DECLARATION_EMITTERS.flatMap((emit) => emit(facts, context));
  const tools = entities.filter((e) => e.kind === "tool").map((e) => toolView(e, byName));
  const prompts = entities.filter((e) => e.kind === "prompt").map((e) => promptView(e, byName));
  const withMethod = (kind: Entity["kind"]) => entities.filter((e) => e.kind === kind && e.method !== undefined);
  const resources = withMethod("resource").map((e) => resourceView(e));
  const templates = withMethod("template").map((e) => templateView(e, byName));
  const index = context.render("catalog-index.ts", {
    server: `${catalog.server.name} ${catalog.server.version}`,
    revisionIndex: facts.revisionImport,
    usesTypes: [...tools, ...prompts, ...templates].some((v) => v.param.includes("T.") || v.result.includes("T.")),
    usesValidators: tools.length + prompts.length + templates.length > 0,
    fastZod: hasFastZod(facts),
    tools,
    prompts,
    resources,
    templates,
    toolNames: tools.length ? tools.map((t) => t.name).join(" | ") : "never",
  });
  const all = [...files, { path: "index.ts", content: index }];
  checkExportClashes(facts.model, all);
  return all;
};

interface StubView {
  method: string;
  /** The method's name in the interface: `new(…)` there would be a construct signature. */
  key: string;
  /** The tool's or prompt's name as a string literal. */
  name: string;
  doc: string;
  param: string;
  result: string;
  argsCheck: string;
  outputCheck?: string;
}

/**
 * The arguments parameter: required when a property is; a tool without properties takes none
 * (`{ [key: string]: never }`, so a stray key is an error, as it is beside declared properties).
 */
function parameter(entity: Entity, byName: ReadonlyMap<string, Declaration>, name = "args"): string {
  const declaration = byName.get(entity.args!)!;
  const type = typeOf(declaration, byName);
  if (type.kind !== "object") return `${name}?: T.${declaration.name}`;
  if (!type.properties.length && !type.indexSignature) return `${name}?: NoArguments`;
  return `${name}${type.properties.some((p) => !p.optional) ? "" : "?"}: T.${declaration.name}`;
}

function toolView(entity: Entity, byName: ReadonlyMap<string, Declaration>): StubView {
  const result = entity.output ? `ToolResult<T.${entity.output}>` : "ToolResult";
  return {
    method: entity.method!,
    key: interfaceKey(entity.method!),
    name: stringLiteral(entity.id),
    doc: memberDoc([description(entity), `Tool \`${entity.id}\`${hints(entity)}.`].filter(Boolean).join("\n\n")),
    param: parameter(entity, byName),
    result,
    argsCheck: fastExports(entity.args!).safeParse,
    ...(entity.output ? { outputCheck: fastExports(entity.output).safeParse } : {}),
  };
}

function promptView(entity: Entity, byName: ReadonlyMap<string, Declaration>): StubView {
  const title = typeof entity.item["title"] === "string" ? ` (${entity.item["title"]})` : "";
  return {
    method: entity.method!,
    key: interfaceKey(entity.method!),
    name: stringLiteral(entity.id),
    doc: memberDoc([description(entity), `Prompt \`${entity.id}\`${title}.`].filter(Boolean).join("\n\n")),
    param: parameter(entity, byName),
    result: "P.GetPromptResult",
    argsCheck: fastExports(entity.args!).safeParse,
  };
}

interface ResourceView {
  method: string;
  key: string;
  /** The URI (a resource) or URI template, as a string literal. */
  target: string;
  doc: string;
  /** The template's variables parameter (templates only). */
  param: string;
  result: string;
  /** The listed MIME type as a string literal, if any. */
  mimeType?: string;
  variablesCheck?: string;
}

/** `ResourceResult<"text/markdown">` when the server lists a MIME type, else `ResourceResult`. */
function resourceResult(entity: Entity): { result: string; mimeType?: string } {
  const listed = entity.item["mimeType"];
  if (typeof listed !== "string") return { result: "ResourceResult" };
  return { result: `ResourceResult<${stringLiteral(listed)}>`, mimeType: stringLiteral(listed) };
}

/**
 * A member's doc comment as the index template writes it (`  {{{doc}}}{{{key}}}(…)`): the template
 * indents its first line; every later line, and the member after the comment's line break, get
 * the same two spaces here (they were written at column 0).
 */
function memberDoc(text: string): string {
  return jsDoc({ text }).replace(/\n/g, "\n  ");
}

function resourceDoc(entity: Entity, what: string): string {
  const title = typeof entity.item["title"] === "string" ? ` (${entity.item["title"]})` : "";
  const listed = typeof entity.item["mimeType"] === "string" ? `, listed as ${entity.item["mimeType"]}` : "";
  return memberDoc([description(entity), `${what} \`${entity.id}\`${title}${listed}.`].filter(Boolean).join("\n\n"));
}

function resourceView(entity: Entity): ResourceView {
  return { method: entity.method!, key: interfaceKey(entity.method!), target: stringLiteral(entity.id), doc: resourceDoc(entity, "Resource"), param: "", ...resourceResult(entity) };
}

function templateView(entity: Entity, byName: ReadonlyMap<string, Declaration>): ResourceView {
  const param = parameter(entity, byName, "variables");
  return { method: entity.method!, key: interfaceKey(entity.method!), target: stringLiteral(entity.id), doc: resourceDoc(entity, "Resource template"), param, ...resourceResult(entity), variablesCheck: fastExports(entity.args!).safeParse };
}

const interfaceKey = (method: string) => (method === "new" ? '"new"' : method);

function description(entity: Entity): string {
  const text = entity.item["description"];
  return typeof text === "string" ? text.trim() : "";
}

const HINTS: Record<string, [string, string]> = {
  readOnlyHint: ["read-only", "may modify its environment"],
  destructiveHint: ["destructive", "not destructive"],
  idempotentHint: ["idempotent", "not idempotent"],
  openWorldHint: ["open world", "closed world"],
};

/** The title and the annotations a server gave, as the model sees them: `: "Get Sum" · read-only · idempotent`. */
function hints(entity: Entity): string {
  const parts: string[] = [];
  const annotations = entity.item["annotations"];
  const title = (annotations as { title?: unknown } | undefined)?.title ?? entity.item["title"];
  if (typeof title === "string") parts.push(JSON.stringify(title));
  if (typeof annotations === "object" && annotations !== null) {
    // The hints in the spec's order, then anything else the server added.
    const keys = [...Object.keys(HINTS).filter((k) => Object.hasOwn(annotations, k)), ...Object.keys(annotations).filter((k) => !Object.hasOwn(HINTS, k))];
    for (const key of keys) {
      const value = (annotations as Record<string, unknown>)[key];
      if (key === "title") continue;
      const words = Object.hasOwn(HINTS, key) ? HINTS[key] : undefined;
      parts.push(words && typeof value === "boolean" ? words[value ? 0 : 1] : `${key}: ${JSON.stringify(value)}`);
    }
  }
  return parts.length ? `: ${parts.join(" · ")}` : "";
}
