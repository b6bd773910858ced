// Part of `npm run build`: formats the shared runtime once, with prettier's defaults and the
// exact call generation makes, into dist/preformatted.json (see src/write/preformatted.ts).
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { emitRuntime } from "../dist/emit/index.js";
import { GENERATOR_VERSION } from "../dist/version.js";
import { contentKey } from "../dist/write/preformatted.js";

const options = { parser: "typescript" };
const files = {};
for (const file of emitRuntime({ generatorVersion: GENERATOR_VERSION })) {
  files[contentKey(file.content)] = await prettier.format(file.content, { ...options, filepath: file.path });
}
writeFileSync(new URL("../dist/preformatted.json", import.meta.url), `${JSON.stringify({ prettier: prettier.version, files })}\n`);

// The runtime's JavaScript and declarations for the default output (src/transpile/pretranspiled.ts),
// made once here. The JavaScript as generation makes it (src/transpile/index.ts); the
// declarations by TypeScript's checker with its real library, as tsc emits them for
// templates/runtime/tsconfig.json: declaration emit without a type check cannot resolve
// `[Symbol.asyncIterator]()` and also declares it as a property (a duplicate in the .d.ts).
const { splitHeader, transpileSources, zodNamespaceImport } = await import("../dist/transpile/index.js");
const { roleModules } = await import("./runtime-roles.mjs");
const { default: ts } = await import("typescript");
const runtimeDir = fileURLToPath(new URL("../templates/runtime/", import.meta.url));
const bodies = new Map(emitRuntime({ generatorVersion: GENERATOR_VERSION }).map((file) => [join(runtimeDir, file.path.replace(/^runtime\//, "")), splitHeader(file.content).body]));

function checkedDeclarations() {
  const { config } = ts.readConfigFile(join(runtimeDir, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, runtimeDir);
  const compilerOptions = { ...options, noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: join(runtimeDir, "out") };
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => bodies.get(name) ?? readFile(name);
  const written = new Map();
  host.writeFile = (name, text) => written.set(name, text);
  const program = ts.createProgram({ rootNames: [...bodies.keys()], options: compilerOptions, host });
  const { diagnostics } = program.emit();
  if (diagnostics.length) throw new Error(`runtime declarations: ${ts.formatDiagnostics(diagnostics, host)}`);
  return (path) => written.get(join(runtimeDir, "out", relative(runtimeDir, path).replace(/\.ts$/, ".d.ts")));
}

const declarationOf = checkedDeclarations();
const transpiled = {};
const jsByPath = new Map();
for (const [path, out] of transpileSources(bodies)) {
  transpiled[contentKey(bodies.get(path))] = { js: out.js, dts: declarationOf(path) };
  jsByPath.set(`runtime/${relative(runtimeDir, path).split("\\").join("/").replace(/\.ts$/, ".js")}`, zodNamespaceImport(out.js));
}
// The runtime's JavaScript as one module per role (scripts/runtime-roles.mjs).
const roles = await roleModules(jsByPath);
writeFileSync(new URL("../dist/pretranspiled.json", import.meta.url), `${JSON.stringify({ files: transpiled, roles })}\n`);
