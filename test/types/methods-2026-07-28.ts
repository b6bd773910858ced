// Facts of 2026-07-28's generated methods.ts, checked against the spec's own schema.ts.
import type * as Spec from "@spec/2026-07-28";
import type {
  ClientHandlers,
  ClientRequestMethod,
  InputRequestMethod,
  ParamsOf,
  RequestMethod,
  ResultOf,
  ServerHandlers,
  ServerRequestMethod,
  NotificationMethod,
  ServerNotificationMethod,
  ClientNotificationMethod,
  METHODS,
} from "@gen/2026-07-28";
import type { z } from "zod";
import type { Assert, Equal, Extends, Same } from "./assert.js";

// ClientRequestMethod is exactly the methods of the spec's ClientRequest union: these 10.
export type ClientRequestIsSpec = Assert<Equal<ClientRequestMethod, Spec.ClientRequest["method"]>>;
export type ClientRequestIsTen = Assert<
  Equal<
    ClientRequestMethod,
    | "server/discover"
    | "completion/complete"
    | "prompts/get"
    | "prompts/list"
    | "resources/list"
    | "resources/templates/list"
    | "resources/read"
    | "subscriptions/listen"
    | "tools/call"
    | "tools/list"
  >
>;
export type NoServerRequests = Assert<Equal<ServerRequestMethod, never>>;
export type InputRequests = Assert<Equal<InputRequestMethod, "sampling/createMessage" | "roots/list" | "elicitation/create">>;
export type InputRequestsAreSpec = Assert<Equal<InputRequestMethod, Spec.InputRequest["method"]>>;
export type ServerNotificationsAreSpec = Assert<Equal<ServerNotificationMethod, Spec.ServerNotification["method"]>>;
export type ClientNotificationsAreSpec = Assert<Equal<ClientNotificationMethod, Spec.ClientNotification["method"]>>;
export type NotificationsAreSpec = Assert<Equal<NotificationMethod, Spec.ServerNotification["method"] | Spec.ClientNotification["method"]>>;

// ResultOf<"tools/call"> accepts an InputRequiredResult, and is what the spec's response carries.
export type ToolsCallMayAskForInput = Assert<Extends<Spec.InputRequiredResult, ResultOf<"tools/call">>>;
export type ToolsCallResultIsSpec = Assert<Same<ResultOf<"tools/call">, Spec.CallToolResultResponse["result"]>>;
export type ToolsCallParamsAreSpec = Assert<Same<ParamsOf<"tools/call">, Spec.CallToolRequestParams>>;
export type ElicitResultIsSpec = Assert<Same<ResultOf<"elicitation/create">, Spec.ElicitResult>>;

// The runtime table's validators are typed per method.
export type ParamsSchemaIsTyped = Assert<Extends<(typeof METHODS)["tools/call"]["params"], z.ZodType<Spec.CallToolRequestParams>>>;
export type ResultSchemaIsTyped = Assert<Extends<z.output<(typeof METHODS)["tools/list"]["result"]>, Spec.ListToolsResult>>;

// `initialize` is not a method of this revision.
// @ts-expect-error: initialize was removed in 2026-07-28
export const initialize: RequestMethod = "initialize";
// @ts-expect-error: servers send no requests in 2026-07-28
export const ping: ServerRequestMethod = "ping";

// Handlers: the right result type compiles, a wrong one does not; resultType may be left to the dispatcher.
export const goodHandlers: ServerHandlers<{ user: string }> = {
  "tools/list": async (params, ctx) => ({ tools: [{ name: ctx.user, inputSchema: { type: "object" } }], ttlMs: 0, cacheScope: "private", ...(params.cursor ? {} : {}) }),
  "tools/call": (params) => ({ content: [{ type: "text", text: params.name }] }),
};
export const handMadeInputRequired: ServerHandlers = {
  // @ts-expect-error: input_required only as ctx.inputRequired(…) builds it, never a hand-made object
  "tools/call": () => ({ resultType: "input_required", inputRequests: {} }),
};
export const wrongResult: ServerHandlers = {
  // @ts-expect-error: a tools/list handler must return tools
  "tools/list": () => ({ content: [] }),
};
export const wrongParams: ServerHandlers = {
  // @ts-expect-error: tools/call params have no `uri`
  "tools/call": (params) => ({ content: [{ type: "text", text: params.uri }] }),
};
export const clientHandlers: ClientHandlers = {
  "elicitation/create": () => ({ action: "accept", content: { name: "x" } }),
  "roots/list": () => ({ roots: [{ uri: "file:///tmp" }] }),
};
export const notAClientHandler: ClientHandlers = {
  // @ts-expect-error: clients do not handle tools/call
  "tools/call": () => ({ content: [] }),
};
