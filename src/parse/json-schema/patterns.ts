// Which server-supplied regular expressions the generated code may run. ECMAScript's matcher
// backtracks: `^(a+)+$` against "aaaa…b" takes exponential time, and a catalog's stubs check
// every structuredContent against its output schema's patterns, so a hostile server could freeze
// its client. mcp-gen rejects such a pattern when it reads the schema (a warning; the string is
// then not checked against it) rather than shipping a linear-time matcher of its own: the
// generated code stays plain RegExp, and real schemas' patterns pass (docs/security.md).

/**
 * Why matching `pattern` may backtrack exponentially, or undefined when it is linear enough:
 * a repeated group (`*`, `+`, `{n,}`, `{n,m}` with m > 1) that itself holds a repetition or an
 * alternation (`(a+)+`, `(a|aa)*`, `(?:\d*,?)*`), or a backreference (which no automaton
 * matches). Conservative: a few safe patterns (`(a|b)*`) are rejected too.
 */
export function superLinear(pattern: string): string | undefined {
  const groups: Array<{ repeats: boolean; alternates: boolean }> = [{ repeats: false, alternates: false }];
  let closed: { repeats: boolean; alternates: boolean } | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const top = groups[groups.length - 1]!;
    const repeat = repetitionAt(pattern, i);
    if (repeat) {
      if (closed && (closed.repeats || closed.alternates)) return `the repeated group ends at offset ${i} and holds ${closed.repeats ? "a repetition" : "an alternation"}`;
      top.repeats = true;
      i += repeat - 1;
      closed = undefined;
      continue;
    }
    closed = undefined;
    if (c === "\\") {
      if (/[1-9]/.test(pattern[i + 1] ?? "") || pattern[i + 1] === "k") return `a backreference at offset ${i}`;
      i++;
    } else if (c === "[") {
      i = classEnd(pattern, i);
    } else if (c === "(") {
      groups.push({ repeats: false, alternates: false });
      i = groupBodyStart(pattern, i) - 1;
    } else if (c === ")" && groups.length > 1) {
      closed = groups.pop()!;
      const parent = groups[groups.length - 1]!;
      parent.repeats ||= closed.repeats;
      parent.alternates ||= closed.alternates;
    } else if (c === "|") top.alternates = true;
  }
  return undefined;
}

/** The length of a repeating quantifier at `i` (with its lazy `?`), or 0 (`?` and `{0,1}` do not repeat). */
function repetitionAt(pattern: string, i: number): number {
  const c = pattern[i];
  let length = 0;
  if (c === "*" || c === "+") length = 1;
  else if (c === "{") {
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (bounds && (bounds[2] === undefined ? Number(bounds[1]) > 1 : bounds[3] === "" || Number(bounds[3]) > 1)) length = bounds[0].length;
  }
  if (length && pattern[i + length] === "?") length++;
  return length;
}

/** The offset of the `]` closing the class that opens at `start`. */
function classEnd(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i++) {
    if (pattern[i] === "\\") i++;
    else if (pattern[i] === "]") return i;
  }
  return pattern.length;
}

/** Where the body of the group opening at `start` begins: after `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
function groupBodyStart(pattern: string, start: number): number {
  if (pattern[start + 1] !== "?") return start + 1;
  if (pattern[start + 2] !== "<") return start + 3;
  if (pattern[start + 3] === "=" || pattern[start + 3] === "!") return start + 4;
  const end = pattern.indexOf(">", start);
  return end < 0 ? pattern.length : end + 1;
}
