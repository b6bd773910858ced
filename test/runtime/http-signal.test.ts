import { describe, expect, it } from "vitest";
import { followSignal } from "../../templates/runtime/server/http-signal.js";

/**
 * The handler's cancellation follows the request's signal only while the answer runs: Deno
 * aborts `request.signal` once every response is delivered, which must not cancel (or clean up
 * after) work that already answered.
 */
describe("followSignal", () => {
  it("aborts when the request's signal aborts before the answer settles", async () => {
    const request = new AbortController();
    const followed = followSignal(request.signal);
    let settle!: () => void;
    followed.until(new Promise<void>((resolve) => (settle = resolve)));
    request.abort();
    expect(followed.controller.signal.aborted).toBe(true);
    settle();
  });

  it("stays unaborted when the request's signal aborts after the answer settled (Deno's delivered response)", async () => {
    const request = new AbortController();
    const followed = followSignal(request.signal);
    const answer = Promise.resolve("answered");
    followed.until(answer);
    await answer;
    await Promise.resolve();
    request.abort();
    expect(followed.controller.signal.aborted).toBe(false);
  });

  it("stays unaborted after an answer that failed, too", async () => {
    const request = new AbortController();
    const followed = followSignal(request.signal);
    const answer = Promise.reject(new Error("handler failed"));
    followed.until(answer);
    await answer.catch(() => undefined);
    await Promise.resolve();
    request.abort();
    expect(followed.controller.signal.aborted).toBe(false);
  });

  it("is aborted from the start when the request's signal already was", () => {
    const request = new AbortController();
    request.abort();
    expect(followSignal(request.signal).controller.signal.aborted).toBe(true);
  });
});
