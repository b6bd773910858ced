// examples/everything in Fastify 5, mounted at /mcp through the generated node:http adapter.
// `npm run example:fastify -- --port P`. Fastify's body parsers are replaced by one that reads
// nothing, and the route hijacks the reply: the handler reads the body itself (after its
// checks, up to its limit) and writes the response, SSE streams included.
import Fastify from "fastify";
import { toFetchHandler, toNodeListener } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { portArgument, requiredSecret } from "../shared/args.js";

const listener = toNodeListener(toFetchHandler(everythingServer(requiredSecret(process.env["MCP_STATE_SECRET"])), { path: "/mcp" }));
const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", (_request, _payload, done) => done(null));
app.all("/mcp", (request, reply) => {
  reply.hijack();
  listener(request.raw, reply.raw);
});
const address = await app.listen({ port: portArgument(process.argv.slice(2)) ?? 3000, host: "127.0.0.1" });
console.error(`MCP server listening on ${address}/mcp (Fastify)`);
