// examples/everything in Express 5, mounted at /mcp by mountExpress (through the generated
// node:http adapter; with `auth` it would route the metadata too). `npm run example:express --
// --port P`. No body parser runs before it: the handler reads the body itself, after its checks,
// up to its limit.
import express from "express";
import { mountExpress, toFetchHandler } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { portArgument, requiredSecret } from "../shared/args.js";

const app = express();
mountExpress(app, toFetchHandler(everythingServer(requiredSecret(process.env["MCP_STATE_SECRET"])), { path: "/mcp" }));
const port = portArgument(process.argv.slice(2)) ?? 3000;
const http = app.listen(port, "127.0.0.1", () => {
  const address = http.address();
  console.error(`MCP server listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp (Express)`);
});
