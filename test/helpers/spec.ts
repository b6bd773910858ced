import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The read-only spec mirror: MCP_SPEC_ROOT, else ../shared/mcp-spec beside the repository. */
export const SPEC_ROOT = resolve(process.env.MCP_SPEC_ROOT ?? join(REPO_ROOT, "../shared/mcp-spec"));

/** Every revision folder of the mirror (derived from the mirror, never listed by hand). */
export const REVISIONS: string[] = existsSync(SPEC_ROOT)
  ? readdirSync(SPEC_ROOT, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(SPEC_ROOT, e.name, "schema.ts")))
      .map((e) => e.name)
      .sort()
  : [];

/** Revisions that ship examples/<Type>/*.json. */
export const REVISIONS_WITH_EXAMPLES = REVISIONS.filter((r) => existsSync(join(SPEC_ROOT, r, "examples")));

/** Where the global setup generates every revision once for the whole run. */
export const GENERATED_ROOT = join(REPO_ROOT, "test/tmp/generated");

export function generatedDir(revision: string): string {
  return join(GENERATED_ROOT, revision);
}

/**
 * The same revisions in the default output (`.js` + `.d.ts`, what users get): GENERATED_ROOT
 * holds the TypeScript sources (`--emit ts`) they are transpiled from, which the type-level
 * oracles check; the runtime tests load this JavaScript.
 */
export const GENERATED_JS_ROOT = join(REPO_ROOT, "test/tmp/generated-js");

export function generatedJsDir(revision: string): string {
  return join(GENERATED_JS_ROOT, revision);
}

/** A scratch folder under test/tmp (git-ignored), unique per call. */
let counter = 0;
export function scratchDir(name: string): string {
  return join(REPO_ROOT, "test/tmp/scratch", `${name}-${process.pid}-${counter++}`);
}
