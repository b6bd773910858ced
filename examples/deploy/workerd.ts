// examples/everything as a Cloudflare module worker (a `fetch` export, no `node:` import, no
// nodejs_compat), run locally by workerd: `npm run example:workerd -- --port P` bundles this file
// with esbuild and starts workerd on it (examples/deploy.mjs writes the config).
//
// Legacy (2025-11-25) sessions keep state between requests: a tool that asks the client
// (sampling, elicitation) waits in one request for the answer POSTed in another. A worker may not
// settle, in one request, a promise or stream another request created (without the object: 26/30,
// those four scenarios time out), so every request goes to one Durable Object, which owns the
// server and its memory store (many objects, or many isolates, would need a shared store instead).
import { toFetchHandler } from "../gen/server.js";
import { everythingServer } from "../everything/server.js";
import { requiredSecret } from "../shared/args.js";

interface Env {
  MCP_STATE_SECRET?: string;
  MCP: { idFromName(name: string): unknown; get(id: unknown): { fetch(request: Request): Promise<Response> } };
}

/** The Durable Object that serves every request: one server, one memory store. */
export class McpObject {
  readonly #handler: (request: Request) => Promise<Response>;
  constructor(_state: unknown, env: Env) {
    this.#handler = toFetchHandler(everythingServer(requiredSecret(env.MCP_STATE_SECRET)), { path: "/mcp" });
  }
  fetch(request: Request): Promise<Response> {
    return this.#handler(request);
  }
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env.MCP.get(env.MCP.idFromName("everything")).fetch(request);
  },
};
