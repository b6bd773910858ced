// Protocol-level names that the MCP prose defines (not the schema): HTTP header names and the
// reserved `_meta` keys of the stateless revisions. Shared by the generated servers and clients.

/** HTTP headers of the Streamable HTTP transport (names are case-insensitive on the wire). */
export const HEADER = {
  protocolVersion: "MCP-Protocol-Version",
  method: "Mcp-Method",
  name: "Mcp-Name",
  paramPrefix: "Mcp-Param-",
  sessionId: "Mcp-Session-Id",
  lastEventId: "Last-Event-ID",
} as const;

/** Reserved `_meta` keys of requests and results (2026-07-28 and later). */
export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  serverInfo: "io.modelcontextprotocol/serverInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  subscriptionId: "io.modelcontextprotocol/subscriptionId",
} as const;

/** The JSON Schema keyword that mirrors a tool parameter into an `Mcp-Param-{name}` header. */
export const PARAM_HEADER_KEYWORD = "x-mcp-header";

/** `resultType` of a result that carries no more rounds, the default when a result omits it. */
export const COMPLETE = "complete";
export const INPUT_REQUIRED = "input_required";

/** Methods whose `Mcp-Name` header mirrors `params.name` or `params.uri`. */
export function nameSourceOf(params: unknown): string | undefined {
  if (params === null || typeof params !== "object") return undefined;
  const { name, uri } = params as { name?: unknown; uri?: unknown };
  if (typeof name === "string") return name;
  return typeof uri === "string" ? uri : undefined;
}

/**
 * The error for a URI no resource answers, by era (resources.mdx): -32602 with `data.uri` from
 * 2026-07-28 on, -32002 in 2025-11-25 and earlier.
 */
export const RESOURCE_NOT_FOUND = { stateless: -32602, session: -32002 } as const;

/** The tool name rules of tools.mdx: 1 to 128 of A-Z, a-z, 0-9, "_", "-" and ".". */
export const TOOL_NAME: RegExp = /^[A-Za-z0-9_.-]{1,128}$/;
