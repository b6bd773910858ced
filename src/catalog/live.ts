// Reading a live server's catalog: connect with the generated client, page through the four
// lists the server's capabilities announce, close. Every failure (the server cannot be started
// or reached, never answers, answers garbage) becomes one clear error: exit 2.
import { GeneratorError, printable, type Warning } from "../errors.js";
import { GENERATOR_VERSION } from "../version.js";
import type { LiveClient, LoadedProtocol } from "./load-client.js";
import type { CatalogInput } from "./snapshot.js";
import { LISTS, type ListKey } from "./types.js";

export type ServerTarget = { kind: "stdio"; command: string; args: string[]; env?: Record<string, string>; cwd?: string; quiet?: boolean } | { kind: "http"; url: string; headers: Record<string, string> };

export interface LiveOptions {
  timeoutMs: number;
  /** Client capabilities to declare (some servers list more tools to clients that can sample or elicit). */
  capabilities: string[];
}

export function describeTarget(target: ServerTarget): string {
  return target.kind === "stdio" ? [target.command, ...target.args].join(" ") : target.url;
}

function transportFor(protocol: LoadedProtocol, target: ServerTarget): object {
  if (target.kind === "http") return new protocol.StreamableHttpTransport(target.url, { headers: target.headers });
  return new protocol.StdioTransport({
    command: target.command,
    args: target.args,
    ...(target.env ? { env: { ...process.env, ...target.env } } : {}),
    ...(target.cwd ? { cwd: target.cwd } : {}),
    ...(target.quiet ? { stderr: "ignore" } : {}),
    onProtocolNoise: (line: string, reason: string) => process.stderr.write(`mcp-gen: the server wrote a stdout line that is not JSON-RPC (${reason}), skipped: ${printable(line.slice(0, 120))}\n`),
  });
}

/** Connects, reads every page of every list, closes. */
export async function readLiveCatalog(protocol: LoadedProtocol, target: ServerTarget, options: LiveOptions): Promise<{ input: CatalogInput; warnings: Warning[] }> {
  const where = describeTarget(target);
  let client: LiveClient | undefined;
  // A connect that fails may leave its transport open (a stdio server running): closed below.
  const opened: Array<{ close?: () => Promise<void> }> = [];
  try {
    client = await protocol.connect(() => {
      const transport = transportFor(protocol, target);
      opened.push(transport);
      return transport;
    }, {
      clientInfo: { name: "mcp-gen-catalog", version: GENERATOR_VERSION },
      capabilities: Object.fromEntries(options.capabilities.map((c) => [c, {}])),
      handlers: protocol.handlersFor(options.capabilities),
      timeoutMs: options.timeoutMs,
      probeTimeoutMs: Math.min(options.timeoutMs, 10_000),
    });
    return await readLists(client, where, options);
  } catch (error) {
    throw new LiveReadError(`cannot read the catalog of ${where}: ${reason(error, options)}`, offeredVersions(error));
  } finally {
    if (client) await client.close().catch(() => undefined);
    else await Promise.all(opened.map((t) => t.close?.().catch(() => undefined)));
  }
}

async function readLists(client: LiveClient, where: string, options: LiveOptions): Promise<{ input: CatalogInput; warnings: Warning[] }> {
  const capabilities = client.server?.capabilities ?? {};
  const lists = { tools: [], prompts: [], resources: [], resourceTemplates: [] } as Record<ListKey, unknown[]>;
  const warnings: Warning[] = [];
  // Each page is bounded by --timeout; the whole read by TOTAL_FACTOR times that (a server paging
  // forever, each page in time, would otherwise hold the command for maxPages × --timeout).
  const totalMs = options.timeoutMs * TOTAL_FACTOR;
  const signal = AbortSignal.timeout(totalMs);
  for (const list of LISTS) {
    if (!Object.hasOwn(capabilities, list.capability)) continue;
    try {
      for await (const item of client.paginate(list.method, undefined, { timeoutMs: options.timeoutMs, signal })) {
        lists[list.key].push(item);
        if (signal.aborted) break;
      }
      if (signal.aborted) throw new Error("aborted");
    } catch (error) {
      if (signal.aborted) throw new GeneratorError(`its lists were not read within ${totalMs} ms in all (${TOTAL_FACTOR} × --timeout): ${list.method} was still paging after ${lists[list.key].length} items`);
      // A server that announces resources but has no templates list answers -32601: nothing to list.
      if ((error as { code?: unknown }).code !== -32601) throw error;
      warnings.push({ message: `${where} announces ${list.capability} but answers ${list.method} with "method not found": read as empty`, location: { file: where, line: 1, column: 1 } });
    }
  }
  const server = client.server?.serverInfo;
  return { input: { server, protocolVersion: client.protocolVersion, revision: client.revision, lists }, warnings };
}

/** A failed read; `offered` holds the protocol versions the server named when none of ours was one. */
export class LiveReadError extends GeneratorError {
  constructor(
    message: string,
    readonly offered: string[],
  ) {
    super(message);
  }
}

/** The versions a "version" ClientError names: the one `initialize` answered, or -32022's `supported`. */
function offeredVersions(error: unknown): string[] {
  const e = error as { kind?: unknown; detail?: { offered?: unknown }; cause?: { data?: { supported?: unknown }; invalidData?: { value?: { supported?: unknown } } } } | null;
  if (e?.kind !== "version") return [];
  const supported = e.cause?.data?.supported ?? e.cause?.invalidData?.value?.supported;
  const listed = [e.detail?.offered, ...(Array.isArray(supported) ? supported : [])];
  return listed.filter((v): v is string => typeof v === "string");
}

/** The whole catalog read may take this many times --timeout. */
const TOTAL_FACTOR = 10;

/** One line on what went wrong, from the client's errors (ClientError kinds, McpError codes). */
function reason(error: unknown, options: LiveOptions): string {
  const e = error as { kind?: unknown; code?: unknown; message?: unknown; cause?: unknown } | null;
  // The server's words (an error message, a stray line quoted by the client): one line, no controls.
  const message = printable(typeof e?.message === "string" ? e.message : String(error));
  if (error instanceof GeneratorError) return error.message;
  switch (e?.kind) {
    case "timeout":
      return `no answer within ${options.timeoutMs} ms (is it an MCP server? raise --timeout if it is slow)`;
    case "invalid-result":
      return `it answered something that is not a valid MCP result: ${message}`;
    case "closed":
      return `the connection closed: ${message}`;
    case "transport":
    case "http":
      return `it cannot be reached: ${message}`;
    default:
      return typeof e?.code === "number" ? `it answered with error ${e.code}: ${message}` : message;
  }
}
