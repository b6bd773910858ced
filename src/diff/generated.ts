import { createTwoFilesPatch } from "diff";
import type { OutputFile } from "../emit/common.js";

/** A unified diff of two sets of generated files (by path), empty when they are identical. */
export function diffGeneratedFiles(before: OutputFile[], after: OutputFile[], labels: { from: string; to: string }): string {
  const a = new Map(before.map((f) => [f.path, f.content]));
  const b = new Map(after.map((f) => [f.path, f.content]));
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => createTwoFilesPatch(`a/${path}`, `b/${path}`, a.get(path) ?? "", b.get(path) ?? "", labels.from, labels.to))
    .join("");
}
