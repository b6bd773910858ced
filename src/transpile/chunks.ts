import type * as TypeScript from "typescript";

// A large file parsed whole costs memory in proportion to its syntax tree (a 4 MB schema's 30 MB
// validators.ts: gigabytes). Its JavaScript and declarations are made statement by statement, so
// it can be parsed in pieces cut between top-level statements, each piece's tree dropped before
// the next is parsed. The cuts are found with TypeScript's scanner (tokens, no tree): after a `;`
// or `}` outside every bracket, before a line that starts with a keyword only a statement starts
// with. A piece that does not parse cleanly (a cut the scanner misjudged) makes the caller parse
// the file whole.

// `type` too: a schemas.ts opens with its type aliases (the exports' stated types), a run of them
// as long as a third of the file.
const STATEMENT_STARTS = kinds(["ExportKeyword", "ImportKeyword", "FunctionKeyword", "ConstKeyword", "LetKeyword", "ClassKeyword", "InterfaceKeyword", "DeclareKeyword", "TypeKeyword"]);

/** Tokens after which a `/` divides; anywhere else it starts a regular expression. */
const OPERAND_ENDS = kinds([
  "Identifier", "NumericLiteral", "BigIntLiteral", "StringLiteral", "NoSubstitutionTemplateLiteral", "TemplateTail",
  "CloseParenToken", "CloseBracketToken", "ThisKeyword", "SuperKeyword", "TrueKeyword", "FalseKeyword", "NullKeyword", "PlusPlusToken", "MinusMinusToken",
]);

/** Kinds by name (a kind's own name: the enum's reverse map gives marker names such as `FirstLiteralToken`). */
function kinds(names: Array<keyof typeof TypeScript.SyntaxKind>): (ts: typeof TypeScript) => Set<TypeScript.SyntaxKind> {
  let cached: { ts: typeof TypeScript; set: Set<TypeScript.SyntaxKind> } | undefined;
  return (ts) => {
    if (cached?.ts !== ts) cached = { ts, set: new Set(names.map((n) => ts.SyntaxKind[n])) };
    return cached.set;
  };
}

/** `text` cut between top-level statements into pieces of at least `size` characters (the whole text when shorter). */
export function statementChunks(ts: typeof TypeScript, text: string, size: number): string[] {
  if (text.length <= size * 2) return [text];
  const k = ts.SyntaxKind;
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  const chunks: string[] = [];
  const templates: number[] = []; // bracket depth at each open `${`
  let depth = 0;
  let from = 0;
  let cut = -1; // where the statement that just ended ends
  const starts = STATEMENT_STARTS(ts);
  const operandEnds = OPERAND_ENDS(ts);
  let previous: TypeScript.SyntaxKind = k.Unknown;
  for (let kind = scanner.scan(); kind !== k.EndOfFileToken; kind = scanner.scan()) {
    if ((kind === k.SlashToken || kind === k.SlashEqualsToken) && !operandEnds.has(previous)) kind = scanner.reScanSlashToken();
    if (kind === k.CloseBraceToken && templates.at(-1) === depth - 1) {
      templates.pop();
      depth--;
      kind = scanner.reScanTemplateToken(false);
    }
    if (kind === k.TemplateHead || kind === k.TemplateMiddle) {
      templates.push(depth);
      depth++;
    } else if (kind === k.OpenBraceToken || kind === k.OpenParenToken || kind === k.OpenBracketToken) depth++;
    else if (kind === k.CloseBraceToken || kind === k.CloseParenToken || kind === k.CloseBracketToken) depth--;
    if (depth === 0 && cut - from >= size && scanner.hasPrecedingLineBreak() && starts.has(kind)) {
      chunks.push(text.slice(from, cut));
      from = cut;
    }
    cut = depth === 0 && (kind === k.SemicolonToken || kind === k.CloseBraceToken) ? scanner.getTokenEnd() : -1;
    previous = kind;
  }
  chunks.push(text.slice(from));
  return chunks;
}

/** A piece parsed without syntax errors (TypeScript keeps them on the tree; they are not part of its typed API). */
export function parsedCleanly(tree: TypeScript.SourceFile): boolean {
  return ((tree as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length ?? 0) === 0;
}
