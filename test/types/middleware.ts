// Facts of typed middleware (issue 55 item 2): narrowing a call on `method` types its `params`;
// only requests a client sends are calls; the built-ins fit the option.
import { createServer, rateLimit, requestLog, requestTiming, type Middleware } from "@gen-root";
import type { Assert, Equal } from "./assert.js";

export const audit: Middleware = async (call, next) => {
  if (call.method === "tools/call") {
    type _name = Assert<Equal<typeof call.params.name, string>>;
    // @ts-expect-error: tools/call params have no `uri`
    void call.params.uri;
  }
  if (call.method === "resources/read") void call.params.uri.toUpperCase();
  // @ts-expect-error: a server sends elicitation/create; middleware never sees it as a call
  if (call.method === "elicitation/create") return next();
  return next();
};

export const server = createServer({
  serverInfo: { name: "mw", version: "1.0.0" },
  middleware: [requestLog(), rateLimit({ requests: 10, windowMs: 1000 }), requestTiming((t) => void t.ms), audit],
});
