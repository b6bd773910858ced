import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type * as TypeScript from "typescript";
import type { TS } from "./program.js";

/** A runtime constant that holds one number per era (`{ stateless: …, session: … }`). */
export interface EraConstant {
  name: string;
  values: Record<string, number>;
}

/**
 * The numbers the generated runtime answers with by era, read from the new output's runtime
 * (its `.d.ts` or `.ts` files): exported constants whose object has a numeric value for each
 * of `eras`. Some answers are defined by the MCP prose, not the schema (a missing resource is
 * -32002 in the session era, -32602 in the stateless one), so no diff entry tells them; the
 * runtime that sends them does. Nothing here names a constant or a code.
 */
export function eraConstants(ts: TS, runtimeDir: string, eras: string[]): EraConstant[] {
  const found: EraConstant[] = [];
  for (const path of runtimeFiles(runtimeDir)) {
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const values = numbersByKey(ts, declaration);
        if (ts.isIdentifier(declaration.name) && eras.every((era) => values[era] !== undefined)) found.push({ name: declaration.name.text, values });
      }
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function runtimeFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  const declarations = entries.some((e) => e.endsWith(".d.ts"));
  return entries.filter((e) => (declarations ? e.endsWith(".d.ts") : e.endsWith(".ts"))).sort().map((e) => join(dir, e));
}

/** `{ a: -1, b: 2 } as const` (a source) or `{ readonly a: -1; readonly b: 2 }` (a declaration): the numeric members. */
function numbersByKey(ts: TS, declaration: TypeScript.VariableDeclaration): Record<string, number> {
  const values: Record<string, number> = {};
  let initializer = declaration.initializer;
  while (initializer && (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer) || ts.isParenthesizedExpression(initializer))) initializer = initializer.expression;
  const members: Array<[TypeScript.PropertyName, TypeScript.Node | undefined]> = [];
  if (initializer && ts.isObjectLiteralExpression(initializer)) {
    for (const p of initializer.properties) if (ts.isPropertyAssignment(p)) members.push([p.name, p.initializer]);
  } else if (declaration.type && ts.isTypeLiteralNode(declaration.type)) {
    for (const m of declaration.type.members) if (ts.isPropertySignature(m)) members.push([m.name, m.type && ts.isLiteralTypeNode(m.type) ? m.type.literal : undefined]);
  }
  for (const [name, value] of members) {
    const number = value && numberOf(ts, value);
    if ((ts.isIdentifier(name) || ts.isStringLiteral(name)) && number !== undefined) values[name.text] = number;
  }
  return values;
}

/** A numeric literal, or a negated one (`-32002`). */
export function numberOf(ts: TS, node: TypeScript.Node): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  return undefined;
}
