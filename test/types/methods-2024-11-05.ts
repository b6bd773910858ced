// 2024-11-05: the maps exist and agree with its unions.
import type * as Spec from "@spec/2024-11-05";
import type { ClientNotificationMethod, ClientRequestMethod, NotificationMethod, RequestMethod, ResultOf, ServerNotificationMethod, ServerRequestMethod, InputRequestMethod, ParamsOf } from "@gen/2024-11-05";
import type { Assert, Equal, Same } from "./assert.js";

export type ClientRequests = Assert<Equal<ClientRequestMethod, Spec.ClientRequest["method"]>>;
export type ServerRequests = Assert<Equal<ServerRequestMethod, Spec.ServerRequest["method"]>>;
export type ClientNotifications = Assert<Equal<ClientNotificationMethod, Spec.ClientNotification["method"]>>;
export type ServerNotifications = Assert<Equal<ServerNotificationMethod, Spec.ServerNotification["method"]>>;
export type Requests = Assert<Equal<RequestMethod, Spec.ClientRequest["method"] | Spec.ServerRequest["method"]>>;
export type Notifications = Assert<Equal<NotificationMethod, Spec.ClientNotification["method"] | Spec.ServerNotification["method"]>>;
export type NoInput = Assert<Equal<InputRequestMethod, never>>;
export type CallResult = Assert<Same<ResultOf<"tools/call">, Spec.CallToolResult>>;
export type InitializeParams = Assert<Same<ParamsOf<"initialize">, Spec.InitializeRequest["params"]>>;
