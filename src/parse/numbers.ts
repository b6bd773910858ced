import type { NumericLiteral } from "ts-morph";
import { Node, SyntaxKind } from "./morph.js";
import type { LiteralValue, TypeNode } from "../model/types.js";
import { excerpt, fail, type ParseContext } from "./context.js";

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER_SYNTAX = /^(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|\d+)$/;

/**
 * A number written in a tag (`@minimum 0.5`) in JSON's syntax, or undefined: `0x10`, `1_000`,
 * `Infinity` and `1e999` are not JSON numbers. `-0` reads as 0 (JSON and TypeScript do not
 * tell them apart).
 */
export function jsonNumber(text: string): number | undefined {
  if (!JSON_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value + 0 : undefined;
}

/**
 * The value of a literal in a type (`"a"`, `-1_000`, `0x10`, `true`, `null`) or a constant's
 * initializer, as TypeScript reads it; undefined when the node is not a literal. A literal
 * JSON cannot hold is an error: bigints, numbers that overflow to Infinity, integers that a
 * double cannot hold exactly.
 */
export function literalValue(ctx: ParseContext, node: Node): LiteralValue | undefined {
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
  if (Node.isNumericLiteral(node)) return numberLiteral(ctx, node, node, false);
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.MinusToken) {
    const operand = node.getOperand();
    if (Node.isNumericLiteral(operand)) return numberLiteral(ctx, node, operand, true);
    if (Node.isBigIntLiteral(operand)) return bigintLiteral(ctx, node);
    return undefined;
  }
  if (Node.isBigIntLiteral(node)) return bigintLiteral(ctx, node);
  if (node.getKind() === SyntaxKind.TrueKeyword) return true;
  if (node.getKind() === SyntaxKind.FalseKeyword) return false;
  if (node.getKind() === SyntaxKind.NullKeyword) return null;
  return undefined;
}

function numberLiteral(ctx: ParseContext, whole: Node, literal: NumericLiteral, negative: boolean): number {
  // Legacy octal (`017`) and leading-zero decimals never get here: they are syntax errors.
  const raw = literal.getText().replace(/_/g, "");
  // TypeScript stores the literal's value as the decimal text of the double it denotes
  // (separators removed, 0x/0o/0b converted); ts-morph's getLiteralValue() reads it with
  // parseInt, which turns `1e21` into 1.
  const value = Number(literal.compilerNode.text);
  if (!Number.isFinite(value)) {
    fail(ctx, whole, `\`${excerpt(whole)}\` is ${negative ? "-" : ""}Infinity as a number: JSON cannot represent it`);
  }
  if (INTEGER_SYNTAX.test(raw) && BigInt(raw) !== BigInt(value)) {
    fail(ctx, whole, `\`${excerpt(whole)}\` cannot be represented exactly as a JSON number (it would read as ${negative ? "-" : ""}${BigInt(value)})`);
  }
  return (negative ? -value : value) + 0;
}

function bigintLiteral(ctx: ParseContext, node: Node): never {
  return fail(ctx, node, `bigint literal \`${excerpt(node)}\` has no JSON form (JSON numbers are read as doubles); write a number`);
}

/**
 * A type whose `number` (alone or as a union member) is any JSON number, not upstream's integer:
 * where the value is the user's data rather than a protocol field (see README).
 */
export function asJsonNumbers(type: TypeNode): TypeNode {
  if (type.kind === "number") return { ...type, integer: false };
  if (type.kind === "union") return { kind: "union", members: type.members.map((m) => (m.kind === "number" ? { ...m, integer: false } : m)) };
  return type;
}
