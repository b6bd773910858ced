import type * as TypeScript from "typescript";
import { numberOf } from "./eras.js";
import type { Meaning, Meanings } from "./meanings.js";
import type { CheckedProject, TS } from "./program.js";

/** A literal in the user's code whose value changed meaning. */
export interface ChangedLiteral {
  file: TypeScript.SourceFile;
  node: TypeScript.Node;
  meaning: Meaning;
}

/**
 * Every number and string literal of the project's files whose value is in `meanings`: error
 * codes written by hand (`new McpError(-32002, …)`), method names, protocol versions compared by
 * hand, `_meta` keys. Module specifiers are not values. Read from the program's syntax trees.
 */
export function changedLiterals(checked: CheckedProject, meanings: Meanings): ChangedLiteral[] {
  const { ts } = checked;
  const found: ChangedLiteral[] = [];
  for (const file of checked.files) {
    const visit = (node: TypeScript.Node): void => {
      if (moduleSpecifier(ts, node)) return;
      const meaning = meaningOf(ts, node, meanings);
      if (meaning) {
        found.push({ file, node, meaning });
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

function meaningOf(ts: TS, node: TypeScript.Node, meanings: Meanings): Meaning | undefined {
  if (ts.isStringLiteralLike(node)) return meanings.strings.get(node.text);
  // `-32002` is a minus applied to 32002: read the two together, never the bare operand.
  if (ts.isPrefixUnaryExpression(node) || ts.isNumericLiteral(node)) {
    const value = numberOf(ts, node);
    return value === undefined ? undefined : meanings.numbers.get(value);
  }
  return undefined;
}

function moduleSpecifier(ts: TS, node: TypeScript.Node): boolean {
  return (
    ts.isImportDeclaration(node) ||
    ts.isExportDeclaration(node) ||
    ts.isExternalModuleReference(node) ||
    ts.isImportTypeNode(node) ||
    (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
  );
}
