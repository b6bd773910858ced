// The files of `mcp-gen init`: templates/init/**/*.hbs rendered with the project's name and the
// dependency specs, as { path, content } (pure: nothing is written here).
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import type { OutputFile } from "../emit/common.js";
import { renderTemplate } from "../emit/index.js";
import { GeneratorError } from "../errors.js";

const INIT_DIR = fileURLToPath(new URL("../../templates/init/", import.meta.url));

export interface ScaffoldOptions {
  /** The package's name (a valid npm name). */
  name: string;
  /** How the project depends on mcp-gen: a version range, `file:` path or URL (see dependency.ts). */
  mcpGen: string;
  /** The zod range: mcp-gen's own peer dependency range. */
  zod: string;
}

/** The scaffold's templates, as paths relative to templates/init/ without `.hbs`. */
function templateNames(): string[] {
  return readdirSync(INIT_DIR, { recursive: true, encoding: "utf8" })
    .map((name) => name.split("\\").join("/"))
    .filter((name) => name.endsWith(".hbs"))
    .map((name) => name.slice(0, -".hbs".length))
    .sort();
}

/** The template of `.gitignore` is `gitignore.hbs`: a hidden template is easily missed (by `ls`, globs, packing rules). */
const targetPath = (name: string) => (name === "gitignore" ? ".gitignore" : name);

export function scaffoldFiles(options: ScaffoldOptions): OutputFile[] {
  const data = { ...options, info: `${options.name}: an MCP server made with mcp-gen init` };
  return templateNames().map((name) => ({ path: targetPath(name), content: renderTemplate(`init/${name}`, data) }));
}

/**
 * npm's rules for a new package's name (those of validate-npm-package-name, which npm runs):
 * the first one `name` breaks, or undefined when npm accepts it.
 */
export function npmNameProblem(name: string): string | undefined {
  if (!name.length) return "it is empty";
  if (name.length > 214) return `it is ${name.length} characters long (at most 214)`;
  if (name.trim() !== name) return "it starts or ends with a space";
  if (/^[._]/.test(name)) return `it starts with "${name[0]}"`;
  if (name !== name.toLowerCase()) return "it has capital letters";
  if (RESERVED.includes(name)) return "npm reserves it";
  if (builtinModules.includes(name)) return "it is the name of a Node.js core module";
  const [, scope, bare] = /^(?:@([^/]+)\/)?([^/]+)$/.exec(name) ?? [];
  if (bare === undefined) return 'it has a "/" that is not the one of a scope (@scope/name)';
  if (/[~'!()*]/.test(bare)) return "it has one of ~ ' ! ( ) *";
  if ([scope, bare].some((part) => part !== undefined && encodeURIComponent(part) !== part)) return "it has characters that are not URL-safe";
  return undefined;
}

/** Names npm refuses whatever the case (validate-npm-package-name's blacklist). */
const RESERVED = ["node_modules", "favicon.ico"];

/**
 * The package name of a project in `folder`: lower case, each run of other characters than
 * a-z, 0-9, `.`, `_`, `-` as one `-`, no leading `.`, `_` or `-`, at most 214 characters. A
 * name npm refuses even so (`node_modules`, `http`) is an error that says to pass --name.
 */
export function packageName(folder: string): string {
  const name =
    folder
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[._-]+/, "")
      .slice(0, 214)
      .replace(/-+$/, "") || "mcp-server";
  const problem = npmNameProblem(name);
  if (problem) throw new GeneratorError(`the folder's name ${JSON.stringify(folder)} gives the package name ${JSON.stringify(name)}, which npm refuses (${problem}): pass --name <name>`);
  return name;
}
