// Extension schemas (SEP-2133) by the same rule as revisions (inputs.ts). A short name (`tasks`,
// `apps`), or an identifier (`io.modelcontextprotocol/ui`, matched to a pin's `id` first, else read
// by its name part), resolves under `--spec-root`, `$MCP_SPEC_ROOT` or the project cache to
// `<root>/extensions/<name>/draft/<file>` when it exists, else to the newest dated folder
// `<root>/extensions/<name>/<YYYY-MM-DD>/<file>`; `name@version` names the folder (`apps@2026-01-26`,
// `tasks@draft`). `<file>` is the first of SCHEMA_FILES there. Only the cache is filled on demand,
// from the pin in schema/revisions.json (its own upstream URL, sha256-checked). A path (a `.ts` or
// `.d.ts`) is read where it is. The identifier: `id=path` gives it; else the pin of that name (or,
// for a path, the pin with the file's sha256) when the pin states one; else the schema's header.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
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
const DATED = /^\d{4}-\d{2}-\d{2}$/;
/** The schema file of an extension's version folder, in this order: SEP-2133's layout, then a published `.d.ts`. */
const SCHEMA_FILES = ["schema.ts", "schema.d.ts", "spec.types.ts", "spec.types.d.ts"];

/** `tasks`, `apps@2026-01-26`, `io.modelcontextprotocol/tasks`, `path/to/schema.ts`, or `vendor/name=path/to/schema.ts`. */
export function resolveExtension(value: string, root: InputRoot): ExtensionSource {
  const given = GIVEN_ID.exec(value);
  if (given) return { ...fromFile(given[2]!), id: given[1]! };
  if (value.endsWith(".ts") || (existsSync(value) && statSync(value).isFile())) return withPinnedId(fromFile(value));
  const [asked, version] = value.split("@") as [string, string | undefined];
  const pins = readPins().extensions ?? {};
  const byId = Object.entries(pins).find(([, pin]) => pin.id === asked)?.[0];
  const name = byId ?? /^[A-Za-z0-9.-]+\/([A-Za-z0-9._-]+)$/.exec(asked)?.[1] ?? asked;
  if (!NAME.test(name) || (version !== undefined && version !== "draft" && !DATED.test(version))) {
    throw new GeneratorError(`"${value}" is neither an extension name (e.g. tasks, apps@2026-01-26) nor the path of an extension's schema`);
  }
  const pin = pins[name];
  const id = pin?.id ? { id: pin.id } : {};
  const file = schemaIn(join(root.dir, "extensions", name), version);
  if (file) return { ...fromFile(file, name), ...id };
  if (root.from === "cache" && pin && (version === undefined || pin.path.includes(`/${version}/`))) {
    return { kind: "extension", file: join(root.dir, pin.path), name, sha256: pin.sha256, url: pin.url, ...id };
  }
  const pinned = Object.keys(pins);
  const looked = version === undefined ? `${join(root.dir, "extensions", name, "draft", "schema.ts")} does not exist, nor a dated folder extensions/${name}/YYYY-MM-DD/ with` : `${join(root.dir, "extensions", name, version)}/ holds none of`;
  throw new GeneratorError(
    `extension "${name}" is not available: ${looked} ${SCHEMA_FILES.join(", ")}. ${pinned.length ? `Pinned extensions (downloaded into the project cache when no --spec-root is given): ${pinned.join(", ")}. ` : ""}Pass --spec-root DIR holding extensions/${name}/draft/schema.ts (or a dated folder), or the path of its schema`,
  );
}

/** The schema file of `<dir>/<version>/`, or without a version of `draft/`, else of the newest dated folder. */
function schemaIn(dir: string, version: string | undefined): string | undefined {
  const inFolder = (folder: string) => SCHEMA_FILES.map((f) => join(dir, folder, f)).find((f) => existsSync(f) && statSync(f).isFile());
  if (version !== undefined) return inFolder(version);
  const draft = inFolder("draft");
  if (draft || !existsSync(dir) || !statSync(dir).isDirectory()) return draft;
  const dated = readdirSync(dir).filter((f) => DATED.test(f)).sort();
  for (const folder of dated.reverse()) {
    const found = inFolder(folder);
    if (found) return found;
  }
  return undefined;
}

/** A path whose text is a pinned extension's (same sha256) takes the pin's identifier. */
function withPinnedId(source: ExtensionSource): ExtensionSource {
  const pin = Object.values(readPins().extensions ?? {}).find((p) => p.sha256 === source.sha256 && p.id);
  return pin ? { ...source, id: pin.id! } : source;
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
