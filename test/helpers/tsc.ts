import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import type * as TypeScript from "typescript";

/** Loaded on first use: importing STRICTEST alone should not cost a TypeScript load. */
let loaded: typeof TypeScript | undefined;
function typescript(): typeof TypeScript {
  loaded ??= createRequire(import.meta.url)("typescript") as typeof TypeScript;
  return loaded;
}

export interface TscResult {
  code: number;
  /** One diagnostic per line (`--pretty false`). */
  diagnostics: string[];
}

/**
 * The strictest settings a demanding consumer compiles generated code with: @tsconfig/strictest's
 * checks, plus isolatedDeclarations and verbatimModuleSyntax, NodeNext resolution.
 */
export const STRICTEST = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  allowUnusedLabels: false,
  allowUnreachableCode: false,
  isolatedDeclarations: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noEmit: true,
  declaration: true,
  skipLibCheck: true,
  types: [],
};

/** The historical name: the suite's strict settings are the strictest ones. */
export const STRICT_NODENEXT = STRICTEST;

/**
 * Parsed (and bound) source files, shared by every program of this worker: zod's declarations,
 * the libs and the generated output are read once, however many programs compile them, as the
 * language service does. A file is reused only while its text is unchanged.
 */
const sourceFiles = new Map<string, { text: string; file: TypeScript.SourceFile }>();

function cachingHost(options: TypeScript.CompilerOptions): TypeScript.CompilerHost {
  const ts = typescript();
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError) => {
    const text = host.readFile(fileName);
    if (text === undefined) {
      onError?.(`cannot read ${fileName}`);
      return undefined;
    }
    const settings = typeof languageVersionOrOptions === "object" ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
    const key = [fileName, settings.languageVersion, settings.impliedNodeFormat, settings.jsDocParsingMode].join("\0");
    const cached = sourceFiles.get(key);
    if (cached?.text === text) return cached.file;
    const file = ts.createSourceFile(fileName, text, settings);
    sourceFiles.set(key, { text, file });
    return file;
  };
  return host;
}

const FORMAT_HOST: TypeScript.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => "\n" };

/** As `tsc --pretty false` prints it: `file(line,col): error TSxxxx: message` (first line of the chain). */
function formatted(diagnostics: readonly TypeScript.Diagnostic[]): string[] {
  const ts = typescript();
  return diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).map((d) => ts.formatDiagnostic(d, FORMAT_HOST).split("\n")[0]!);
}

/** One program, in-process: diagnostics and emit can be asked for a subset of its files. */
export interface Compilation {
  program: TypeScript.Program;
  /**
   * Diagnostics of the files `accept` takes (default: every file, plus global and option
   * diagnostics, as tsc reports them). A file left out is still read and type-checked as far as
   * the accepted files need it, but its own body is not checked.
   */
  diagnostics(accept?: (file: string) => boolean): string[];
  /** Writes the outputs (per the options, e.g. declarations only) of the files `accept` takes; returns emit diagnostics. */
  emit(accept?: (file: string) => boolean): string[];
}

/** Writes a tsconfig.json into `dir` (so a failure can be replayed with `tsc -p dir`) and builds its program in-process. */
export function compile(dir: string, compilerOptions: object, include: string[]): Compilation {
  const ts = typescript();
  mkdirSync(dir, { recursive: true });
  const config = { compilerOptions, include };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config, null, 2));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir, undefined, join(dir, "tsconfig.json"));
  if (parsed.errors.length) throw new Error(formatted(parsed.errors).join("\n") || ts.flattenDiagnosticMessageText(parsed.errors[0]!.messageText, "\n"));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host: cachingHost(parsed.options) });
  const files = (accept: (file: string) => boolean) => program.getSourceFiles().filter((f) => accept(f.fileName));
  return {
    program,
    diagnostics(accept) {
      if (!accept) return formatted(ts.getPreEmitDiagnostics(program));
      return formatted(
        files(accept).flatMap((f) => [
          ...program.getSyntacticDiagnostics(f),
          ...program.getSemanticDiagnostics(f),
          ...(parsed.options.declaration ? program.getDeclarationDiagnostics(f) : []),
        ]),
      );
    },
    emit(accept) {
      if (!accept) return formatted(program.emit().diagnostics);
      return files(accept).flatMap((f) => formatted(program.emit(f).diagnostics));
    },
  };
}

/** The first line of every file of the runtime as an output carries it (the generator's header). */
const RUNTIME_HEADER = /^\/\/ Generated by mcp-gen .* from the mcp-gen runtime \(revision-independent\)/;

/**
 * Diagnostics of a program over generated outputs, less the bodies of their runtime copies:
 * test/run.mjs checks the runtime's templates under STRICTEST (templates/runtime/tsconfig.json)
 * and spec/typecheck.test.ts the global setup's generated copy, so a test of the modules an output
 * adds need not check the runtime's 5 CPU-s of bodies once more. The copies' types are still read
 * wherever the modules use them, and each relative import of a copy must name a file of it (the
 * copy is whole). Options and global diagnostics are kept, as tsc reports them.
 */
export function moduleDiagnostics(compilation: Compilation): string[] {
  const { program } = compilation;
  const runtime = new Set(program.getSourceFiles().filter((f) => RUNTIME_HEADER.test(f.text)).map((f) => f.fileName));
  const missing = [...runtime].flatMap((file) => {
    const text = program.getSourceFile(file)!.text;
    const specifiers = [...text.matchAll(/(?:from |import\()"(\.{1,2}\/[^"]+)\.js"/g)].map((m) => m[1]!);
    return specifiers.filter((s) => !existsSync(join(dirname(file), `${s}.ts`))).map((s) => `${file}: error: the runtime copy has no ${s}.ts`);
  });
  return [...formatted([...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]), ...compilation.diagnostics((f) => !runtime.has(f)), ...missing];
}

/**
 * `tsc -p dir` with this configuration, in-process: every diagnostic (with `modulesOnly`, those of
 * moduleDiagnostics), outputs written unless noEmit.
 */
export async function tsc(dir: string, compilerOptions: object, include: string[], { modulesOnly = false } = {}): Promise<TscResult> {
  const compilation = compile(dir, compilerOptions, include);
  const diagnostics = modulesOnly ? moduleDiagnostics(compilation) : compilation.diagnostics();
  if (!compilation.program.getCompilerOptions().noEmit) diagnostics.push(...compilation.emit());
  return { code: diagnostics.length ? 2 : 0, diagnostics: [...new Set(diagnostics)] };
}

/** Every `.ts` file under `dir` (relative path → text). */
function tree(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), "utf8")]));
}

/**
 * Outputs generated one by one each carry their own copy of the runtime, byte for byte the same
 * (asserted here). The copies of `outputs[1..]` are removed and their files' `./runtime/` imports
 * name the first output's copy instead: a program over all of them checks the runtime once, not
 * once per output. (Links would not do: TypeScript keeps a linked path for a relative import, and
 * checks the linked runtime again, once per link.) Call it after the outputs' bytes were compared.
 */
export function shareRuntime(outputs: string[]): void {
  const [first, ...rest] = outputs;
  const runtime = join(first!, "runtime");
  for (const output of rest) {
    const copy = join(output, "runtime");
    if (JSON.stringify(tree(copy)) !== JSON.stringify(tree(runtime))) throw new Error(`${copy} differs from ${runtime}`);
    rmSync(copy, { recursive: true });
    const shared = `${relative(output, runtime).replace(/\\/g, "/")}/`;
    for (const name of readdirSync(output).filter((f) => f.endsWith(".ts"))) {
      const path = join(output, name);
      writeFileSync(path, readFileSync(path, "utf8").replaceAll(/(from |import\()"\.\/runtime\//g, `$1"${shared}`));
    }
  }
}
