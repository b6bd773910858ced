// How a scaffold depends on mcp-gen, until mcp-gen is on the registry (and after): the spec this
// running copy was installed from, so that `npm install` in the scaffold gets the same mcp-gen.
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies"] as const;

/**
 * The dependency spec of mcp-gen for a new project, from the folder of the running package:
 * - installed under a `node_modules` (a project's, npx's, a global one): the spec that project
 *   lists for mcp-gen, a relative `file:` made absolute (a tarball, a checkout), a URL or a
 *   version range as it is (a bare tag such as `latest` becomes `^<version>`);
 * - a checkout (no `node_modules` above it), or an install no project lists: `file:<folder>`,
 *   which npm links, with the `dist/` that `prepare` built there.
 */
export function mcpGenDependency(packageRoot: string, version: string): string {
  const installer = installingProject(packageRoot);
  const listed = installer ? listedSpec(installer) : undefined;
  if (listed === undefined) return `file:${packageRoot}`;
  if (listed.startsWith("file:")) {
    const path = listed.slice("file:".length);
    return `file:${isAbsolute(path) ? path : resolve(installer!, path)}`;
  }
  if (/^(latest|next|\*|)$/.test(listed)) return `^${version}`;
  // A relative path without `file:` (npm takes "../x.tgz" and "./dir" too).
  if (/^\.\.?[\\/]/.test(listed)) return `file:${resolve(installer!, listed)}`;
  return listed;
}

/** The folder holding the `node_modules` this package was installed into, if any. */
function installingProject(packageRoot: string): string | undefined {
  const parts = packageRoot.split(sep);
  const at = parts.lastIndexOf("node_modules");
  if (at <= 0) return undefined;
  return parts.slice(0, at).join(sep) || sep;
}

function listedSpec(project: string): string | undefined {
  const file = join(project, "package.json");
  if (!existsSync(file)) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const field of DEPENDENCY_FIELDS) {
      const deps = pkg[field];
      if (deps && typeof deps === "object" && typeof (deps as Record<string, unknown>)["mcp-gen"] === "string") return (deps as Record<string, string>)["mcp-gen"];
    }
  } catch {
    // an unreadable package.json lists nothing
  }
  return undefined;
}

/** The folder of the running mcp-gen package (the one holding its package.json). */
export function ownPackageRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "../..");
}
