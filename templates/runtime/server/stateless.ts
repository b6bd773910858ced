// Requests of the stateless era (2026-07-28 and later): every request carries its `_meta`
// envelope; nothing is remembered between requests except what the sealed requestState carries.
import type { TraceAsk } from "./tracing.js";
import { decodeHeaderValue } from "../shared/headers.js";
import { HEADER, META, nameSourceOf } from "../shared/protocol.js";
import { capabilityFor, createContext, markedState, missingCapabilities, type ContextSetup } from "./context.js";
import { answerForError, answerOwn, callHandler, capabilitiesIn, checkedResult, completeResult, fail, isInputRequired, methodInfo, validateRequest, type ServerCore } from "./core.js";
import { extensionCall, type ListenPart } from "./extension.js";
import { acknowledgement, honouredFilter, listenStream, tagged, MAX_LISTEN_STREAMS, MAX_SUBSCRIPTION_URI_LENGTH, MAX_SUBSCRIPTIONS, type SubscriptionFilter } from "./listen.js";
import { issueData, isObject, JSONRPC, ProtocolError } from "../shared/messages.js";
import { bindingOf } from "./state.js";
import { paramHeaderMismatch } from "./tools.js";
import type { AuthInfo, ClientFacts, JsonObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, LogLevel, MethodInfo, RevisionBinding } from "./types.js";
import { LOG_LEVELS } from "./types.js";

/** What the transport knows of a request besides its message. */
export interface Exchange {
  /** Sends a message on this request's channel before its answer (progress, logs, listen notifications). */
  notify(message: JsonRpcNotification | JsonRpcRequest): void;
  /** Aborted when the transport loses the client (a closed HTTP stream, stdin's end). */
  signal?: AbortSignal;
  /** The HTTP request's headers, for the header/body checks of Streamable HTTP; absent on stdio. */
  headers?: Headers;
  /** The authenticated principal, if any: sealed request states are bound to it. */
  principal?: string;
  /** The verified caller (`toFetchHandler`'s `auth`), if any. */
  auth?: AuthInfo;
  /** The inputSchema of a tool for the `Mcp-Param-*` check (default: the tools/list handler's). */
  toolInputSchema?: (name: string) => unknown;
  /** With tracing on: sends a request of the server's own to the client inside its span (server/tracing.ts). */
  traceAsk?: TraceAsk | undefined;
}

/** The version a request claims in its `_meta` envelope, if any. */
export function claimedVersion(message: { params?: JsonObject }): string | undefined {
  const meta = message.params?.["_meta"];
  const claim = isObject(meta) ? meta[META.protocolVersion] : undefined;
  return typeof claim === "string" ? claim : undefined;
}

/** The envelope's client facts: -32602 (HTTP 400) when `_meta`, its version or capabilities are missing. */
function envelopeOf(message: JsonRpcRequest): ClientFacts {
  const meta = message.params?.["_meta"];
  const missing = !isObject(meta) ? ["_meta"] : [META.protocolVersion, META.clientCapabilities].filter((key) => meta[key] === undefined);
  if (missing.length || !isObject(meta)) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: the request's _meta lacks ${missing.join(", ")}`, { envelope: { missing } }, 400);
  const capabilities = meta[META.clientCapabilities];
  const version = meta[META.protocolVersion];
  if (typeof version !== "string" || !isObject(capabilities)) throw new ProtocolError(JSONRPC.invalidParams, "Invalid params: malformed _meta envelope", { envelope: { malformed: true } }, 400);
  const info = meta[META.clientInfo];
  return { protocolVersion: version, capabilities, ...(isObject(info) ? { info } : {}) };
}

/** Streamable HTTP: the standard headers must be present and agree with the body (-32020, HTTP 400). */
function checkHeaders(core: ServerCore, headers: Headers, message: JsonRpcRequest, version: string): void {
  const mismatch = (what: string, header: string | null, body: string) => {
    const said = header === null ? "missing" : `'${header}'`;
    throw new ProtocolError(-32020, `Header mismatch: ${what} header ${said} does not match body value '${body}'`, { header: what, expected: body }, 400);
  };
  const versionHeader = headers.get(HEADER.protocolVersion);
  if (versionHeader !== version) mismatch(HEADER.protocolVersion, versionHeader, version);
  const method = headers.get(HEADER.method);
  if (method !== message.method) mismatch(HEADER.method, method, message.method);
  // An extension's method carries the Mcp-Name its extension says, or none: the core's name/uri
  // source is the core's rule for its own methods (a skills/get has a uri and no Mcp-Name).
  const own = core.extensions.own(message.method, "stateless") !== undefined;
  const name = own ? core.extensions.routingName(message.method, message.params ?? {}) : nameSourceOf(message.params);
  if (name === undefined) return;
  const raw = headers.get(HEADER.name);
  if (raw === null || decodeHeaderValue(raw) !== name) mismatch(HEADER.name, raw, name);
}

function stateless(core: ServerCore, version: string): RevisionBinding {
  const binding = core.stateless.find((b) => b.version === version);
  if (binding) return binding;
  const supported = [...new Set(core.stateless.map((b) => b.version))];
  throw new ProtocolError(-32022, `Unsupported protocol version: ${version}`, { supported, requested: version }, 400);
}

/** Handles one stateless request; every failure is an error answer (with its HTTP status in core.statuses). */
export async function handleStateless(core: ServerCore, message: JsonRpcRequest, exchange: Exchange): Promise<JsonRpcResponse | undefined> {
  try {
    const client = envelopeOf(message);
    if (exchange.headers) checkHeaders(core, exchange.headers, message, client.protocolVersion);
    const binding = stateless(core, client.protocolVersion);
    const own = core.extensions.own(message.method, "stateless");
    const info = own?.info ?? methodInfo(binding, message.method);
    if (!info || info.kind !== "request" || !info.sender.includes("client")) throw new ProtocolError(JSONRPC.methodNotFound, "Method not found", undefined, 404);
    validateRequest(info, message);
    if (own) return await answerOwn(core, binding, own, message, setupOf(message, client, exchange, undefined));
    if (exchange.headers) await checkParamHeaders(core, exchange.headers, message, client, exchange);
    if (message.method === "server/discover") return discover(core, info, message);
    if (message.method === "subscriptions/listen") return await listen(core, binding, message, client, exchange);
    return await run(core, binding, info, message, client, exchange);
  } catch (error) {
    return answerForError(core, message.id, error, message.method);
  }
}

function discover(core: ServerCore, info: MethodInfo, message: JsonRpcRequest): JsonRpcResponse {
  const cache = core.options.discoverCache ?? { ttlMs: 0, cacheScope: "private" };
  const result: JsonObject = {
    supportedVersions: [...new Set(core.stateless.map((b) => b.version))],
    capabilities: capabilitiesIn(core, "stateless"),
    ...(core.options.instructions !== undefined ? { instructions: core.options.instructions } : {}),
    ...cache,
  };
  return completeResult(core, info, message, result, true);
}

/**
 * A tools/call's `Mcp-Param-*` headers against the tool's annotations (-32020, HTTP 400), the
 * tool read from a listing made with this request's own context (after its envelope and params
 * were validated) and cached per principal until the tool list changes.
 */
async function checkParamHeaders(core: ServerCore, headers: Headers, message: JsonRpcRequest, client: ClientFacts, exchange: Exchange): Promise<void> {
  const name = message.params?.["name"];
  if (message.method !== "tools/call" || typeof name !== "string") return;
  const { progressToken: _progress, ...meta } = message.params?.["_meta"] as JsonObject;
  const list = (params: JsonObject) =>
    callHandler(core, "tools/list", { ...params, _meta: meta }, {
      client,
      meta,
      signal: exchange.signal ?? new AbortController().signal,
      notify: () => undefined,
      logLevel: undefined,
      inputResponses: undefined,
      requestState: undefined,
      principal: exchange.principal,
      auth: exchange.auth,
    }, true);
  const hasList = Object.hasOwn(core.handlers, "tools/list");
  const schema = exchange.toolInputSchema ? await exchange.toolInputSchema(name) : hasList ? await core.tools.inputSchema(name, exchange.principal, list) : undefined;
  const mismatch = paramHeaderMismatch(headers, name, message.params?.["arguments"], schema);
  if (mismatch) throw new ProtocolError(-32020, mismatch, undefined, 400);
}

/**
 * Opens the round: the sealed state is verified and the answers to what it asked are validated.
 * Without a state nothing was asked, so `inputResponses` alone are dropped.
 */
async function openRound(core: ServerCore, binding: RevisionBinding, message: JsonRpcRequest, principal: string | undefined): Promise<{ state: unknown; responses: Record<string, unknown> | undefined }> {
  const params = message.params ?? {};
  const responses = isObject(params["inputResponses"]) ? params["inputResponses"] : undefined;
  if (params["requestState"] === undefined) return { state: undefined, responses: undefined };
  if (typeof params["requestState"] !== "string") throw new ProtocolError(JSONRPC.invalidParams, "Invalid or expired requestState", { reason: "invalid_request_state" });
  const expect = { binding: await bindingOf(message.method, params), ...(principal !== undefined ? { principal } : {}) };
  const opened = await core.sealer.open(params["requestState"], expect);
  if ("refused" in opened) throw new ProtocolError(JSONRPC.invalidParams, "Invalid or expired requestState", { reason: "invalid_request_state", detail: opened.refused });
  const answered: Record<string, unknown> = {};
  for (const [key, method] of Object.entries(opened.asked)) {
    if (!responses || !Object.hasOwn(responses, key)) continue;
    const checked = methodInfo(binding, method)?.result?.safeParse(responses[key]);
    if (checked && !checked.success) throw new ProtocolError(JSONRPC.invalidParams, `Invalid input response "${key}" to ${method}`, issueData(checked.error?.issues ?? [], responses[key]));
    answered[key] = responses[key];
  }
  return { state: opened.state, responses: answered };
}

function logLevelOf(meta: JsonObject): LogLevel | undefined {
  const level = meta[META.logLevel];
  return typeof level === "string" && (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : undefined;
}

/** A handler's context setup for a stateless request (the round's answers and state, if any). */
function setupOf(message: JsonRpcRequest, client: ClientFacts, exchange: Exchange, round: { state: unknown; responses: Record<string, unknown> | undefined } | undefined): ContextSetup {
  const meta = message.params?.["_meta"] as JsonObject;
  return {
    client,
    meta,
    signal: exchange.signal ?? new AbortController().signal,
    notify: (m) => exchange.notify(m),
    logLevel: logLevelOf(meta),
    inputResponses: round?.responses,
    requestState: round?.state,
    principal: exchange.principal,
    auth: exchange.auth,
  };
}

async function run(core: ServerCore, binding: RevisionBinding, info: MethodInfo, message: JsonRpcRequest, client: ClientFacts, exchange: Exchange): Promise<JsonRpcResponse> {
  const round = await openRound(core, binding, message, exchange.principal);
  const result = await callHandler(core, message.method, message.params, setupOf(message, client, exchange, round));
  if (!isInputRequired(result)) return completeResult(core, info, message, result, true);
  return inputRequiredAnswer(core, binding, info, message, client, result, exchange.principal);
}

/**
 * An input_required answer: each input request must be one the revision allows and the client
 * declared a capability for (else -32021); the handler's state is sealed into `requestState`.
 */
async function inputRequiredAnswer(core: ServerCore, binding: RevisionBinding, info: MethodInfo, message: JsonRpcRequest, client: ClientFacts, result: JsonObject, principal: string | undefined): Promise<JsonRpcResponse> {
  const requests = isObject(result["inputRequests"]) ? result["inputRequests"] : {};
  const asked: Record<string, string> = {};
  for (const [key, request] of Object.entries(requests)) {
    const method = isObject(request) && typeof request["method"] === "string" ? request["method"] : "";
    if (!binding.inputRequestMethods.includes(method)) throw new TypeError(`input request "${key}" names ${JSON.stringify(method)}, which is not an input request of ${binding.version}`);
    const required = { [capabilityFor(method)]: isObject(request) && isObject(request["params"]) && request["params"]["mode"] === "url" ? { url: {} } : {} };
    const missing = missingCapabilities(client.capabilities, required);
    if (missing) throw new ProtocolError(-32021, `Cannot ask for input "${key}" (${method}): the client did not declare ${Object.keys(missing).join(", ")}`, { requiredCapabilities: missing }, 400);
    asked[key] = method;
  }
  const state = markedState(result)?.state ?? result["requestState"];
  const binding$ = await bindingOf(message.method, message.params);
  const sealed = await core.sealer.seal({ binding: binding$, asked, ...(state !== undefined ? { state } : {}), ...(principal !== undefined ? { principal } : {}) });
  const meta = isObject(result["_meta"]) ? result["_meta"] : {};
  return checkedResult(core, info, message, { ...result, requestState: sealed, _meta: { ...meta, [META.serverInfo]: core.options.serverInfo } });
}

/**
 * `subscriptions/listen`: acknowledges the filter the server honours, then delivers matching
 * notifications until the client goes away (no answer then) or the server closes (a final result).
 * Its resources are bounded as a session's are, and its caller's open streams in number.
 */
async function listen(core: ServerCore, binding: RevisionBinding, message: JsonRpcRequest, client: ClientFacts, exchange: Exchange): Promise<JsonRpcResponse | undefined> {
  const requested = (message.params?.["notifications"] ?? {}) as SubscriptionFilter;
  const uris = boundedSubscriptions(core, requested.resourceSubscriptions ?? []);
  const filter = honouredFilter({ ...requested, resourceSubscriptions: uris }, core.capabilities);
  const parts = await extensionParts(core, binding, message, client, exchange);
  const max = core.options.maxListenStreams ?? MAX_LISTEN_STREAMS;
  const release = core.hub.claim(exchange.principal, max);
  if (!release) throw new ProtocolError(-32000, `Too many listen streams: a caller holds at most ${max} open subscriptions/listen streams (maxListenStreams); close one first`, { maxListenStreams: max }, 429);
  exchange.notify(acknowledgement(message.id, Object.assign({}, filter, ...parts.map((p) => p.acknowledged))));
  const { listener, interest } = listenStream(message.id, filter, (m) => exchange.notify(m));
  const registration = core.hub.add(listener, interest);
  // An extension's notifications reach this stream when its part wants them (all methods heard, each filtered).
  const extensionRegistrations = parts.map((part) => core.hub.add({ deliver: (m) => void (part.wants(m) && exchange.notify(tagged(message.id, m))) }, { methods: "all", uris: [] }));
  try {
    const signal = exchange.signal;
    await new Promise<void>((resolve) => {
      if (!signal || signal.aborted) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
    });
  } finally {
    registration.remove();
    for (const r of extensionRegistrations) r.remove();
    release();
  }
  return undefined;
}

/** Each extension's part of a listen filter (its hook may refuse the request, -32021 for one it gates). */
async function extensionParts(core: ServerCore, binding: RevisionBinding, message: JsonRpcRequest, client: ClientFacts, exchange: Exchange): Promise<ListenPart[]> {
  const listeners = core.extensions.listeners("stateless");
  if (!listeners.length) return [];
  const requested = isObject(message.params?.["notifications"]) ? message.params["notifications"] : {};
  const ctx = createContext(setupOf(message, client, exchange, undefined));
  const parts = await Promise.all(listeners.map((e) => e.listen!(requested, ctx, extensionCall(e, client, binding, message.method))));
  return parts.filter((p): p is ListenPart => p !== undefined);
}

/** The distinct URIs a listen stream subscribes to: -32602 past `maxSubscriptions` of them, or for one longer than `maxSubscriptionUriLength`. */
function boundedSubscriptions(core: ServerCore, requested: string[]): string[] {
  const uris = [...new Set(requested)];
  const max = core.options.maxSubscriptions ?? MAX_SUBSCRIPTIONS;
  if (uris.length > max) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: subscriptions/listen takes at most ${max} resourceSubscriptions (maxSubscriptions); this one has ${uris.length}`, { maxSubscriptions: max, count: uris.length }, 400);
  const longest = core.options.maxSubscriptionUriLength ?? MAX_SUBSCRIPTION_URI_LENGTH;
  const at = requested.findIndex((uri) => uri.length > longest);
  if (at >= 0) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: resourceSubscriptions[${at}] has ${requested[at]!.length} characters; a subscribed uri has at most ${longest} (maxSubscriptionUriLength)`, { maxUriLength: longest, index: at }, 400);
  return uris;
}

export { fail };
