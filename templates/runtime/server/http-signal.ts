// A request's cancellation, followed only while its answer runs. Deno's `Deno.serve` aborts
// `request.signal` on every response once it is delivered ("legacy behaviour": it warns so), and
// other runtimes may abort it when the connection closes after the answer: cleanup hung on that
// signal would run then, long after the request was answered, or in the middle of another use of
// what it guards. So the handler's own signal follows the request's until the answer settles,
// and is left alone afterwards.

export interface FollowedSignal {
  /** Aborted when the request's signal aborts before the answer settles (or was aborted already). */
  readonly controller: AbortController;
  /** Stops following once `answer` settles. */
  until(answer: Promise<unknown>): void;
}

export function followSignal(signal: AbortSignal): FollowedSignal {
  const controller = new AbortController();
  // A request whose stream closed before it got here is cancelled from the start.
  if (signal.aborted) {
    controller.abort();
    return { controller, until: () => undefined };
  }
  const abort = () => controller.abort();
  signal.addEventListener("abort", abort, { once: true });
  const stop = () => signal.removeEventListener("abort", abort);
  return { controller, until: (answer) => void answer.then(stop, stop) };
}
