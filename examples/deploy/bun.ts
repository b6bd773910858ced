// examples/everything on Bun: `Bun.serve` with the generated fetch handler, mounted at /mcp.
// Run by `npm run example:bun -- --port P` (examples/deploy.mjs starts a Bun process on this file).
import { toFetchHandler } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { portArgument, requiredSecret } from "../shared/args.js";

/** What this file uses of Bun's global (no Bun types in the examples' program). */
declare const Bun: {
  version: string;
  argv: string[];
  env: Record<string, string | undefined>;
  serve(options: { port: number; hostname: string; idleTimeout: number; fetch: (request: Request) => Promise<Response> }): { port: number };
};

const handler = toFetchHandler(everythingServer(requiredSecret(Bun.env["MCP_STATE_SECRET"])), { path: "/mcp" });
// Bun closes a connection idle for 10 s by default, a quiet GET stream included: 0 turns that off.
const served = Bun.serve({ port: portArgument(Bun.argv) ?? 3000, hostname: "127.0.0.1", idleTimeout: 0, fetch: handler });
console.error(`MCP server listening on http://127.0.0.1:${served.port}/mcp (Bun ${Bun.version})`);
