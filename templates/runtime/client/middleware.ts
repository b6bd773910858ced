// Client middleware: the caller's code around every request the client sends (after the response
// cache: an answer taken from it is not sent, so no middleware sees it). Shaped like the server's
// (`(call, next) => result`), so one logging or timing function fits both sides.

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
  if (!middleware?.length) return send();
  const step = (at: number): Promise<unknown> => {
    const link = middleware[at];
    if (!link) return send();
    let called = false;
    return link(call, () => {
      if (called) return Promise.reject(new TypeError(`a client middleware called next() twice for ${call.method}`));
      called = true;
      return step(at + 1);
    });
  };
  return step(0);
}
