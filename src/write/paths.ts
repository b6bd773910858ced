import { existsSync, lstatSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { GeneratorError } from "../errors.js";

/**
 * A path from a manifest or an emitter: accepted only as a plain relative name inside the output
 * folder (`a/b.ts`): no `..`, `.` or empty segments, no absolute path, no backslash, no NUL.
 * A manifest is input from disk (possibly from a pull request), so this is checked on read.
 */
export function isPlainRelativePath(path: string): boolean {
  if (typeof path !== "string" || path === "" || isAbsolute(path) || /[\\\0]/.test(path) || /^[A-Za-z]:/.test(path)) return false;
  return path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/**
 * Throws unless `root/relative` stays inside `root` once symbolic links are resolved: a link
 * inside the output folder must not lead a write or a deletion outside it.
 */
export function assertInside(root: string, relative: string): string {
  if (!isPlainRelativePath(relative)) throw new GeneratorError(`refusing to touch "${relative}": not a plain relative path inside ${root}`);
  const target = join(root, relative);
  if (!existsSync(root)) return target;
  let existing = dirname(target);
  while (!existsSync(existing)) existing = dirname(existing);
  const realRoot = realpathSync(root);
  const realParent = realpathSync(existing);
  if (realParent !== realRoot && !realParent.startsWith(realRoot + sep)) {
    throw new GeneratorError(`refusing to touch ${target}: it resolves outside ${root} (through a symbolic link)`);
  }
  if (isSymlink(target)) throw new GeneratorError(`refusing to touch ${target}: it is a symbolic link`);
  return target;
}

export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Checks `--out` before anything is computed: a clear error instead of a crash half-way. */
export function assertUsableOutDir(outDir: string): void {
  if (outDir.trim() === "") throw new GeneratorError("--out must name a folder (it is empty)");
  if (isSymlink(outDir) && !existsSync(outDir)) throw new GeneratorError(`--out ${outDir} is a symbolic link to nothing (a dangling link): remove it or point --out elsewhere`);
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) throw new GeneratorError(`--out ${outDir} is a file, not a folder`);
  let parent = dirname(resolve(outDir));
  while (!existsSync(parent) && parent !== dirname(parent)) parent = dirname(parent);
  if (!statSync(parent).isDirectory()) throw new GeneratorError(`--out ${outDir} is inside ${parent}, which is a file`);
}

/**
 * `mkdir -p`, one level at a time: Node's recursive mkdir loops forever on file systems that
 * answer ENOENT for a folder whose parent exists (seen on /proc).
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let current = resolve(dir); !existsSync(current); current = dirname(current)) missing.push(current);
  for (const folder of missing.reverse()) mkdirSync(folder);
}
