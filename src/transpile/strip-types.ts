import type * as TypeScript from "typescript";

// JavaScript from a parsed TypeScript file by deleting its types, the rest of the text kept as
// it is: what TypeScript's own emit gives for the constructs generated code uses, without
// running its transformers and printer over every statement (the whole of `transpileModule`'s
// cost on a 300 KB validators.ts). Anything with runtime meaning of its own (enums, namespaces,
// parameter properties, `import x = require()`) is not handled: the file is then left to
// TypeScript's emit. The suite holds the result to TypeScript's emit, token for token, on every
// generated file (test/transpile/strip-types.test.ts).

type Edit = [start: number, end: number];

/** Thrown and caught within this file; not an `Error`, whose stack trace would be wasted work. */
class Unsupported {}

/** The file's text without its types, or undefined when it uses a construct only TypeScript's emit handles. */
export function stripTypes(ts: typeof TypeScript, file: TypeScript.SourceFile): string | undefined {
  const edits: Edit[] = [];
  try {
    for (const statement of file.statements) statementEdits(ts, file, statement, edits);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return applyEdits(file.text, edits);
}

function applyEdits(text: string, edits: Edit[]): string {
  edits.sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [start, end] of edits) {
    if (start < at) continue; // inside a range already deleted
    out += text.slice(at, start);
    at = end;
  }
  return out + text.slice(at);
}

function hasModifier(ts: typeof TypeScript, node: TypeScript.Node, kind: TypeScript.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** A statement that is types only: removed with its leading comments, as TypeScript's emit does. */
function erased(ts: typeof TypeScript, node: TypeScript.Statement): boolean {
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return true;
  if (hasModifier(ts, node, ts.SyntaxKind.DeclareKeyword)) return true;
  if (ts.isImportDeclaration(node)) return node.importClause?.isTypeOnly === true;
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  return ts.isFunctionDeclaration(node) && !node.body; // an overload signature
}

function statementEdits(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.Statement, edits: Edit[]): void {
  if (erased(ts, node)) {
    edits.push([node.pos, node.end]);
    return;
  }
  if (ts.isEnumDeclaration(node) || ts.isModuleDeclaration(node) || ts.isImportEqualsDeclaration(node) || ts.isExportAssignment(node)) {
    if (!ts.isExportAssignment(node) || node.isExportEquals) throw new Unsupported();
  }
  visit(ts, file, node, edits);
}

/** Deletes `<…>` of type parameters or arguments. */
function deleteList(file: TypeScript.SourceFile, list: TypeScript.NodeArray<TypeScript.Node> | undefined, edits: Edit[]): void {
  if (!list) return;
  const open = file.text.lastIndexOf("<", list.pos);
  const close = file.text.indexOf(">", list.end);
  edits.push([open, close + 1]);
}

/** Deletes `: T` (from the colon before the type), or `?: T` / `!: T` after a name. */
function deleteAnnotation(file: TypeScript.SourceFile, type: TypeScript.TypeNode | undefined, edits: Edit[], from?: number): void {
  if (!type) return;
  const colon = file.text.lastIndexOf(":", type.getStart(file));
  edits.push([from ?? colon, type.end]);
}

function deleteSpecifier(file: TypeScript.SourceFile, specifier: TypeScript.Node, edits: Edit[]): void {
  const comma = /^\s*,/.exec(file.text.slice(specifier.end));
  edits.push([specifier.pos, specifier.end + (comma ? comma[0].length : 0)]);
}

/**
 * The kinds of node that can carry types (or are types, reached only through a construct deleted
 * whole): every other node is only walked through. Checking the kind first keeps the walk cheap
 * on millions of nodes (a 1 MB schema's validators).
 */
function typeCarriers(ts: typeof TypeScript): Set<TypeScript.SyntaxKind> {
  const k = ts.SyntaxKind;
  const kinds = [
    k.AsExpression, k.SatisfiesExpression, k.NonNullExpression, k.TypeAssertionExpression, k.ImportSpecifier, k.ExportSpecifier, k.HeritageClause,
    k.CallExpression, k.NewExpression, k.TaggedTemplateExpression, k.ExpressionWithTypeArguments, k.Parameter, k.VariableDeclaration,
    k.PropertyDeclaration, k.MethodDeclaration, k.Constructor, k.GetAccessor, k.SetAccessor, k.FunctionDeclaration, k.FunctionExpression,
    k.ArrowFunction, k.ClassDeclaration, k.ClassExpression, k.IndexSignature, k.SemicolonClassElement, k.ClassStaticBlockDeclaration,
  ];
  for (let kind = k.FirstTypeNode; kind <= k.LastTypeNode; kind++) kinds.push(kind);
  return new Set(kinds);
}

let carriers: { ts: typeof TypeScript; kinds: Set<TypeScript.SyntaxKind> } | undefined;

function visit(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.Node, edits: Edit[]): void {
  if (carriers?.ts !== ts) carriers = { ts, kinds: typeCarriers(ts) };
  const walk = (child: TypeScript.Node): void => {
    if (carriers!.kinds.has(child.kind)) visit(ts, file, child, edits);
    else ts.forEachChild(child, walk);
  };
  if (!carriers.kinds.has(node.kind)) {
    ts.forEachChild(node, walk);
    return;
  }
  if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return; // reached only through a construct deleted whole
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) edits.push([node.expression.end, node.end]);
  else if (ts.isNonNullExpression(node)) edits.push([node.end - 1, node.end]);
  else if (ts.isTypeAssertionExpression(node)) edits.push([node.getStart(file), node.expression.getStart(file)]);
  else if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) {
    if (node.isTypeOnly) deleteSpecifier(file, node, edits);
    return;
  } else if (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ImplementsKeyword) {
    edits.push([node.pos, node.end]);
    return;
  } else declarationEdits(ts, file, node, edits);
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node) || ts.isExpressionWithTypeArguments(node)) deleteList(file, node.typeArguments, edits);
  ts.forEachChild(node, walk);
}

/** Types on declarations: annotations, type parameters, `this` parameters, class-only modifiers and members. */
function declarationEdits(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.Node, edits: Edit[]): void {
  if (ts.isClassElement(node) && classElementErased(ts, node)) {
    edits.push([node.pos, node.end]);
    return;
  }
  if (ts.isParameter(node) && ts.getModifiers(node)?.length) throw new Unsupported(); // a parameter property
  if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === "this") {
    deleteSpecifier(file, node, edits);
    return;
  }
  if (ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) {
    const named = node.name.end;
    if (node.type || ("questionToken" in node && node.questionToken) || ("exclamationToken" in node && node.exclamationToken)) {
      edits.push([named, node.type ? node.type.end : named + 1]);
    }
  }
  if (ts.isFunctionLike(node)) {
    deleteList(file, node.typeParameters, edits);
    deleteAnnotation(file, node.type, edits);
    if (ts.isMethodDeclaration(node) && node.questionToken) edits.push([node.name.end, node.name.end + 1]);
  }
  if (ts.isClassLike(node)) deleteList(file, node.typeParameters, edits);
  if (ts.canHaveModifiers(node)) for (const m of ts.getModifiers(node) ?? []) if (TYPE_MODIFIERS.has(ts.SyntaxKind[m.kind])) edits.push([m.getStart(file), m.end]);
}

const TYPE_MODIFIERS = new Set(["PublicKeyword", "PrivateKeyword", "ProtectedKeyword", "ReadonlyKeyword", "OverrideKeyword", "AbstractKeyword"]);

function classElementErased(ts: typeof TypeScript, node: TypeScript.ClassElement): boolean {
  if (ts.isIndexSignatureDeclaration(node) || ts.isSemicolonClassElement(node)) return ts.isIndexSignatureDeclaration(node);
  if (hasModifier(ts, node, ts.SyntaxKind.DeclareKeyword) || hasModifier(ts, node, ts.SyntaxKind.AbstractKeyword)) return true;
  return (ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) && !node.body;
}
