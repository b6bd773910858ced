// The server's own view of its tools, read through its tools/list handler: what the Streamable
// HTTP transport needs to check `Mcp-Param-*` headers against x-mcp-header annotations.
import { META } from "./protocol.js";
import { callHandler, type ServerCore } from "./server-core.js";
import { isObject } from "./server-messages.js";
import type { JsonObject } from "./server-types.js";

export interface ToolCatalog {
  inputSchema(name: string, request: { params?: JsonObject }): Promise<unknown>;
  forget(): void;
}

const MAX_PAGES = 100;

export function toolCatalog(core: ServerCore): ToolCatalog {
  let schemas: Promise<Map<string, unknown>> | undefined;
  const load = async (request: { params?: JsonObject }): Promise<Map<string, unknown>> => {
    const found = new Map<string, unknown>();
    if (!Object.hasOwn(core.options.handlers, "tools/list")) return found;
    const meta = isObject(request.params?.["_meta"]) ? request.params["_meta"] : {};
    const capabilities = isObject(meta[META.clientCapabilities]) ? (meta[META.clientCapabilities] as JsonObject) : {};
    const version = typeof meta[META.protocolVersion] === "string" ? (meta[META.protocolVersion] as string) : "";
    let cursor: unknown;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params: JsonObject = { _meta: meta, ...(cursor !== undefined ? { cursor } : {}) };
      const result = (await callHandler(core, "tools/list", params, {
        client: { protocolVersion: version, capabilities },
        meta,
        signal: new AbortController().signal,
        notify: () => undefined,
        logLevel: undefined,
        inputResponses: undefined,
        requestState: undefined,
      })) as JsonObject;
      for (const tool of Array.isArray(result?.["tools"]) ? result["tools"] : []) if (isObject(tool) && typeof tool["name"] === "string") found.set(tool["name"], tool["inputSchema"]);
      cursor = result?.["nextCursor"];
      if (typeof cursor !== "string") break;
    }
    return found;
  };
  return {
    async inputSchema(name, request) {
      schemas ??= load(request).catch((error: unknown) => {
        schemas = undefined;
        throw error;
      });
      return (await schemas).get(name);
    },
    forget: () => {
      schemas = undefined;
    },
  };
}
