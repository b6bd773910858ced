// A catalog as a model: every tool's arguments and output, every prompt's arguments and every
// resource template's variables become declarations (through the JSON Schema front end), and
// each tool and prompt an entity the stubs and the catalog diff are written from.
import { createHash } from "node:crypto";
import { GeneratorError, type Warning } from "../errors.js";
import type { Declaration, SchemaModel, SourceLocation } from "../model/types.js";
import { DeclarationNames, camelCase, pascalCase, readJsonSchema, type Dialect } from "../parse/json-schema/index.js";
import { renderCatalog } from "./snapshot.js";
import type { Catalog, CatalogItem } from "./types.js";
import { templateVariables } from "./uri-template.js";

export type EntityKind = "tool" | "prompt" | "resource" | "template";

export interface Entity {
  kind: EntityKind;
  /** The tool's or prompt's name, the resource's URI, the template's URI template. */
  id: string;
  /** How reports name it: `tool get-sum`. */
  label: string;
  item: CatalogItem;
  /** The stub's method name (none for a resource or template whose name collides with another's). */
  method?: string;
  /** The declaration of its arguments (tools, prompts) or variables (templates). */
  args?: string;
  /** The declaration of a tool's structuredContent, when it has an output schema. */
  output?: string;
  /** Every declaration it owns (its arguments, output and their `$ref` targets). */
  declarations: string[];
}

export interface CatalogModel {
  model: SchemaModel;
  entities: Entity[];
  warnings: Warning[];
}

/** MCP 2025-11-25 made 2020-12 the default dialect of tool schemas; before, generators wrote draft-07. */
export function dialectFor(protocolVersion: string): Dialect {
  return /^\d{4}-\d{2}-\d{2}$/.test(protocolVersion) && protocolVersion < "2025-11-25" ? "draft-07" : "2020-12";
}

export function catalogModel(catalog: Catalog, file: string, locate: (pointer: string) => SourceLocation): CatalogModel {
  const names = new DeclarationNames();
  const dialect = dialectFor(catalog.protocolVersion);
  const declarations: Declaration[] = [];
  const warnings: Warning[] = [];
  const read = (name: string, schema: unknown, owner: string, at: string, doc?: { text: string }) => {
    const result = readJsonSchema({ name, schema, owner, at }, { names, dialect, locate, ...(doc ? { doc } : {}) });
    declarations.push(...result.declarations);
    warnings.push(...result.warnings);
    return { name: result.name, owned: result.declarations.map((d) => d.name) };
  };
  const entities: Entity[] = [];
  catalog.tools.forEach((tool, i) => {
    const args = read(`${pascalCase(tool.name)}Args`, tool["inputSchema"] ?? { type: "object" }, `tool ${JSON.stringify(tool.name)} inputSchema`, `/tools/${i}/inputSchema`);
    const output = tool["outputSchema"] === undefined ? undefined : read(`${pascalCase(tool.name)}Output`, tool["outputSchema"], `tool ${JSON.stringify(tool.name)} outputSchema`, `/tools/${i}/outputSchema`);
    entities.push({ kind: "tool", id: tool.name, label: `tool ${tool.name}`, item: tool, method: camelCase(tool.name), args: args.name, ...(output ? { output: output.name } : {}), declarations: [...args.owned, ...(output?.owned ?? [])] });
  });
  catalog.prompts.forEach((prompt, i) => {
    const args = read(`${pascalCase(prompt.name)}PromptArgs`, promptSchema(prompt), `prompt ${JSON.stringify(prompt.name)} arguments`, `/prompts/${i}/arguments`);
    entities.push({ kind: "prompt", id: prompt.name, label: `prompt ${prompt.name}`, item: prompt, method: camelCase(prompt.name), args: args.name, declarations: args.owned });
  });
  for (const resource of catalog.resources) entities.push({ kind: "resource", id: String(resource["uri"]), label: `resource ${String(resource["uri"])}`, item: resource, method: camelCase(resource.name), declarations: [] });
  catalog.resourceTemplates.forEach((template, i) => {
    const uriTemplate = String(template["uriTemplate"]);
    const variables = read(`${pascalCase(template.name)}Variables`, variablesSchema(uriTemplate), `resource template ${JSON.stringify(uriTemplate)} variables`, `/resourceTemplates/${i}/uriTemplate`, { text: `The variables of ${uriTemplate}.` });
    entities.push({ kind: "template", id: uriTemplate, label: `template ${uriTemplate}`, item: template, method: camelCase(template.name), args: variables.name, declarations: variables.owned });
  });
  checkMethodNames(entities);
  warnings.push(...dropCollidingResources(entities, catalog, locate));
  const sha256 = createHash("sha256").update(renderCatalog(catalog)).digest("hex");
  return { model: { modelVersion: 2, source: { revision: null, file, sha256 }, declarations, constants: [] }, entities, warnings };
}

/** A prompt's arguments as a JSON Schema: each a string, required when the prompt says so. */
function promptSchema(prompt: CatalogItem): object {
  const list = Array.isArray(prompt["arguments"]) ? (prompt["arguments"] as unknown[]) : [];
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const argument of list) {
    const a = argument as { name?: unknown; description?: unknown; required?: unknown } | null;
    if (typeof a?.name !== "string") continue;
    Object.defineProperty(properties, a.name, { value: { type: "string", ...(typeof a.description === "string" ? { description: a.description } : {}) }, enumerable: true, writable: true, configurable: true });
    if (a.required === true) required.push(a.name);
  }
  return { type: "object", properties, required };
}

/** A URI template's variables as a JSON Schema (see uri-template.ts for which are required). */
function variablesSchema(uriTemplate: string): object {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const variable of templateVariables(uriTemplate)) {
    const value = { type: variable.explode ? ["string", "array"] : "string", items: { type: "string" } };
    Object.defineProperty(properties, variable.name, { value, enumerable: true, writable: true, configurable: true });
    if (variable.required) required.push(variable.name);
  }
  return { type: "object", properties, required };
}

/**
 * Resource names are labels, not ids (two files may both be `index.md`): names that give one method
 * (or `then`) get no stub, with a warning, instead of failing the catalog. One namespace per kind.
 */
function dropCollidingResources(entities: Entity[], catalog: Catalog, locate: (pointer: string) => SourceLocation): Warning[] {
  const warnings: Warning[] = [];
  for (const [kind, key] of [["resource", "resources"], ["template", "resourceTemplates"]] as const) {
    const byMethod = new Map<string, Entity[]>();
    for (const e of entities.filter((x) => x.kind === kind)) byMethod.set(e.method!, [...(byMethod.get(e.method!) ?? []), e]);
    for (const [method, group] of byMethod) {
      if (group.length === 1 && method !== "then") continue;
      const ids = group.map((e) => JSON.stringify(e.id)).join(", ");
      const why = group.length > 1 ? `${kind}s ${ids} all become ${method}()` : `${kind} ${ids} would become then(), which makes the stubs object a thenable`;
      const at = catalog[key].indexOf(group[0]!.item);
      const them = group.length > 1 ? "them" : "it";
      warnings.push({ message: `${why}: no stub for ${them} (read ${them} with client.readResource)`, location: locate(`/${key}/${at}/name`) });
      for (const e of group) delete e.method;
    }
  }
  return warnings;
}

/** Method names are one namespace per kind (createTools, createPrompts): a collision is an error listing it. */
function checkMethodNames(entities: Entity[]): void {
  const problems: string[] = [];
  for (const kind of ["tool", "prompt"] as const) {
    const byMethod = new Map<string, string[]>();
    for (const e of entities.filter((x) => x.kind === kind)) byMethod.set(e.method!, [...(byMethod.get(e.method!) ?? []), e.id]);
    for (const [method, ids] of byMethod) {
      if (ids.length > 1) problems.push(`${kind}s ${ids.map((id) => JSON.stringify(id)).join(", ")} all become ${method}()`);
      // A `then` method would make the stubs object a thenable: awaiting it would call the tool.
      if (method === "then") problems.push(`${kind} ${JSON.stringify(ids[0])} would become then(), which makes the stubs object a thenable`);
    }
  }
  if (problems.length) throw new GeneratorError(`the catalog's names do not give distinct stub methods: ${problems.join("; ")}. Rename them on the server (or edit catalog.json and generate with --from)`);
}
