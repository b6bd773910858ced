import type * as TypeScript from "typescript";
import { declarationRefs, exportRefs, typeRefs } from "./declaration-refs.js";
import { classDeclaration, declareEdit, render, signatureEdits, terminate, Unsupported, type Edit, type Rendered } from "./declaration-edits.js";

// A file's declarations (`.d.ts`) from its parsed text, without running TypeScript's declaration
// emitter over it (most of transpiling's cost on a revision's 300 KB validators.ts). Every
// generated file compiles under `isolatedDeclarations`, so each declaration is its source with
// bodies and initialisers deleted and `declare` added; what TypeScript's emit decides beyond
// that is which imports and non-exported declarations the `.d.ts` keeps (those its declarations
// refer to, declaration-refs.ts) and the `export {}` that keeps the rest private. A statement
// written in a way this does not handle is given to TypeScript's `transpileDeclaration` alone
// (valid: isolated declarations need nothing outside the statement). The suite holds the result
// to TypeScript's declaration emit, token for token, on every generated file
// (test/write/declarations.test.ts, test/spec/default-output.test.ts).

/** TypeScript could not declare a statement on its own: the output does not meet `isolatedDeclarations`. */
export class IsolatedDeclarationError extends Error {
  constructor(readonly diagnostic: TypeScript.Diagnostic) {
    super("isolated declaration error");
  }
}

interface Piece {
  statement: TypeScript.Statement;
  /** The top-level names it declares. */
  names: string[];
  /** Emitted whatever refers to it (exported, or an `export … from`). */
  exported: boolean;
  render: () => Rendered;
}

/** How often a statement was left to TypeScript (the suite checks generated files never are). */
export const isolatedStatements = { count: 0 };

/** The file's declarations, or undefined when it uses a construct only TypeScript's whole-file emit handles. */
export function declarationsOf(ts: typeof TypeScript, file: TypeScript.SourceFile): string | undefined {
  const pieces: Piece[] = [];
  const overloads = overloadedFunctions(ts, file);
  for (const statement of file.statements) {
    if (ts.isImportEqualsDeclaration(statement)) return undefined;
    if (ts.isImportDeclaration(statement)) continue;
    const piece = pieceOf(ts, file, statement, overloads);
    if (piece) pieces.push(piece);
  }
  const { rendered, refs } = visible(pieces);
  let out = "";
  let imports = false;
  for (const statement of file.statements) {
    const text = ts.isImportDeclaration(statement) ? importDeclaration(ts, file, statement, refs) : rendered.get(statement)?.text;
    if (text !== undefined) out += text;
    imports ||= text !== undefined && ts.isImportDeclaration(statement);
  }
  out += file.text.slice(file.statements.at(-1)?.end ?? 0, file.endOfFileToken.pos);
  if (!out.endsWith("\n")) out += "\n";
  return out + (needsScopeMarker(ts, file, pieces, rendered, imports) ? "export {};\n" : "");
}

/** Renders what is exported, then, transitively, every declaration a rendered one refers to. */
function visible(pieces: Piece[]): { rendered: Map<TypeScript.Statement, Rendered>; refs: Set<string> } {
  const byName = new Map<string, Piece[]>();
  for (const piece of pieces) for (const name of piece.names) byName.set(name, [...(byName.get(name) ?? []), piece]);
  const rendered = new Map<TypeScript.Statement, Rendered>();
  const refs = new Set<string>();
  const pending: string[] = [];
  const emit = (piece: Piece): void => {
    if (rendered.has(piece.statement)) return;
    const out = piece.render();
    rendered.set(piece.statement, out);
    for (const name of out.refs) {
      if (refs.has(name)) continue;
      refs.add(name);
      pending.push(name);
    }
  };
  for (const piece of pieces) if (piece.exported) emit(piece);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) for (const piece of byName.get(name) ?? []) emit(piece);
  return { rendered, refs };
}

/**
 * TypeScript's `export {}`: in a module whose declarations include private ones (which a
 * declaration file would otherwise export), unless an export declaration already marks it.
 */
function needsScopeMarker(ts: typeof TypeScript, file: TypeScript.SourceFile, pieces: Piece[], rendered: Map<TypeScript.Statement, Rendered>, imports: boolean): boolean {
  if (!ts.isExternalModule(file)) return false;
  const emitted = pieces.filter((p) => rendered.has(p.statement));
  const marked = emitted.some((p) => ts.isExportDeclaration(p.statement) || ts.isExportAssignment(p.statement));
  const indicated = imports || emitted.some((p) => p.exported);
  return !indicated || (emitted.some((p) => !p.exported) && !marked);
}

function hasModifier(ts: typeof TypeScript, node: TypeScript.Node, kind: TypeScript.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** Names with overload signatures: their implementation is not declared. */
function overloadedFunctions(ts: typeof TypeScript, file: TypeScript.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of file.statements) if (ts.isFunctionDeclaration(s) && !s.body && s.name && !hasModifier(ts, s, ts.SyntaxKind.DeclareKeyword)) names.add(s.name.text);
  return names;
}

function pieceOf(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.Statement, overloads: Set<string>): Piece | undefined {
  const exported = hasModifier(ts, statement, ts.SyntaxKind.ExportKeyword);
  const piece = (names: string[], fast: () => Rendered, always = exported): Piece => ({ statement, names, exported: always, render: () => orIsolated(ts, file, statement, fast) });
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return piece([statement.name.text], () => verbatim(ts, file, statement));
  if (ts.isVariableStatement(statement)) return piece(variableNames(ts, statement), () => variableStatement(ts, file, statement));
  if (ts.isFunctionDeclaration(statement)) {
    if (statement.body && statement.name && overloads.has(statement.name.text)) return undefined;
    return piece(statement.name ? [statement.name.text] : [], () => functionDeclaration(ts, file, statement));
  }
  if (ts.isClassDeclaration(statement)) return piece(statement.name ? [statement.name.text] : [], () => classDeclaration(ts, file, statement));
  if (ts.isExportDeclaration(statement)) return piece([], () => exportDeclaration(ts, file, statement), true);
  if (ts.isExportAssignment(statement)) return piece([], () => isolated(ts, file, statement), true);
  if (ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) {
    return piece(ts.isIdentifier(statement.name) ? [statement.name.text] : [], () => isolated(ts, file, statement), exported || !ts.isIdentifier(statement.name));
  }
  return undefined; // statements that run code declare nothing
}

function variableNames(ts: typeof TypeScript, statement: TypeScript.VariableStatement): string[] {
  return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
}

/** The fast rendering, or, for a construct it does not handle, TypeScript's declarations of the statement alone. */
function orIsolated(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.Statement, fast: () => Rendered): Rendered {
  try {
    return fast();
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return isolated(ts, file, statement);
  }
}

function isolated(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.Statement): Rendered {
  isolatedStatements.count++;
  const start = statement.getStart(file);
  const compilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, isolatedDeclarations: true, declaration: true };
  const out = ts.transpileDeclaration(file.text.slice(start, statement.end), { compilerOptions, reportDiagnostics: true });
  const [first] = out.diagnostics ?? [];
  if (first) throw new IsolatedDeclarationError({ ...first, file, start: (first.start ?? 0) + start });
  const text = out.outputText.replace(/^export \{\};\n/m, "").replace(/\n$/, "");
  const refs = new Set<string>();
  for (const s of ts.createSourceFile("statement.d.ts", text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS).statements) declarationRefs(ts, s, refs);
  return { text: file.text.slice(statement.pos, start) + text, refs };
}

function verbatim(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.Statement): Rendered {
  const refs = new Set<string>();
  typeRefs(ts, statement, refs);
  return { text: file.text.slice(statement.pos, statement.end), refs };
}

function exportDeclaration(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.ExportDeclaration): Rendered {
  const refs = new Set<string>();
  exportRefs(ts, statement, refs);
  return { text: file.text.slice(statement.pos, statement.end), refs };
}

/** A literal TypeScript declares as written (`declare const A = "x"`). */
function isPlainLiteral(ts: typeof TypeScript, node: TypeScript.Expression): boolean {
  const k = ts.SyntaxKind;
  if (ts.isPrefixUnaryExpression(node)) return node.operator === k.MinusToken && (ts.isNumericLiteral(node.operand) || ts.isBigIntLiteral(node.operand));
  return ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isBigIntLiteral(node) || node.kind === k.TrueKeyword || node.kind === k.FalseKeyword;
}

function isConstAssertion(ts: typeof TypeScript, node: TypeScript.AsExpression): boolean {
  return ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && node.type.typeName.text === "const";
}

/** The type of a literal under `as const`: `{ readonly a: 1; readonly b: readonly ["x"] }`. */
function constType(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.Expression): string {
  if (isPlainLiteral(ts, node)) return node.getText(file);
  if (ts.isArrayLiteralExpression(node)) return `readonly [${node.elements.map((e) => constType(ts, file, e)).join(", ")}]`;
  if (!ts.isObjectLiteralExpression(node)) throw new Unsupported();
  const members = node.properties.map((p) => {
    if (!ts.isPropertyAssignment(p) || ts.isComputedPropertyName(p.name)) throw new Unsupported();
    return `readonly ${p.name.getText(file)}: ${constType(ts, file, p.initializer)};`;
  });
  return members.length ? `{ ${members.join(" ")} }` : "{}";
}

function variableStatement(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.VariableStatement): Rendered {
  const edits: Edit[] = [];
  const refs = new Set<string>();
  const flags = node.declarationList.flags;
  if (flags & ts.NodeFlags.Using) throw new Unsupported(); // `using` and `await using` (the bit both carry)
  declareEdit(ts, file, node, edits);
  for (const d of node.declarationList.declarations) {
    if (!ts.isIdentifier(d.name) || d.exclamationToken) throw new Unsupported();
    if (d.type) {
      typeRefs(ts, d.type, refs);
      if (d.initializer) edits.push([d.type.end, d.initializer.end, ""]);
    } else if (flags & ts.NodeFlags.Const && d.initializer && ts.isAsExpression(d.initializer) && isConstAssertion(ts, d.initializer)) {
      edits.push([d.name.end, d.initializer.end, `: ${constType(ts, file, d.initializer.expression)}`]);
    } else if (!(flags & ts.NodeFlags.Const && d.initializer && isPlainLiteral(ts, d.initializer))) throw new Unsupported();
  }
  terminate(file, node, edits);
  return render(file, node, edits, refs);
}

function functionDeclaration(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.FunctionDeclaration): Rendered {
  if (!node.name || hasModifier(ts, node, ts.SyntaxKind.DefaultKeyword)) throw new Unsupported();
  const edits: Edit[] = [];
  const refs = new Set<string>();
  declareEdit(ts, file, node, edits);
  signatureEdits(ts, file, node, edits, refs, new Set());
  return render(file, node, edits, refs);
}

/** An import keeps the names the declarations refer to; with none, it goes. */
function importDeclaration(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.ImportDeclaration, refs: Set<string>): string | undefined {
  const clause = node.importClause;
  const whole = file.text.slice(node.pos, node.end);
  if (!clause) return whole;
  const parts: string[] = [];
  let all = true;
  if (clause.name) {
    if (refs.has(clause.name.text)) parts.push(clause.name.text);
    else all = false;
  }
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) {
    if (refs.has(bindings.name.text)) parts.push(bindings.getText(file));
    else all = false;
  } else if (bindings) {
    const kept = bindings.elements.filter((e) => refs.has(e.name.text));
    if (kept.length < bindings.elements.length) all = false;
    if (kept.length) parts.push(`{ ${kept.map((e) => e.getText(file)).join(", ")} }`);
  }
  if (all) return whole;
  if (!parts.length) return undefined;
  const attributes = node.attributes ? ` ${node.attributes.getText(file)}` : "";
  return `${file.text.slice(node.pos, node.getStart(file))}import ${clause.isTypeOnly ? "type " : ""}${parts.join(", ")} from ${node.moduleSpecifier.getText(file)}${attributes};`;
}
