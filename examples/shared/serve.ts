// Serves a generated server the way the examples are started: `--port PORT` for Streamable HTTP
// on http://127.0.0.1:PORT/mcp, else stdio.
import { createServer as createHttpServer } from "node:http";
import { serveStdio, toFetchHandler, toNodeListener, type McpServer } from "../gen/server.js";

export function portArgument(argv: string[]): number | undefined {
  const at = argv.indexOf("--port");
  if (at < 0) return undefined;
  const port = Number(argv[at + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a port number, got ${argv[at + 1]}`);
  return port;
}

/**
 * The secret that seals requestState: MCP_STATE_SECRET. Over HTTP it is required, since the
 * retry of a round may reach another process (or this one restarted); there is no built-in
 * fallback. On stdio, without it, the process seals with a random key of its own.
 */
export function stateSecret(argv: string[] = process.argv.slice(2)): string | undefined {
  const secret = process.env["MCP_STATE_SECRET"];
  if (secret) return secret;
  if (portArgument(argv) === undefined) return undefined;
  console.error("MCP_STATE_SECRET is required over HTTP (32 bytes or more, the same for every process of this server): it seals the requestState of multi round-trip requests.");
  process.exit(2);
}

export async function serve(server: McpServer, argv: string[] = process.argv.slice(2)): Promise<void> {
  const port = portArgument(argv);
  if (port === undefined) {
    await serveStdio(server);
    return;
  }
  const http = createHttpServer(toNodeListener(toFetchHandler(server, { path: "/mcp" })));
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const address = http.address();
  console.error(`MCP server listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp`);
}
