import { createHash } from "node:crypto";
import { posix } from "node:path";
import type { OutputFile } from "../emit/common.js";
import { splitHeader } from "./header.js";

// The runtime's JavaScript as one module per role (`runtime/server.js`, `shared.js`, `stores.js`,
// `client.js`) instead of one per source file: Node's ESM loader pays for every module it loads
// (a resolution, an asynchronous read, a compile and a link each), and the runtime is about fifty
// of them. examples/incidents, unbundled: first answer 150 → 132 ms. The modules are joined at
// build time (scripts/runtime-roles.mjs, into dist/pretranspiled.json); generation uses them when
// the output's runtime is exactly what they were built from, and the generated files' imports of
// `runtime/<role>/<file>.js` are pointed at `runtime/<role>.js`. The declarations stay one file per
// module (what a consumer's checker reads), and so does the JavaScript when the runtime differs
// from the build (a development change not built yet): same code, more modules.

export interface RoleModules {
  /** {@link runtimeKey} of the runtime's JavaScript they were built from. */
  key: string;
  /** "runtime/<role>.js" → its JavaScript (without the header). */
  files: Record<string, string>;
}

/** The same key as scripts/runtime-roles.mjs: each file's path under the output and its JavaScript, sorted by path. */
export function runtimeKey(jsByPath: ReadonlyMap<string, string>): string {
  const hash = createHash("sha256");
  for (const path of [...jsByPath.keys()].sort()) hash.update(`${path}\0${jsByPath.get(path)}\0`);
  return hash.digest("hex");
}

const RUNTIME_FILE = /^((?:.*\/)?)(runtime\/[\w-]+\/[\w.-]+\.js)$/;
/**
 * The relative module specifier of an import or export statement (one that starts a line: the
 * output's are top-level; text in a comment or a string, which may be a server's, is left alone).
 */
const SPECIFIER = /^((?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)(["'])(\.\.?\/[^"'\n]*)\2/gm;

/**
 * `files` with the runtime's JavaScript replaced by its role modules, or as they are when the
 * output holds no runtime or another runtime than `roles` was built from.
 */
export function joinRuntime(files: readonly OutputFile[], roles: RoleModules | undefined): readonly OutputFile[] {
  if (!roles) return files;
  const runtime = files.flatMap((file) => {
    const match = RUNTIME_FILE.exec(file.path);
    return match ? [{ file, prefix: match[1]!, path: match[2]! }] : [];
  });
  const prefixes = new Set(runtime.map((r) => r.prefix));
  if (prefixes.size !== 1) return files;
  const [prefix] = prefixes as unknown as [string];
  // The generated marker (the header's first line; a runtime file's own comment lines follow it).
  const first = runtime[0]!.file.content;
  const marker = first.slice(0, first.indexOf("\n") + 1);
  const key = runtimeKey(new Map(runtime.map((r) => [r.path, splitHeader(r.file.content).body])));
  if (key !== roles.key) return files;
  const joined = new Map(runtime.map((r) => [r.file.path, `${prefix}${r.path.replace(/\/[^/]+$/, ".js")}`]));
  if ([...joined.values()].some((path) => roles.files[path.slice(prefix.length)] === undefined)) return files;
  const rest = files.filter((file) => !joined.has(file.path)).map((file) => (file.path.endsWith(".js") ? pointAtRoles(file, joined) : file));
  const modules = Object.entries(roles.files).map(([path, js]) => ({ path: `${prefix}${path}`, content: marker + js }));
  return [...rest, ...modules];
}

/** A file with the specifiers of its import and export statements replaced where `to` gives one. */
function rewriteImports(file: OutputFile, to: (specifier: string) => string | undefined): OutputFile {
  const content = file.content.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    const replaced = to(specifier);
    return replaced === undefined ? whole : `${lead}${quote}${replaced}${quote}`;
  });
  return content === file.content ? file : { ...file, content };
}

/** A generated file's imports of the runtime's files, pointed at their role modules. */
function pointAtRoles(file: OutputFile, joined: ReadonlyMap<string, string>): OutputFile {
  const dir = posix.dirname(file.path);
  return rewriteImports(file, (specifier) => {
    const role = joined.get(posix.join(dir, specifier));
    if (role === undefined) return undefined;
    const relative = posix.relative(dir, role);
    return relative.startsWith(".") ? relative : `./${relative}`;
  });
}

/**
 * Files that import another output's runtime (a catalog's imports of its protocol output, as
 * `runtimeImport/<role>/<file>.js`), pointed at that output's role modules where it has them.
 */
export function pointAtOtherRuntime(files: readonly OutputFile[], runtimeImport: string, hasRoleModule: (role: string) => boolean): OutputFile[] {
  const prefix = `${runtimeImport}/`;
  const toRole = (specifier: string) => {
    const role = specifier.startsWith(prefix) ? /^([\w-]+)\/[\w.-]+\.js$/.exec(specifier.slice(prefix.length))?.[1] : undefined;
    return role !== undefined && hasRoleModule(role) ? `${prefix}${role}.js` : undefined;
  };
  return files.map((file) => (file.path.endsWith(".js") ? rewriteImports(file, toRole) : file));
}
