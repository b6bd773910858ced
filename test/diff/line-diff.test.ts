import { applyPatch, createTwoFilesPatch } from "diff";
import { describe, expect, it } from "vitest";
import { diffGeneratedFiles } from "../../src/diff/generated.js";
import { diffLineArrays, splitLines } from "../../src/diff/line-diff.js";

// `mcp-gen diff --generated` diffs lines itself (patience diff) and formats with jsdiff's
// formatPatch; jsdiff's applyPatch is the oracle that every patch turns the old text into the new.

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text of `lines` lines drawn from a small alphabet (many repeats, so anchors are rare), sometimes without a final newline. */
function text(next: () => number, lines: number): string {
  const words = ["}", "{", "a", "b", "  x: 1,", "c", ""];
  const body = Array.from({ length: lines }, () => words[Math.floor(next() * words.length)]).join("\n");
  return next() < 0.2 ? body : `${body}\n`;
}

const patch = (before: string, after: string) => diffGeneratedFiles([{ path: "f.ts", content: before }], [{ path: "f.ts", content: after }], { from: "A", to: "B" });

describe("the line diff of mcp-gen diff --generated", () => {
  it("every patch applies (jsdiff's applyPatch) and gives the new text exactly: 2,000 random pairs", () => {
    const next = random(0x11d);
    const failures: string[] = [];
    for (let n = 0; n < 2000; n++) {
      const before = text(next, Math.floor(next() * 40));
      const after = next() < 0.5 ? text(next, Math.floor(next() * 40)) : before.replace(/a/g, () => (next() < 0.3 ? "b" : "a"));
      const result = patch(before, after);
      if (before === after ? result !== "" : applyPatch(before, result) !== after) failures.push(JSON.stringify([before, after]));
    }
    expect(failures).toEqual([]);
  });

  it("its kept lines are a common subsequence, and every line of either side appears once", () => {
    const next = random(7);
    for (let n = 0; n < 500; n++) {
      const a = splitLines(text(next, 30));
      const b = splitLines(text(next, 30));
      const edits = diffLineArrays(a, b);
      expect(edits.filter((e) => e.op !== "+").map((e) => e.text)).toEqual(a);
      expect(edits.filter((e) => e.op !== "-").map((e) => e.text)).toEqual(b);
    }
  });

  it.each([
    ["one line changed", "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", "a\nb\nc\nd\nE\nf\ng\nh\ni\nj\n"],
    ["two changes far apart (two hunks)", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n", "0\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n16\n"],
    ["a line added at the end, without a final newline", "a\nb", "a\nb\nc"],
    ["from empty", "", "a\nb\n"],
    ["to empty", "a\nb\n", ""],
  ])("%s: the same patch as jsdiff's createTwoFilesPatch", (_, before, after) => {
    expect(patch(before, after)).toBe(createTwoFilesPatch("a/f.ts", "b/f.ts", before, after, "A", "B"));
  });

  it("a large rewrite with few unique lines stays fast enough to run in the suite and still applies", () => {
    const before = Array.from({ length: 20_000 }, (_, i) => (i % 7 === 0 ? `  id${i}: z.string(),` : "  }),")).join("\n") + "\n";
    const after = before.replace(/id(\d+)/g, (m, d: string) => (Number(d) % 3 === 0 ? `renamed${d}` : m));
    expect(applyPatch(before, patch(before, after))).toBe(after);
  });
});
