import type { SourceLocation } from "../model/types.js";

/**
 * Line and column (both 1-based, columns in UTF-16 code units) of positions in one file, from
 * a table of line starts built once: each lookup is a binary search, so locating every node of
 * a large schema stays linear overall. Line breaks are `\n`, `\r\n` and a lone `\r`.
 */
export function lineLocator(text: string, file: string): (pos: number) => SourceLocation {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (pos) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= pos) low = mid;
      else high = mid - 1;
    }
    return { file, line: low + 1, column: pos - starts[low]! + 1 };
  };
}
