import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { GeneratorError } from "../errors.js";
import { hashText, projectRoot } from "../project.js";
import { byText } from "../model/order.js";
import { isPlainRelativePath } from "./paths.js";

/** What one generated revision holds, so an up-to-date run can report it without parsing. */
export interface ManifestRevision {
  label: string;
  /** Folder relative to the output root ("" when the revision is the root). */
  dir: string;
  types: number;
}

/** One extension generated for one revision. */
export interface ManifestExtension {
  id: string;
  /** Folder relative to the output root (`ext/tasks`, `2026-07-28/ext/tasks`). */
  dir: string;
  /** The extension schema's sha256, and the core revision its imports bound to. */
  sha256: string;
  core: string;
}

/** Records what mcp-gen wrote into a folder, and from which inputs. */
export interface Manifest {
  generator: "mcp-gen";
  version: string;
  /** Hash of everything that determines the output besides the generator version. */
  inputs: string;
  revisions: ManifestRevision[];
  /** The extensions generated beside the revisions (SEP-2133): which schema, into which folder. */
  extensions?: ManifestExtension[];
  /** Generated files (plain relative paths) with the sha256 of their bytes. */
  files: Record<string, string>;
}

export const MANIFEST_FILE = ".mcp-gen.json";

// Kept here for the modules that read manifests and hash alongside (src/project.ts defines it).
export { hashText };

/**
 * The manifest of a folder, or undefined when there is none (or it is not mcp-gen's). A manifest
 * of the wrong shape is a usage error naming the file, never a TypeError further on; one that
 * lists anything but plain relative paths inside the folder is refused: mcp-gen deletes listed
 * files that it no longer generates, so such a list is never trusted.
 */
export function readManifest(dir: string): Manifest | undefined {
  const file = join(dir, MANIFEST_FILE);
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<Manifest>;
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object" || parsed.generator !== "mcp-gen") return undefined;
  const malformed = (what: string) => new GeneratorError(`${file}: malformed manifest (${what}); remove it to regenerate from scratch`);
  if (!parsed.files || typeof parsed.files !== "object" || Array.isArray(parsed.files)) throw malformed(`no "files" object`);
  for (const [path, sha] of Object.entries(parsed.files)) {
    if (!isPlainRelativePath(path) || typeof sha !== "string") {
      throw new GeneratorError(`${file}: refusing to use this manifest: it lists "${path}", which is not a plain relative path inside ${dir}; nothing was deleted`);
    }
  }
  for (const key of ["version", "inputs"] as const) if (typeof parsed[key] !== "string") throw malformed(`"${key}" is ${describe(parsed[key])}, not a string`);
  // Manifests written before revisions were recorded have none.
  if (parsed.revisions !== undefined && !Array.isArray(parsed.revisions)) throw malformed(`"revisions" is ${describe(parsed.revisions)}, not a list`);
  const revisions = parsed.revisions ?? [];
  revisions.forEach((entry, i) => {
    const problem = revisionProblem(entry);
    if (problem) throw malformed(`revisions[${i}] ${problem}`);
  });
  return { ...parsed, revisions } as Manifest;
}

/** What is wrong with one entry of `revisions`, or undefined when it is `{ label, dir, types }`. */
function revisionProblem(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return `is ${describe(entry)}, not an object with "label", "dir" and "types"`;
  const { label, dir, types } = entry as Record<string, unknown>;
  if (typeof label !== "string" || label === "") return `has "label" ${describe(label)}, not a revision name`;
  if (typeof dir !== "string" || (dir !== "" && !isPlainRelativePath(dir))) return `has "dir" ${describe(dir)}, not a plain relative folder (or "")`;
  if (typeof types !== "number" || !Number.isSafeInteger(types) || types < 0) return `has "types" ${describe(types)}, not a count`;
  return undefined;
}

/** A JSON value in a few characters, for an error message. */
function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export function renderManifest(manifest: Manifest): string {
  const files = Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => byText(a, b)));
  return `${JSON.stringify({ ...manifest, files }, null, 2)}\n`;
}

/** True when every file the manifest lists is on disk with the recorded bytes. */
export function manifestMatchesDisk(dir: string, manifest: Manifest): boolean {
  return Object.entries(manifest.files).every(([path, sha]) => {
    try {
      return hashText(readFileSync(join(dir, path))) === sha;
    } catch {
      return false;
    }
  });
}

/**
 * Where the project cache records the manifest mcp-gen last wrote (or verified) for a folder. It
 * lives outside the folder: a manifest is input from disk (a pull request may change a generated
 * file and its sha256 together), so it cannot vouch for itself. Only a manifest recorded here lets
 * a run skip emitting; anything else is regenerated and compared byte for byte.
 */
function vouchFile(dir: string): string {
  return join(projectRoot(), ".mcp-gen", "written", hashText(resolve(dir)).slice(0, 32));
}

/** True when this manifest is the one mcp-gen itself last wrote into `dir` on this machine. */
export function isVouched(dir: string, manifest: Manifest): boolean {
  try {
    return readFileSync(vouchFile(dir), "utf8") === hashText(renderManifest(manifest));
  } catch {
    return false;
  }
}

/** Records the manifest just written or verified in `dir` (best effort: without the record, the next run re-emits). */
export function vouchFor(dir: string, manifest: Manifest): void {
  try {
    const file = vouchFile(dir);
    mkdirSync(join(file, ".."), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, hashText(renderManifest(manifest)));
    renameSync(temporary, file);
  } catch {
    // A read-only project: every run compares what it would write with the disk.
  }
}
