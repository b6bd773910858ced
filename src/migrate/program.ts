// The TypeScript compiler API, used as the compiler: migrate type-checks the user's project as
// tsc would. (The schema is parsed with ts-morph in src/parse only; this reads no schema.)
import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import type * as TypeScript from "typescript";
import { GeneratorError } from "../errors.js";
import { typescript } from "../transpile/index.js";

export type TS = typeof TypeScript;

/** The user's project, compiled as if the new output stood at DIR. */
export interface CheckedProject {
  ts: TS;
  program: TypeScript.Program;
  /** The tsconfig's folder: items are reported relative to it. */
  root: string;
  /** The project's own files: not DIR's, not a library's. */
  files: TypeScript.SourceFile[];
  /** True for a path inside DIR (the output the project imports). */
  inDir(path: string): boolean;
}

/** A compiler, and the default library files when they are not on disk (ts-morph's copy keeps them in memory). */
interface Compiler {
  ts: TS;
  libs?: { dir: string; files: Map<string, string> };
}

/**
 * The project's own TypeScript, as its `tsc` would check it (its version, its defaults), else
 * the copy bundled with ts-morph, whose library files are served from memory. "Its own" is
 * `node_modules/typescript` in the tsconfig's folder and nowhere else: Node's resolution would
 * also take one from any folder above the project (a `node_modules` planted in a shared parent
 * such as /tmp or a home folder) and run it. docs/security.md says what migrate executes.
 */
function compilerFor(root: string): Compiler {
  const own = join(root, "node_modules", "typescript");
  if (existsSync(join(own, "package.json"))) {
    try {
      // A folder path is resolved through its own package.json, never by a lookup in parent folders.
      return { ts: createRequire(join(root, "package.json"))(own) as TS };
    } catch (error) {
      throw new GeneratorError(`cannot load the project's TypeScript (${own}): ${error instanceof Error ? error.message : String(error)}; repair or remove it (without it, migrate uses the copy mcp-gen bundles)`);
    }
  }
  const require = createRequire(import.meta.url);
  const common = require(require.resolve("@ts-morph/common", { paths: [require.resolve("ts-morph")] })) as {
    getLibFiles(): Array<{ fileName: string; text: string }>;
    libFolderInMemoryPath: string;
  };
  return { ts: typescript(), libs: { dir: common.libFolderInMemoryPath, files: new Map(common.getLibFiles().map((f) => [f.fileName, f.text])) } };
}

/** The tsconfig's options and files, read as tsc reads them; a missing or broken one is a usage error. */
function readProject(ts: TS, project: string): TypeScript.ParsedCommandLine {
  requireProject(project);
  const file = resolve(project);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new GeneratorError(`${file}: ${ts.flattenDiagnosticMessageText(read.error.messageText, " ")}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file), undefined, file);
  const errors = parsed.errors.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) throw new GeneratorError(`${file}: ${errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")).join("; ")}`);
  return parsed;
}

/**
 * A compiler host that reads every path under DIR from the new output instead (files, folders,
 * listings), so module resolution, `paths` and `node_modules` lookups work from DIR's place in
 * the project; a file that only the old output has does not exist. Nothing is copied.
 */
function mappedHost(compiler: Compiler, options: TypeScript.CompilerOptions, map: (path: string) => string | undefined): TypeScript.CompilerHost {
  const { ts, libs } = compiler;
  const host = ts.createCompilerHost(options, true);
  const real = (path: string) => map(path) ?? path;
  const lib = (path: string) => (libs && dirname(path) === libs.dir ? libs.files.get(basename(path)) : undefined);
  host.fileExists = (path) => lib(path) !== undefined || ts.sys.fileExists(real(path));
  host.readFile = (path) => lib(path) ?? ts.sys.readFile(real(path));
  if (libs) host.getDefaultLibLocation = () => libs.dir;
  if (libs) host.getDefaultLibFileName = (o) => join(libs.dir, ts.getDefaultLibFileName(o));
  host.directoryExists = (path) => ts.sys.directoryExists(real(path));
  host.getDirectories = (path) => ts.sys.getDirectories(real(path));
  // A mapped file keeps its name under DIR: its real path would be the temporary folder.
  host.realpath = (path) => (map(path) !== undefined ? path : (ts.sys.realpath?.(path) ?? path));
  host.getSourceFile = (fileName, languageVersion, onError) => {
    const text = host.readFile(fileName);
    if (text === undefined) {
      onError?.(`cannot read ${fileName}`);
      return undefined;
    }
    return ts.createSourceFile(fileName, text, languageVersion, true);
  };
  return host;
}

/** Builds the project's program on the new output; `map` sends DIR's paths to it. */
export function checkProject(project: string, map: (path: string) => string | undefined): CheckedProject {
  const compiler = compilerFor(dirname(resolve(project)));
  const ts = compiler.ts;
  const parsed = readProject(ts, project);
  const inDir = (path: string) => map(resolve(path)) !== undefined;
  // The old output's files are never roots: the new one's come in through the imports.
  const rootNames = parsed.fileNames.filter((file) => !inDir(file));
  const options: TypeScript.CompilerOptions = { ...parsed.options, noEmit: true };
  const program = ts.createProgram({ rootNames, options, host: mappedHost(compiler, options, map), ...(parsed.projectReferences ? { projectReferences: parsed.projectReferences } : {}) });
  const files = program
    .getSourceFiles()
    .filter((file) => !inDir(file.fileName) && !program.isSourceFileFromExternalLibrary(file) && !program.isSourceFileDefaultLibrary(file) && !/[\\/]node_modules[\\/]/.test(file.fileName));
  return { ts, program, root: dirname(resolve(project)), files, inDir };
}

/** The compiler's errors in the project's own files (syntax first, then types), as tsc lists them. */
export function projectDiagnostics(checked: CheckedProject): TypeScript.Diagnostic[] {
  const { ts, program } = checked;
  return checked.files.flatMap((file) =>
    [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].filter((d) => d.category === ts.DiagnosticCategory.Error),
  );
}

/** Fails early, before anything is generated, when --project names no file. */
export function requireProject(project: string): void {
  const file = resolve(project);
  if (!existsSync(file) || !statSync(file).isFile()) throw new GeneratorError(noProject(file));
}

function noProject(file: string): string {
  return `no tsconfig at ${file}: pass --project path/to/tsconfig.json (the project whose code imports --out)`;
}
