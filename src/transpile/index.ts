import { createRequire } from "node:module";
import type * as TypeScript from "typescript";
import { GeneratorError } from "../errors.js";
import type { OutputFile } from "../emit/common.js";
import { pretranspiled, pretranspiledRoles, type Transpiled } from "./pretranspiled.js";
import { joinRuntime } from "./runtime-roles.js";
import { splitHeader } from "./header.js";

export { splitHeader };
import { assembleDeclarations, declarationParts, declarationsOf, IsolatedDeclarationError, type DeclarationParts } from "./declarations.js";
import { parsedCleanly, statementChunks } from "./chunks.js";
import { stripTypes } from "./strip-types.js";

// The default output is JavaScript with declarations (`.js` + `.d.ts`) instead of TypeScript
// sources: a consumer's checker reads a `.d.ts` lazily (only what the program uses) and, with
// `skipLibCheck`, never checks it, where every `.ts` of the output is checked in full whatever the
// program imports (a one-import consumer: ~42,700 instantiations on `.ts`, ~250 on `.d.ts`).
// Every emitted file compiles under `isolatedDeclarations`, so each file's declarations are
// TypeScript's own declaration emit of that file alone, without a type check; the `.ts` sources
// stay available with `--emit ts`, and the suite holds them to the strictest flags and the spec.

/**
 * TypeScript itself, from ts-morph's bundled copy: generation has loaded it already to parse the
 * schema, and a second copy of the compiler would cost its load time again (~0.3–1 s).
 */
export function typescript(): typeof TypeScript {
  const require = createRequire(import.meta.url);
  return require(require.resolve("@ts-morph/common/dist/typescript.js", { paths: [require.resolve("ts-morph")] })) as typeof TypeScript;
}

function compilerOptions(ts: typeof TypeScript): TypeScript.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    isolatedDeclarations: true,
    declaration: true,
    // Each file on its own, as `transpileModule`/`transpileDeclaration` do.
    noCheck: true,
    noResolve: true,
    types: [],
    newLine: ts.NewLineKind.LineFeed,
  };
}

/**
 * The globals declaration emit may name: TypeScript's own `transpileDeclaration` library
 * (without `Symbol` as a value, `[Symbol.asyncIterator]()` would be printed as an index signature).
 */
const LIB_NAME = "/lib.d.ts";
const LIB = `interface Boolean {}
interface Function {}
interface CallableFunction {}
interface NewableFunction {}
interface IArguments {}
interface Number {}
interface Object {}
interface RegExp {}
interface String {}
interface Array<T> { length: number; [n: number]: T; }
interface SymbolConstructor {
    (desc?: string | number): symbol;
    for(name: string): symbol;
    readonly toStringTag: symbol;
}
declare var Symbol: SymbolConstructor;
interface Symbol {
    readonly [Symbol.toStringTag]: string;
}`;

let lib: TypeScript.SourceFile | undefined;

function compilerHost(ts: typeof TypeScript, trees: ReadonlyMap<string, TypeScript.SourceFile>, written: Map<string, string>): TypeScript.CompilerHost {
  lib ??= ts.createSourceFile(LIB_NAME, LIB, ts.ScriptTarget.ESNext);
  return {
    getSourceFile: (name) => (name === LIB_NAME ? lib : trees.get(name)),
    writeFile: (name, text) => written.set(name, text),
    getDefaultLibFileName: () => LIB_NAME,
    useCaseSensitiveFileNames: () => true,
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => "/",
    getNewLine: () => "\n",
    fileExists: (name) => name === LIB_NAME || trees.has(name),
    readFile: (name) => trees.get(name)?.text,
  };
}

function assertEmitted(ts: typeof TypeScript, diagnostics: readonly TypeScript.Diagnostic[]): void {
  const first = diagnostics[0];
  if (!first) return;
  throw new GeneratorError(`internal error: ${first.file?.fileName ?? "the output"} does not transpile on its own (TS${first.code}): ${ts.flattenDiagnosticMessageText(first.messageText, "\n")}`);
}

/**
 * Files past twice this are parsed in pieces of about this many characters (chunks.ts). Small
 * pieces are faster as well as leaner: a piece's syntax tree lives only while the piece is
 * transpiled, and a tree of 32 KiB of text is mostly gone before V8's young generation is
 * collected, where one of 1 MiB survives every collection during its parse and is copied, then
 * promoted (a 1 MB schema: 2.4 s of scavenges with 1 MiB pieces, 0.75 s with 32 KiB ones).
 */
export const CHUNK_CHARS = 1 << 15;

/**
 * Transpiles sources, each file parsed once, in pieces when large (memory follows the largest
 * piece, not the largest file): its JavaScript by deleting the types from the parsed text
 * (strip-types.ts), its declarations by deleting bodies and initialisers (declarations.ts); by
 * TypeScript's emit, in a program of the file alone, where those do not apply.
 */
export function transpileSources(sources: ReadonlyMap<string, string>, chunkChars = CHUNK_CHARS): Map<string, Transpiled> {
  const ts = typescript();
  const result = new Map<string, Transpiled>();
  for (const [path, text] of sources) {
    const chunks = statementChunks(ts, text, chunkChars);
    result.set(path, (chunks.length > 1 && transpileChunks(ts, path, chunks)) || transpileWhole(ts, path, text));
  }
  return result;
}

function parse(ts: typeof TypeScript, path: string, text: string): TypeScript.SourceFile {
  // Doc comments are copied as text, never read: not parsing them gives the same output, sooner.
  const parsing = { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  return ts.createSourceFile(path, text, parsing, false, ts.ScriptKind.TS);
}

function transpileWhole(ts: typeof TypeScript, path: string, text: string): Transpiled {
  const tree = parse(ts, path, text);
  const js = stripTypes(ts, tree);
  const dts = declarations(() => declarationsOf(ts, tree));
  if (js !== undefined && dts !== undefined) return { js, dts };
  return { ...typescriptEmit(ts, tree), ...(js !== undefined && { js }), ...(dts !== undefined && { dts }) };
}

/** A large file piece by piece, or undefined when a piece needs the whole file (then it is transpiled whole). */
function transpileChunks(ts: typeof TypeScript, path: string, chunks: string[]): Transpiled | undefined {
  let js = "";
  const parts: DeclarationParts[] = [];
  for (const chunk of chunks) {
    const tree = parse(ts, path, chunk);
    if (!parsedCleanly(tree)) return undefined;
    const stripped = stripTypes(ts, tree);
    const declared = declarationParts(ts, tree);
    if (stripped === undefined || declared === undefined) return undefined;
    js += stripped;
    parts.push(declared);
  }
  return { js, dts: declarations(() => assembleDeclarations(parts)) };
}

function declarations<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof IsolatedDeclarationError) assertEmitted(typescript(), [error.diagnostic]);
    throw error;
  }
}

/** TypeScript's own JavaScript and declarations of one file, in a program of its own. */
function typescriptEmit(ts: typeof TypeScript, tree: TypeScript.SourceFile): Transpiled {
  const written = new Map<string, string>();
  const path = tree.fileName;
  const program = ts.createProgram({ rootNames: [path], options: compilerOptions(ts), host: compilerHost(ts, new Map([[path, tree]]), written) });
  assertEmitted(ts, program.emit().diagnostics);
  return { js: written.get(path.replace(/\.ts$/, ".js")) ?? "", dts: written.get(path.replace(/\.ts$/, ".d.ts")) ?? "" };
}

/**
 * Zod as a namespace import in the JavaScript (`import * as z`), where the sources and the
 * declarations keep `import { z }`. At run time both are zod's exports; but a bundler keeps every
 * member of an object imported by name (zod's locales among them: esbuild of examples/incidents,
 * 175,646 gzip bytes with `{ z }`, 123,439 with the namespace), while the declarations' `{ z }`
 * costs a consumer's checker far less than the namespace (the README's annotated parse: 982
 * instantiations against 2,826, under NodeNext).
 */
const ZOD_NAMED_IMPORT = /^import \{ z \} from "zod";$/m;
export function zodNamespaceImport(js: string): string {
  return js.replace(ZOD_NAMED_IMPORT, 'import * as z from "zod";');
}

/**
 * The output as `.js` + `.d.ts`: each `.ts` file becomes both, its header first in each; files
 * that are not TypeScript pass through. The shared runtime is transpiled at build time
 * (dist/pretranspiled.json), its JavaScript joined into one module per role (runtime-roles.ts);
 * the rest here.
 */
export function toJavaScript(files: readonly OutputFile[]): OutputFile[] {
  const pending = new Map<string, string>();
  const done = new Map<string, Transpiled>();
  for (const file of files) {
    if (!file.path.endsWith(".ts")) continue;
    const { body } = splitHeader(file.content);
    const ready = pretranspiled(body);
    if (ready) done.set(file.path, ready);
    // JavaScript and declarations the emitter made (src/emit/marked.ts): nothing to parse.
    else if (file.javascript !== undefined && file.declarations !== undefined) done.set(file.path, { js: splitHeader(file.javascript).body, dts: splitHeader(file.declarations).body });
    else pending.set(`/${file.path}`, body);
  }
  if (pending.size) for (const [path, out] of transpileSources(pending)) done.set(path.slice(1), out);
  const transpiled = files.flatMap((file) => {
    const out = done.get(file.path);
    if (!out) return [file];
    const { header } = splitHeader(file.content);
    const base = file.path.replace(/\.ts$/, "");
    return [
      { path: `${base}.js`, content: header + zodNamespaceImport(out.js) },
      { path: `${base}.d.ts`, content: header + out.dts },
    ];
  });
  return [...joinRuntime(transpiled, pretranspiledRoles())];
}
