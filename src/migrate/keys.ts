import type * as TypeScript from "typescript";
import type { CheckedProject, TS } from "./program.js";

/** A key of an object literal that the generated type it is written for does not have. */
export interface ExcessKey {
  file: TypeScript.SourceFile;
  /** The property's name node: where tsc reports an excess property. */
  node: TypeScript.Node;
  key: string;
  /** The generated type, as the compiler prints it (`ServerHandlers<RequestContext>`). */
  type: string;
}

/**
 * Every excess key of every object literal written for a type of the output (a handler map,
 * a result, options). tsc reports an object's excess keys only once its other errors are gone,
 * and then only the first: a handler for a removed method stays hidden behind a result that
 * lacks a new field. Checked here directly against the new output's types, all at once.
 * Literals under a type assertion (`as`) are skipped: tsc does not check their keys either.
 */
export function excessKeys(checked: CheckedProject): ExcessKey[] {
  const { ts } = checked;
  const checker = checked.program.getTypeChecker();
  const found: ExcessKey[] = [];
  for (const file of checked.files) {
    const visit = (node: TypeScript.Node): void => {
      if (ts.isObjectLiteralExpression(node) && !asserted(ts, node)) found.push(...keysOf(checked, checker, file, node));
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

function asserted(ts: TS, node: TypeScript.Node): boolean {
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent)) parent = parent.parent;
  return ts.isAsExpression(parent) || ts.isTypeAssertionExpression(parent);
}

function keysOf(checked: CheckedProject, checker: TypeScript.TypeChecker, file: TypeScript.SourceFile, node: TypeScript.ObjectLiteralExpression): ExcessKey[] {
  const { ts } = checked;
  const contextual = checker.getContextualType(node);
  if (!contextual) return [];
  const targets = (contextual.isUnion() ? contextual.types : [contextual]).filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
  if (!targets.length || !targets.some((t) => generated(checked, t)) || !targets.every((t) => closedObject(ts, checker, t))) return [];
  const keys: ExcessKey[] = [];
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property) || !property.name) continue;
    const key = keyText(ts, property.name);
    if (key === undefined || targets.some((t) => checker.getPropertyOfType(t, key))) continue;
    keys.push({ file, node: property.name, key, type: checker.typeToString(contextual.isUnion() ? targets[0]! : contextual) });
  }
  return keys;
}

/** A type declared by the output at DIR (its alias, or the interface or class itself). */
function generated(checked: CheckedProject, type: TypeScript.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return !!symbol?.declarations?.some((d) => checked.inDir(d.getSourceFile().fileName));
}

/** An object type without index signatures: every key it admits is one of its properties. */
function closedObject(ts: TS, checker: TypeScript.TypeChecker, type: TypeScript.Type): boolean {
  if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return false;
  return checker.getIndexInfosOfType(type).length === 0;
}

function keyText(ts: TS, name: TypeScript.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}
