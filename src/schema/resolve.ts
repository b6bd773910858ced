import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GeneratorError } from "../errors.js";
import { PACKAGE_ROOT } from "../version.js";
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

/** --spec-root, else MCP_SPEC_ROOT, else the package's own schema/ folder. */
export function specRootFrom(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option) return resolve(option);
  if (env.MCP_SPEC_ROOT) return resolve(env.MCP_SPEC_ROOT);
  return fileURLToPath(new URL("schema/", PACKAGE_ROOT));
}

/** A revision label: a folder name under the spec root, never a path (no separators, no `.`/`..`). */
const REVISION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function readRevision(revision: string, specRoot: string): SchemaSource {
  if (!REVISION_NAME.test(revision)) throw new GeneratorError(notARevisionName(revision));
  const file = join(specRoot, revision, "schema.ts");
  if (!existsSync(file)) {
    const known = knownRevisions(specRoot);
    throw new GeneratorError(
      `unknown revision "${revision}": ${file} does not exist. Revisions under ${specRoot}: ${known.join(", ") || "none"}` +
        (known.length ? "" : ` (fill it with \`mcp-gen schema fetch\` or pass --spec-root)`),
    );
  }
  return { file, text: readFileSync(file, "utf8"), revision, label: revision };
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
  return { file: path, text: readFileSync(file, "utf8"), revision: null, label: basename(dirname(file)) };
}

/** Folders of the spec root holding a schema.ts, plus the pinned ones. */
export function knownRevisions(specRoot: string): string[] {
  const onDisk = existsSync(specRoot)
    ? readdirSync(specRoot, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(specRoot, entry.name, "schema.ts")))
        .map((entry) => entry.name)
    : [];
  return [...new Set([...onDisk, ...Object.keys(readPins().revisions)])].sort();
}
