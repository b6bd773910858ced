import { byText } from "../model/order.js";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Records what mcp-gen wrote into a folder, and from which inputs. */
export interface Manifest {
  generator: "mcp-gen";
  version: string;
  /** Hash of everything that determines the output besides the generator version. */
  inputs: string;
  /** Generated files (relative paths) with the sha256 of their bytes. */
  files: Record<string, string>;
}

export const MANIFEST_FILE = ".mcp-gen.json";

export function hashText(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

export function readManifest(dir: string): Manifest | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), "utf8")) as Partial<Manifest>;
    return parsed.generator === "mcp-gen" && parsed.files ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
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
