/**
 * A line diff for `mcp-gen diff --generated`: patience diff (unique common lines as anchors,
 * recursively), with an exact LCS for small leftover gaps. jsdiff's Myers diff took 20 s of CPU
 * on the 14,000 → 19,000 lines of validators.ts between two revisions (its cost grows with
 * lines × edits); this takes milliseconds, and its hunks read better on code, where the unique
 * lines (declarations) are the natural anchors.
 */

/** One line of an edit script: kept (" "), removed ("-") or added ("+"); `text` keeps its "\n" if it had one. */
export interface LineEdit {
  op: " " | "-" | "+";
  text: string;
}

/** Largest gap (old lines × new lines) solved exactly by dynamic programming; larger ones become one replacement. */
const EXACT_CELLS = 1 << 20;

/** Splits text into lines, each with its "\n" (the last one may have none). */
export function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === "" ? [] : lines;
}

/** The edit script turning `a` into `b`. */
export function diffLineArrays(a: readonly string[], b: readonly string[]): LineEdit[] {
  const out: LineEdit[] = [];
  patience(a, b, 0, a.length, 0, b.length, out);
  return out;
}

function patience(a: readonly string[], b: readonly string[], aLo: number, aHi: number, bLo: number, bHi: number, out: LineEdit[]): void {
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) out.push({ op: " ", text: a[aLo++]! }), bLo++;
  let suffix = 0;
  while (aHi - suffix > aLo && bHi - suffix > bLo && a[aHi - 1 - suffix] === b[bHi - 1 - suffix]) suffix++;
  aHi -= suffix;
  bHi -= suffix;
  const anchors = aLo < aHi && bLo < bHi ? uniqueAnchors(a, b, aLo, aHi, bLo, bHi) : [];
  if (anchors.length === 0) exact(a, b, aLo, aHi, bLo, bHi, out);
  else {
    for (const [i, j] of anchors) {
      patience(a, b, aLo, i, bLo, j, out);
      out.push({ op: " ", text: a[i]! });
      aLo = i + 1;
      bLo = j + 1;
    }
    patience(a, b, aLo, aHi, bLo, bHi, out);
  }
  for (let k = aHi; k < aHi + suffix; k++) out.push({ op: " ", text: a[k]! });
}

/** Lines occurring exactly once on each side, as (old, new) index pairs in the longest order-preserving chain. */
function uniqueAnchors(a: readonly string[], b: readonly string[], aLo: number, aHi: number, bLo: number, bHi: number): [number, number][] {
  const counts = new Map<string, { a: number; b: number; at: number }>();
  for (let i = aLo; i < aHi; i++) {
    const entry = counts.get(a[i]!);
    if (entry) entry.a++;
    else counts.set(a[i]!, { a: 1, b: 0, at: i });
  }
  const pairs: [number, number][] = [];
  for (let j = bLo; j < bHi; j++) {
    const entry = counts.get(b[j]!);
    if (entry) entry.b++;
  }
  for (let j = bLo; j < bHi; j++) {
    const entry = counts.get(b[j]!);
    if (entry && entry.a === 1 && entry.b === 1) pairs.push([entry.at, j]);
  }
  return longestIncreasing(pairs);
}

/** The longest chain of pairs increasing in the old index too (pairs come sorted by the new index). */
function longestIncreasing(pairs: [number, number][]): [number, number][] {
  const tails: number[] = []; // tails[k]: index into pairs of the smallest old-index end of a chain of length k + 1
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let p = 0; p < pairs.length; p++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![0] < pairs[p]![0]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[p] = tails[lo - 1]!;
    tails[lo] = p;
  }
  const chain: [number, number][] = [];
  for (let p = tails.length ? tails[tails.length - 1]! : -1; p >= 0; p = previous[p]!) chain.push(pairs[p]!);
  return chain.reverse();
}

/** An exact LCS of a small gap; a large gap without anchors becomes one block of removals and additions. */
function exact(a: readonly string[], b: readonly string[], aLo: number, aHi: number, bLo: number, bHi: number, out: LineEdit[]): void {
  const n = aHi - aLo;
  const m = bHi - bLo;
  if (n === 0 || m === 0 || n * m > EXACT_CELLS) {
    for (let i = aLo; i < aHi; i++) out.push({ op: "-", text: a[i]! });
    for (let j = bLo; j < bHi; j++) out.push({ op: "+", text: b[j]! });
    return;
  }
  // lcs[i * (m + 1) + j]: the LCS length of a[aLo + i ..] and b[bLo + j ..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = a[aLo + i] === b[bLo + j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[aLo + i] === b[bLo + j]) out.push({ op: " ", text: a[aLo + i++]! }), j++;
    else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) out.push({ op: "-", text: a[aLo + i++]! });
    else out.push({ op: "+", text: b[bLo + j++]! });
  }
  while (i < n) out.push({ op: "-", text: a[aLo + i++]! });
  while (j < m) out.push({ op: "+", text: b[bLo + j++]! });
}
