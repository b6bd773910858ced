// examples/everything in Hono, mounted at /mcp by mountHono (with `auth` it would route the
// metadata too): Hono hands the route its web `Request`, which the generated fetch handler
// answers. Served on Node by @hono/node-server here; the same app runs on Deno, Bun or Workers
// with their own `serve`. `npm run example:hono -- --port P`.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { mountHono, toFetchHandler } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { portArgument, requiredSecret } from "../shared/args.js";

const app = new Hono();
mountHono(app, toFetchHandler(everythingServer(requiredSecret(process.env["MCP_STATE_SECRET"])), { path: "/mcp" }));
serve({ fetch: app.fetch, port: portArgument(process.argv.slice(2)) ?? 3000, hostname: "127.0.0.1" }, (info) => {
  console.error(`MCP server listening on http://127.0.0.1:${info.port}/mcp (Hono)`);
});
