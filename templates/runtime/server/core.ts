// The revision-independent core of a generated server: its bindings, options and the steps every
// request goes through (validation, the handler call, result completion). Era-specific
// pipelines live in stateless.ts and session.ts.
import { McpErrorBase } from "../shared/errors.js";
import { COMPLETE, META } from "../shared/protocol.js";
import { createContext, isInputRequired, type ContextSetup } from "./context.js";
import { NotificationHub } from "./listen.js";
import { errorResponse, issueData, isObject, JSONRPC, ProtocolError, resultResponse } from "../shared/messages.js";
import { createStateSealer, type StateSealer } from "./state.js";
import { middlewareCall, runMiddleware } from "./middleware.js";
import { Registry } from "./registry.js";
import { toolCatalog, type ToolCatalog } from "./tools.js";
import { extensionCall, ExtensionSet, widenedValidator, type Era, type OwnMethod } from "./extension.js";
import type { JsonObject, JsonRpcRequest, JsonRpcResponse, MethodInfo, RequestContext, RevisionBinding, RuntimeHandler, Validator } from "./types.js";
import type { ServerOptionsBase } from "./options.js";
import { telemetryFor, type Telemetry } from "../shared/tracing.js";

export interface ServerCore {
  options: ServerOptionsBase;
  /** The handlers: the raw ones and the registry's. */
  handlers: Record<string, RuntimeHandler | undefined>;
  /** What the server declares: the options' capabilities over what its definitions stand for. */
  capabilities: JsonObject;
  /** The definitions' registry, when the server was given any. */
  registry: Registry | undefined;
  stateless: RevisionBinding[];
  session: RevisionBinding[];
  sealer: StateSealer;
  hub: NotificationHub;
  /** HTTP statuses of error answers that are not 200 (set where the error is made). */
  statuses: WeakMap<JsonRpcResponse, number>;
  /** HTTP headers of error answers that carry some (`Retry-After` of a rate limit). */
  replyHeaders: WeakMap<JsonRpcResponse, Readonly<Record<string, string>>>;
  /** The server's own tools, as its tools/list handler lists them (for `Mcp-Param-*` checks). */
  tools: ToolCatalog;
  /** The extensions it serves (extension.ts). */
  extensions: ExtensionSet;
  /** With `tracing` on: its tracer and histogram, once `@opentelemetry/api` is loaded (shared/tracing.ts). */
  telemetry: Promise<Telemetry | undefined> | undefined;
}

export function createCore(options: ServerOptionsBase, revisions: RevisionBinding[]): ServerCore {
  if (!revisions.length) throw new TypeError("a server needs at least one revision");
  const raw = { ...options.handlers };
  const core: ServerCore = {
    options,
    handlers: raw,
    capabilities: { ...options.capabilities },
    registry: undefined,
    stateless: revisions.filter((r) => r.era === "stateless"),
    session: revisions.filter((r) => r.era === "session"),
    sealer: sealerFor(options),
    hub: new NotificationHub(),
    statuses: new WeakMap(),
    replyHeaders: new WeakMap(),
    tools: toolCatalog(),
    extensions: new ExtensionSet(options.extensions ?? []),
    telemetry: undefined,
  };
  core.telemetry = telemetryFor(options.tracing, (error) => reportError(core, error));
  if (options.tools || options.resources || options.resourceTemplates || options.prompts) {
    const defined = new Set(Object.keys(raw).filter((m) => raw[m] !== undefined));
    const host = { bindings: revisions, changed: (kind: ListKind) => announce(core, kind), report: (error: unknown, method: string) => reportError(core, error, method) };
    const registry = new Registry(options, host, defined);
    core.registry = registry;
    core.handlers = { ...raw, ...registry.handlers() };
    core.capabilities = mergeCapabilities(registry.capabilities(), options.capabilities ?? {});
  }
  core.extensions.attach({
    serverInfo: options.serverInfo,
    tool: (name) => core.registry?.tool(name),
    binding: (version) => revisions.find((b) => b.version === version),
    publish: (message) => core.hub.announce(message),
    report: (error, method) => reportError(core, error, method),
  });
  return core;
}

/** What the server declares in an era: its capabilities, with the extensions served there under `extensions`. */
export function capabilitiesIn(core: ServerCore, era: Era): JsonObject {
  return core.extensions.capabilities(core.capabilities, era);
}

/** The binding of a protocol version the server serves. */
export function servedBinding(core: ServerCore, version: string): RevisionBinding | undefined {
  return core.stateless.find((b) => b.version === version) ?? core.session.find((b) => b.version === version);
}

export type ListKind = "tools" | "resources" | "prompts";

/** A list changed: listeners hear of it (and the server forgets what it cached of its tools). */
export function announce(core: ServerCore, kind: ListKind): void {
  if (kind === "tools") core.tools.forget();
  core.hub.changed(`${kind}ListChanged`);
}

/** Derived capabilities with the author's on top (an author's object merges one level deep). */
function mergeCapabilities(derived: JsonObject, given: JsonObject): JsonObject {
  const out: JsonObject = { ...derived };
  for (const [key, value] of Object.entries(given)) {
    const base = out[key];
    out[key] = base !== null && typeof base === "object" && value !== null && typeof value === "object" && !Array.isArray(value) ? { ...base, ...value } : value;
  }
  return out;
}

/**
 * The sealer of request states. Without `stateSecret` (or with an empty one: an environment
 * variable set to nothing) the key is random per process, so a state minted here is refused by a
 * restarted process or another replica: said once, when the first state is sealed (a server that
 * never asks for input is not bothered), through onError, else as one line on stderr that says
 * what to set: no stack, no "Error:", nothing a user must read past.
 */
function sealerFor(options: ServerOptionsBase): StateSealer {
  const secret = options.stateSecret === "" ? undefined : options.stateSecret;
  const sealer = createStateSealer({ ...(secret !== undefined ? { secret } : {}), ...(options.stateTtlMs !== undefined ? { ttlMs: options.stateTtlMs } : {}) });
  if (secret !== undefined) return sealer;
  let warned = false;
  return {
    open: (sealed, expect) => sealer.open(sealed, expect),
    seal: (payload) => {
      if (!warned) {
        warned = true;
        if (options.onError) options.onError(new Error(NO_STATE_SECRET), {});
        else console.error(`mcp server: ${NO_STATE_SECRET}`);
      }
      return sealer.seal(payload);
    },
  };
}

/** The notice of a server without stateSecret: what happens, then what to set. */
const NO_STATE_SECRET =
  "no stateSecret: requestState is sealed with a random key of this process, so a restart or another replica refuses it; " +
  "set createServer's stateSecret to 32 bytes or more, the same in every process (the servers of the docs and of mcp-gen init read it from MCP_STATE_SECRET)";

/** The method's row in a revision's table, as the runtime reads it. */
export function methodInfo(binding: RevisionBinding, method: string): MethodInfo | undefined {
  return binding.methods(method) as MethodInfo | undefined;
}

/** An error answer, with the HTTP status a Streamable HTTP server sends it with. */
export function fail(core: ServerCore, id: JsonRpcRequest["id"] | null | undefined, code: number, message: string, data?: unknown, status = 200): JsonRpcResponse {
  const response = errorResponse(id, code, message, data);
  if (status !== 200) core.statuses.set(response, status);
  return response;
}

/** The answer for an error thrown while handling a request: McpError and ProtocolError as they say, anything else -32603. */
export function answerForError(core: ServerCore, id: JsonRpcRequest["id"], error: unknown, method: string): JsonRpcResponse {
  if (error instanceof ProtocolError) {
    const response = fail(core, id, error.code, error.message, error.data, error.httpStatus);
    if (error.httpHeaders) core.replyHeaders.set(response, error.httpHeaders);
    return response;
  }
  if (error instanceof McpErrorBase) {
    const status = error.code === -32020 || error.code === -32021 || error.code === -32022 ? 400 : 200;
    return fail(core, id, error.code, error.message, error.data, status);
  }
  reportError(core, error, method);
  return fail(core, id, JSONRPC.internalError, "Internal error", undefined, 500);
}

export function reportError(core: ServerCore, error: unknown, method?: string): void {
  if (core.options.onError) core.options.onError(error, { method });
  else console.error(`mcp server: ${method ?? "?"}:`, error);
}

/** Validates a request message with its method's schema: -32602 with the issues when it fails. */
export function validateRequest(info: MethodInfo, message: JsonRpcRequest): void {
  const checked = info.request?.safeParse(message);
  if (checked && !checked.success) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params for ${message.method}`, issueData(checked.error?.issues ?? [], message), 400);
}

/**
 * Runs a handler with its context, inside the author's middleware unless the server itself is the
 * caller (`internal`: the tools/list behind a tools/call's header check); what it throws is
 * answered by the caller.
 */
export async function callHandler(core: ServerCore, method: string, params: unknown, setup: ContextSetup, internal = false): Promise<unknown> {
  const handler = Object.hasOwn(core.handlers, method) ? core.handlers[method] : undefined;
  if (!handler) throw new ProtocolError(JSONRPC.methodNotFound, "Method not found", undefined, 404);
  const ctx = createContext(setup);
  const middleware = internal ? undefined : core.options.middleware;
  // Without middleware, no call object and no closure: the handler is called straight away.
  if (!middleware?.length) return handleWithExtensions(core, handler, method, params, ctx, setup);
  return runMiddleware(middleware, middlewareCall(method, params, ctx), () => handleWithExtensions(core, handler, method, params, ctx, setup));
}

/** The handler inside the extensions' middleware around its method. */
async function handleWithExtensions(core: ServerCore, handler: RuntimeHandler, method: string, params: unknown, ctx: RequestContext, setup: ContextSetup): Promise<unknown> {
  const binding = core.extensions.size ? servedBinding(core, setup.client.protocolVersion) : undefined;
  if (!binding) return handler(params, ctx);
  // Extensions' middleware, the first given outermost: each may answer itself or call on.
  const chain = core.extensions.around(method, binding.era);
  const step = async (at: number, current: RequestContext): Promise<unknown> => {
    const link = chain[at];
    if (!link) return handler(params, current);
    const call = extensionCall(link.extension, setup.client, binding, method);
    return link.around(isObject(params) ? params : {}, current, (next) => step(at + 1, next ?? current), call);
  };
  return step(0, ctx);
}

export { isInputRequired };

/** A request of an extension's own method: -32021 when it is gated and the caller did not declare the extension; its result checked with the extension's row. */
export async function answerOwn(core: ServerCore, binding: RevisionBinding, own: OwnMethod, message: JsonRpcRequest, setup: ContextSetup): Promise<JsonRpcResponse> {
  const call = extensionCall(own.extension, setup.client, binding, message.method);
  if (own.gated) call.require();
  const ctx = createContext(setup);
  const middleware = core.options.middleware;
  const result = middleware?.length ? await runMiddleware(middleware, middlewareCall(message.method, message.params ?? {}, ctx), async () => own.handle(message.params ?? {}, ctx, call)) : await own.handle(message.params ?? {}, ctx, call);
  return completeResult(core, own.info, message, result, binding.era === "stateless");
}

/**
 * A complete result as sent: `resultType` filled where the revision has it, the server's info in
 * `_meta` (stateless era), and validated with the method's result schema.
 */
export function completeResult(core: ServerCore, info: MethodInfo, request: JsonRpcRequest, result: unknown, stateless: boolean): JsonRpcResponse {
  if (result === null || typeof result !== "object" || Array.isArray(result)) {
    reportError(core, new TypeError(`the ${request.method} handler returned ${JSON.stringify(result)}, not a result object`), request.method);
    return fail(core, request.id, JSONRPC.internalError, "Internal error", undefined, 500);
  }
  const widened = widenedValidator(result);
  const out: JsonObject = { ...(result as JsonObject) };
  if (widened) {
    const meta = (out["_meta"] as JsonObject | undefined) ?? {};
    if (stateless && meta[META.serverInfo] === undefined) out["_meta"] = { ...meta, [META.serverInfo]: core.options.serverInfo };
    return checkedResult(core, info, request, out, widened);
  }
  if (stateless) {
    if (out["resultType"] === undefined) out["resultType"] = COMPLETE;
    const meta = (out["_meta"] as JsonObject | undefined) ?? {};
    if (meta[META.serverInfo] === undefined) out["_meta"] = { ...meta, [META.serverInfo]: core.options.serverInfo };
  } else if (out["resultType"] === COMPLETE) {
    delete out["resultType"];
  }
  return checkedResult(core, info, request, out, info.complete ?? info.result);
}

/** The result answer, or -32603 (reported through onError) when it fails its schema. */
export function checkedResult(core: ServerCore, info: MethodInfo, request: JsonRpcRequest, result: JsonObject, schema: Validator | undefined = info.result): JsonRpcResponse {
  if (core.options.validateResults !== false && schema) {
    const checked = schema.safeParse(result);
    if (!checked.success) {
      const issues = issueData(checked.error?.issues ?? [], result).issues;
      reportError(core, new TypeError(`the ${request.method} handler returned an invalid result: ${issues.join("; ")}`), request.method);
      return fail(core, request.id, JSONRPC.internalError, "Internal error", undefined, 500);
    }
  }
  return resultResponse(request.id, result);
}
