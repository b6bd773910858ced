import type { Project, SourceFile, ts as TS } from "ts-morph";
import { ts } from "./morph.js";
import { GeneratorError } from "../errors.js";
import { lineLocator } from "./location.js";

/**
 * The few global types a schema may use, so that TypeScript can check it without its standard
 * library (which would cost far more than the schema itself).
 */
const MINIMAL_LIB = `
interface Array<T> { length: number; [n: number]: T }
interface ReadonlyArray<T> { readonly length: number; readonly [n: number]: T }
interface Boolean {}
interface Function {}
interface CallableFunction {}
interface NewableFunction {}
interface IArguments {}
interface Number {}
interface Object {}
interface RegExp {}
interface String {}
type PropertyKey = string | number | symbol;
type Record<K extends keyof any, T> = { [P in K]: T };
type Pick<T, K extends keyof T> = { [P in K]: T[P] };
type Exclude<T, U> = T extends U ? never : T;
type Omit<T, K extends keyof any> = Pick<T, Exclude<keyof T, K>>;
`;

/** Adds the minimal library to a project (before the schema is checked). */
export function addMinimalLib(project: Project): void {
  project.createSourceFile("/lib.mcp-gen.d.ts", MINIMAL_LIB);
}

/**
 * A schema must be valid TypeScript as TypeScript itself judges it: an index signature that a
 * property does not fit, an incompatible `extends`, a circular alias, a name TypeScript reserves…
 * would all make the generated code fail to compile. The first error is reported at its place.
 */
export function checkSemantics(project: Project, sourceFile: SourceFile, fileName: string): void {
  const first = firstSemanticDiagnostic(project, sourceFile);
  if (!first) return;
  const message = ts.flattenDiagnosticMessageText(first.messageText, "\n").split("\n")[0];
  throw new GeneratorError(`not valid TypeScript (TS${first.code}): ${message}`, lineLocator(sourceFile.getFullText(), fileName)(first.start ?? 0));
}

/**
 * TypeScript's checker recurses through alias and `extends` chains; thousands of links deep it
 * overflows the stack where mcp-gen's own (iterative) conversion does not. Such a schema is not
 * judged invalid: the gate stands aside and the conversion's own checks apply.
 */
function firstSemanticDiagnostic(project: Project, sourceFile: SourceFile): TS.Diagnostic | undefined {
  try {
    return project.getProgram().compilerObject.getSemanticDiagnostics(sourceFile.compilerNode)[0];
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
