// Input resolution: the one rule by which every entry point (CLI and API alike; generate,
// --check, model, diff, migrate, catalog) turns what the user named into schema sources.
//
// A revision name resolves under one folder: `--spec-root` (the API's `specRoot`), else
// `$MCP_SPEC_ROOT`, else the project cache (`.mcp-gen/schema`, or `$MCP_GEN_CACHE`). Only the
// cache is filled on demand: a pinned revision missing there resolves to the pin's sha256 and is
// downloaded and checked against it when its text is first read (`readSource`), so a caller that
// needs only the sha256 (an up-to-date answer from a manifest) never touches the network. A path
// (a schema.ts) is read where it is. Nothing else decides where a schema comes from.
import { existsSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { DownloadError, GeneratorError } from "../errors.js";
import { hashText } from "../project.js";
import { readRevision, readSchemaFile, revisionFile, specRootFrom, type SchemaSource } from "./resolve.js";
import { readPins } from "./revisions.js";

/** Where revision names resolve, and why there. */
export interface InputRoot {
  dir: string;
  /** `option`: --spec-root / `specRoot`; `env`: $MCP_SPEC_ROOT; `cache`: the project cache, the only root filled on demand. */
  from: "option" | "env" | "cache";
}

/** The root for a `--spec-root` value (or none): the same answer for the CLI and the API. */
export function inputRoot(specRoot: string | undefined, env: NodeJS.ProcessEnv = process.env): InputRoot {
  return { dir: specRootFrom(specRoot, env), from: specRoot ? "option" : env.MCP_SPEC_ROOT ? "env" : "cache" };
}

interface ResolvedBase {
  /** Where the text is, or (a pinned revision still to download) where it will be. */
  file: string;
  /** The revision name, or null for a schema given by its path. */
  revision: string | null;
  /** The output subfolder's name when several sources are generated at once. */
  label: string;
  /** The sha256 of the text: of the file read, or the pin's for a revision still to download. */
  sha256: string;
  /** The text, when it was on disk at resolution. */
  text?: string;
}

/** A revision name under a root; without `text`, a pinned revision to fetch into the cache on first read. */
export interface RevisionInput extends ResolvedBase {
  kind: "revision";
  revision: string;
  root: InputRoot;
}

/** A schema.ts given by its path. */
export interface FileInput extends ResolvedBase {
  kind: "file";
  revision: null;
  text: string;
}

/**
 * A resolved input. Each kind says where its text comes from and what it is known by before it
 * is read; another kind (an extension schema that imports a core revision would carry that
 * revision as a RevisionInput of its own) is another member here and another case in readSource.
 */
export type ResolvedSource = RevisionInput | FileInput;

/** A revision name under `root`; a pinned revision missing from the cache stays unread. */
export async function resolveRevision(revision: string, root: InputRoot): Promise<RevisionInput> {
  const file = revisionFile(revision, root.dir);
  const pins = readPins().revisions;
  if (root.from === "cache" && !existsSync(file) && Object.hasOwn(pins, revision)) {
    return { kind: "revision", file, revision, label: revision, sha256: pins[revision]!.sha256, root };
  }
  const source = await readRevision(revision, root.dir);
  return { kind: "revision", file, revision, label: revision, sha256: hashText(source.text), text: source.text, root };
}

/** A schema.ts by its path (`--schema`, the API's `schemas`). */
export function resolveFile(path: string): FileInput {
  const source = readSchemaFile(path);
  return { kind: "file", file: source.file, revision: null, label: source.label, sha256: hashText(source.text), text: source.text };
}

/**
 * One side of `diff` or `migrate`: a schema file when it names an existing file or ends in `.ts`,
 * a revision when it is a bare name (`2026-07-28`, `draft`). Anything else (a folder, a path to
 * something that is not a file) is an error that says so.
 */
export async function resolveSide(value: string, root: InputRoot): Promise<ResolvedSource> {
  const exists = existsSync(value);
  if (exists && statSync(value).isDirectory()) {
    throw new GeneratorError(`"${value}" is a directory: pass the path of a schema.ts file or a revision name (e.g. --from 2025-11-25)`);
  }
  if (value.endsWith(".ts") || (exists && statSync(value).isFile())) return resolveFile(value);
  if (exists || isAbsolute(value) || /[\\/]/.test(value)) {
    throw new GeneratorError(`"${value}" is neither a schema file nor a revision name: pass the path of a schema.ts file or a revision under ${root.dir}`);
  }
  return resolveRevision(value, root);
}

/** Revisions, then schema files, in the order given; none at all is the caller's `nothing` error. */
export async function resolveSources(given: { revisions?: readonly string[]; schemas?: readonly string[] }, root: InputRoot, nothing: string): Promise<ResolvedSource[]> {
  const sources: ResolvedSource[] = [];
  for (const revision of given.revisions ?? []) sources.push(await resolveRevision(revision, root));
  for (const file of given.schemas ?? []) sources.push(resolveFile(file));
  if (!sources.length) throw new GeneratorError(nothing);
  return sources;
}

/**
 * The text could not be had: a pinned revision missing from the cache that could not be fetched
 * (offline, a mirror that answered 404). A caller that needs no text may go on without it.
 */
export class SourceUnavailableError extends GeneratorError {
  readonly revision: string;
  /** What stood in the way, in a few words (`connect ECONNREFUSED 127.0.0.1:9`, `HTTP 404`). */
  readonly reason: string;

  constructor(message: string, revision: string, reason: string) {
    super(message);
    this.name = "SourceUnavailableError";
    this.revision = revision;
    this.reason = reason;
  }
}

/** The text of a resolved input: read at resolution, or fetched into the cache now and verified. */
export async function readSource(input: ResolvedSource | SchemaSource): Promise<SchemaSource> {
  const { file, revision, label } = input;
  if (input.text !== undefined) return { file, text: input.text, revision, label };
  const { root } = input as RevisionInput;
  await fetchIntoCache(revision!, root.dir);
  return { ...(await readRevision(revision!, root.dir)), file, label };
}

/** Resolves and reads in one step, for the commands that parse every source they name. */
export async function readSide(value: string, root: InputRoot): Promise<SchemaSource> {
  return readSource(await resolveSide(value, root));
}

async function fetchIntoCache(revision: string, dest: string): Promise<void> {
  const { fetchSchemas } = await import("./fetch.js");
  try {
    await fetchSchemas({ revisions: [revision], dest, baseUrl: process.env.MCP_GEN_SCHEMA_BASE_URL });
  } catch (error) {
    const message = `revision "${revision}" is not in the cache ${dest} and ${notFetched(error)}${waysOut(revision)}`;
    throw error instanceof DownloadError ? new SourceUnavailableError(message, revision, error.reason) : new GeneratorError(message);
  }
}

/** Why the cache could not be filled, ending in "Offline? " when no answer came. */
function notFetched(error: unknown): string {
  if (error instanceof DownloadError) return `could not be downloaded from ${error.source}: ${error.reason}. ${error.unreachable ? "Offline? " : ""}`;
  return `could not be fetched: ${error instanceof GeneratorError ? error.message : String(error)}. `;
}

function waysOut(revision: string): string {
  return `Pass --spec-root DIR or set MCP_SPEC_ROOT to a folder holding ${revision}/schema.ts, or run \`mcp-gen schema fetch --revision ${revision} --from MIRROR\`.`;
}

/** Reads revisions by name under one root, each once; `resolve` gives one unread (as generate takes it). */
export interface RevisionReader {
  (revision: string): Promise<SchemaSource>;
  resolve(revision: string): Promise<ResolvedSource>;
}

/**
 * The reader `catalog` connects and generates with: a revision's era is read once, then its
 * protocol output generated from the source resolved, so an unchanged one needs no schema.
 */
export function revisionReader(root: InputRoot): RevisionReader {
  const read = new Map<string, Promise<SchemaSource>>();
  const reader = (revision: string): Promise<SchemaSource> => {
    let source = read.get(revision);
    if (!source) read.set(revision, (source = resolveRevision(revision, root).then(readSource)));
    return source;
  };
  return Object.assign(reader, { resolve: (revision: string) => resolveRevision(revision, root) });
}
