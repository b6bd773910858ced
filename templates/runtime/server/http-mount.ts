// One call per framework that routes everything a toFetchHandler handler answers: the MCP
// endpoint and, with `auth`, the RFC 9728 metadata its 401 challenges point to. Mounting the
// endpoint alone leaves the metadata unrouted (404), and OAuth clients then fail far from the
// cause (the SDK v2's AuthorizationServerMismatchError). The frameworks are typed by what is used
// of them, so the runtime depends on none of them.
import type { FetchHandler } from "./http.js";
import { toNodeListener, type NodeListenerOptions, type NodeRequestLike, type NodeResponseLike } from "./node.js";

/** What mountExpress uses of an Express 5 app (or a Router mounted at the root: the routes are absolute paths). */
export interface ExpressAppLike {
  all(path: string, handler: (request: NodeRequestLike, response: NodeResponseLike) => void): unknown;
}

/** What mountHono uses of a Hono app: a route gets the web `Request` as `c.req.raw`. */
export interface HonoAppLike {
  all(path: string, handler: (c: { req: { raw: Request } }) => Promise<Response>): unknown;
}

/** What mountFastify uses of a Fastify 5 request and reply: node's own objects, and the hijack that hands them over. */
export interface FastifyRouteLike {
  (request: { raw: NodeRequestLike }, reply: { raw: NodeResponseLike; hijack(): unknown }): void;
}

/** What mountFastify uses of the encapsulated scope its plugin gets. */
export interface FastifyScopeLike {
  removeAllContentTypeParsers(): unknown;
  addContentTypeParser(type: string, parser: (request: unknown, payload: unknown, done: (error: null) => void) => void): unknown;
  all(path: string, handler: FastifyRouteLike): unknown;
}

/** What mountFastify uses of a Fastify 5 app. */
export interface FastifyAppLike {
  register(plugin: (scope: FastifyScopeLike, options: unknown) => Promise<void>): unknown;
}

/**
 * A path every router reads as itself: Express, Hono and Fastify read `:`, `*`, `?`, `+`, `(`,
 * `{`, `[`… as patterns, and decode `%` escapes each in its own way.
 */
const LITERAL_PATH = /^\/[A-Za-z0-9._~\/-]*$/;

/** The handler's routes; a handler that cannot say which paths it answers is refused, naming the fix. */
function routesOf(handler: FetchHandler, mount: string): readonly string[] {
  const routes = (handler as Partial<FetchHandler>).routes;
  if (!Array.isArray(routes)) throw new TypeError(`${mount}: pass the handler toFetchHandler returned, not a function around it (it has no \`routes\` to mount)`);
  if (routes.length === 0) throw new TypeError(`${mount}: toFetchHandler was given no \`path\`, so the handler answers every path and there is no route to mount; give it one, e.g. toFetchHandler(server, { path: "/mcp", … })`);
  const odd = routes.find((path) => !LITERAL_PATH.test(path));
  if (odd !== undefined) throw new TypeError(`${mount}: the route ${JSON.stringify(odd)} (from \`path\` or \`auth.resource\`) has characters a router may read as a pattern or decode; only letters, digits, ".", "_", "~", "-" and "/" are mounted as they are. Route each path of handler.routes yourself, escaped as your framework wants`);
  return routes;
}

/**
 * Routes the handler's paths (`handler.routes`: the endpoint and, with `auth`, the metadata) in
 * an Express 5 app, through toNodeListener. Mount it before any body parser (express.json()):
 * the handler reads the body itself, after its checks. `options` are toNodeListener's. Returns the paths mounted.
 */
export function mountExpress(app: ExpressAppLike, handler: FetchHandler, options: NodeListenerOptions = {}): readonly string[] {
  const routes = routesOf(handler, "mountExpress");
  const listener = toNodeListener(handler, options);
  for (const path of routes) app.all(path, listener);
  return routes;
}

/** Routes the handler's paths (`handler.routes`) in a Hono app, on any runtime Hono runs on. Returns the paths mounted. */
export function mountHono(app: HonoAppLike, handler: FetchHandler): readonly string[] {
  const routes = routesOf(handler, "mountHono");
  for (const path of routes) app.all(path, (c) => handler(c.req.raw));
  return routes;
}

/**
 * Routes the handler's paths (`handler.routes`) in a Fastify 5 app, in a plugin of their own:
 * there, and only there, Fastify's body parsers are replaced by one that reads nothing, and each
 * route hands node's request and response to the handler (which reads the body after its checks
 * and writes the answer, SSE streams included). The app's other routes keep their parsers. The
 * routes exist once the app is ready (`await app.listen(…)` or `app.ready()`). `options` are
 * toNodeListener's. Returns the paths mounted.
 */
export function mountFastify(app: FastifyAppLike, handler: FetchHandler, options: NodeListenerOptions = {}): readonly string[] {
  const routes = routesOf(handler, "mountFastify");
  const listener = toNodeListener(handler, options);
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    for (const path of routes) {
      scope.all(path, (request, reply) => {
        reply.hijack();
        listener(request.raw, reply.raw);
      });
    }
  });
  return routes;
}
