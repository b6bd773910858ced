import type {
  InterfaceDeclaration as TsInterface,
  Node,
  SourceFile,
  TypeAliasDeclaration as TsAlias,
} from "ts-morph";
import { GeneratorError, type Warning } from "../errors.js";
import type { Constant, Declaration, SourceLocation } from "../model/types.js";

/** State shared by the parse passes of one schema file. */
export interface ParseContext {
  fileName: string;
  sourceFile: SourceFile;
  /** Type-level declarations by name, as written. */
  sources: Map<string, TsInterface | TsAlias>;
  constants: Map<string, Constant>;
  /** Converted declarations (memo: bases are converted on demand when flattening). */
  converted: Map<string, Declaration>;
  /** Declarations being converted right now, to report circular inheritance. */
  converting: Set<string>;
  warnings: Warning[];
  /** Converts a declaration by name (memoised); set by the parser entry point. */
  declaration(name: string, from: Node): Declaration;
}

export function locate(ctx: ParseContext, node: Node): SourceLocation {
  const { line, column } = ctx.sourceFile.getLineAndColumnAtPos(node.getStart());
  return { file: ctx.fileName, line, column };
}

export function fail(ctx: ParseContext, node: Node, message: string): never {
  throw new GeneratorError(message, locate(ctx, node));
}

export function warn(ctx: ParseContext, node: Node, message: string): void {
  ctx.warnings.push({ message, location: locate(ctx, node) });
}

/** A short excerpt of source text for error messages. */
export function excerpt(node: Node): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
