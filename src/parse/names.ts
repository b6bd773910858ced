import type { Node } from "ts-morph";
import { fail, type ParseContext } from "./context.js";

/**
 * Words a module cannot use as a declaration name (strict mode and module top level), and names
 * TypeScript reserves for its own types: the generated code would not compile with them.
 */
const RESERVED_WORDS = new Set([
  "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
  "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return",
  "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
  "implements", "interface", "let", "package", "private", "protected", "public", "static",
]);
const TYPE_KEYWORDS = new Set(["any", "unknown", "never", "number", "string", "boolean", "symbol", "object", "bigint", "undefined", "intrinsic"]);

/** The generic types mcp-gen reads as TypeScript's own: a schema must not redeclare them. */
const INTERPRETED = new Set(["Array", "Record", "Omit"]);

export function checkDeclarationName(ctx: ParseContext, node: Node, name: string): void {
  if (RESERVED_WORDS.has(name) || TYPE_KEYWORDS.has(name)) {
    fail(ctx, node, `\`${name}\` cannot name a type in a TypeScript module (it is a reserved word or a built-in type); rename it`);
  }
  if (INTERPRETED.has(name)) {
    fail(ctx, node, `\`${name}\` redeclares TypeScript's ${name}, which mcp-gen reads as the built-in (\`${name}<…>\`); rename the declaration`);
  }
}

export function checkConstantName(ctx: ParseContext, node: Node, name: string): void {
  if (RESERVED_WORDS.has(name)) fail(ctx, node, `\`${name}\` cannot name a constant in a TypeScript module (a reserved word); rename it`);
}
