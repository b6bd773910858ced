import { existsSync, mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { GeneratorError } from "../errors.js";
import { generate, type EmitKind } from "../generate.js";
import type { SchemaSource } from "../schema/resolve.js";
import { readManifest, MANIFEST_FILE, type ManifestRevision } from "../write/manifest.js";

/** What DIR's manifest says about the output the user's code compiles against today. */
export interface CurrentOutput {
  dir: string;
  emit: EmitKind;
  /** In the manifest's order; `dir` is "" for a one-revision output. */
  revisions: ManifestRevision[];
}

/** DIR's manifest, read only (migrate never writes into DIR). No manifest is a usage error. */
export function readCurrentOutput(dir: string): CurrentOutput {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new GeneratorError(`--out ${dir}: no such folder (pass the folder mcp-gen generated, the one your code imports)`);
  const manifest = readManifest(dir);
  if (!manifest) throw new GeneratorError(`--out ${dir}: no mcp-gen manifest (${MANIFEST_FILE}) in that folder: pass the folder mcp-gen generated, the one your code imports`);
  if (!manifest.revisions.length) throw new GeneratorError(`${join(dir, MANIFEST_FILE)}: the manifest lists no revision: pass --from REVISION`);
  // The manifest records hashes of the inputs, not the options: the files show which output it is.
  const emit: EmitKind = Object.keys(manifest.files).some((path) => path.endsWith(".d.ts")) ? "js" : "ts";
  return { dir, emit, revisions: manifest.revisions };
}

/** The manifest's revision that --to replaces, and the revision the user's code is written for. */
export interface Replaced {
  entry: ManifestRevision;
  /** --from, else the entry's label. */
  from: string;
}

/**
 * The revision whose output the user's code compiles against: the manifest's only revision
 * (--from, when given, says which revision the code is written for). With several, --from
 * names the one that --to replaces.
 */
export function currentRevision(output: CurrentOutput, from: string | undefined): Replaced {
  const labels = output.revisions.map((r) => r.label);
  if (output.revisions.length === 1) return { entry: output.revisions[0]!, from: from ?? output.revisions[0]!.label };
  const named = output.revisions.find((r) => r.label === from);
  if (named) return { entry: named, from: named.label };
  const which = from === undefined ? "it holds several revisions" : `--from ${from} is not one of them`;
  throw new GeneratorError(`--out ${output.dir} was generated for ${labels.join(", ")}: ${which}; pass --from with the one to migrate`);
}

/** A generation of the new output into a folder of its own under the system's temporary folder. */
export interface NewOutput {
  dir: string;
  /** Revision folders of the new output, by the folder that stands for them in DIR. */
  folders: Map<string, string>;
  remove(): void;
}

/**
 * Generates `sources` into a fresh temporary folder with DIR's options (the emit kind; one
 * folder per revision when there are several, as in DIR). The caller removes it (`remove()`),
 * also when a later step fails; it is removed here when the generation itself fails.
 */
export async function generateNewOutput(current: CurrentOutput, replaced: ManifestRevision, sources: SchemaSource[], to: SchemaSource): Promise<NewOutput> {
  const root = mkdtempSync(join(tmpdir(), "mcp-gen-migrate-"));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const dir = join(root, "out");
    const result = await generate({ sources, outDir: dir, check: false, emit: current.emit, vouch: false });
    const folders = new Map<string, string>();
    for (const revision of current.revisions) {
      const label = revision === replaced ? to.label : revision.label;
      const next = result.revisions.find((r) => r.label === label);
      if (next) folders.set(revision.dir, next.dir);
    }
    return { dir, folders, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Maps a path under DIR to the same file of the new output (a revision's folder to the folder
 * of the revision that replaces it), undefined for paths outside DIR. DIR is matched as given
 * and through its real path, as the compiler may meet either.
 */
export function pathMapper(current: CurrentOutput, next: NewOutput): (path: string) => string | undefined {
  const roots = [...new Set([resolve(current.dir), realpathSync(current.dir)])];
  const folders = [...next.folders].sort(([a], [b]) => b.length - a.length);
  return (path: string) => {
    const root = roots.find((r) => path === r || path.startsWith(r + sep) || path.startsWith(`${r}/`));
    if (root === undefined) return undefined;
    const inside = relative(root, path).split(sep).join("/");
    for (const [from, to] of folders) {
      if (from === "") return join(next.dir, inside);
      if (inside === from || inside.startsWith(`${from}/`)) return join(next.dir, to, inside.slice(from.length));
    }
    return join(next.dir, inside);
  };
}
