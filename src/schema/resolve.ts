// Reading a schema from a folder or a path, and saying what is there instead when it is not.
// Which folder, and whether a missing pinned revision is fetched, is src/schema/inputs.ts's rule.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { GeneratorError } from "../errors.js";
import { projectRoot } from "../project.js";
import { readPins } from "./revisions.js";

export interface SchemaSource {
  /** The file as the user would recognise it (used in error locations). */
  file: string;
  text: string;
  /** Revision label, or null for a schema given with --schema. */
  revision: string | null;
  /** A short name for the output subfolder when several schemas are generated at once. */
  label: string;
}

/**
 * Where pinned revisions are cached: `$MCP_GEN_CACHE`, else `.mcp-gen/schema` in the project
 * (not inside node_modules, which a reinstall wipes).
 */
export function defaultSpecRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.MCP_GEN_CACHE ? resolve(env.MCP_GEN_CACHE) : join(projectRoot(), ".mcp-gen", "schema");
}

/** --spec-root, else MCP_SPEC_ROOT, else the project cache. */
export function specRootFrom(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option) return resolve(option);
  if (env.MCP_SPEC_ROOT) return resolve(env.MCP_SPEC_ROOT);
  return defaultSpecRoot(env);
}

/** A revision label: a folder name under the spec root, never a path (no separators, no `.`/`..`). */
const REVISION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `<specRoot>/<revision>/schema.ts`, once the name is known to be a name and not a path. */
export function revisionFile(revision: string, specRoot: string): string {
  if (!REVISION_NAME.test(revision)) throw new GeneratorError(notARevisionName(revision));
  return join(specRoot, revision, "schema.ts");
}

/** A revision under `specRoot`, read from disk (never fetched). */
export async function readRevision(revision: string, specRoot: string): Promise<SchemaSource> {
  const file = revisionFile(revision, specRoot);
  if (!existsSync(file)) throw new GeneratorError(missingRevision(revision, file, specRoot));
  if (!statSync(file).isFile()) throw new GeneratorError(`${file} is ${statSync(file).isDirectory() ? "a folder" : "a special file"}, not a schema file`);
  return { file, text: readFileSync(file, "utf8"), revision, label: revision };
}

/**
 * What is there instead, each list said once: the revisions under the spec root, and the pinned
 * ones when the name is not pinned and they are not the same list.
 */
function missingRevision(revision: string, file: string, specRoot: string): string {
  const others = knownRevisions(specRoot).filter((r) => r !== revision);
  const pins = Object.keys(readPins().revisions);
  const pinned = pins.includes(revision);
  const lists = [
    ...(others.length ? [`Revisions under ${specRoot}: ${others.join(", ")}.`] : []),
    ...(!pinned && pins.join() !== others.join() ? [`Pinned revisions: ${pins.join(", ")}.`] : []),
  ];
  const what = pinned ? `revision "${revision}" is not available` : `unknown revision "${revision}"`;
  const advice = `Pass --spec-root DIR (or set MCP_SPEC_ROOT) to a folder holding ${revision}/schema.ts, or fill the cache with \`mcp-gen schema fetch --revision ${revision} [--from MIRROR]\`.`;
  return [`${what}: ${file} does not exist.`, ...lists, advice].join(" ");
}

/**
 * A value like `../2026-07-28` or `./draft/schema.ts` is a path, which --revision does not
 * take (it would also escape the spec root): say so, and name the --schema argument that
 * reads it, without claiming that an existing file is missing.
 */
function notARevisionName(revision: string): string {
  const message = `"${revision}" is not a revision name: --revision takes the name of a folder under the spec root (letters, digits, ".", "_" and "-", e.g. 2026-07-28)`;
  const schema = schemaPathFor(revision);
  if (schema) return `${message}. It is a path: to read that schema, use --schema ${schema}`;
  return /[\\/]|^\.\.?$/.test(revision) ? `${message}. To read a schema.ts by its path, use --schema FILE` : message;
}

/** The schema file a path-like value points at (the file itself, or schema.ts in the folder). */
function schemaPathFor(value: string): string | undefined {
  if (!value || !existsSync(value)) return undefined;
  if (statSync(value).isFile()) return value;
  return existsSync(join(value, "schema.ts")) ? join(value, "schema.ts") : undefined;
}

export function readSchemaFile(path: string): SchemaSource {
  const file = resolve(path);
  if (!existsSync(file)) throw new GeneratorError(`schema file not found: ${file}`);
  if (!statSync(file).isFile()) throw new GeneratorError(`--schema ${path} is a ${statSync(file).isDirectory() ? "folder" : "special file"}, not a schema file`);
  return { file: path, text: readFileSync(file, "utf8"), revision: null, label: basename(dirname(file)) };
}

/** Folders of the spec root holding a schema.ts. */
export function knownRevisions(specRoot: string): string[] {
  if (!existsSync(specRoot) || !statSync(specRoot).isDirectory()) return [];
  return readdirSync(specRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(specRoot, entry.name, "schema.ts")))
    .map((entry) => entry.name)
    .sort();
}
