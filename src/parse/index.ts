import { asJsonNumbers } from "./numbers.js";
import { createHash } from "node:crypto";
import type { SourceFile, Statement } from "ts-morph";
import { Node, Project, ts } from "./morph.js";
import { GeneratorError, type Warning } from "../errors.js";
import { aliasCycles, recursiveDeclarations } from "../model/graph.js";
import type { Declaration, SchemaModel, TypeNode } from "../model/types.js";
import { fail, type ParseContext } from "./context.js";
import { checkConstantName, checkDeclarationName } from "./names.js";
import { addMinimalLib, checkSemantics } from "./semantic.js";
import { convertAll, createContext } from "./convert.js";
import { convertConstants } from "./declarations.js";
import { reportUnattachedDocs } from "./jsdoc.js";
import { lineLocator } from "./location.js";
import { overflowFromNesting } from "./nesting.js";
import { failAliasCycle } from "./shapes.js";
import { bindImport, checkOwnName, extensionFacet, placeCore, type ExtensionInput } from "./extension.js";

export interface ParseInput {
  /** schema.ts source text. */
  text: string;
  /** The file name used in error locations (as the user gave it). */
  fileName: string;
  revision: string | null;
  /** Set for an extension's schema: the core its imports bind to. */
  extension?: ExtensionInput;
}

export interface ParseResult {
  model: SchemaModel;
  warnings: Warning[];
}

/** Parses one schema.ts into the model. Throws GeneratorError (with a location) on bad input. */
export function parseSchema(input: ParseInput): ParseResult {
  try {
    return parse(input);
  } catch (error) {
    const deepest = overflowFromNesting(error, input.text);
    if (!deepest) throw error;
    const where = lineLocator(input.text, input.fileName)(deepest.pos);
    throw new GeneratorError(`nesting too deep to parse: ${deepest.depth} levels of brackets reach here (give inner types names of their own)`, where);
  }
}

function parse(input: ParseInput): ParseResult {
  const sourceFile = loadSourceFile(input);
  const ctx = createContext(input.fileName, sourceFile, input.extension?.core.declarations, input.extension ? "json" : "integer");
  collectStatements(ctx, sourceFile.getStatements(), input.extension?.core);
  const declarations = convertAll(ctx);
  const [cycle] = aliasCycles(declarations);
  if (cycle) failAliasCycle(ctx, cycle);
  reportUnattachedDocs(ctx);
  checkSemantics(sourceFile.getProject(), sourceFile, input.fileName);
  applyJsonNumberConvention(declarations);
  const model: SchemaModel = {
    modelVersion: 2,
    source: { revision: input.revision, file: input.fileName, sha256: sha256(input.text) },
    declarations,
    constants: [...ctx.constants.values()],
    ...(input.extension ? { extension: extensionFacet(ctx, sourceFile, input.extension) } : {}),
  };
  return { model, warnings: inSourceOrder(ctx.warnings) };
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function loadSourceFile(input: ParseInput): SourceFile {
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { noLib: true, strict: true } });
  addMinimalLib(project);
  const sourceFile = project.createSourceFile("/schema.ts", input.text);
  if (input.extension) placeCore(sourceFile, input.extension.coreText);
  const [first] = project.getProgram().compilerObject.getSyntacticDiagnostics(sourceFile.compilerNode);
  if (first) {
    const message = ts.flattenDiagnosticMessageText(first.messageText, "\n");
    throw new GeneratorError(`syntax error: ${message}`, lineLocator(sourceFile.getFullText(), input.fileName)(first.start ?? 0));
  }
  return sourceFile;
}

function collectStatements(ctx: ParseContext, statements: Statement[], core: SchemaModel | undefined): void {
  // Imports first, wherever they stand: a declaration's name is checked against what they bind.
  for (const statement of statements) if (core && Node.isImportDeclaration(statement)) bindImport(ctx, statement, core);
  for (const statement of statements) {
    if (core && Node.isImportDeclaration(statement)) continue;
    if (Node.isInterfaceDeclaration(statement) || Node.isTypeAliasDeclaration(statement)) {
      const name = statement.getName();
      checkDeclarationName(ctx, statement, name);
      if (core) checkOwnName(ctx, statement, name, core);
      if (ctx.sources.has(name)) fail(ctx, statement, `\`${name}\` is declared twice (declaration merging is not translated)`);
      ctx.sources.set(name, statement);
    } else if (Node.isVariableStatement(statement)) {
      for (const constant of convertConstants(ctx, statement)) {
        checkConstantName(ctx, statement, constant.name);
        ctx.constants.set(constant.name, constant);
      }
    } else if (!Node.isEmptyStatement(statement)) {
      fail(ctx, statement, `unsupported statement (${statement.getKindName()}): a schema holds interfaces, type aliases and literal constants`);
    }
  }
}

/** Warnings by position in the file (conversion order depends on which bases came first). */
function inSourceOrder(warnings: Warning[]): Warning[] {
  return [...warnings].sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
}

/**
 * Upstream's integer convention is for protocol fields. A recursive alias such as
 * `JSONValue = string | number | … | JSONArray` stands for arbitrary JSON, where `number` means
 * any JSON number; schema.json's `integer` there is a generation artifact (see README).
 */
function applyJsonNumberConvention(declarations: Declaration[]): void {
  const recursive = recursiveDeclarations(declarations);
  for (const declaration of declarations) {
    if (declaration.kind !== "alias" || !recursive.has(declaration.name)) continue;
    declaration.type = asJsonNumbers(declaration.type);
  }
}

