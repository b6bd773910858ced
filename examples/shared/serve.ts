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

export async function serve(server: McpServer, argv: string[] = process.argv.slice(2)): Promise<void> {
  const port = portArgument(argv);
  if (port === undefined) {
    await serveStdio(server);
    return;
  }
  const handler = toFetchHandler(server);
  const listener = toNodeListener(async (request) => {
    if (new URL(request.url).pathname !== "/mcp") return new Response("Not Found", { status: 404 });
    return handler(request);
  });
  const http = createHttpServer(listener);
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const address = http.address();
  console.error(`MCP server listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp`);
}
