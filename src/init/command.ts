// `mcp-gen init [DIR]`: writes the scaffold into DIR. Refuses a non-empty DIR unless --force, and
// never overwrites a file or writes through a symbolic link, --force or not: when a file of the
// scaffold (or a link on its way) is there it writes nothing at all (a scaffold with someone's
// own package.json in it would not build as it is).
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmdirSync, unlinkSync, writeFileSync, type Stats } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { GeneratorError } from "../errors.js";
import { GENERATOR_VERSION } from "../version.js";
import { mcpGenDependency, ownPackageRoot } from "./dependency.js";
import { npmNameProblem, packageName, scaffoldFiles } from "./scaffold.js";
import type { OutputFile } from "../emit/common.js";

export interface InitOptions {
  force?: boolean;
  /** The package's name; default: derived from DIR's name. */
  name?: string;
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
  const files = scaffoldFiles({ name: nameOf(dir, options.name), mcpGen, zod: zodRange(root) });
  refuseObstacles(files.map((f) => obstacle(dir, f.path)).filter((o) => o !== undefined));
  writeAll(dir, files);
  return { dir, files: files.map((f) => f.path).sort(), mcpGen };
}

/** --name as given, when npm accepts it, else the name derived from the folder's. */
function nameOf(dir: string, given: string | undefined): string {
  if (given === undefined) return packageName(basename(dir));
  const problem = npmNameProblem(given);
  if (problem) throw new GeneratorError(`--name ${JSON.stringify(given)}: npm refuses this package name (${problem})`);
  return given;
}

function assertTarget(dir: string, force: boolean): void {
  const entry = lstatOrUndefined(dir);
  if (!entry) return;
  if (entry.isSymbolicLink()) throw new GeneratorError(`cannot init ${shown(dir)}: it is a symbolic link (to ${readlinkSync(dir)}), and init never writes through a link; init the folder it points to by its own path, or another folder`);
  if (!entry.isDirectory()) throw new GeneratorError(`cannot init ${shown(dir)}: it is ${kind(entry)}, not a folder`);
  const entries = readdirSync(dir).sort();
  if (entries.length && !force) {
    const listed = entries.slice(0, 3).join(", ") + (entries.length > 3 ? ", …" : "");
    throw new GeneratorError(`cannot init ${shown(dir)}: the folder is not empty (${listed}); pass --force to add the scaffold beside what is there (no file is ever overwritten), or init a new or empty folder`);
  }
}

/** What the kind of a non-folder entry is called in a message. */
const kind = (entry: Stats) => (entry.isFile() ? "a file" : entry.isFIFO() ? "a named pipe" : entry.isSocket() ? "a socket" : "a device");

/** What is in the way of writing `path` under `dir`: the scaffold's file itself (or a file where one of its folders goes), or a link on the way. */
type Obstacle = { taken: string } | { link: string };

function obstacle(dir: string, path: string): Obstacle | undefined {
  let at = dir;
  for (const part of path.split("/")) {
    at = join(at, part);
    const entry = lstatOrUndefined(at);
    if (!entry) return undefined;
    if (entry.isSymbolicLink()) return { link: at };
    if (!entry.isDirectory()) return { taken: join(dir, path) };
  }
  return { taken: join(dir, path) };
}

/** Refuses with every obstacle named, links with where they point (a link to a folder is not "already exists"). */
function refuseObstacles(obstacles: Obstacle[]): void {
  if (!obstacles.length) return;
  const taken = obstacles.flatMap((o) => ("taken" in o ? [shown(o.taken)] : []));
  const links = [...new Set(obstacles.flatMap((o) => ("link" in o ? [o.link] : [])))].map((link) => `${shown(link)} (to ${readlinkSync(link)})`);
  const clauses = [
    ...(taken.length ? [`${taken.join(", ")} already exist${taken.length === 1 ? "s" : ""}`] : []),
    ...(links.length ? [`${links.join(", ")} ${links.length === 1 ? "is a symbolic link" : "are symbolic links"}`] : []),
  ];
  const rule = links.length ? "init never overwrites a file or writes through a link" : "init never overwrites a file";
  const count = taken.length + links.length;
  throw new GeneratorError(`init writes nothing: ${clauses.join(", and ")}, and ${rule} (--force or not); move ${count === 1 ? "it" : "them"} away, or init another folder`);
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
