// Extension schemas (SEP-2133) by the same rule as revisions (inputs.ts): a short name (`tasks`)
// resolves to `<root>/extensions/<name>/draft/schema.ts` under `--spec-root`, `$MCP_SPEC_ROOT` or
// the project cache, which alone is filled on demand from the pin in schema/revisions.json (its
// own upstream URL, sha256-checked); a path (a schema.ts) is read where it is. `id=path` gives the
// identifier of a schema whose header does not say it.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DownloadError, GeneratorError } from "../errors.js";
import { hashText } from "../project.js";
import type { InputRoot } from "./inputs.js";
import type { SchemaSource } from "./resolve.js";
import { readPins } from "./revisions.js";

/** An extension's schema, resolved: known by its sha256 before it is read. */
export interface ExtensionSource {
  kind: "extension";
  /** Where the text is, or (a pinned extension still to download) where it will be. */
  file: string;
  /** The short name it was asked by (`tasks`), or null for a path. */
  name: string | null;
  /** The identifier given with it (`vendor/name=path`), else the schema's header says it. */
  id?: string;
  sha256: string;
  text?: string;
  /** The pinned download, when the text is still to fetch. */
  url?: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const GIVEN_ID = /^([A-Za-z0-9.-]+\/[A-Za-z0-9._-]+)=(.+)$/;

/** `tasks`, `io.modelcontextprotocol/tasks`, `path/to/schema.ts`, or `vendor/name=path/to/schema.ts`. */
export function resolveExtension(value: string, root: InputRoot): ExtensionSource {
  const given = GIVEN_ID.exec(value);
  if (given) return { ...fromFile(given[2]!), id: given[1]! };
  if (value.endsWith(".ts") || (existsSync(value) && statSync(value).isFile())) return fromFile(value);
  const name = /^[A-Za-z0-9.-]+\/([A-Za-z0-9._-]+)$/.exec(value)?.[1] ?? value;
  if (!NAME.test(name)) throw new GeneratorError(`"${value}" is neither an extension name (e.g. tasks) nor the path of an extension's schema.ts`);
  const file = join(root.dir, "extensions", name, "draft", "schema.ts");
  if (existsSync(file)) return fromFile(file, name);
  const pin = readPins().extensions?.[name];
  if (root.from === "cache" && pin) return { kind: "extension", file, name, sha256: pin.sha256, url: pin.url };
  const pinned = Object.keys(readPins().extensions ?? {});
  throw new GeneratorError(
    `extension "${name}" is not available: ${file} does not exist. ${pinned.length ? `Pinned extensions (downloaded into the project cache when no --spec-root is given): ${pinned.join(", ")}. ` : ""}Pass --spec-root DIR holding extensions/${name}/draft/schema.ts, or the path of its schema.ts`,
  );
}

function fromFile(path: string, name: string | null = null): ExtensionSource {
  if (!existsSync(path)) throw new GeneratorError(`extension schema not found: ${path}`);
  if (!statSync(path).isFile()) throw new GeneratorError(`extension schema ${path} is not a file`);
  const text = readFileSync(path, "utf8");
  return { kind: "extension", file: path, name, sha256: hashText(text), text };
}

/** The text: read at resolution, or downloaded into the cache now and checked against the pin. */
export async function readExtension(source: ExtensionSource): Promise<SchemaSource> {
  const label = source.name ?? "extension";
  if (source.text !== undefined) return { file: source.file, text: source.text, revision: null, label };
  let response: Response;
  try {
    response = await fetch(source.url!);
  } catch (error) {
    throw new DownloadError(source.url!, error instanceof Error ? error.message : String(error), true);
  }
  if (!response.ok) throw new DownloadError(source.url!, `HTTP ${response.status}`, false);
  const text = await response.text();
  const actual = hashText(text);
  if (actual !== source.sha256) throw new GeneratorError(`sha256 mismatch for extension ${label} from ${source.url}: expected ${source.sha256}, got ${actual}; nothing was written`);
  mkdirSync(dirname(source.file), { recursive: true });
  const temp = `${source.file}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, source.file);
  return { file: source.file, text, revision: null, label };
}
