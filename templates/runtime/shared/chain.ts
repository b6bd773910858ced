// One chain of `(call, next) => result` links around a last step: the server's middleware and the
// client's run through it. The first link is outermost; a link's `next()` may run at most once.

/** A link of a chain: `next()` runs the rest of it. */
export type Link<Call> = (call: Call, next: () => Promise<unknown>) => Promise<unknown>;

/** Runs `last` inside `links` (none: `last` alone). */
export function runChain<Call extends { readonly method: string }>(links: readonly Link<Call>[] | undefined, call: Call, last: () => Promise<unknown>, side: string): Promise<unknown> {
  if (!links?.length) return last();
  const step = (at: number): Promise<unknown> => {
    const link = links[at];
    if (!link) return last();
    let called = false;
    return link(call, () => {
      if (called) return Promise.reject(new TypeError(`a ${side} middleware called next() twice for ${call.method}`));
      called = true;
      return step(at + 1);
    });
  };
  return step(0);
}
