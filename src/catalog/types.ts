/**
 * A server's catalog: what `mcp-gen catalog` reads from a live server and writes as
 * `catalog.json`. The lists are kept as the server sent them (every field, so nothing the model
 * sees is lost), sorted by name or URI; no timestamps, so the same server gives the same file.
 */
export interface Catalog {
  /** The file format's version (bumped when the layout changes). */
  mcpGenCatalog: 1;
  /** The server's `serverInfo` (name, version, title…), as sent. */
  server: { name: string; version: string; [key: string]: unknown };
  /** The protocol version the catalog was read with. */
  protocolVersion: string;
  /** The generated revision that spoke it (a folder of the protocol output, e.g. `2025-11-25`). */
  revision: string;
  /** How it was made (absent in a catalog of an older mcp-gen): what later runs reuse. */
  options?: RecordedOptions;
  tools: CatalogItem[];
  prompts: CatalogItem[];
  resources: CatalogItem[];
  resourceTemplates: CatalogItem[];
}

/** The options a catalog was made with (see recorded.ts): never a header's value. */
export interface RecordedOptions {
  /** The client capabilities declared while reading (`--capability`). */
  capabilities: string[];
  /** The names of the HTTP headers sent (`--header`), without their values. */
  headers?: string[];
  /** The revisions of the protocol output generated beside the catalog (absent with `--protocol`). */
  revisions?: string[];
  /** How the server was reached. */
  transport?: "stdio" | "http";
}

/** A tool, prompt, resource or resource template as listed: `name` always, `uri`/`uriTemplate` for resources. */
export interface CatalogItem {
  name: string;
  [key: string]: unknown;
}

export type ListKey = "tools" | "prompts" | "resources" | "resourceTemplates";

/** Each list, the method that pages it, and the key its items are sorted and told apart by. */
export const LISTS: ReadonlyArray<{ key: ListKey; method: string; id: "name" | "uri" | "uriTemplate"; capability: string }> = [
  { key: "tools", method: "tools/list", id: "name", capability: "tools" },
  { key: "prompts", method: "prompts/list", id: "name", capability: "prompts" },
  { key: "resources", method: "resources/list", id: "uri", capability: "resources" },
  { key: "resourceTemplates", method: "resources/templates/list", id: "uriTemplate", capability: "resources" },
];

export const CATALOG_FILE = "catalog.json";
