import { existsSync, readdirSync, readFileSync } from "node:fs";
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

export function readRevision(revision: string, specRoot: string): SchemaSource {
  const file = join(specRoot, revision, "schema.ts");
  if (!/^[A-Za-z0-9._-]+$/.test(revision) || !existsSync(file)) {
    const known = knownRevisions(specRoot);
    throw new GeneratorError(
      `unknown revision "${revision}": ${file} does not exist. Revisions under ${specRoot}: ${known.join(", ") || "none"}` +
        (known.length ? "" : ` (fill it with \`mcp-gen schema fetch\` or pass --spec-root)`),
    );
  }
  return { file, text: readFileSync(file, "utf8"), revision, label: revision };
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
