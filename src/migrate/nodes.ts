import type * as TypeScript from "typescript";
import type { TS } from "./program.js";
import type { Subject } from "./types.js";

// tsc's "Parameter 'x' implicitly has an 'any' type" and its binding-element form.
const IMPLICIT_ANY_PARAMETER = new Set([7006, 7031]);

/**
 * What a diagnostic is about, read from the code it points at where its message cannot tell:
 *  - a parameter that lost its type (implicit `any`) in a function written as the value of an
 *    object literal's key is about that key: the handler of a removed method has no contextual
 *    type any more, and its `params` has nothing to do with a `params` property that changed;
 *  - a read from a property (`r.structuredContent?.["sum"]`, `tool.inputSchema.properties.x`) is
 *    also about the property read from, which the message names only as a type (`'{}'`).
 */
export function subjectAt(ts: TS, file: TypeScript.SourceFile, diagnostic: TypeScript.Diagnostic, subject: Subject): Subject {
  const node = nodeAt(ts, file, diagnostic.start ?? 0, diagnostic.length ?? 0);
  if (!node) return subject;
  if (IMPLICIT_ANY_PARAMETER.has(diagnostic.code)) {
    const key = handlerKey(ts, node);
    return key === undefined ? subject : { names: [key], context: [key] };
  }
  const read = readFrom(ts, node);
  return read === undefined ? subject : { names: [...subject.names, read], context: [...subject.context, read] };
}

/** The innermost node that spans exactly the diagnostic (else the innermost one containing its start). */
function nodeAt(ts: TS, file: TypeScript.SourceFile, start: number, length: number): TypeScript.Node | undefined {
  let found: TypeScript.Node | undefined;
  const visit = (node: TypeScript.Node): void => {
    if (node.getStart(file) > start || node.getEnd() < start + length) return;
    found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The key whose value is the function declaring this parameter (`"resources/subscribe": (params) => …`, or a method). */
function handlerKey(ts: TS, node: TypeScript.Node): string | undefined {
  let at: TypeScript.Node | undefined = node;
  while (at && !ts.isParameter(at)) at = at.parent;
  const fn = at?.parent;
  if (!fn) return undefined;
  const property = ts.isMethodDeclaration(fn) ? fn : ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? fn.parent : undefined;
  if (!property || !(ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property))) return undefined;
  return keyText(ts, property.name);
}

/**
 * The property whose value the diagnostic is about: `properties` when it spans
 * `tool.inputSchema.properties`, `structuredContent` when it spans `r.structuredContent?.["sum"]`
 * (or names `sum` in `r.structuredContent.sum`).
 */
function readFrom(ts: TS, node: TypeScript.Node): string | undefined {
  if (ts.isIdentifier(node) && node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) return lastName(ts, node.parent.expression);
  if (ts.isElementAccessExpression(node)) return lastName(ts, node.expression);
  return lastName(ts, node);
}

function lastName(ts: TS, node: TypeScript.Node): string | undefined {
  while (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) return node.argumentExpression.text;
  return undefined;
}

function keyText(ts: TS, name: TypeScript.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}
