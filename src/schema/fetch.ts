import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GeneratorError } from "../errors.js";
import { hashText } from "../write/manifest.js";
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
    return { text: readFileSync(source, "utf8"), source };
  }
  const source = `${baseUrl.replace(/\/$/, "")}/${pin.path}`;
  let response: Response;
  try {
    response = await fetch(source);
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? `${(error as Error).message}: ${cause.code ?? ""}${cause.code && cause.message ? " " : ""}${cause.message ?? ""}` : (error as Error).message;
    throw new GeneratorError(`download failed: ${source}: ${why}. Offline? Copy from a mirror with --from DIR, or download from a reachable mirror with --base-url URL`);
  }
  if (!response.ok) throw new GeneratorError(`download failed: ${source}: HTTP ${response.status}`);
  return { text: await response.text(), source };
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
