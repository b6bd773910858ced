import type * as TypeScript from "typescript";
import { scopeOf, signatureRefs, typeRefs } from "./declaration-refs.js";

// The edits that turn a function, a variable or a class into its declaration, as TypeScript's
// declaration emit prints it (declarations.ts): `declare` added; bodies, initialisers, `async`,
// `*`, `override`, `public` deleted; a parameter with a default made optional; private members
// reduced to their names; `#private` members to one `#private;`.

/** Replaces `[start, end)` with the text (an insertion when start === end). */
export type Edit = [start: number, end: number, text: string];

/** A statement's declaration, its leading comments kept, and the top-level names it refers to. */
export interface Rendered {
  text: string;
  refs: Set<string>;
}

/**
 * A construct these edits do not handle: the statement goes to TypeScript on its own. Not an
 * `Error`: it is thrown for every such statement (thousands in a large validators file) and
 * always caught, and an `Error`'s stack trace cost more than the statement's edits.
 */
export class Unsupported {}

type Scope = ReadonlySet<string>;

export function render(file: TypeScript.SourceFile, node: TypeScript.Node, edits: Edit[], refs: Set<string>): Rendered {
  edits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let text = "";
  let at = node.pos;
  for (const [start, end, insert] of edits) {
    if (start < at) continue; // inside a range already replaced
    text += file.text.slice(at, start) + insert;
    at = end;
  }
  return { text: text + file.text.slice(at, node.end), refs };
}

function modifiers(ts: typeof TypeScript, node: TypeScript.Node): readonly TypeScript.ModifierLike[] {
  return (ts.canHaveModifiers(node) && ts.getModifiers(node)) || [];
}

/** `export declare …` / `declare …` (a statement already `declare` stays as it is). */
export function declareEdit(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.Statement, edits: Edit[]): void {
  const list = modifiers(ts, node);
  if (list.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) return;
  if (list.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword || ts.isDecorator(m))) throw new Unsupported();
  const exported = list.find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const at = exported ? exported.end : node.getStart(file);
  edits.push([at, at, exported ? " declare" : "declare "]);
  dropModifiers(ts, file, node, DROPPED, edits);
}

/** Modifiers a declaration does not carry. */
const DROPPED = new Set(["AsyncKeyword", "OverrideKeyword", "PublicKeyword", "DeclareKeyword"]);

function dropModifiers(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.Node, kinds: ReadonlySet<string>, edits: Edit[]): void {
  for (const m of modifiers(ts, node)) {
    if (!kinds.has(ts.SyntaxKind[m.kind])) continue;
    let end = m.end;
    while (file.text[end] === " ") end++;
    edits.push([m.getStart(file), end, ""]);
  }
}

/** A `;` where the statement or member has none (automatic semicolon insertion). */
export function terminate(file: TypeScript.SourceFile, node: TypeScript.Node, edits: Edit[]): void {
  if (file.text[node.end - 1] !== ";") edits.push([node.end, node.end, ";"]);
}

type FunctionLike = TypeScript.FunctionDeclaration | TypeScript.MethodDeclaration | TypeScript.ConstructorDeclaration | TypeScript.AccessorDeclaration;

/** A function's signature as declared: parameters without defaults, no body, no `*`. */
export function signatureEdits(ts: typeof TypeScript, file: TypeScript.SourceFile, node: FunctionLike, edits: Edit[], refs: Set<string>, scope: Scope): void {
  if (!node.type && !ts.isConstructorDeclaration(node) && !ts.isSetAccessor(node)) throw new Unsupported();
  if (!ts.isAccessor(node) && !ts.isConstructorDeclaration(node) && node.asteriskToken) edits.push([node.asteriskToken.getStart(file), node.asteriskToken.end, ""]);
  parameterEdits(ts, node.parameters, edits);
  signatureRefs(ts, node, refs, scope);
  if (node.body) edits.push([node.body.pos, node.body.end, ";"]);
  else terminate(file, node, edits);
}

function parameterEdits(ts: typeof TypeScript, params: TypeScript.NodeArray<TypeScript.ParameterDeclaration>, edits: Edit[]): void {
  params.forEach((p, i) => {
    if (modifiers(ts, p).length || !p.type) throw new Unsupported(); // a parameter property, or a type to infer
    bindingEdits(ts, p.name, edits);
    if (!p.initializer) return;
    // A default before a required parameter is declared `T | undefined`, not optional.
    if (params.slice(i + 1).some((q) => !q.questionToken && !q.initializer && !q.dotDotDotToken)) throw new Unsupported();
    edits.push([p.type.end, p.initializer.end, ""]);
    if (!p.questionToken) edits.push([p.name.end, p.name.end, "?"]);
  });
}

/** Defaults inside a destructured parameter go: `{ a = 1 }: T` is declared `{ a }: T`. */
function bindingEdits(ts: typeof TypeScript, name: TypeScript.BindingName, edits: Edit[]): void {
  if (ts.isIdentifier(name)) return;
  for (const element of name.elements) {
    if (ts.isOmittedExpression(element)) continue;
    bindingEdits(ts, element.name, edits);
    if (element.initializer) edits.push([element.name.end, element.initializer.end, ""]);
  }
}

function memberKey(ts: typeof TypeScript, member: TypeScript.ClassElement): string | undefined {
  if (ts.isConstructorDeclaration(member)) return "constructor";
  if (!ts.isMethodDeclaration(member)) return undefined;
  const name = member.name;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? `${hasModifier(ts, member, "StaticKeyword") ? "static " : ""}${name.text}` : undefined;
}

function hasModifier(ts: typeof TypeScript, node: TypeScript.Node, kind: string): boolean {
  return modifiers(ts, node).some((m) => ts.SyntaxKind[m.kind] === kind);
}

export function classDeclaration(ts: typeof TypeScript, file: TypeScript.SourceFile, node: TypeScript.ClassDeclaration): Rendered {
  if (!node.name) throw new Unsupported();
  const edits: Edit[] = [];
  const refs = new Set<string>();
  const scope = scopeOf(node);
  declareEdit(ts, file, node, edits);
  for (const p of node.typeParameters ?? []) typeRefs(ts, p, refs, scope);
  for (const clause of node.heritageClauses ?? []) typeRefs(ts, clause, refs, scope);
  const overloaded = new Set(node.members.filter((m) => (ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m)) && !m.body).map((m) => memberKey(ts, m)));
  let privateNames = false;
  for (const member of node.members) {
    if (member.name && ts.isPrivateIdentifier(member.name)) privateNames = true;
    memberEdits(ts, file, member, overloaded, edits, refs, scope);
  }
  if (privateNames) edits.push([node.members.pos, node.members.pos, "\n    #private;"]);
  return render(file, node, edits, refs);
}

function memberEdits(ts: typeof TypeScript, file: TypeScript.SourceFile, member: TypeScript.ClassElement, overloaded: Set<string | undefined>, edits: Edit[], refs: Set<string>, scope: Scope): void {
  const drop = (): void => void edits.push([member.pos, member.end, ""]);
  if (member.name && ts.isPrivateIdentifier(member.name)) return drop();
  if (ts.isClassStaticBlockDeclaration(member) || ts.isSemicolonClassElement(member)) return drop();
  if (ts.isIndexSignatureDeclaration(member)) return typeRefs(ts, member, refs, scope);
  if ((ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) && member.body && overloaded.has(memberKey(ts, member))) return drop();
  if (modifiers(ts, member).some((m) => m.kind === ts.SyntaxKind.AccessorKeyword || ts.isDecorator(m))) throw new Unsupported();
  if (hasModifier(ts, member, "PrivateKeyword")) return privateMember(ts, file, member, overloaded, edits);
  dropModifiers(ts, file, member, DROPPED, edits);
  if (member.name && ts.isComputedPropertyName(member.name)) typeRefs(ts, member.name, refs, scope);
  if (ts.isPropertyDeclaration(member)) return propertyEdits(ts, file, member, edits, refs, scope);
  if (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member) || ts.isAccessor(member)) {
    if (ts.isMethodDeclaration(member) && member.questionToken && !member.type) throw new Unsupported();
    return signatureEdits(ts, file, member, edits, refs, scope);
  }
  throw new Unsupported();
}

function propertyEdits(ts: typeof TypeScript, file: TypeScript.SourceFile, member: TypeScript.PropertyDeclaration, edits: Edit[], refs: Set<string>, scope: Scope): void {
  if (member.exclamationToken) edits.push([member.exclamationToken.getStart(file), member.exclamationToken.end, ""]);
  if (member.type) {
    typeRefs(ts, member.type, refs, scope);
    if (member.initializer) edits.push([member.type.end, member.initializer.end, ""]);
  } else if (!(member.initializer && hasModifier(ts, member, "ReadonlyKeyword") && isLiteral(ts, member.initializer))) throw new Unsupported();
  terminate(file, member, edits);
}

function isLiteral(ts: typeof TypeScript, node: TypeScript.Expression): boolean {
  return ts.isStringLiteral(node) || ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

/** `private m;`: a private member's declaration is its modifiers and name alone. */
function privateMember(ts: typeof TypeScript, file: TypeScript.SourceFile, member: TypeScript.ClassElement, overloaded: Set<string | undefined>, edits: Edit[]): void {
  if (!ts.isPropertyDeclaration(member) && !ts.isMethodDeclaration(member)) throw new Unsupported();
  if (overloaded.has(memberKey(ts, member))) throw new Unsupported();
  const kept = modifiers(ts, member).filter((m) => !DROPPED.has(ts.SyntaxKind[m.kind]));
  const optional = member.questionToken ? "?" : "";
  edits.push([member.getStart(file), member.end, `${kept.map((m) => m.getText(file)).join(" ")} ${member.name.getText(file)}${optional};`]);
}
