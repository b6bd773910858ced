// The protocol output a catalog builds on: the user's (`--protocol DIR`), or one generated for the
// chosen revisions, beside the catalog (`<out>/protocol`) and, to connect with, in the project
// cache. A catalog's stubs import its revision's types and the shared runtime from it.
import { join, relative, resolve, sep } from "node:path";
import { GeneratorError } from "../errors.js";
import { generate, type EmitKind, type GenerateResult, type GenerateSource } from "../generate.js";
import { projectRoot } from "../project.js";
import { inputRoot, revisionReader, type RevisionReader } from "../schema/inputs.js";
import { readPins } from "../schema/revisions.js";
import { readManifest } from "../write/manifest.js";
import type { SchemaReader } from "./eras.js";

export interface ProtocolOutput {
  dir: string;
  /** The revisions it holds, and the folder of each ("" when the output is that one revision). */
  revisions: Array<{ label: string; dir: string }>;
  /** Generated with the catalog (beside it), not the user's own (--protocol). */
  generated?: boolean;
}

/** The protocol output the stubs import, and (unless it is the user's, --protocol) how to generate it. */
export interface ProtocolPlan {
  output: ProtocolOutput;
  sources?: ProtocolSources;
}

export interface ProtocolSources {
  revisions: string[];
  /** With `resolve` (the one input rule's reader), the output is generated from unread sources. */
  read: SchemaReader & Partial<Pick<RevisionReader, "resolve">>;
  /** The files of a protocol output generated beside the catalog (the cache's is always the default). */
  emit?: EmitKind | undefined;
}

/** The pinned dated revisions: those a default protocol output is chosen from. */
export function pinnedRevisions(): string[] {
  return Object.keys(readPins().revisions).filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r));
}

/**
 * Reads schemas by the one input rule (src/schema/inputs.ts): from --spec-root or MCP_SPEC_ROOT,
 * else from the project cache, where a pinned revision that is missing is downloaded and checked
 * against its pin (once: a cached revision is read from disk, offline). Each revision is read once.
 */
export function schemaReader(specRootOption: string | undefined): RevisionReader {
  return revisionReader(inputRoot(specRootOption));
}

export function readProtocolOutput(dir: string): ProtocolOutput {
  const manifest = readManifest(dir);
  if (!manifest || !manifest.revisions.length) throw new GeneratorError(`${dir} is not an mcp-gen protocol output (no .mcp-gen.json listing revisions): generate one with \`mcp-gen --revision R --out ${dir}\``);
  return { dir: resolve(dir), revisions: manifest.revisions.map((r) => ({ label: r.label, dir: r.dir })) };
}

/** Import paths from the catalog's folder: the runtime folder, and the index of the catalog's revision. */
export function importsFor(outDir: string, protocol: ProtocolOutput, revision: string): { runtimeImport: string; revisionImport: string } {
  const entry = protocol.revisions.find((r) => r.label === revision);
  if (!entry) {
    throw new GeneratorError(`the catalog was read with revision ${revision}, which the protocol output ${protocol.dir} does not hold (it has ${protocol.revisions.map((r) => r.label).join(", ")}): generate it with --revision ${revision}`);
  }
  const base = importPath(outDir, protocol.dir);
  return { runtimeImport: `${base}/runtime`, revisionImport: `${base}${entry.dir ? `/${entry.dir}` : ""}/index.js` };
}

function importPath(from: string, to: string): string {
  const path = relative(resolve(from), to).split(sep).join("/");
  if (path === "") throw new GeneratorError(`the catalog and its protocol output cannot share the folder ${to}: pass another --out (or --protocol)`);
  return path.startsWith("../") ? path : `./${path}`;
}

/** Resolved, not read, when the reader can: an output already up to date needs no schema (offline, an empty cache). */
async function sourcesOf(options: ProtocolSources): Promise<GenerateSource[]> {
  const sources: GenerateSource[] = [];
  const { read } = options;
  for (const revision of options.revisions) sources.push(await (read.resolve ? read.resolve(revision) : read(revision)));
  return sources;
}

/** Generates (or, with check, compares) a protocol output for the revisions. */
export async function generateProtocol(dir: string, options: ProtocolSources, check: boolean): Promise<GenerateResult> {
  return generate({ sources: await sourcesOf(options), outDir: dir, check, ...(options.emit ? { emit: options.emit } : {}) });
}

/** A protocol output to connect with, in the project cache (regenerated only when its inputs change). */
export async function connectingProtocol(options: ProtocolSources): Promise<string> {
  const dir = join(projectRoot(), ".mcp-gen", "protocol", [...options.revisions].sort().join("+"));
  await generateProtocol(dir, { ...options, emit: undefined }, false);
  return dir;
}
