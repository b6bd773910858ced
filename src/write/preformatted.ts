import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { PACKAGE_ROOT } from "../version.js";

// The shared runtime is the same text on every run, and formatting it was about 1.6 s of every
// cold generation. `npm run build` formats it once with prettier's defaults
// (scripts/preformat-runtime.mjs writes dist/preformatted.json); generation then takes the
// result for a file whose exact text is there, when the output folder has no prettier or
// editorconfig settings of its own and the installed prettier is the one that formatted it.

export interface Preformatted {
  prettier: string;
  /** `contentKey` of the unformatted text → prettier's output for it. */
  files: Record<string, string>;
}

/** Beside the compiled code (the package's dist/), whether this module runs from src/ or dist/. */
const CACHE_FILE = new URL("dist/preformatted.json", PACKAGE_ROOT);

let loaded: (Preformatted & { lengths: Set<number> }) | null | undefined;

/** A text's key in the build's caches: its length, then its sha256 (the length alone rules most texts out, unhashed). */
export function contentKey(content: string): string {
  return `${content.length}:${createHash("sha256").update(content).digest("hex")}`;
}

/** The entry of `files` for `content`; only a text whose length some key has is hashed. */
export function lookUp<T>(files: Record<string, T>, lengths: ReadonlySet<number>, content: string): T | undefined {
  if (!lengths.has(content.length)) return undefined;
  const key = contentKey(content);
  return Object.hasOwn(files, key) ? files[key] : undefined;
}

/** The lengths the keys of `files` name. */
export function keyLengths(files: Record<string, unknown>): Set<number> {
  return new Set(Object.keys(files).map((key) => Number.parseInt(key, 10)));
}

/** Prettier's output for `content` with its default options, when it was formatted at build time by this `prettierVersion`. */
export function preformatted(content: string, prettierVersion: string): string | undefined {
  if (loaded === undefined) {
    try {
      const cache = existsSync(CACHE_FILE) ? (JSON.parse(readFileSync(CACHE_FILE, "utf8")) as Preformatted) : null;
      loaded = cache && { ...cache, lengths: keyLengths(cache.files) };
    } catch {
      loaded = null; // a damaged cache only costs time: every file is formatted
    }
  }
  if (!loaded || loaded.prettier !== prettierVersion) return undefined;
  return lookUp(loaded.files, loaded.lengths, content);
}
