// The few settings of a tsconfig.json that decide what `tsc -p` builds into its outDir, read
// without loading TypeScript (which would cost a cold start on the up-to-date path, ~0.1 s):
// JSON with comments and trailing commas, `extends` followed (relative paths and packages).
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, resolve } from "node:path";

/** A setting and where it was written (its key), for a warning that points at it. */
export interface Placed<T> {
  value: T;
  file: string;
  line: number;
  column: number;
}

export interface TsconfigLayout {
  /** The tsconfig.json that was found (the one `tsc -p DIR` reads). */
  file: string;
  rootDir?: Placed<string>;
  outDir?: string;
  declarationDir?: string;
  allowJs: boolean;
  noEmit: boolean;
  emitDeclarationOnly: boolean;
  composite: boolean;
  /** Absolute patterns; undefined when no config of the chain says (tsc's default then applies). */
  include?: Placed<string[]>;
  files?: Placed<string[]>;
  exclude?: string[];
}

/** The nearest tsconfig.json in `dir` or a folder above it. */
export function nearestTsconfig(dir: string): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const candidate = resolve(at, "tsconfig.json");
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

/** Blanks comments (keeping offsets, so positions still hold) and drops trailing commas. */
export function stripJsonComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      out += " ".repeat(stop - i);
      i = stop - 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop - 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, " $1");
}

function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

interface RawConfig {
  extends?: string | string[];
  compilerOptions?: Record<string, unknown>;
  include?: unknown;
  files?: unknown;
  exclude?: unknown;
}

/** The settings of `file` over those of the configs it extends; undefined when a file of the chain cannot be read as JSON. */
export function readTsconfig(file: string, seen: Set<string> = new Set()): TsconfigLayout | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  let text: string;
  let raw: RawConfig;
  try {
    text = stripJsonComments(readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
    raw = JSON.parse(text) as RawConfig;
  } catch {
    return undefined;
  }
  if (raw === null || typeof raw !== "object") return undefined;
  const bases = (Array.isArray(raw.extends) ? raw.extends : raw.extends === undefined ? [] : [raw.extends]).map((spec) => extendedFile(file, String(spec)));
  let layout: TsconfigLayout = { file, allowJs: false, noEmit: false, emitDeclarationOnly: false, composite: false };
  for (const base of bases) {
    const inherited = base ? readTsconfig(base, seen) : undefined;
    if (inherited) layout = { ...layout, ...inherited, file };
  }
  return { ...layout, ...ownSettings(file, text, raw) };
}

/** What this one file says, paths resolved against its folder (as tsc does for every config of a chain). */
function ownSettings(file: string, text: string, raw: RawConfig): Partial<TsconfigLayout> {
  const dir = dirname(file);
  const options = raw.compilerOptions && typeof raw.compilerOptions === "object" ? raw.compilerOptions : {};
  const own: Partial<TsconfigLayout> = {};
  const path = (key: string) => (typeof options[key] === "string" ? resolve(dir, options[key]) : undefined);
  const rootDir = path("rootDir");
  if (rootDir !== undefined) own.rootDir = { value: rootDir, file, ...positionOf(text, "rootDir") };
  for (const key of ["outDir", "declarationDir"] as const) {
    const value = path(key);
    if (value !== undefined) own[key] = value;
  }
  for (const key of ["allowJs", "noEmit", "emitDeclarationOnly", "composite"] as const) {
    if (typeof options[key] === "boolean") own[key] = options[key];
  }
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").map((v) => resolve(dir, v)) : undefined);
  const include = list(raw.include);
  if (include) own.include = { value: include, file, ...positionOf(text, "include") };
  const files = list(raw.files);
  if (files) own.files = { value: files, file, ...positionOf(text, "files") };
  const exclude = list(raw.exclude);
  if (exclude) own.exclude = exclude;
  return own;
}

/** Line and column (1-based) of a key's first occurrence, else 1:1. */
function positionOf(text: string, key: string): { line: number; column: number } {
  const at = text.search(new RegExp(`"${key}"\\s*:`));
  if (at < 0) return { line: 1, column: 1 };
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** The file an `extends` names: a path (".json" added when missing), else a package's config. */
function extendedFile(from: string, spec: string): string | undefined {
  if (spec.startsWith(".") || isAbsolute(spec)) {
    const path = resolve(dirname(from), spec);
    return existsSync(path) ? path : existsSync(`${path}.json`) ? `${path}.json` : undefined;
  }
  const require = createRequire(from);
  for (const candidate of [spec, `${spec}.json`, `${spec}/tsconfig.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // try the next form
    }
  }
  return undefined;
}
