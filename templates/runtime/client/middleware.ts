// Client middleware: the caller's code around every request the client sends (after the response
// cache: an answer taken from it is not sent, so no middleware sees it). Shaped like the server's
// (`(call, next) => result`), so one logging or timing function fits both sides.
import { runChain } from "../shared/chain.js";

/** One outgoing request as middleware sees it; a revision's client narrows `method` and `params`. */
export interface ClientCall<Method extends string = string, Params = unknown> {
  readonly method: Method;
  readonly params: Params;
  readonly signal: AbortSignal | undefined;
}

/** `next()` sends the request (through the rest of the middleware) and resolves with its validated result. */
export type ClientMiddleware<Call extends ClientCall = ClientCall> = (call: Call, next: () => Promise<unknown>) => Promise<unknown>;

/** Runs `send` inside `middleware`, the first given outermost; next() runs at most once per link. */
export function runClientMiddleware(middleware: readonly ClientMiddleware[] | undefined, call: ClientCall, send: () => Promise<unknown>): Promise<unknown> {
  return runChain(middleware, call, send, "client");
}
