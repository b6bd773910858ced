import { existsSync, readFileSync } from "node:fs";
import { PACKAGE_ROOT } from "../version.js";
import { keyLengths, lookUp } from "../write/preformatted.js";
import type { RoleModules } from "./runtime-roles.js";

// The shared runtime is the same text on every run: `npm run build` transpiles it once
// (scripts/preformat-runtime.mjs writes dist/pretranspiled.json; its declarations by the type
// checker) and generation takes the JavaScript and declarations of a file whose exact text is
// there, whatever TypeScript generation runs with. Any other text (a runtime changed since the
// build, a revision's files) is transpiled at generation time.

export interface Transpiled {
  js: string;
  dts: string;
}

export interface Pretranspiled {
  /** `contentKey` of a file's text (its header left out) → its JavaScript and declarations. */
  files: Record<string, Transpiled>;
  /** The runtime's JavaScript joined into one module per role (scripts/runtime-roles.mjs). */
  roles?: RoleModules;
}

const CACHE_FILE = new URL("dist/pretranspiled.json", PACKAGE_ROOT);

let loaded: (Pretranspiled & { lengths: Set<number> }) | null | undefined;

function load(): void {
  if (loaded === undefined) {
    try {
      const cache = existsSync(CACHE_FILE) ? (JSON.parse(readFileSync(CACHE_FILE, "utf8")) as Pretranspiled) : null;
      loaded = cache && { ...cache, lengths: keyLengths(cache.files) };
    } catch {
      loaded = null; // a damaged cache only costs time: every file is transpiled
    }
  }
}

/** The build's JavaScript and declarations for `body`. */
export function pretranspiled(body: string): Transpiled | undefined {
  load();
  return loaded ? lookUp(loaded.files, loaded.lengths, body) : undefined;
}

/** The build's role modules of the runtime (src/transpile/runtime-roles.ts). */
export function pretranspiledRoles(): RoleModules | undefined {
  load();
  return loaded?.roles;
}
