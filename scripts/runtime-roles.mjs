// Part of `npm run build` (preformat-runtime.mjs): the runtime's JavaScript joined into one module
// per role (runtime/shared.js, stores.js, server.js, client.js) for the default output. Node's ESM
// loader pays for every module it loads (resolution, an asynchronous read, its own compile and
// link): examples/incidents unbundled loaded 48 runtime modules, and joining them took its cold
// start from 150 to 132 ms. The declarations stay one file per module (src/transpile/runtime-roles.ts).
//
// Each role is bundled by esbuild (not minified) from the runtime's transpiled JavaScript, the
// other roles' modules left as imports of their role module; packages and node: builtins stay
// imports. A role module exports everything its files export: a name that two files of a role
// export differently would be ambiguous in it (and missing), which fails the build here.
import { posix } from "node:path";
import * as esbuild from "esbuild";
// The key generation computes of an output's runtime to know it is this one (src/transpile/runtime-roles.ts).
import { runtimeKey } from "../dist/transpile/runtime-roles.js";

const roleOf = (path) => path.split("/")[1];

/** Serves the runtime's files from memory; another role's file becomes an import of that role's module. */
function runtimeFiles(jsByPath, role) {
  return {
    name: "runtime-files",
    setup(build) {
      build.onResolve({ filter: /^runtime-role:/ }, (args) => ({ path: args.path, namespace: "role" }));
      build.onResolve({ filter: /^\./ }, (args) => {
        const from = args.namespace === "role" ? `runtime/${role}/index.js` : args.importer;
        const path = posix.normalize(posix.join(posix.dirname(from), args.path));
        if (!jsByPath.has(path)) return { errors: [{ text: `${args.path} (from ${from}) is not a runtime file` }] };
        if (roleOf(path) !== role) return { path: `./${roleOf(path)}.js`, external: true };
        return { path, namespace: "runtime" };
      });
      build.onResolve({ filter: /^[^.]/ }, (args) => (args.namespace === "role" ? undefined : { path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: "role" }, () => ({ contents: entryOf(jsByPath, role), loader: "js", resolveDir: "/" }));
      build.onLoad({ filter: /.*/, namespace: "runtime" }, (args) => ({ contents: jsByPath.get(args.path), loader: "js" }));
    },
  };
}

function filesOf(jsByPath, role) {
  return [...jsByPath.keys()].filter((path) => roleOf(path) === role).sort();
}

function entryOf(jsByPath, role) {
  return filesOf(jsByPath, role)
    .map((path) => `export * from "./${posix.basename(path)}";\n`)
    .join("");
}

async function bundleRole(jsByPath, role, entry) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    charset: "ascii",
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
    plugins: [runtimeFiles(jsByPath, role)],
  });
  const [output] = result.outputFiles;
  const text = asciiComments(output.text);
  return { text, exports: exportClause(text) };
}

/**
 * The text with every character outside ASCII written as `\uXXXX`. esbuild's `charset: "ascii"`
 * escapes them in strings, templates, regular expressions and names, so what is left is in the
 * comments it keeps (JSDoc in class bodies): there the escape is only text. One such character
 * made Node decode a whole role module into a two-byte string (UTF-16), slower to decode and to
 * compile: runtime/server.js (140 KB) 0.2 ms to decode and 0.2 ms to compile.
 */
function asciiComments(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The names a bundle exports, read from its closing `export { a, b as c };`: esbuild's metafile
 * lists an ambiguous `export *` name that the bundle itself leaves out.
 */
function exportClause(text) {
  const clause = /\nexport \{([^}]*)\};\s*$/.exec(text)?.[1] ?? "";
  return clause
    .split(",")
    .map((item) => item.trim().split(/\s+as\s+/).at(-1))
    .filter(Boolean);
}

/** The names one file exports (its own module, everything it imports left out). */
async function exportsOf(jsByPath, path) {
  const result = await esbuild.build({
    stdin: { contents: jsByPath.get(path), loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    metafile: true,
    logLevel: "silent",
    plugins: [{ name: "external", setup: (build) => build.onResolve({ filter: /.*/ }, (args) => ({ path: args.path, external: true })) }],
  });
  return Object.values(result.metafile.outputs)[0].exports;
}

/**
 * The role modules of the runtime's JavaScript (`jsByPath`: "runtime/<role>/<file>.js" → its
 * JavaScript without the header): { key, files: { "runtime/<role>.js": JavaScript } }.
 */
export async function roleModules(jsByPath) {
  const files = {};
  // The roles are the runtime's folders (templates/runtime/<role>/).
  for (const role of [...new Set([...jsByPath.keys()].map(roleOf))].sort()) {
    const { text, exports } = await bundleRole(jsByPath, role, `runtime-role:${role}`);
    const exported = new Set(exports);
    for (const path of filesOf(jsByPath, role)) {
      const missing = (await exportsOf(jsByPath, path)).filter((name) => !exported.has(name));
      if (missing.length) throw new Error(`runtime/${role}.js does not export ${missing.join(", ")} of ${path}: another file of the role exports the same name (rename one)`);
    }
    // esbuild marks each file's part `// runtime:<path>.js`; the reader is pointed at its source.
    const parts = text.replace(/^\/\/ runtime:(runtime\/[\w/.-]+)\.js$/gm, "// $1.ts");
    files[`runtime/${role}.js`] = `// The files of runtime/${role}/ as one module (their declarations are the .d.ts files there).\n${parts}`;
  }
  return { key: runtimeKey(jsByPath), files };
}
