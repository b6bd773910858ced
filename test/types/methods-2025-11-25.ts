// Facts of 2025-11-25's generated methods.ts, checked against the spec's own schema.ts.
import type * as Spec from "@spec/2025-11-25";
import type { ClientRequestMethod, ResultOf, ServerRequestMethod, EmptyResult, InputRequestMethod, ServerHandlers, ClientHandlers } from "@gen/2025-11-25";
import type { Assert, Equal, Extends, Same } from "./assert.js";

export type ClientRequestIsSpec = Assert<Equal<ClientRequestMethod, Spec.ClientRequest["method"]>>;
export type ServerRequestIsSpec = Assert<Equal<ServerRequestMethod, Spec.ServerRequest["method"]>>;
export type InitializeAndPing = Assert<Extends<"initialize" | "ping", ClientRequestMethod>>;
export type ServerAsks = Assert<Extends<"sampling/createMessage" | "elicitation/create" | "roots/list" | "ping", ServerRequestMethod>>;
export type PingIsEmpty = Assert<Equal<ResultOf<"ping">, EmptyResult>>;
export type PingIsSpecEmpty = Assert<Same<ResultOf<"ping">, Spec.EmptyResult>>;
export type NoInputRequests = Assert<Equal<InputRequestMethod, never>>;

// Both parties handle ping.
export const serverPing: ServerHandlers = { ping: () => ({}) };
export const clientPing: ClientHandlers = { ping: () => ({}), "roots/list": () => ({ roots: [] }) };
// @ts-expect-error: server/discover does not exist before 2026-07-28
export const discover: ClientRequestMethod = "server/discover";
