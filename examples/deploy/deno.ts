// examples/everything on Deno: `Deno.serve` with the generated fetch handler, mounted at /mcp.
// Run by `npm run example:deno -- --port P` (examples/deploy.mjs starts a Deno process on this file).
import { toFetchHandler } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { portArgument, requiredSecret } from "../shared/args.js";

/** What this file uses of Deno's global (no Deno types in the examples' program). */
declare const Deno: {
  args: string[];
  version: { deno: string };
  env: { get(name: string): string | undefined };
  serve(options: { port: number; hostname: string; onListen: (address: { port: number }) => void }, handler: (request: Request) => Promise<Response>): unknown;
};

const handler = toFetchHandler(everythingServer(requiredSecret(Deno.env.get("MCP_STATE_SECRET"))), { path: "/mcp" });
const onListen = ({ port }: { port: number }) => console.error(`MCP server listening on http://127.0.0.1:${port}/mcp (Deno ${Deno.version.deno})`);
Deno.serve({ port: portArgument(Deno.args) ?? 3000, hostname: "127.0.0.1", onListen }, handler);
