// Types shared by the server runtime modules. The generated server.ts binds each revision's
// method table and schemas to these revision-independent shapes.
import type { z } from "zod";
import type { McpErrorBase } from "../shared/errors.js";
import type { StandardOutput, StandardSchemaV1 } from "./standard-schema.js";
import type { ClientFacts, JsonObject, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, LogLevel, RequestId } from "../shared/messages.js";

// The JSON-RPC shapes live in shared/messages.ts (the stores need them too); re-exported for the server modules.
export { LOG_LEVELS } from "../shared/messages.js";
export type { ClientFacts, JsonObject, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, LogLevel, RequestId };

/** What the runtime needs of a schema: Zod's safeParse verdict and issues. */
export interface Validator {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** A method's row of a revision's METHODS table, as the runtime reads it. */
export interface MethodInfo {
  kind: "request" | "notification";
  sender: readonly string[];
  groups: readonly string[];
  request?: Validator;
  notification?: Validator;
  params: Validator;
  result?: Validator;
  /** What a complete answer must be, when `result` also admits other kinds (input_required). */
  complete?: Validator;
}

/**
 * One revision a server serves: its version, its era (stateless: every request carries `_meta`;
 * session: an `initialize` handshake), and its method table.
 */
export interface RevisionBinding {
  version: string;
  era: "stateless" | "session";
  /** `methodEntry` of the revision's methods.ts (an own-key lookup of METHODS). */
  methods: (method: string) => object | undefined;
  /** The request methods a server may ask for inside an input_required result (stateless era). */
  inputRequestMethods: readonly string[];
  /** The request that opens a session (session era), e.g. `initialize`. */
  initializeMethod?: string;
  /** The JSON Schema dialect the revision's tool schemas default to (Zod's target name). */
  jsonSchemaDialect?: "draft-2020-12" | "draft-07";
  /**
   * Per request method, the top-level keys of its complete result: the required ones (besides
   * those the dispatcher fills) and every declared one.
   */
  results?: Readonly<Record<string, { readonly required: readonly string[]; readonly known: readonly string[] }>>;
}

/** What a handler asks of the client in an input_required result, before sealing. */
export interface InputRequiredArgs<InputRequests = Record<string, { method: string; params?: unknown }>> {
  inputRequests?: InputRequests;
  /** The handler's state for the next round: any JSON value; sealed before it leaves the server. */
  requestState?: unknown;
}

/** What a verified access token says of its caller (`toFetchHandler`'s `auth`); handlers see it as `ctx.auth`. */
export interface AuthInfo {
  /** `sub` (or, without one, the client). */
  subject: string;
  /** `client_id`, else `azp`. */
  clientId?: string;
  /** `scope` (space-separated), else `scp` (an array). */
  scopes: string[];
  /** Seconds since the epoch, as JWT's `exp`. */
  expiresAt?: number;
  /** Every claim of the token (or of the introspection answer). */
  claims: Record<string, unknown>;
}

/**
 * What a handler gets besides its params. The type parameters are bound per revision by the
 * generated server.ts.
 */
export interface RequestContext<Capabilities = JsonObject, Info = JsonObject, InputResponses = Record<string, unknown>, InputRequests = Record<string, { method: string; params?: unknown }>> {
  /** The protocol version of this request (stateless) or of the session. */
  protocolVersion: string;
  clientCapabilities: Capabilities;
  clientInfo: Info | undefined;
  /** The request's `_meta` (progress token, reserved keys, the client's own keys). */
  _meta: JsonObject;
  /** The authenticated principal of the request (`toFetchHandler`'s `principal` option, or the token's subject and client with `auth`), if any. */
  principal: string | undefined;
  /** The caller a verified bearer token names (`toFetchHandler`'s `auth`); undefined on stdio and without `auth`. */
  auth: AuthInfo | undefined;
  /** Fires when the client cancels, the HTTP stream closes, or the server shuts down. */
  signal: AbortSignal;
  /** Present when the request carries a progress token. */
  progress?: (progress: number, total?: number, message?: string) => void;
  /** Sends `notifications/message` when the client asked for this level (or more severe); otherwise does nothing. */
  log(level: LogLevel, data: unknown, logger?: string): void;
  /** The client's answers to the previous round's input requests (only keys that were asked, validated). */
  inputResponses: InputResponses | undefined;
  /** The handler's state from the previous round (verified, decoded), or undefined on the first round. */
  requestState: unknown;
  /** Builds the input_required result that asks the client for input; return it from the handler. */
  inputRequired(args: InputRequiredArgs<InputRequests>): InputRequiredMarker<InputRequests>;
  /** Throws MissingRequiredClientCapability (-32021) unless the client declared these capabilities. */
  requireClientCapabilities(required: Capabilities): void;
  /**
   * The accepted content of the input response `key`, validated with the form's schema (from
   * `elicitForm`) or a Zod or Standard schema; undefined when it was declined, not answered or
   * does not fit. (A Standard Schema whose validate answers with a Promise throws here.)
   */
  accepted<S extends z.ZodType | StandardSchemaV1>(key: string, form: { readonly schema: S } | S): (S extends z.ZodType ? z.output<S> : S extends StandardSchemaV1 ? StandardOutput<S> : never) | undefined;
}

/**
 * A type-level brand (no such property exists at run time): only `ctx.inputRequired()` makes an
 * InputRequiredMarker, so a handler's plain return value is always a complete result.
 */
export declare const INPUT_REQUIRED_BRAND: unique symbol;

/** The value `ctx.inputRequired()` returns: an input_required result; the runtime seals its state. */
export type InputRequiredMarker<InputRequests = Record<string, { method: string; params?: unknown }>> = {
  readonly [INPUT_REQUIRED_BRAND]: true;
  resultType: "input_required";
  inputRequests?: InputRequests;
};

/** A handler as the runtime calls it. */
export type RuntimeHandler = (params: unknown, ctx: RequestContext) => unknown;

export type AnyMcpError = McpErrorBase<number, unknown>;
