import { formatPatch, type StructuredPatchHunk } from "diff";
import type { OutputFile } from "../emit/common.js";
import { diffLineArrays, splitLines, type LineEdit } from "./line-diff.js";

/** Lines of unchanged context around each change (jsdiff's default, which this output always had). */
const CONTEXT = 4;

/** A unified diff of two sets of generated files (by path), empty when they are identical. */
export function diffGeneratedFiles(before: OutputFile[], after: OutputFile[], labels: { from: string; to: string }): string {
  const a = new Map(before.map((f) => [f.path, f.content]));
  const b = new Map(after.map((f) => [f.path, f.content]));
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => {
      const hunks = hunksOf(diffLineArrays(splitLines(a.get(path) ?? ""), splitLines(b.get(path) ?? "")));
      return formatPatch({ oldFileName: `a/${path}`, newFileName: `b/${path}`, oldHeader: labels.from, newHeader: labels.to, hunks });
    })
    .join("");
}

/** Groups an edit script into hunks: changes closer than 2 × CONTEXT kept lines share one. */
export function hunksOf(edits: readonly LineEdit[]): StructuredPatchHunk[] {
  const hunks: StructuredPatchHunk[] = [];
  const changed = edits.flatMap((edit, index) => (edit.op === " " ? [] : [index]));
  let first = 0;
  while (first < changed.length) {
    let last = first;
    while (last + 1 < changed.length && changed[last + 1]! - changed[last]! - 1 <= 2 * CONTEXT) last++;
    hunks.push(hunk(edits, Math.max(0, changed[first]! - CONTEXT), Math.min(edits.length, changed[last]! + CONTEXT + 1)));
    first = last + 1;
  }
  return hunks;
}

/** The hunk of edits[start, end), lines numbered from 1. */
function hunk(edits: readonly LineEdit[], start: number, end: number): StructuredPatchHunk {
  let oldStart = 1;
  let newStart = 1;
  for (let k = 0; k < start; k++) {
    if (edits[k]!.op !== "+") oldStart++;
    if (edits[k]!.op !== "-") newStart++;
  }
  const lines: string[] = [];
  let oldLines = 0;
  let newLines = 0;
  for (let k = start; k < end; k++) {
    const { op, text } = edits[k]!;
    if (op !== "+") oldLines++;
    if (op !== "-") newLines++;
    lines.push(op + text.replace(/\n$/, ""));
    if (!text.endsWith("\n")) lines.push("\\ No newline at end of file");
  }
  return { oldStart, oldLines, newStart, newLines, lines }; // formatPatch writes an empty side as starting at line 0
}
