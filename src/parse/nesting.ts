import { ts } from "./morph.js";

/** Below this many levels a stack overflow is a bug of ours, not the input's doing. */
const DEEP = 100;

/** The deepest bracket nesting (`{ ( [ <`) of a text, and where it is first reached. */
export function deepestNesting(text: string): { depth: number; pos: number } {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const opening = new Set([ts.SyntaxKind.OpenBraceToken, ts.SyntaxKind.OpenParenToken, ts.SyntaxKind.OpenBracketToken, ts.SyntaxKind.LessThanToken]);
  const closing = new Set([ts.SyntaxKind.CloseBraceToken, ts.SyntaxKind.CloseParenToken, ts.SyntaxKind.CloseBracketToken, ts.SyntaxKind.GreaterThanToken]);
  let depth = 0;
  let deepest = { depth: 0, pos: 0 };
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (opening.has(token)) depth++;
    else if (closing.has(token)) depth = Math.max(0, depth - 1);
    if (depth > deepest.depth) deepest = { depth, pos: scanner.getTokenStart() };
  }
  return deepest;
}

/**
 * A stack overflow caused by the input's nesting (TypeScript's own parser is recursive and
 * gives up at a few hundred levels), as opposed to one caused by a bug: the nesting is deep.
 */
export function overflowFromNesting(error: unknown, text: string): { depth: number; pos: number } | undefined {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return undefined;
  const deepest = deepestNesting(text);
  return deepest.depth >= DEEP ? deepest : undefined;
}
