// A V8 code cache for the generator's CommonJS dependencies. TypeScript (9 MB, loaded by ts-morph)
// is compiled by V8 on every run: ~0.4 s of a ~1.5 s cold generation before any work starts.
// V8 can instead load the code it compiled last time. Node ≥ 22.1 has this built in
// (`module.enableCompileCache()`, which tsc itself calls); on older Node the same is done here for
// CommonJS files under the dependencies' node_modules, the way v8-compile-cache does it. The
// cache only changes how fast code loads, never what it does: an entry is used only for the file
// it was made from, unchanged since (device, inode, size and modification time, stored with it;
// hashing TypeScript's 9 MB instead would cost 50 ms of every run), and only when V8 accepts it
// for this Node version, these flags and a source of this length; anything else compiles from
// source as usual.
import { createHash } from "node:crypto";
import { isAscii } from "node:buffer";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { constants as vmConstants, Script } from "node:vm";

/** `MCP_GEN_COMPILE_CACHE=0` (or Node's `NODE_DISABLE_COMPILE_CACHE=1`) turns it off; a path moves it. */
const OFF = new Set(["0", "false", "off"]);

interface CompileCacheModule {
  enableCompileCache?: (dir?: string) => { status: number };
}

interface LoadableModule {
  exports: unknown;
  require(id: string): unknown;
  _compile(content: string, filename: string): unknown;
}

type Loader = (module: LoadableModule, filename: string) => void;

type Internals = typeof Module & {
  prototype: LoadableModule;
  wrap(content: string): string;
  _cache: unknown;
  _extensions: Record<string, Loader>;
  _resolveFilename(request: string, parent: LoadableModule, isMain: boolean, options?: unknown): string;
};

/** The node_modules folder the generator's dependencies load from (ts-morph's), if any. */
function dependenciesDir(): string | undefined {
  try {
    const morph = createRequire(import.meta.url).resolve("ts-morph");
    const at = morph.lastIndexOf(`${sep}node_modules${sep}`);
    return at < 0 ? undefined : morph.slice(0, at + `${sep}node_modules`.length);
  } catch {
    return undefined;
  }
}

/**
 * The cache's folder: `$MCP_GEN_COMPILE_CACHE`, else `node_modules/.cache/mcp-gen` beside the
 * dependencies it caches (the convention of babel, eslint and others: per project, owned by
 * whoever installed them, never a shared temporary folder), or undefined when it is off.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const setting = env["MCP_GEN_COMPILE_CACHE"];
  if ((setting && OFF.has(setting.toLowerCase())) || env["NODE_DISABLE_COMPILE_CACHE"]) return undefined;
  if (setting) return setting;
  const modules = dependenciesDir();
  return modules && join(modules, ".cache", "mcp-gen", `${process.version}-${process.arch}`);
}

/** Turns the cache on for what this process loads from now on; returns its folder, or undefined when off or unusable. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = compileCacheDir(env);
  if (!dir) return undefined;
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return undefined; // a read-only install: run without it
  }
  const builtIn = (Module as unknown as CompileCacheModule).enableCompileCache;
  if (builtIn) builtIn(dir);
  else {
    const modules = dependenciesDir();
    if (modules) cacheCommonJs(dir, modules);
  }
  return dir;
}

function cacheFileOf(dir: string, filename: string): string {
  return join(dir, `${createHash("sha256").update(filename).digest("hex").slice(0, 32)}.v8`);
}

/** What identifies one version of a file: an entry made from another version is never used. */
function versionOf(filename: string): Buffer {
  const stat = statSync(filename, { bigint: true });
  return Buffer.from(`${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}\n`);
}

/** The cached code in `file`, if it was made from this version of the source. */
function readEntry(file: string, version: Buffer): Buffer | undefined {
  try {
    const entry = readFileSync(file);
    return entry.subarray(0, version.length).equals(version) ? entry.subarray(version.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a temporary file renamed), so a reader never sees half an entry. */
function writeEntry(file: string, version: Buffer, code: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, "w", 0o600);
    try {
      writeSync(fd, version);
      writeSync(fd, code);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch {
    // no cache this time; the next run compiles from source again
  }
}

/** `import()` inside a cached module resolves as it would in a module compiled by Node itself. */
const DYNAMIC_IMPORT = (vmConstants as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: number } | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

/** Small files cost more to look up than to compile; a `#!` line is valid only at a script's very start, not inside Node's wrapper. */
const MIN_BYTES = 32 * 1024;

function worthCaching(filename: string, content: string, nodeModules: string): boolean {
  return filename.startsWith(nodeModules + sep) && content.length >= MIN_BYTES && !content.startsWith("#!");
}

/**
 * Node < 22.1: CommonJS files under `nodeModules` are compiled through `vm.Script` with the cached
 * code; entries missing or refused are written when the process exits, so they hold the
 * functions this run compiled lazily too (the generation's, not only the load's).
 */
function cacheCommonJs(dir: string, nodeModules: string): void {
  const internals = Module as unknown as Internals;
  const original = internals.prototype._compile;
  const pending: Array<{ file: string; version: Buffer; script: Script }> = [];
  internals.prototype._compile = function compileCached(this: LoadableModule, content: string, filename: string): unknown {
    if (!worthCaching(filename, content, nodeModules)) return original.call(this, content, filename);
    const file = cacheFileOf(dir, filename);
    const version = versionOf(filename);
    const cachedData = readEntry(file, version);
    const script = new Script(internals.wrap(content), { filename, importModuleDynamically: DYNAMIC_IMPORT, ...(cachedData && { cachedData }) });
    if (!cachedData || script.cachedDataRejected) pending.push({ file, version, script });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireOf(internals, this), this, filename, dirname(filename));
  };
  process.once("exit", () => {
    for (const { file, version, script } of pending) writeEntry(file, version, script.createCachedData());
  });
  readAsciiFast(internals, nodeModules);
}

/**
 * Large ASCII CommonJS files under `nodeModules` are read as bytes and decoded as Latin-1 (for
 * ASCII, the same string as UTF-8, one byte per character), where Node's loader decodes UTF-8:
 * TypeScript's 9 MB in ~20 ms instead of ~100 ms. Anything else (another folder, a small file,
 * a byte above 0x7f, a package of `"type": "module"`) is left to Node's own loader.
 */
function readAsciiFast(internals: Internals, nodeModules: string): void {
  const original = internals._extensions[".js"]!;
  internals._extensions[".js"] = function loadJs(this: unknown, module: LoadableModule, filename: string): void {
    if (filename.startsWith(nodeModules + sep) && filename.endsWith(".js")) {
      const bytes = readFileSync(filename);
      if (bytes.length >= MIN_BYTES && isAscii(bytes) && packageTypeOf(filename) !== "module") {
        module._compile(bytes.toString("latin1"), filename);
        return;
      }
    }
    original.call(this, module, filename);
  };
}

/** The `type` of the package a file belongs to (its nearest package.json), as Node decides a `.js` file's format. */
export function packageTypeOf(filename: string): unknown {
  for (let dir = dirname(filename); ; dir = dirname(dir)) {
    let text: string | undefined;
    try {
      text = readFileSync(join(dir, "package.json"), "utf8");
    } catch {
      // no package.json here: the folder above
    }
    if (text !== undefined) {
      try {
        return (JSON.parse(text) as { type?: unknown }).type;
      } catch {
        return "unreadable"; // Node itself fails on it: let it say so
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The `require` a CommonJS module is given: resolution relative to it, Node's shared cache. */
function requireOf(internals: Internals, module: LoadableModule): NodeJS.Require {
  const require = ((id: string) => module.require(id)) as NodeJS.Require;
  require.resolve = ((request: string, options?: unknown) => internals._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  require.main = process.mainModule;
  require.cache = internals._cache as NodeJS.Require["cache"];
  require.extensions = internals._extensions as unknown as NodeJS.Require["extensions"];
  return require;
}
