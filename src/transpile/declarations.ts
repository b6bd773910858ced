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
// (test/transpile/declarations.test.ts, test/spec/default-output.test.ts).

/** TypeScript could not declare a statement on its own: the output does not meet `isolatedDeclarations`. */
export class IsolatedDeclarationError extends Error {
  constructor(readonly diagnostic: TypeScript.Diagnostic) {
    super("isolated declaration error");
  }
}

/**
 * A statement's part of the declarations, kept as text only (so that a file parsed in pieces can
 * drop each piece's tree): an import, rendered once the references are known; a declaration,
 * rendered, or (a construct left to TypeScript) rendered only if something refers to it.
 */
type Part =
  | { kind: "import"; render: (refs: ReadonlySet<string>) => string | undefined }
  | { kind: "declaration"; names: string[]; exported: boolean; marker: boolean; render: () => Rendered };

/** A file's (or a piece of a file's) statements as declaration parts, and whether it is a module. */
export interface DeclarationParts {
  parts: Part[];
  module: boolean;
  /** Text after the last statement. */
  tail: string;
}

/** How often a statement was left to TypeScript (the suite checks generated files never are). */
export const isolatedStatements = { count: 0 };

/** The file's declarations, or undefined when it uses a construct only TypeScript's whole-file emit handles. */
export function declarationsOf(ts: typeof TypeScript, file: TypeScript.SourceFile): string | undefined {
  const parts = declarationParts(ts, file);
  return parts && assembleDeclarations([parts]);
}

/** The declaration parts of one parsed text: every statement's work that needs its tree, done. */
export function declarationParts(ts: typeof TypeScript, file: TypeScript.SourceFile): DeclarationParts | undefined {
  const parts: Part[] = [];
  const overloads = overloadedFunctions(ts, file);
  for (const statement of file.statements) {
    if (ts.isImportEqualsDeclaration(statement)) return undefined;
    if (ts.isImportDeclaration(statement)) parts.push({ kind: "import", render: importDeclaration(ts, file, statement) });
    else {
      const part = partOf(ts, file, statement, overloads);
      if (part) parts.push(part);
    }
  }
  return { parts, module: ts.isExternalModule(file), tail: file.text.slice(file.statements.at(-1)?.end ?? 0, file.endOfFileToken.pos) };
}

/** The declarations of a file from the parts of its pieces, in order. */
export function assembleDeclarations(pieces: DeclarationParts[]): string {
  const parts = pieces.flatMap((p) => p.parts);
  const declarations = parts.filter((p) => p.kind === "declaration");
  const { rendered, refs } = visible(declarations);
  let out = "";
  let imports = false;
  for (const part of parts) {
    const text = part.kind === "import" ? part.render(refs) : rendered.get(part)?.text;
    if (text !== undefined) out += text;
    imports ||= text !== undefined && part.kind === "import";
  }
  out += pieces.at(-1)?.tail ?? "";
  if (!out.endsWith("\n")) out += "\n";
  const emitted = declarations.filter((p) => rendered.has(p));
  return out + (pieces.some((p) => p.module) && needsScopeMarker(emitted, imports) ? "export {};\n" : "");
}

type Declaration = Extract<Part, { kind: "declaration" }>;

/** Renders what is exported, then, transitively, every declaration a rendered one refers to. */
function visible(parts: Declaration[]): { rendered: Map<Declaration, Rendered>; refs: Set<string> } {
  const byName = new Map<string, Declaration[]>();
  for (const part of parts) for (const name of part.names) byName.set(name, [...(byName.get(name) ?? []), part]);
  const rendered = new Map<Declaration, Rendered>();
  const refs = new Set<string>();
  const pending: string[] = [];
  const emit = (part: Declaration): void => {
    if (rendered.has(part)) return;
    const out = part.render();
    rendered.set(part, out);
    for (const name of out.refs) {
      if (refs.has(name)) continue;
      refs.add(name);
      pending.push(name);
    }
  };
  for (const part of parts) if (part.exported) emit(part);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) for (const part of byName.get(name) ?? []) emit(part);
  return { rendered, refs };
}

/**
 * TypeScript's `export {}`: in a module whose declarations include private ones (which a
 * declaration file would otherwise export), unless an export declaration already marks it; or
 * whose declarations have no import or export left.
 */
function needsScopeMarker(emitted: Declaration[], imports: boolean): boolean {
  const indicated = imports || emitted.some((p) => p.exported);
  return !indicated || (emitted.some((p) => !p.exported) && !emitted.some((p) => p.marker));
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

function partOf(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.Statement, overloads: Set<string>): Declaration | undefined {
  const exported = hasModifier(ts, statement, ts.SyntaxKind.ExportKeyword);
  const marker = ts.isExportDeclaration(statement) || ts.isExportAssignment(statement);
  const part = (names: string[], fast: () => Rendered, always = exported): Declaration => ({ kind: "declaration", names, exported: always, marker, render: rendering(ts, file, statement, fast) });
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return part([statement.name.text], () => verbatim(ts, file, statement));
  if (ts.isVariableStatement(statement)) return part(variableNames(ts, statement), () => variableStatement(ts, file, statement));
  if (ts.isFunctionDeclaration(statement)) {
    if (statement.body && statement.name && overloads.has(statement.name.text)) return undefined;
    return part(statement.name ? [statement.name.text] : [], () => functionDeclaration(ts, file, statement));
  }
  if (ts.isClassDeclaration(statement)) return part(statement.name ? [statement.name.text] : [], () => classDeclaration(ts, file, statement));
  if (ts.isExportDeclaration(statement)) return part([], () => exportDeclaration(ts, file, statement), true);
  if (ts.isExportAssignment(statement)) return part([], unsupported, true);
  if (ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) {
    return part(ts.isIdentifier(statement.name) ? [statement.name.text] : [], unsupported, exported || !ts.isIdentifier(statement.name));
  }
  return undefined; // statements that run code declare nothing
}

function unsupported(): never {
  throw new Unsupported();
}

function variableNames(ts: typeof TypeScript, statement: TypeScript.VariableStatement): string[] {
  return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
}

/**
 * The statement's rendering, done now while its tree is at hand; for a construct the fast path
 * does not handle, TypeScript's declarations of the statement alone, made only if asked for
 * (most such statements are private and referred to by nothing).
 */
function rendering(ts: typeof TypeScript, file: TypeScript.SourceFile, statement: TypeScript.Statement, fast: () => Rendered): () => Rendered {
  const done = fastOrUndefined(fast);
  if (done) return () => done;
  const start = statement.getStart(file);
  return later(ts, file.fileName, file.text.slice(statement.pos, start), file.text.slice(start, statement.end));
}

function fastOrUndefined(fast: () => Rendered): Rendered | undefined {
  try {
    return fast();
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return undefined;
  }
}

/** A closure over text alone: holding the tree would keep every piece's tree alive until the file is done. */
function later(ts: typeof TypeScript, fileName: string, leading: string, source: string): () => Rendered {
  return () => isolated(ts, fileName, leading, source);
}

function isolated(ts: typeof TypeScript, fileName: string, leading: string, source: string): Rendered {
  isolatedStatements.count++;
  const compilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, isolatedDeclarations: true, declaration: true };
  const out = ts.transpileDeclaration(source, { compilerOptions, reportDiagnostics: true, fileName });
  const [first] = out.diagnostics ?? [];
  if (first) throw new IsolatedDeclarationError(first);
  const text = out.outputText.replace(/^export \{\};\n/m, "").replace(/\n$/, "");
  const refs = new Set<string>();
  for (const s of ts.createSourceFile("statement.d.ts", text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS).statements) declarationRefs(ts, s, refs);
  return { text: leading + text, refs };
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
function importDeclaration(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.ImportDeclaration): (refs: ReadonlySet<string>) => string | undefined {
  const whole = file.text.slice(node.pos, node.end);
  const clause = node.importClause;
  if (!clause) return () => whole;
  const names: Array<{ name: string; text: string; named: boolean }> = [];
  if (clause.name) names.push({ name: clause.name.text, text: clause.name.text, named: false });
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push({ name: bindings.name.text, text: bindings.getText(file), named: false });
  else for (const e of bindings?.elements ?? []) names.push({ name: e.name.text, text: e.getText(file), named: true });
  const attributes = node.attributes ? ` ${node.attributes.getText(file)}` : "";
  const head = `${file.text.slice(node.pos, node.getStart(file))}import ${clause.isTypeOnly ? "type " : ""}`;
  const from = ` from ${node.moduleSpecifier.getText(file)}${attributes};`;
  return (refs) => {
    const kept = names.filter((n) => refs.has(n.name));
    if (kept.length === names.length) return whole;
    if (!kept.length) return undefined;
    const named = kept.filter((n) => n.named).map((n) => n.text);
    const parts = [...kept.filter((n) => !n.named).map((n) => n.text), ...(named.length ? [`{ ${named.join(", ")} }`] : [])];
    return `${head}${parts.join(", ")}${from}`;
  };
}
