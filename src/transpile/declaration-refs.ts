import type * as TypeScript from "typescript";

// The top-level names a declaration's types refer to: what decides which imports and which
// non-exported declarations a `.d.ts` keeps (TypeScript's declaration emit keeps exactly those
// its declarations reference). Only type positions are walked (annotations, heritage, `typeof`,
// computed keys), never bodies or initialisers, and names bound by type parameters, mapped types
// and `infer` are not references. One namespace for types and values: generated code never gives
// a type and a value of its own the same name.

type Scope = ReadonlySet<string>;

function leftmost(ts: typeof TypeScript, name: TypeScript.Node): TypeScript.Identifier | undefined {
  let node = name;
  for (;;) {
    if (ts.isQualifiedName(node)) node = node.left;
    else if (ts.isPropertyAccessExpression(node)) node = node.expression;
    else return ts.isIdentifier(node) ? node : undefined;
  }
}

function add(ts: typeof TypeScript, name: TypeScript.Node, scope: Scope, refs: Set<string>): void {
  const id = leftmost(ts, name);
  if (id && !scope.has(id.text)) refs.add(id.text);
}

function withNames(scope: Scope, names: Iterable<string>): Scope {
  const inner = new Set(scope);
  for (const name of names) inner.add(name);
  return inner;
}

function typeParameterNames(node: TypeScript.Node): string[] {
  const params = (node as { typeParameters?: TypeScript.NodeArray<TypeScript.TypeParameterDeclaration> }).typeParameters;
  return params ? params.map((p) => p.name.text) : [];
}

function inferNames(ts: typeof TypeScript, node: TypeScript.Node): string[] {
  const names: string[] = [];
  const visit = (child: TypeScript.Node): void => {
    if (ts.isInferTypeNode(child)) names.push(child.typeParameter.name.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

/** Adds the names `node` (a type, or a declaration without bodies) refers to. */
export function typeRefs(ts: typeof TypeScript, node: TypeScript.Node | undefined, refs: Set<string>, scope: Scope = new Set()): void {
  if (!node) return;
  const own = typeParameterNames(node);
  const inner = own.length ? withNames(scope, own) : scope;
  if (ts.isConditionalTypeNode(node)) {
    for (const part of [node.checkType, node.extendsType, node.falseType]) typeRefs(ts, part, refs, inner);
    typeRefs(ts, node.trueType, refs, withNames(inner, inferNames(ts, node.extendsType)));
    return;
  }
  if (ts.isMappedTypeNode(node)) {
    const mapped = withNames(inner, [node.typeParameter.name.text]);
    ts.forEachChild(node, (child) => typeRefs(ts, child, refs, mapped));
    return;
  }
  if (ts.isTypeReferenceNode(node)) add(ts, node.typeName, inner, refs);
  else if (ts.isExpressionWithTypeArguments(node) || ts.isComputedPropertyName(node)) add(ts, node.expression, inner, refs);
  else if (ts.isTypeQueryNode(node)) add(ts, node.exprName, new Set(), refs);
  ts.forEachChild(node, (child) => typeRefs(ts, child, refs, inner));
}

/** The references of a function-like's signature: type parameters, parameter types, return type. */
export function signatureRefs(ts: typeof TypeScript, node: TypeScript.SignatureDeclarationBase, refs: Set<string>, scope: Scope = new Set()): void {
  const inner = withNames(scope, typeParameterNames(node));
  for (const p of node.typeParameters ?? []) typeRefs(ts, p, refs, inner);
  for (const p of node.parameters) {
    typeRefs(ts, p.type, refs, inner);
    bindingRefs(ts, p.name, refs, inner);
  }
  typeRefs(ts, node.type, refs, inner);
  if (node.name && ts.isComputedPropertyName(node.name)) typeRefs(ts, node.name, refs, inner);
}

/** Computed keys in a destructured parameter (`{ [k]: v }: T`), which its declaration keeps. */
function bindingRefs(ts: typeof TypeScript, name: TypeScript.BindingName, refs: Set<string>, scope: Scope): void {
  if (ts.isIdentifier(name)) return;
  for (const element of name.elements) {
    if (ts.isOmittedExpression(element)) continue;
    if (element.propertyName && ts.isComputedPropertyName(element.propertyName)) typeRefs(ts, element.propertyName, refs, scope);
    bindingRefs(ts, element.name, refs, scope);
  }
}

/** The names of a scope: a class's type parameters, for its members. */
export function scopeOf(node: TypeScript.Node): Scope {
  return new Set(typeParameterNames(node));
}

/** The references of a statement of a declaration file (no bodies to skip), as TypeScript printed it. */
export function declarationRefs(ts: typeof TypeScript, statement: TypeScript.Statement, refs: Set<string>): void {
  if (ts.isExportAssignment(statement)) add(ts, statement.expression, new Set(), refs);
  else if (ts.isExportDeclaration(statement)) exportRefs(ts, statement, refs);
  else typeRefs(ts, statement, refs);
}

/** `export { a, b as c }` without a module refers to the local `a` and `b`. */
export function exportRefs(ts: typeof TypeScript, statement: TypeScript.ExportDeclaration, refs: Set<string>): void {
  if (statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) return;
  for (const specifier of statement.exportClause.elements) refs.add((specifier.propertyName ?? specifier.name).text);
}
