// `mcp-gen init [DIR]`: writes the scaffold into DIR. Refuses a non-empty DIR unless --force, and
// never overwrites a file, --force or not: when a file of the scaffold is already there it writes
// nothing at all (a scaffold with someone's own package.json in it would not build as it is).
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { GeneratorError } from "../errors.js";
import { GENERATOR_VERSION } from "../version.js";
import { mcpGenDependency, ownPackageRoot } from "./dependency.js";
import { packageName, scaffoldFiles } from "./scaffold.js";
import type { OutputFile } from "../emit/common.js";

export interface InitOptions {
  force?: boolean;
}

export interface InitResult {
  dir: string;
  files: string[];
  mcpGen: string;
}

const shown = (path: string) => relative(process.cwd(), path) || ".";

export function runInit(dirArgument: string | undefined, options: InitOptions): InitResult {
  const dir = resolve(dirArgument ?? ".");
  assertTarget(dir, options.force ?? false);
  const root = ownPackageRoot();
  const mcpGen = mcpGenDependency(root, GENERATOR_VERSION);
  const files = scaffoldFiles({ name: packageName(basename(dir)), mcpGen, zod: zodRange(root) });
  const taken = files.filter((f) => occupied(dir, f.path)).map((f) => f.path);
  if (taken.length) {
    throw new GeneratorError(`init writes nothing: ${taken.map((p) => shown(join(dir, p))).join(", ")} already exist${taken.length === 1 ? "s" : ""}, and init never overwrites a file (--force or not); move ${taken.length === 1 ? "it" : "them"} away, or init another folder`);
  }
  writeAll(dir, files);
  return { dir, files: files.map((f) => f.path).sort(), mcpGen };
}

function assertTarget(dir: string, force: boolean): void {
  if (!existsSync(dir)) return;
  if (!lstatSync(dir).isDirectory()) throw new GeneratorError(`cannot init ${shown(dir)}: it is a file, not a folder`);
  const entries = readdirSync(dir).sort();
  if (entries.length && !force) {
    const listed = entries.slice(0, 3).join(", ") + (entries.length > 3 ? ", …" : "");
    throw new GeneratorError(`cannot init ${shown(dir)}: the folder is not empty (${listed}); pass --force to add the scaffold beside what is there (no file is ever overwritten), or init a new or empty folder`);
  }
}

/** Whether writing `path` under `dir` would replace or go through something that is there (a file, a link, a file where a folder must be). */
function occupied(dir: string, path: string): boolean {
  let at = dir;
  for (const part of path.split("/")) {
    at = join(at, part);
    const entry = lstatOrUndefined(at);
    if (!entry) return false;
    if (!entry.isDirectory()) return true;
  }
  return true;
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Writes every file with exclusive creation; on any failure, removes what this run created, folders included. */
export function writeAll(dir: string, files: OutputFile[]): void {
  const created: string[] = [];
  const folders: string[] = [];
  try {
    for (const file of files) {
      const path = join(dir, file.path);
      for (const folder of missingFolders(dirname(path))) {
        mkdirSync(folder);
        folders.push(folder);
      }
      writeFileSync(path, file.content, { flag: "wx" });
      created.push(path);
    }
  } catch (error) {
    for (const path of created.reverse()) unlinkSync(path);
    for (const folder of folders.reverse()) rmdirSync(folder);
    throw new GeneratorError(`init wrote nothing to ${shown(dir)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The folders to make, outermost first, for `folder` to exist. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let at = folder; !existsSync(at); at = dirname(at)) missing.unshift(at);
  return missing;
}

/** zod's range for the scaffold: the peer range mcp-gen itself declares. */
function zodRange(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { peerDependencies?: Record<string, string> };
  const range = pkg.peerDependencies?.["zod"];
  if (!range) throw new GeneratorError(`mcp-gen's package.json (${join(root, "package.json")}) declares no zod peer range`);
  return range;
}
