// catalog.json: built from what a server listed, rendered deterministically, read back and
// checked (a file that is not a catalog is an error at its line and column, exit 2).
import { readFileSync } from "node:fs";
import { GeneratorError } from "../errors.js";
import type { SourceLocation } from "../model/types.js";
import { byText } from "../model/order.js";
import { MAX_CATALOG_DEPTH, locations, parseJson, sortedData, sortedItem, tooDeep } from "./json.js";
import { optionsProblem } from "./recorded.js";
import { LISTS, type Catalog, type CatalogItem, type ListKey, type RecordedOptions } from "./types.js";

export interface CatalogInput {
  server: unknown;
  protocolVersion: string;
  revision: string;
  lists: Record<ListKey, unknown[]>;
}

/** A catalog from what the server sent: items checked, canonical, sorted by their id. */
export function buildCatalog(input: CatalogInput, where: string, options?: RecordedOptions): Catalog {
  const deep = tooDeep({ server: input.server, lists: input.lists });
  if (deep !== undefined) throw new GeneratorError(`${where}: the server's catalog nests more than ${MAX_CATALOG_DEPTH} levels deep (at ${deep}): refused`);
  const server = sortedData(input.server);
  if (!isServerInfo(server)) throw new GeneratorError(`${where}: the server's info is not { name, version }: ${JSON.stringify(input.server)?.slice(0, 120)}`);
  const catalog: Catalog = { mcpGenCatalog: 1, server, protocolVersion: input.protocolVersion, revision: input.revision, ...(options ? { options } : {}), tools: [], prompts: [], resources: [], resourceTemplates: [] };
  for (const list of LISTS) catalog[list.key] = itemsOf(input.lists[list.key], list, where);
  return catalog;
}

function isServerInfo(value: unknown): value is Catalog["server"] {
  const v = value as { name?: unknown; version?: unknown } | null;
  return typeof v === "object" && v !== null && typeof v.name === "string" && typeof v.version === "string";
}

function itemsOf(items: unknown[], list: (typeof LISTS)[number], where: string): CatalogItem[] {
  const seen = new Set<string>();
  const out = items.map((item, i) => {
    const canonical = sortedItem(item) as CatalogItem;
    const id = (canonical as Record<string, unknown>)[list.id];
    if (typeof canonical !== "object" || canonical === null || Array.isArray(canonical) || typeof id !== "string" || typeof canonical.name !== "string") {
      throw new GeneratorError(`${where}: item ${i} of ${list.method} has no string "${list.id}"${list.id === "name" ? "" : ' and "name"'}: ${JSON.stringify(item)?.slice(0, 120)}`);
    }
    if (seen.has(id)) throw new GeneratorError(`${where}: ${list.method} lists ${JSON.stringify(id)} twice`);
    seen.add(id);
    return canonical;
  });
  return out.sort((a, b) => byText(String(a[list.id]), String(b[list.id])));
}

/** The file's text: two-space JSON, a final newline. */
export function renderCatalog(catalog: Catalog): string {
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

export interface CatalogFile {
  catalog: Catalog;
  text: string;
  file: string;
  /** Where a JSON pointer of the file is. */
  locate: (pointer: string) => SourceLocation;
}

/** A catalog read from disk, checked; canonical text is not required (hand edits are fine). */
export function readCatalogFile(file: string): CatalogFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new GeneratorError(`cannot read the catalog ${file}: ${(error as Error).message}`);
  }
  return catalogFromText(text, file);
}

export function catalogFromText(text: string, file: string): CatalogFile {
  const value = parseJson(text, file) as Partial<Catalog> | null;
  const locate = locations(text, file);
  const fail = (message: string, pointer = ""): never => {
    throw new GeneratorError(`not an mcp-gen catalog: ${message}`, locate(pointer));
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("the file holds no JSON object");
  const deep = tooDeep(value);
  if (deep !== undefined) fail(`it nests more than ${MAX_CATALOG_DEPTH} levels deep (at ${deep})`, deep);
  if (value.mcpGenCatalog !== 1) fail(`"mcpGenCatalog" must be 1 (written by \`mcp-gen catalog\`)`, "/mcpGenCatalog");
  if (!isServerInfo(value.server)) fail(`"server" must be { "name": string, "version": string }`, "/server");
  for (const key of ["protocolVersion", "revision"] as const) if (typeof value[key] !== "string") fail(`"${key}" must be a string`, `/${key}`);
  const problem = value.options === undefined ? undefined : optionsProblem(value.options);
  if (problem) fail(problem.message, problem.pointer);
  for (const list of LISTS) {
    const items = value[list.key];
    if (!Array.isArray(items)) fail(`"${list.key}" must be an array`, `/${list.key}`);
    (items as unknown[]).forEach((item, i) => {
      const id = (item as Record<string, unknown> | null)?.[list.id];
      if (typeof item !== "object" || item === null || typeof id !== "string" || typeof (item as { name?: unknown }).name !== "string") fail(`each of "${list.key}" needs a string "${list.id}" and "name"`, `/${list.key}/${i}`);
    });
  }
  return { catalog: value as Catalog, text, file, locate };
}
