// Sessions of the session era (2025-11-25 and earlier): `initialize` opens them, and the server
// may send requests to the client. Handlers are written MRTR-style for both eras: here an
// input_required result becomes real requests to the client, and the handler runs again with
// the answers.
import { capabilityFor, missingCapabilities, markedState, type ContextSetup } from "./context.js";
import { answerForError, answerOwn, callHandler, capabilitiesIn, completeResult, fail, isInputRequired, methodInfo, validateRequest, type ServerCore } from "./core.js";
import { MAX_SUBSCRIPTIONS, MAX_SUBSCRIPTION_URI_LENGTH, type Registration } from "./listen.js";
import type { Exchange } from "./stateless.js";
import { issueData, isObject, JSONRPC, ProtocolError, resultResponse } from "../shared/messages.js";
import type { SessionChange, SessionRecord } from "../stores/store.js";
import type { ClientFacts, JsonObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, LogLevel, RequestId, RevisionBinding } from "./types.js";
import { LOG_LEVELS } from "./types.js";

/** One session: a stdio process, or an HTTP `Mcp-Session-Id`. */
export interface Session {
  readonly id: string;
  binding?: RevisionBinding;
  client?: ClientFacts;
  logLevel?: LogLevel;
  readonly subscriptions: Set<string>;
  /** Answers awaited from the client, by the id of the request the server sent. */
  readonly pending: Map<RequestId, (response: JsonRpcResponse) => void>;
  /** Requests being handled, for `notifications/cancelled`. */
  readonly inflight: InFlight;
  /** Sends a message outside any request (stdio: stdout). Over HTTP, the store logs them for the GET streams instead. */
  send?: ((message: JsonRpcNotification) => void) | undefined;
  /** Told of what a request changed (log level, subscriptions) before it is answered: HTTP keeps it in its store ("full": a subscription past its bound). */
  onChange?: ((change: SessionChange) => Promise<"done" | "full">) | undefined;
  /** Told before a request goes to the client (HTTP: its answer may be posted to another replica), and once it is answered or given up. */
  onAsk?: ((requestId: string) => Promise<void>) | undefined;
  onAnswered?: ((requestId: string) => void) | undefined;
  close(): void;
}

/** The ids of the requests sent to clients: unique across processes too (replicas share a session's answers). */
// Drawn on first use, not at import: Workers refuse random values in a module's global scope.
let idPrefix: string | undefined;
let nextId = 0;

export { MAX_SUBSCRIPTIONS, MAX_SUBSCRIPTION_URI_LENGTH } from "./listen.js";

/** Requests in flight by id. JSON-RPC ids should be unique, but a client may reuse one: each is cancelled. */
export class InFlight {
  readonly #byId = new Map<RequestId, Set<AbortController>>();

  start(id: RequestId): AbortController {
    const controller = new AbortController();
    const set = this.#byId.get(id) ?? new Set();
    set.add(controller);
    this.#byId.set(id, set);
    return controller;
  }

  finish(id: RequestId, controller: AbortController): void {
    const set = this.#byId.get(id);
    set?.delete(controller);
    if (set?.size === 0) this.#byId.delete(id);
  }

  has(id: unknown): boolean {
    return this.#byId.has(id as RequestId);
  }

  cancel(id: unknown, reason?: unknown): void {
    for (const controller of this.#byId.get(id as RequestId) ?? []) controller.abort(reason);
  }

  cancelAll(reason?: unknown): void {
    for (const set of this.#byId.values()) for (const controller of set) controller.abort(reason);
  }
}

/**
 * A new session. `listen`: it hears the server's notifications through the hub (stdio); an
 * HTTP session does not, its store logs them for its GET streams.
 */
export function createSession(core: ServerCore, id: string, listen = true): Session {
  const registration = listen ? core.hub.add({ deliver: (m) => void (session.binding !== undefined && session.send?.(m)) }, { methods: "all", uris: [] }) : undefined;
  const session: Session = {
    id,
    subscriptions: registration ? new IndexedUris(registration) : new Set(),
    pending: new Map(),
    inflight: new InFlight(),
    close: () => {
      registration?.remove();
      session.inflight.cancelAll();
      for (const resolve of session.pending.values()) resolve({ jsonrpc: "2.0", id: null, error: { code: JSONRPC.internalError, message: "Session closed" } });
      session.pending.clear();
    },
  };
  return session;
}

/** The URIs a session that hears the hub subscribed to, filed in the hub as they change (a resource update finds the session by its URI). */
class IndexedUris extends Set<string> {
  readonly #registration: Registration;

  constructor(registration: Registration) {
    super();
    this.#registration = registration;
  }

  override add(uri: string): this {
    this.#registration.subscribe(uri);
    return super.add(uri);
  }

  override delete(uri: string): boolean {
    this.#registration.unsubscribe(uri);
    return super.delete(uri);
  }

  override clear(): void {
    for (const uri of this) this.#registration.unsubscribe(uri);
    super.clear();
  }
}

/** What the store keeps of a session (the principal is the transport's to add). */
export function sessionSnapshot(session: Session): Omit<SessionRecord, "principal"> | undefined {
  if (!session.binding || !session.client) return undefined;
  return { id: session.id, version: session.binding.version, client: session.client, ...(session.logLevel ? { logLevel: session.logLevel } : {}) };
}

/** A session of another request (maybe of another replica) rebuilt from its record; undefined when its version is not served here. */
export function restoreSession(core: ServerCore, record: SessionRecord): Session | undefined {
  const binding = core.session.find((b) => b.version === record.version);
  if (!binding) return undefined;
  const session = createSession(core, record.id, false);
  session.binding = binding;
  session.client = record.client;
  refreshSession(session, record);
  return session;
}

/** Takes in what other requests changed since (the log level; subscriptions stay in the store, which delivers by them). */
export function refreshSession(session: Session, record: SessionRecord): void {
  if (record.logLevel) session.logLevel = record.logLevel;
  else delete session.logLevel;
}

/** The session binding for a requested version: that one if served, else the newest session-era one. */
function negotiate(core: ServerCore, requested: unknown): RevisionBinding {
  const exact = core.session.find((b) => b.version === requested);
  return exact ?? [...core.session].sort((a, b) => (a.version < b.version ? 1 : -1))[0]!;
}

export function isInitialize(core: ServerCore, method: string): boolean {
  return core.session.some((b) => b.initializeMethod === method);
}

/** Handles a request of a session. */
export async function handleSessionRequest(core: ServerCore, session: Session, message: JsonRpcRequest, exchange: Exchange): Promise<JsonRpcResponse> {
  const controller = session.inflight.start(message.id);
  if (exchange.signal?.aborted) controller.abort();
  else exchange.signal?.addEventListener("abort", () => controller.abort(), { once: true });
  try {
    if (isInitialize(core, message.method)) return initialize(core, session, message);
    const binding = session.binding;
    if (!binding || !session.client) return fail(core, message.id, JSONRPC.invalidRequest, "Bad Request: the session is not initialized", undefined, 400);
    const own = core.extensions.own(message.method, "session");
    const info = own?.info ?? methodInfo(binding, message.method);
    if (!info || info.kind !== "request" || !info.sender.includes("client")) return fail(core, message.id, JSONRPC.methodNotFound, "Method not found", undefined, 404);
    validateRequest(info, message);
    if (own) return await answerOwn(core, binding, own, message, sessionSetup(session, message, { ...exchange, signal: controller.signal }, undefined, undefined));
    const builtIn = await builtInAnswer(core, session, message);
    if (builtIn) return builtIn;
    const result = await rounds(core, session, binding, message, { ...exchange, signal: controller.signal });
    return completeResult(core, info, message, result, false);
  } catch (error) {
    return answerForError(core, message.id, error, message.method);
  } finally {
    session.inflight.finish(message.id, controller);
  }
}

function initialize(core: ServerCore, session: Session, message: JsonRpcRequest): JsonRpcResponse {
  const params = message.params ?? {};
  const binding = negotiate(core, params["protocolVersion"]);
  const info = methodInfo(binding, message.method);
  if (info) validateRequest(info, message);
  session.binding = binding;
  session.client = {
    protocolVersion: binding.version,
    capabilities: isObject(params["capabilities"]) ? params["capabilities"] : {},
    ...(isObject(params["clientInfo"]) ? { info: params["clientInfo"] } : {}),
  };
  const result: JsonObject = { protocolVersion: binding.version, capabilities: capabilitiesIn(core, "session"), serverInfo: core.options.serverInfo };
  if (core.options.instructions !== undefined) result["instructions"] = core.options.instructions;
  return resultResponse(message.id, result);
}

/**
 * The methods a session-era server answers itself (from the session-era prose): ping, log level,
 * subscriptions (only when the server declared `resources.subscribe`, and bounded). A change is
 * answered once the session's store has it (else the request fails).
 */
async function builtInAnswer(core: ServerCore, session: Session, message: JsonRpcRequest): Promise<JsonRpcResponse | undefined> {
  const change = builtInChange(core, message);
  if (change === undefined) return message.method === "ping" ? resultResponse(message.id, {}) : undefined;
  if (change === null) return resultResponse(message.id, {});
  const local = "subscribe" in change && !session.subscriptions.has(change.subscribe) && session.subscriptions.size >= change.max ? "full" : "done";
  // A session in a store (HTTP) is bounded there, across replicas; one of this process alone (stdio) here.
  if ((session.onChange ? await session.onChange(change) : local) === "full") {
    const max = (change as { max: number }).max;
    throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: a session holds at most ${max} subscriptions (unsubscribe from one first)`, { maxSubscriptions: max }, 400);
  }
  if ("logLevel" in change) session.logLevel = change.logLevel;
  else if (session.onChange) return resultResponse(message.id, {}); // its store delivers by its subscriptions
  else if ("subscribe" in change) session.subscriptions.add(change.subscribe);
  else session.subscriptions.delete(change.unsubscribe);
  return resultResponse(message.id, {});
}

/** What a built-in method changes; undefined for the others (an unknown log level changes nothing). */
function builtInChange(core: ServerCore, message: JsonRpcRequest): SessionChange | null | undefined {
  const params = message.params ?? {};
  switch (message.method) {
    case "logging/setLevel":
      return (LOG_LEVELS as readonly unknown[]).includes(params["level"]) ? { logLevel: params["level"] as LogLevel } : null;
    case "resources/subscribe":
      return { subscribe: subscriptionUri(core, params["uri"]), max: core.options.maxSubscriptions ?? MAX_SUBSCRIPTIONS };
    case "resources/unsubscribe":
      return { unsubscribe: subscriptionUri(core, params["uri"]) };
    default:
      return undefined;
  }
}

/** The URI of a (un)subscription: -32601 when the server did not declare `resources.subscribe`, -32602 when it is too long. */
function subscriptionUri(core: ServerCore, uri: unknown): string {
  const resources = core.capabilities["resources"];
  if (!isObject(resources) || resources["subscribe"] !== true) throw new ProtocolError(JSONRPC.methodNotFound, "Method not found: this server did not declare resources.subscribe", undefined, 404);
  const text = String(uri);
  const max = core.options.maxSubscriptionUriLength ?? MAX_SUBSCRIPTION_URI_LENGTH;
  if (text.length > max) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: a subscribed uri has at most ${max} characters (this one has ${text.length})`, { maxUriLength: max }, 400);
  return text;
}

/** Runs the handler; each input_required round is answered by asking the client, up to the bound. */
async function rounds(core: ServerCore, session: Session, binding: RevisionBinding, message: JsonRpcRequest, exchange: Exchange): Promise<unknown> {
  let responses: Record<string, unknown> | undefined;
  let state: unknown;
  const limit = core.options.maxInputRounds ?? 8;
  for (let round = 0; round <= limit; round++) {
    const result = await callHandler(core, message.method, message.params, sessionSetup(session, message, exchange, responses, state));
    if (!isInputRequired(result)) return result;
    state = markedState(result)?.state ?? result["requestState"];
    responses = await askClient(session, binding, result, exchange);
  }
  throw new TypeError(`${message.method}: the handler still asked for input after ${limit} rounds`);
}

/** A handler's context setup in a session. */
function sessionSetup(session: Session, message: JsonRpcRequest, exchange: Exchange, responses: Record<string, unknown> | undefined, state: unknown): ContextSetup {
  return {
    client: session.client!,
    meta: isObject(message.params?.["_meta"]) ? message.params["_meta"] : {},
    signal: exchange.signal!,
    notify: (m) => exchange.notify(m),
    logLevel: session.logLevel,
    inputResponses: responses,
    requestState: state,
    principal: exchange.principal,
    auth: exchange.auth,
  };
}

/** Sends each input request to the client as a real request and collects the answers. */
async function askClient(session: Session, binding: RevisionBinding, result: JsonObject, exchange: Exchange): Promise<Record<string, unknown>> {
  const requests = isObject(result["inputRequests"]) ? result["inputRequests"] : {};
  const entries = Object.entries(requests).map(([key, request]) => {
    const method = isObject(request) && typeof request["method"] === "string" ? request["method"] : "";
    const params = isObject(request) && isObject(request["params"]) ? request["params"] : undefined;
    const info = methodInfo(binding, method);
    if (!info || info.kind !== "request" || !info.sender.includes("server")) throw new TypeError(`input request "${key}": ${binding.version} has no server request ${JSON.stringify(method)}`);
    const missing = missingCapabilities(session.client!.capabilities, { [capabilityFor(method)]: {} });
    if (missing) throw new ProtocolError(-32021, `Cannot ask for input "${key}" (${method}): the client did not declare ${Object.keys(missing).join(", ")}`, { requiredCapabilities: missing });
    return { key, method, params, info };
  });
  const answers = await Promise.all(entries.map(async ({ key, method, params, info }) => {
    const response = await (exchange.traceAsk ? exchange.traceAsk(method, params, (sent) => ask(session, method, sent, exchange)) : ask(session, method, params, exchange));
    if (response.error) throw new ProtocolError(response.error.code, `The client answered ${method} with an error: ${response.error.message}`, response.error.data);
    const checked = info.result?.safeParse(response.result);
    if (checked && !checked.success) throw new ProtocolError(JSONRPC.invalidParams, `Invalid ${method} result from the client`, issueData(checked.error?.issues ?? [], response.result));
    return [key, response.result] as const;
  }));
  return Object.fromEntries(answers);
}

/**
 * One request to the client, on the channel of the request being handled; its answer arrives
 * through the session. The session's store hears of it first (the answer may go to another
 * replica), and again once it is answered or given up (a later answer to it is dropped).
 */
async function ask(session: Session, method: string, params: JsonObject | undefined, exchange: Exchange): Promise<JsonRpcResponse> {
  const id = `${(idPrefix ??= `mcp-gen-${crypto.randomUUID().slice(0, 8)}-`)}${++nextId}`;
  await session.onAsk?.(id);
  return new Promise<JsonRpcResponse>((resolve, reject) => {
    const onAbort = () => {
      session.pending.delete(id);
      reject(new ProtocolError(JSONRPC.internalError, "Request cancelled while waiting for the client"));
    };
    if (exchange.signal?.aborted) return onAbort();
    exchange.signal?.addEventListener("abort", onAbort, { once: true });
    session.pending.set(id, (response) => {
      exchange.signal?.removeEventListener("abort", onAbort);
      session.pending.delete(id);
      resolve(response);
    });
    exchange.notify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
  }).finally(() => session.onAnswered?.(id));
}

/** A notification or a response from the client of a session. */
export function handleSessionMessage(session: Session, message: JsonRpcNotification | JsonRpcResponse): void {
  if ("method" in message) {
    if (message.method === "notifications/cancelled") session.inflight.cancel(message.params?.["requestId"]);
    return;
  }
  if (message.id !== undefined && message.id !== null) session.pending.get(message.id)?.(message);
}
