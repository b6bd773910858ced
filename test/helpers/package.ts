// What the tests of the packed package share: the tarball npm pack makes of this repository, the
// exact versions the repository installed (so a registry install finds them in npm's cache), and
// the environment of a user's shell for the npm and node processes they start.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./spec.js";

const execFileAsync = promisify(execFile);

/** Packs what `files` lists into `dest` (without scripts: `prepare`, the build, already ran) and returns the tarball's path. */
export async function packTarball(dest: string): Promise<string> {
  await execFileAsync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", dest], { cwd: REPO_ROOT, env: userEnv() });
  return join(dest, readdirSync(dest).find((f) => f.endsWith(".tgz"))!);
}

/** The exact version the repository installed: the registry client then finds it in its cache. */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The environment of a user's shell: none of the variables npm sets for the script running this
 * suite (they would point the inner npm at this repository), no MCP_ variable (spec root, cache,
 * state secret), plus `extra`.
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_lifecycle_|npm_package_|npm_config_local_prefix$|INIT_CWD$|MCP_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}
