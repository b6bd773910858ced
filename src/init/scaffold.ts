// The files of `mcp-gen init`: templates/init/**/*.hbs rendered with the project's name and the
// dependency specs, as { path, content } (pure: nothing is written here).
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { OutputFile } from "../emit/common.js";
import { renderTemplate } from "../emit/index.js";

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

/** A valid npm package name from a folder's name: lower case, URL-safe characters, at most 214. */
export function packageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+/, "")
    .replace(/-+$/, "")
    .slice(0, 214);
  return name || "mcp-server";
}
