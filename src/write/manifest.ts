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

/** Records what mcp-gen wrote into a folder, and from which inputs. */
export interface Manifest {
  generator: "mcp-gen";
  version: string;
  /** Hash of everything that determines the output besides the generator version. */
  inputs: string;
  revisions: ManifestRevision[];
  /** Generated files (plain relative paths) with the sha256 of their bytes. */
  files: Record<string, string>;
}

export const MANIFEST_FILE = ".mcp-gen.json";

// Kept here for the modules that read manifests and hash alongside (src/project.ts defines it).
export { hashText };

/**
 * The manifest of a folder, or undefined when there is none (or it is not mcp-gen's). A
 * manifest that lists anything but plain relative paths inside the folder is an error:
 * mcp-gen deletes listed files that it no longer generates, so such a list is never trusted.
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
  if (!parsed.files || typeof parsed.files !== "object" || Array.isArray(parsed.files)) {
    throw new GeneratorError(`${file}: malformed manifest (no "files" object); remove it to regenerate from scratch`);
  }
  for (const [path, sha] of Object.entries(parsed.files)) {
    if (!isPlainRelativePath(path) || typeof sha !== "string") {
      throw new GeneratorError(`${file}: refusing to use this manifest: it lists "${path}", which is not a plain relative path inside ${dir}; nothing was deleted`);
    }
  }
  return { ...parsed, revisions: Array.isArray(parsed.revisions) ? parsed.revisions : [] } as Manifest;
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
