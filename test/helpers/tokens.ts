import type * as TypeScript from "typescript";
import { typescript } from "../../src/transpile/index.js";

// Comparing JavaScript or declarations as TypeScript's scanner reads them: the same tokens in the
// same order, whatever the layout. Left out: parentheses (TypeScript drops those around a removed
// `as`), a comma before a closing bracket and a semicolon before a closing brace (printers differ
// there), the quotes of a string that is a plain name (prettier unquotes keys), and the
// `export {}` TypeScript adds to a module whose statements were all types.

const ts = typescript();

export function tokens(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text.replace(/^export \{\};$/m, ""));
  const out: string[] = [];
  // Brace depth at each open template substitution: its `}` continues the template.
  const templates: number[] = [];
  let braces = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) kind = scanner.reScanSlashToken();
    if (kind === ts.SyntaxKind.OpenBraceToken) braces++;
    if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (templates.at(-1) === braces) {
        templates.pop();
        kind = scanner.reScanTemplateToken(false);
      } else braces--;
    }
    if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle) templates.push(braces);
    out.push(normalized(kind, scanner.getTokenText()));
  }
  const kept = out.filter((t, i) => !(t === "," && ["}", "]", ">", ")"].includes(out[i + 1] ?? "")) && !(t === ";" && out[i + 1] === "}"));
  return kept.filter((t) => t !== "(" && t !== ")");
}

/** A quoted name that needs no quotes reads as the name (prettier unquotes property keys). */
function normalized(kind: TypeScript.SyntaxKind, text: string): string {
  if (kind !== ts.SyntaxKind.StringLiteral) return text;
  const inner = text.slice(1, -1);
  return /^[A-Za-z_$][\w$]*$/.test(inner) ? inner : text;
}

/** Where two texts' tokens first differ, with some context; undefined when they do not. */
export function tokenDifference(actual: string, expected: string): string | undefined {
  const a = tokens(actual);
  const b = tokens(expected);
  const at = a.findIndex((t, i) => t !== b[i]);
  if (at === -1 && a.length === b.length) return undefined;
  const i = at === -1 ? Math.min(a.length, b.length) : at;
  const context = (list: string[]) => list.slice(Math.max(0, i - 8), i + 8).join(" ");
  return `at token ${i}: «${context(a)}» where TypeScript has «${context(b)}»`;
}

/** TypeScript's own JavaScript for a file, on its own (comments left out). */
export function typescriptJs(text: string): string {
  const compilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true, removeComments: true };
  return ts.transpileModule(text, { compilerOptions }).outputText;
}

/** TypeScript's own declarations for a file, on its own (valid because the file compiles under isolatedDeclarations). */
export function typescriptDts(text: string): string {
  const compilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, isolatedDeclarations: true, declaration: true };
  return ts.transpileDeclaration(text, { compilerOptions }).outputText;
}
