// What a generated client.ts imports from the runtime, in one place.
export { ClientCore, DEFAULT_MAX_INPUT_ROUNDS, DEFAULT_MAX_PAGES, type CoreOptions, type Era, type RejectedTool, type ServerSnapshot } from "./client-core.js";
export { ClientError, isClientError, type ClientErrorKind } from "./client-errors.js";
export type { HandlerContext, RevisionSpec } from "./client-handlers.js";
export { StreamableHttpTransport, type HeadersHook, type HttpTransportOptions } from "./client-http.js";
export { DEFAULT_TIMEOUT_MS, type Progress, type RequestOptions } from "./client-session.js";
export { ProcessExitedError, StdioTransport, type StdioTransportOptions } from "./client-stdio.js";
export { Subscription, type SubscriptionEnd } from "./client-subscription.js";
export { connectWith, type ClientRevision, type ConnectOptions, type TransportFactory } from "./client-connect.js";
export type { Transport, TransportSendOptions } from "./transport.js";
export type { JsonRpcMessage, JsonRpcNotification } from "./jsonrpc.js";
