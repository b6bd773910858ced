import { afterEach, describe, expect, it, vi } from "vitest";
import { bindingOf, canonicalJson, createStateSealer } from "../../templates/runtime/server/state.js";

describe("sealed requestState", () => {
  const secret = "a test secret that is long enough!!";

  it("opens what it sealed, with the handler's state and the asked input requests", async () => {
    const sealer = createStateSealer({ secret });
    const binding = await bindingOf("tools/call", { name: "t", arguments: { b: 1, a: 2 } });
    const sealed = await sealer.seal({ binding, asked: { k: "elicitation/create" }, state: { step: 2 } });
    expect(await sealer.open(sealed, { binding })).toMatchObject({ asked: { k: "elicitation/create" }, state: { step: 2 } });
  });

  it("binds to the request's salient params, not to their key order or the MRTR fields", async () => {
    const a = await bindingOf("tools/call", { name: "t", arguments: { b: 1, a: 2 }, _meta: { x: 1 } });
    const b = await bindingOf("tools/call", { arguments: { a: 2, b: 1 }, name: "t", inputResponses: {}, requestState: "s" });
    expect(a).toBe(b);
    expect(await bindingOf("tools/call", { name: "t", arguments: { a: 3 } })).not.toBe(a);
    expect(await bindingOf("prompts/get", { name: "t", arguments: { b: 1, a: 2 } })).not.toBe(a);
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });

  it("refuses expired state, another principal's, another request's, and another key's", async () => {
    let now = 1_000;
    const sealer = createStateSealer({ secret, ttlMs: 100, now: () => now });
    const sealed = await sealer.seal({ binding: "b", asked: {}, principal: "alice" });
    expect(await sealer.open(sealed, { binding: "b", principal: "alice" })).not.toHaveProperty("refused");
    expect(await sealer.open(sealed, { binding: "b", principal: "bob" })).toEqual({ refused: "minted for another principal" });
    expect(await sealer.open(sealed, { binding: "c", principal: "alice" })).toEqual({ refused: "minted for another request" });
    expect(await createStateSealer({ secret: `${secret}!` }).open(sealed, { binding: "b", principal: "alice" })).toEqual({ refused: "bad signature" });
    now = 1_200;
    expect(await sealer.open(sealed, { binding: "b", principal: "alice" })).toEqual({ refused: "expired" });
    expect(await sealer.open("v1.not-base64!.x", { binding: "b" })).toEqual({ refused: "malformed" });
  });

  it("refuses a secret shorter than 32 bytes", () => {
    expect(() => createStateSealer({ secret: "short" })).toThrow(/32 bytes/);
  });

  describe("Web Crypto on first use, not at creation (a cold start that seals nothing never loads it)", () => {
    afterEach(() => vi.restoreAllMocks());

    it.each([
      ["a given secret", { secret }],
      ["a random key of the process", {}],
    ])("with %s: no key imported and no random bytes drawn until the first seal, then one key for every seal and open", async (_label, options) => {
      const importKey = vi.spyOn(crypto.subtle, "importKey");
      const random = vi.spyOn(crypto, "getRandomValues");
      const sealer = createStateSealer(options);
      expect(importKey).not.toHaveBeenCalled();
      expect(random).not.toHaveBeenCalled();
      const first = await sealer.seal({ binding: "b", asked: {} });
      const second = await sealer.seal({ binding: "b", asked: {}, state: 2 });
      expect(await sealer.open(first, { binding: "b" })).not.toHaveProperty("refused");
      expect(await sealer.open(second, { binding: "b" })).toMatchObject({ state: 2 });
      expect(importKey).toHaveBeenCalledTimes(1);
      expect(random).toHaveBeenCalledTimes("secret" in options ? 0 : 1);
    });
  });
});
