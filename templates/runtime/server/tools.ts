// The `Mcp-Param-*` headers of a Streamable HTTP tools/call, checked against the tool's
// x-mcp-header annotations. The server reads its own tools through its tools/list handler, called
// with the context of the request being checked (its client, its `_meta`, its principal), once per
// principal until the tool list changes.
import { decodeHeaderValue, headerMatchesValue, paramHeadersOf, paramValueText, valueAt } from "../shared/headers.js";
import { HEADER } from "../shared/protocol.js";
import { isObject } from "../shared/messages.js";
import type { JsonObject } from "./types.js";

/** Calls the tools/list handler for one page (the caller supplies the request's context). */
export type ListTools = (params: JsonObject) => Promise<unknown>;

export interface ToolCatalog {
  /** The tool's inputSchema, from a listing made for this principal (undefined: no such tool). */
  inputSchema(name: string, principal: string | undefined, list: ListTools): Promise<unknown>;
  /** The tool list changed: every cached listing is dropped. */
  forget(): void;
}

const MAX_PAGES = 100;
/** Principals whose listing is kept (least recently used ones are dropped past this). */
const MAX_CACHED = 1000;

async function listAll(list: ListTools): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  let cursor: unknown;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await list(cursor === undefined ? {} : { cursor });
    const tools = isObject(result) && Array.isArray(result["tools"]) ? result["tools"] : [];
    for (const tool of tools) if (isObject(tool) && typeof tool["name"] === "string") found.set(tool["name"], tool["inputSchema"]);
    cursor = isObject(result) ? result["nextCursor"] : undefined;
    if (typeof cursor !== "string") break;
  }
  return found;
}

export function toolCatalog(): ToolCatalog {
  const listings = new Map<string, Promise<Map<string, unknown>>>();
  return {
    async inputSchema(name, principal, list) {
      const key = principal === undefined ? "" : `p:${principal}`;
      let listing = listings.get(key);
      if (listing) listings.delete(key);
      else {
        listing = listAll(list);
        // A failed listing is not kept: the next request lists again.
        listing.catch(() => listings.get(key) === listing && listings.delete(key));
      }
      listings.set(key, listing);
      if (listings.size > MAX_CACHED) listings.delete(listings.keys().next().value!);
      return (await listing).get(name);
    },
    forget: () => listings.clear(),
  };
}

/** A tool's x-mcp-header annotations, read once per inputSchema object (the listing that holds it is cached). */
const annotationsBySchema = new WeakMap<object, ReturnType<typeof paramHeadersOf>>();
function annotationsOf(schema: unknown): ReturnType<typeof paramHeadersOf> {
  if (schema === null || typeof schema !== "object") return paramHeadersOf(schema);
  let annotated = annotationsBySchema.get(schema);
  if (!annotated) annotationsBySchema.set(schema, (annotated = paramHeadersOf(schema)));
  return annotated;
}

/** Why a tools/call's `Mcp-Param-*` headers disagree with its body, or undefined when they agree. */
export function paramHeaderMismatch(headers: Headers, name: string, args: unknown, schema: unknown): string | undefined {
  const annotated = annotationsOf(schema);
  if (!annotated.ok) {
    const prefix = HEADER.paramPrefix.toLowerCase();
    const sent = [...headers.keys()].some((h) => h.toLowerCase().startsWith(prefix));
    return sent ? `Header mismatch: tool "${name}" has invalid x-mcp-header annotations` : undefined;
  }
  for (const param of annotated.headers) {
    const raw = headers.get(`${HEADER.paramPrefix}${param.name}`);
    const value = valueAt(args, param.path);
    const expected = paramValueText(value, param.type);
    if (raw === null) {
      if (expected !== undefined) return `Header mismatch: ${HEADER.paramPrefix}${param.name} is missing, the body has ${JSON.stringify(value)}`;
      continue;
    }
    const text = decodeHeaderValue(raw);
    if (text === undefined) return `Header mismatch: ${HEADER.paramPrefix}${param.name} has an invalid value`;
    if (!headerMatchesValue(text, value, param.type)) return `Header mismatch: ${HEADER.paramPrefix}${param.name} header '${text}' does not match body value ${JSON.stringify(value)}`;
  }
  return undefined;
}
