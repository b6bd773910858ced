import { readFileSync } from "node:fs";
import ts from "typescript";

/**
 * Names of the exported types and interfaces of a schema.ts, read with the TypeScript
 * compiler itself: an oracle independent of mcp-gen's parser.
 */
export function exportedTypeNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))) names.push(statement.name.text);
  }
  return names;
}

export function exportedConstantNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      ? statement.declarationList.declarations.map((d) => d.name.getText(source))
      : [],
  );
}
