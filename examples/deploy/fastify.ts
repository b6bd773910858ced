// examples/everything in Fastify 5, mounted at /mcp by mountFastify (through the generated
// node:http adapter; with `auth` it would route the metadata too). `npm run example:fastify --
// --port P`. In the routes' own plugin, Fastify's body parsers are replaced by one that reads
// nothing, and each route hijacks the reply: the handler reads the body itself (after its
// checks, up to its limit) and writes the response, SSE streams included.
import Fastify from "fastify";
import { mountFastify, toFetchHandler } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { portArgument, requiredSecret } from "../shared/args.js";

const app = Fastify();
mountFastify(app, toFetchHandler(everythingServer(requiredSecret(process.env["MCP_STATE_SECRET"])), { path: "/mcp" }));
const address = await app.listen({ port: portArgument(process.argv.slice(2)) ?? 3000, host: "127.0.0.1" });
console.error(`MCP server listening on ${address}/mcp (Fastify)`);
