import ts from "typescript";
import { join, relative } from "node:path";
import { REPO_ROOT } from "./spec.js";

export interface TitleProblem {
  /** `file:line` of the title. */
  at: string;
  title: string;
  problem: string;
}

/** printf placeholders of vitest's `.each` titles that take an argument (`%%`, `%#`, `%$` take none). */
const PLACEHOLDER = /%%|%[sdifjoOc]/g;

/** How many arguments vitest passes per row: a tuple row is spread, anything else is one argument. */
function rowArity(checker: ts.TypeChecker, rows: ts.Type): number | undefined {
  const row = checker.getIndexTypeOfType(rows, ts.IndexKind.Number);
  if (!row) return undefined;
  const members = row.isUnion() ? row.types : [row];
  let arity = Infinity;
  for (const member of members) {
    if (checker.isTupleType(member)) arity = Math.min(arity, ((member as ts.TypeReference).target as ts.TupleType).minLength);
    else if (checker.isArrayType(member)) return undefined; // arity unknown to the checker
    else arity = Math.min(arity, 1);
  }
  return arity;
}

/** Rows written out as array literals (`[["a", 1], ["b", 2]]`): the shortest row, whatever their types. */
function literalArity(rows: ts.Expression): number | undefined {
  if (!ts.isArrayLiteralExpression(rows) || !rows.elements.length) return undefined;
  if (!rows.elements.every((row) => ts.isArrayLiteralExpression(row) && !row.elements.some(ts.isSpreadElement))) return undefined;
  return Math.min(...rows.elements.map((row) => (row as ts.ArrayLiteralExpression).elements.length));
}

/** `$name` placeholders need the property on an object row. */
function missingKeys(checker: ts.TypeChecker, rows: ts.Type, title: string): string[] {
  const keys = [...title.matchAll(/\$([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  const row = checker.getIndexTypeOfType(rows, ts.IndexKind.Number);
  if (!keys.length || !row) return [];
  return keys.filter((key) => !row.getProperty(key));
}

/**
 * Every `x.each(rows)("title", …)` whose title asks for more arguments than a row gives (so
 * vitest prints "undefined", e.g. `it.each(REVISIONS)("%s → %s")`), found with the type checker.
 */
export function eachTitleProblems(files: string[]): { problems: TitleProblem[]; checked: number; skipped: string[] } {
  const config = ts.getParsedCommandLineOfConfigFile(join(REPO_ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const options: ts.CompilerOptions = { ...config!.options, noEmit: true, types: ["node"] };
  const program = ts.createProgram({ rootNames: files, options, host: testsOnlyHost(options) });
  const checker = program.getTypeChecker();
  const problems: TitleProblem[] = [];
  const skipped: string[] = [];
  let checked = 0;
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isCallExpression(node.expression) && ts.isPropertyAccessExpression(node.expression.expression) && node.expression.expression.name.text === "each") {
        const [titleNode] = node.arguments;
        const [rowsNode] = node.expression.arguments;
        if (titleNode && rowsNode && ts.isStringLiteralLike(titleNode)) {
          const title = titleNode.text;
          const at = `${relative(REPO_ROOT, file)}:${source.getLineAndCharacterOfPosition(titleNode.getStart()).line + 1}`;
          const rows = checker.getTypeAtLocation(rowsNode);
          const wanted = (title.match(PLACEHOLDER) ?? []).filter((p) => p !== "%%").length;
          const arity = literalArity(rowsNode) ?? rowArity(checker, rows);
          if (arity === undefined) skipped.push(at);
          else checked++;
          if (arity !== undefined && wanted > arity) problems.push({ at, title, problem: `${wanted} placeholders, rows give ${arity} argument${arity === 1 ? "" : "s"}` });
          for (const key of missingKeys(checker, rows, title)) problems.push({ at, title, problem: `$${key} is not a property of the rows` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { problems, checked, skipped };
}

/**
 * Resolves imports between test files and helpers only: rows come from there, and leaving out
 * src/ and node_modules (vitest, ts-morph, …) keeps the program small (an unresolved import is
 * `any`, whose arity is unknown, so it is skipped rather than guessed).
 */
function testsOnlyHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const tests = join(REPO_ROOT, "test");
  host.resolveModuleNameLiterals = (literals, containingFile, _redirect, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
      const { resolvedModule } = ts.resolveModuleName(literal.text, containingFile, compilerOptions, host, undefined, undefined, mode);
      const inTests = resolvedModule && !relative(tests, resolvedModule.resolvedFileName).startsWith("..") && !resolvedModule.resolvedFileName.includes("node_modules");
      return { resolvedModule: inTests ? resolvedModule : undefined };
    });
  return host;
}
