// The one layout mcp-gen recommends (the output beside the compiled sources, `--out gen` next
// to `src/`) and the one that breaks a tsc build: JavaScript output (`--emit js`, .js + .d.ts)
// inside the folder tsc compiles into its outDir. tsc resolves the imports to the .d.ts and copies
// no .js without allowJs, so the built code imports files its outDir never gets.
import { readdirSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import type { Warning } from "../errors.js";
import { nearestTsconfig, readTsconfig, type Placed, type TsconfigLayout } from "./tsconfig.js";

/** How many folder entries the search for tsc's implied rootDir reads before it gives up (silently). */
const WALK_LIMIT = 20_000;

const isWithin = (dir: string, path: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
const shown = (path: string) => relative(process.cwd(), path) || ".";

/** The warning for an output a tsc build of the nearest tsconfig.json would drop, if it would. */
export function layoutWarning(outDir: string, emit: "js" | "ts"): Warning | undefined {
  if (emit !== "js") return undefined;
  const out = resolve(outDir);
  const file = nearestTsconfig(dirname(out));
  const config = file ? readTsconfig(file) : undefined;
  if (!config || config.outDir === undefined || config.noEmit || config.emitDeclarationOnly || config.allowJs) return undefined;
  // An excluded folder is one the project says its build leaves out (a scratch or test output).
  if (excluded(config.exclude ?? [], out)) return undefined;
  const root = sourceRoot(config, out);
  if (!root) return undefined;
  const where = root.placed ?? { file: config.file, line: 1, column: 1 };
  const which = root.placed === config.rootDir ? `the rootDir ${shown(root.dir)} of ${shown(config.file)}` : `${shown(root.dir)}, which ${shown(config.file)} compiles (no rootDir: tsc infers it from the sources)`;
  const message =
    `--out ${shown(out)} lies inside ${which}, and its build into ${shown(config.outDir)} drops the output's .js files ` +
    `(tsc copies no .js without allowJs), so the built code's imports of ${basename(out)}/ fail at run time: ` +
    `generate outside ${shown(root.dir)} (e.g. --out gen beside src/, imported as ../gen/index.js), or pass --emit ts, or set allowJs`;
  return { message, location: { file: shown(where.file), line: where.line, column: where.column } };
}

/** The folder tsc mirrors into outDir, when `out` lies inside it: rootDir, else the one tsc infers. */
function sourceRoot(config: TsconfigLayout, out: string): { dir: string; placed?: Placed<unknown> } | undefined {
  if (config.rootDir) return isWithin(config.rootDir.value, out) ? { dir: config.rootDir.value, placed: config.rootDir } : undefined;
  const configDir = dirname(config.file);
  if (config.composite) return isWithin(configDir, out) ? { dir: configDir } : undefined;
  const inferred = inferredRoot(config, out);
  return inferred === undefined ? undefined : { dir: inferred, placed: config.include ?? config.files ?? { value: null, file: config.file, line: 1, column: 1 } };
}

/**
 * tsc's rootDir when none is set: the deepest folder holding every source file the config
 * compiles. Only whether it holds `out` matters, and once it does it always will (more files can
 * only move it up), so the walk stops there. Undefined: `out` is outside it.
 */
function inferredRoot(config: TsconfigLayout, out: string): string | undefined {
  const patterns = config.include?.value ?? (config.files ? [] : [join(dirname(config.file), "**/*")]);
  const bases = patterns.map(patternBase);
  const listed = (config.files?.value ?? []).filter(isSource);
  const folders = [...bases.map((b) => (isSource(b) ? dirname(b) : b)), ...listed.map((f) => dirname(f))];
  // Every source lies under a base or is listed, so the folder holding them all lies within these folders' common one.
  if (!folders.length || !isWithin(folders.reduce(commonFolder), out)) return undefined;
  const skipped = new Set([out, config.outDir, config.declarationDir, ...(config.exclude ?? []).filter((p) => !/[*?]/.test(p))].filter((p): p is string => p !== undefined));
  let common: string | undefined;
  const holdsOut = (file: string): boolean => {
    common = common === undefined ? dirname(file) : commonFolder(common, dirname(file));
    return isWithin(common, out);
  };
  if (listed.some(holdsOut)) return common;
  const budget = { entries: WALK_LIMIT };
  for (const base of bases) {
    if (isSource(base) ? holdsOut(base) : walkSources(base, skipped, budget, holdsOut)) return common;
  }
  return undefined;
}

/** The part of an include pattern before its first wildcard segment. */
function patternBase(pattern: string): string {
  const segments = pattern.split(/[\\/]/);
  const fixed = segments.findIndex((s) => /[*?]/.test(s));
  return fixed < 0 ? pattern : segments.slice(0, fixed).join(sep) || sep;
}

const isSource = (file: string) => /\.(ts|tsx|mts|cts)$/.test(file) && !/\.d\.(ts|mts|cts)$|\.d\.[^.]+\.ts$/.test(file);
const NEVER_INCLUDED = new Set(["node_modules", "bower_components", "jspm_packages"]);

/** Calls `found` for each source file under `dir` (as tsc's wildcards see them: no hidden entries) until it returns true. */
function walkSources(dir: string, skipped: Set<string>, budget: { entries: number }, found: (file: string) => boolean): boolean {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (--budget.entries < 0) return false;
    if (entry.name.startsWith(".") || NEVER_INCLUDED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (skipped.has(path)) continue;
    if (entry.isDirectory() ? walkSources(path, skipped, budget, found) : entry.isFile() && isSource(entry.name) && found(path)) return true;
  }
  return false;
}

/** Whether `path` or a folder above it matches one of tsc's exclude patterns (absolute; `*`, `?`, `**`). */
function excluded(patterns: string[], path: string): boolean {
  const matchers = patterns.map((pattern) => new RegExp(`^${pattern.split(/[\\/]/).map(segmentSource).join("/").replace(/\(\.\*\/\)\?\//g, "(.*/)?").replace(/\(\.\*\/\)\?$/, ".*")}$`));
  for (let at = path; ; at = dirname(at)) {
    const candidate = at.split(sep).join("/");
    if (matchers.some((m) => m.test(candidate))) return true;
    if (dirname(at) === at) return false;
  }
}

function segmentSource(segment: string): string {
  if (segment === "**") return "(.*/)?";
  return segment.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]");
}

function commonFolder(a: string, b: string): string {
  const left = a.split(sep);
  const right = b.split(sep);
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return left.slice(0, i).join(sep) || sep;
}
