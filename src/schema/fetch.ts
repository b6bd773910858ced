import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DownloadError, GeneratorError } from "../errors.js";
import { hashText } from "../project.js";
import { readPins, type PinnedRevision } from "./revisions.js";

export interface FetchRequest {
  revisions: string[];
  /** A mirror laid out like upstream's schema/ folder; without it, download. */
  from?: string;
  /** Overrides the pinned base URL (a private mirror, or a test server). */
  baseUrl?: string;
  /** Where to put `<revision>/schema.ts`. */
  dest: string;
}

export interface FetchOutcome {
  revision: string;
  file: string;
  source: string;
}

/**
 * Copies or downloads each pinned schema.ts, verifies its sha256, and only then writes it.
 * All revisions are verified before any is written, so a mismatch writes nothing.
 */
export async function fetchSchemas(request: FetchRequest): Promise<FetchOutcome[]> {
  const pins = readPins();
  const names = request.revisions.length ? request.revisions : Object.keys(pins.revisions);
  const verified: Array<FetchOutcome & { text: string }> = [];
  for (const revision of names) {
    const pin = Object.hasOwn(pins.revisions, revision) ? pins.revisions[revision] : undefined;
    if (!pin) throw new GeneratorError(`unknown revision "${revision}": schema/revisions.json pins ${Object.keys(pins.revisions).join(", ")}`);
    const { text, source } = await obtain(pin, request.from, request.baseUrl ?? pins.baseUrl);
    const actual = hashText(text);
    if (actual !== pin.sha256) {
      throw new GeneratorError(`sha256 mismatch for ${revision} from ${source}: expected ${pin.sha256}, got ${actual}; nothing was written`);
    }
    verified.push({ revision, file: join(request.dest, pin.path), source, text });
  }
  for (const item of verified) writeAtomically(item.file, item.text);
  return verified.map(({ revision, file, source }) => ({ revision, file, source }));
}

async function obtain(pin: PinnedRevision, from: string | undefined, baseUrl: string): Promise<{ text: string; source: string }> {
  if (from) {
    const source = join(from, pin.path);
    if (!existsSync(source)) throw new GeneratorError(`mirror has no ${pin.path}: ${source} does not exist`);
    if (!statSync(source).isFile()) throw new GeneratorError(`mirror's ${pin.path} is ${kindOf(source)}, not a schema file: ${source}`);
    return { text: readFileSync(source, "utf8"), source };
  }
  const source = `${baseUrl.replace(/\/$/, "")}/${pin.path}`;
  let response: Response;
  try {
    response = await fetch(source);
  } catch (error) {
    throw new DownloadError(source, networkCause(error), true);
  }
  if (!response.ok) throw new DownloadError(source, `HTTP ${response.status}`, false);
  return { text: await response.text(), source };
}

/**
 * The network failure behind a failed fetch, said once: undici's "fetch failed" wraps a cause
 * whose message already names its code (`connect ECONNREFUSED 127.0.0.1:9`).
 */
function networkCause(error: unknown): string {
  const outer = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const message = typeof cause?.message === "string" ? cause.message : "";
  const code = typeof cause?.code === "string" ? cause.code : "";
  if (message) return code && !message.includes(code) ? `${code}: ${message}` : message;
  return code || outer;
}

function kindOf(path: string): string {
  return statSync(path).isDirectory() ? "a folder" : "a special file";
}

function writeAtomically(file: string, text: string): void {
  if (existsSync(file) && !statSync(file).isFile()) throw new GeneratorError(`cannot write ${file}: it is ${kindOf(file)} (move it away)`);
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
