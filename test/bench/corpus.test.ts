import { describe, expect, it } from "vitest";
import { REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

// `npm run bench` is not run in CI; this keeps its generated corpus (which loads
// test/helpers/payloads.ts transpiled, against the built package) working as the model changes.
describe("bench corpus", () => {
  it("generates messages of every message type of a revision from the built package", async () => {
    const { generatedCorpus } = (await import(`${REPO_ROOT}/bench/corpus.mjs`)) as {
      generatedCorpus(root: string, specRoot: string, revision: string, scratch: string, perType: number): Promise<{ types: number; messages: Array<{ type: string; value: unknown }> }>;
    };
    const corpus = await generatedCorpus(REPO_ROOT, SPEC_ROOT, "2026-07-28", scratchDir("bench-corpus"), 2);
    expect(corpus.types).toBeGreaterThan(20);
    expect(corpus.messages).toHaveLength(corpus.types * 2);
    expect(corpus.messages.every((m) => typeof m.value === "object" && m.value !== null)).toBe(true);
  });
});
