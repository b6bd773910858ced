import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GeneratorError } from "../errors.js";
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

export function hashText(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

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
