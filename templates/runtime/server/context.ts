// The context a handler gets: who asks, cancellation, progress, logging, and the MRTR helpers.
import { notification, ProtocolError } from "../shared/messages.js";
import { INPUT_REQUIRED } from "../shared/protocol.js";
import { acceptedContent } from "./elicit.js";
import { LOG_LEVELS, type AuthInfo, type ClientFacts, type InputRequiredArgs, type InputRequiredMarker, type JsonObject, type JsonRpcNotification, type LogLevel, type RequestContext } from "./types.js";

/** The code of MissingRequiredClientCapabilityError (the 2026-07-28 schema's -32021). */
export const MISSING_CLIENT_CAPABILITY = -32021;

/** Where a context sends its notifications, and what it knows of the round. */
export interface ContextSetup {
  client: ClientFacts;
  meta: JsonObject;
  signal: AbortSignal;
  notify(message: JsonRpcNotification): void;
  /** The level the client asked for (`logLevel` in `_meta`, or `logging/setLevel` in a session); none: no logs. */
  logLevel: LogLevel | undefined;
  inputResponses: Record<string, unknown> | undefined;
  requestState: unknown;
  /** The authenticated principal (HTTP), if any. */
  principal?: string | undefined;
  /** The verified caller (HTTP with `auth`), if any. */
  auth?: AuthInfo | undefined;
}

/** Marks results built by `inputRequired()`, so the runtime seals them (and only them). */
export const INPUT_MARK: unique symbol = Symbol("mcp-gen input_required");

export function createContext(setup: ContextSetup): RequestContext {
  const token = setup.meta["progressToken"];
  const ctx: RequestContext = {
    protocolVersion: setup.client.protocolVersion,
    clientCapabilities: setup.client.capabilities,
    clientInfo: setup.client.info,
    _meta: setup.meta,
    principal: setup.principal,
    auth: setup.auth,
    signal: setup.signal,
    log: (level, data, logger) => {
      if (!setup.logLevel || LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(setup.logLevel)) return;
      setup.notify(notification("notifications/message", logger === undefined ? { level, data } : { level, data, logger }));
    },
    inputResponses: setup.inputResponses,
    requestState: setup.requestState,
    inputRequired: (args: InputRequiredArgs) => inputRequiredResult(args) as InputRequiredMarker,
    accepted: (key, form) => acceptedContent(setup.inputResponses, key, form as never) as never,
    requireClientCapabilities: (required) => {
      const missing = missingCapabilities(setup.client.capabilities, required as JsonObject);
      if (missing) throw new ProtocolError(MISSING_CLIENT_CAPABILITY, `Missing required client capabilities: ${Object.keys(missing).join(", ")}`, { requiredCapabilities: missing }, 400);
    },
  };
  // The factories' `ctx.result()`: typed by each factory (define-types.ts Results), the identity here.
  (ctx as RequestContext & { result(value: unknown): unknown }).result = returnedAsIs;
  if (typeof token === "string" || typeof token === "number") {
    ctx.progress = (progress, total, message) => {
      const params: JsonObject = { progressToken: token, progress };
      if (total !== undefined) params["total"] = total;
      if (message !== undefined) params["message"] = message;
      setup.notify(notification("notifications/progress", params));
    };
  }
  return ctx;
}

function returnedAsIs(value: unknown): unknown {
  return value;
}

function inputRequiredResult(args: InputRequiredArgs): InputRequiredMarker {
  if (args.inputRequests === undefined && args.requestState === undefined) {
    throw new TypeError("inputRequired() needs inputRequests or requestState");
  }
  const result = { resultType: INPUT_REQUIRED } as InputRequiredMarker;
  if (args.inputRequests !== undefined) result.inputRequests = args.inputRequests;
  Object.defineProperty(result, INPUT_MARK, { value: { state: args.requestState }, enumerable: false });
  return result;
}

/** True for an input_required result (built by ctx.inputRequired() or by hand). */
export function isInputRequired(result: unknown): result is JsonObject {
  return markedState(result) !== undefined || (result !== null && typeof result === "object" && (result as JsonObject)["resultType"] === INPUT_REQUIRED);
}

/** The handler's own state of an inputRequired() result (undefined when it kept none). */
export function markedState(result: unknown): { state: unknown } | undefined {
  return result !== null && typeof result === "object" ? (result as { [INPUT_MARK]?: { state: unknown } })[INPUT_MARK] : undefined;
}

/**
 * The part of `required` the client did not declare (a capability is declared when its key is an
 * object; nested keys must be declared too), or undefined when everything is declared.
 */
export function missingCapabilities(declared: JsonObject, required: JsonObject): JsonObject | undefined {
  const missing: JsonObject = {};
  for (const [key, value] of Object.entries(required)) {
    const have = declared[key];
    if (have === null || typeof have !== "object") {
      missing[key] = value;
      continue;
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const nested = missingCapabilities(have as JsonObject, value as JsonObject);
      if (nested) missing[key] = nested;
    }
  }
  return Object.keys(missing).length ? missing : undefined;
}

/** The client capability an input request needs: the method's namespace (`elicitation/create` → `elicitation`). */
export function capabilityFor(method: string): string {
  return method.split("/")[0]!;
}
