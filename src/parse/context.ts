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
  /** The file's full text (what node positions index into). */
  text: string;
  /** Location of a text position (a line table built once per file). */
  locateAt(pos: number): SourceLocation;
  /** Type-level declarations by name, as written. */
  sources: Map<string, TsInterface | TsAlias>;
  constants: Map<string, Constant>;
  /** Converted declarations (memo: bases are converted before the declarations that need them). */
  converted: Map<string, Declaration>;
  /** Declarations whose conversion is under way or waiting for a base, to report circular inheritance. */
  converting: Set<string>;
  /** Start positions of the JSDoc comments read so far; any other one is reported if it has tags. */
  claimedDocs: Set<number>;
  warnings: Warning[];
  /**
   * An extension schema's core: the core revision's declarations (converted already, seeded into
   * `converted`) and the local names its imports bind to them (`Error as JSONRPCErrorObject`).
   * Empty for a schema that stands alone.
   */
  core: ReadonlySet<string>;
  /**
   * What a bare `number` is: `integer` in a core revision (upstream generates schema.json with
   * `--defaultNumberType integer`), `json` (any JSON number) in an extension's own declarations,
   * whose upstream schema.json comes from ts-to-zod (`z.number()`); `@TJS-type integer` still
   * makes one an integer there.
   */
  bareNumber: "integer" | "json";
  imported: Map<string, string>;
  /**
   * The converted declaration `name`, whose shape the caller needs. When it is not
   * converted yet this throws a {@link PendingDeclaration}: the parser's driver converts it
   * first and retries the caller, so inheritance never recurses however deep it is.
   */
  declaration(name: string, from: Node): Declaration;
}

/** Thrown (not an Error: no stack trace to build) when a conversion needs another one first. */
export class PendingDeclaration {
  constructor(readonly name: string) {}
}

/** A node (its first token, after comments) or a text position. */
export type Where = Node | number;

export function locate(ctx: ParseContext, where: Where): SourceLocation {
  return ctx.locateAt(typeof where === "number" ? where : where.getStart());
}

export function fail(ctx: ParseContext, where: Where, message: string): never {
  throw new GeneratorError(message, locate(ctx, where));
}

export function warn(ctx: ParseContext, where: Where, message: string): void {
  ctx.warnings.push({ message, location: locate(ctx, where) });
}

/** A short excerpt of source text for error messages. */
export function excerpt(node: Node): string {
  const text = node.getText().replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The declaration a name written in the schema stands for: an imported core name's own name, else itself. */
export function declared(ctx: ParseContext, written: string): string {
  return ctx.imported.get(written) ?? written;
}

/** Whether `name` (as declared) is a declaration this schema may refer to: its own, or an imported core one. */
export function knows(ctx: ParseContext, name: string): boolean {
  return ctx.sources.has(name) || ctx.core.has(name);
}
