// `mcp-gen catalog`: read a server's catalog (live, or from catalog.json), generate its typed
// stubs next to it, or with --check compare the live server with the snapshot and the files.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { GeneratorError, printable, type Warning } from "../errors.js";
import { checkCatalog } from "./check.js";
import { currentRevisions, revisionsFor, type SchemaReader } from "./eras.js";
import { LiveReadError, describeTarget, readLiveCatalog, type LiveOptions, type ServerTarget } from "./live.js";
import { loadProtocol } from "./load-client.js";
import { assertSnapshotWritable, prepareCatalogFiles, snapshotStatus, writeSnapshot } from "./output.js";
import { assertInside } from "../write/paths.js";
import { connectingProtocol, generateProtocol, pinnedRevisions, readProtocolOutput, schemaReader, type ProtocolOutput, type ProtocolPlan } from "./protocol.js";
import { recordOptions, unreusable } from "./recorded.js";
import { buildCatalog, catalogFromText, readCatalogFile, renderCatalog, type CatalogFile } from "./snapshot.js";
import { CATALOG_FILE, type Catalog, type RecordedOptions } from "./types.js";
import type { EmitKind } from "../generate.js";

export interface CatalogOptions {
  stdio?: string;
  url?: string;
  from?: string;
  out: string;
  protocol?: string;
  revision?: string[];
  specRoot?: string;
  check?: boolean;
  header?: string[];
  env?: string[];
  cwd?: string;
  capability?: string[];
  timeout: string;
  quiet?: boolean;
  /** js (default): `.js` + `.d.ts`, as the generator's default; ts: TypeScript sources. */
  emit?: EmitKind;
}

const PROTOCOL_FOLDER = "protocol";

export async function runCatalog(options: CatalogOptions): Promise<number> {
  const given = [options.stdio, options.url, options.from].filter((v) => v !== undefined).length;
  if (given !== 1) throw new GeneratorError("catalog: pass exactly one of --stdio COMMAND, --url URL or --from FILE");
  const read = schemaReader(options.specRoot);
  const source = options.from !== undefined ? readCatalogFile(options.from) : await liveCatalog(options, read);
  const plan = await protocolPlan(source.catalog, options, read);
  if (options.check) return checkCatalog(source, options, plan, (warnings) => report(warnings, options));
  const emit = options.emit ?? "js";
  const prepared = await prepareCatalogFiles(source, options.out, plan.output, emit);
  report(prepared.warnings, options);
  // Everything that could refuse does so before the first write.
  if (options.from === undefined) assertSnapshotWritable(options.out);
  if (plan.sources) await generateProtocol(plan.output.dir, plan.sources, false);
  prepared.commit();
  const snapshot = options.from === undefined ? snapshotStatus(source, options.out) : undefined;
  if (snapshot && snapshot !== "unchanged") writeSnapshot(source, options.out);
  if (!options.quiet) process.stderr.write(summary(source, prepared.files.filter((f) => f.status !== "unchanged").length, snapshot, options.out));
  return 0;
}

/**
 * The user's protocol output (--protocol), else one beside the catalog for --revision, else for
 * the revisions catalog.json records (when they hold the catalog's), else for the catalog's
 * revision and the newest of the other era.
 */
async function protocolPlan(catalog: Catalog, options: CatalogOptions, read: SchemaReader): Promise<ProtocolPlan> {
  if (options.protocol !== undefined) return { output: readProtocolOutput(options.protocol) };
  const recorded = catalog.options?.revisions;
  const revisions = options.revision ?? (recorded?.includes(catalog.revision) ? recorded : await revisionsFor(catalog.revision, pinnedRevisions(), read));
  return { output: alongside(options.out, revisions), sources: { revisions, read, emit: options.emit ?? "js" } };
}

/** The protocol output generated beside the catalog (`<out>/protocol`), as it will be laid out. */
function alongside(out: string, revisions: string[]): ProtocolOutput {
  // As the generator refuses out/<revision>: a link there must not send the protocol output elsewhere.
  assertInside(resolve(out), PROTOCOL_FOLDER);
  const dir = resolve(out, PROTOCOL_FOLDER);
  return { dir, revisions: revisions.map((label) => ({ label, dir: revisions.length > 1 ? label : "" })), generated: true };
}

/** The options recorded in `<out>/catalog.json`, for a live run to reuse (none when it cannot be read: the run replaces it). */
function recordedIn(out: string): RecordedOptions | undefined {
  const file = join(out, CATALOG_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return readCatalogFile(file).catalog.options;
  } catch {
    return undefined;
  }
}

async function liveCatalog(options: CatalogOptions, read: SchemaReader): Promise<CatalogFile> {
  const target = targetOf(options);
  const timeoutMs = Number(options.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new GeneratorError(`--timeout must be a positive number of milliseconds, not ${JSON.stringify(options.timeout)}`);
  const recorded = recordedIn(options.out);
  const headers = target.kind === "http" ? Object.keys(target.headers) : [];
  const file = join(options.out, CATALOG_FILE);
  report(unreusable(recorded, { transport: target.kind, headers }).map((message) => ({ message, location: { file, line: 1, column: 1 } })), options);
  const capabilities = options.capability ?? recorded?.capabilities ?? [];
  const { input, warnings, revisions } = await readLive(options, target, read, { timeoutMs, capabilities }, recorded?.revisions);
  report(warnings, options);
  const record = recordOptions({ capabilities, transport: target.kind, revisions, ...(target.kind === "http" ? { headers } : {}) });
  const catalog = buildCatalog(input, describeTarget(target), record);
  return catalogFromText(renderCatalog(catalog), join(options.out, CATALOG_FILE));
}

type LiveRead = Awaited<ReturnType<typeof readLiveCatalog>> & { revisions?: string[] };

/**
 * Connects with the user's protocol output, or one generated into the project cache for: the
 * --revision flags, else the recorded revisions, else the newest of each era. A server that speaks
 * none of them but a pinned revision (an older one) is read again with that one.
 */
async function readLive(options: CatalogOptions, target: ServerTarget, read: SchemaReader, live: LiveOptions, recorded: string[] | undefined): Promise<LiveRead> {
  if (options.protocol !== undefined) return readLiveCatalog(await loadProtocol(resolve(options.protocol)), target, live);
  const pinned = pinnedRevisions();
  const chosen = options.revision ?? recorded ?? (await currentRevisions(pinned, read));
  const via = async (revisions: string[]) => readLiveCatalog(await loadProtocol(await connectingProtocol({ revisions, read })), target, live);
  try {
    const result = await via(chosen);
    const keep = options.revision !== undefined || recorded !== undefined;
    return { ...result, revisions: keep ? chosen : await revisionsFor(result.input.revision, pinned, read) };
  } catch (error) {
    const fallback = options.revision === undefined && error instanceof LiveReadError ? [...error.offered].sort().reverse().find((v) => pinned.includes(v) && !chosen.includes(v)) : undefined;
    if (fallback === undefined) throw error;
    const revisions = await revisionsFor(fallback, pinned, read);
    return { ...(await via(revisions)), revisions };
  }
}

function targetOf(options: CatalogOptions): ServerTarget {
  if (options.url !== undefined) {
    if (options.env?.length || options.cwd !== undefined) throw new GeneratorError("--env and --cwd apply to --stdio servers; an HTTP server takes --header K:V");
    return { kind: "http", url: options.url, headers: pairs(options.header ?? [], ":", "--header", "K:V") };
  }
  if (options.header?.length) throw new GeneratorError("--header applies to --url servers; a stdio server takes --env K=V and --cwd DIR");
  const [command, ...args] = splitCommand(options.stdio!);
  if (!command) throw new GeneratorError("--stdio needs a command, e.g. --stdio \"node server.js\"");
  return { kind: "stdio", command, args, ...(options.env?.length ? { env: pairs(options.env, "=", "--env", "K=V") } : {}), ...(options.cwd !== undefined ? { cwd: options.cwd } : {}), ...(options.quiet ? { quiet: true } : {}) };
}

function pairs(values: string[], separator: string, option: string, shape: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(separator);
    if (at <= 0) throw new GeneratorError(`${option} takes ${shape}, not ${JSON.stringify(value)}`);
    out[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return out;
}

/** A command line split as a POSIX shell would split words: quotes and backslashes, nothing else. */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) current = `${current ?? ""}${line[++i]}`;
      else current = `${current ?? ""}${c}`;
    } else if (c === "'" || c === '"') {
      quote = c;
      current ??= "";
    } else if (c === "\\" && i + 1 < line.length) current = (current ?? "") + line[++i];
    else if (/\s/.test(c)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else current = (current ?? "") + c;
  }
  if (quote) throw new GeneratorError(`--stdio: unterminated ${quote} quote in ${JSON.stringify(line)}`);
  if (current !== undefined) words.push(current);
  return words;
}

function report(warnings: Warning[], options: CatalogOptions): void {
  if (options.quiet) return;
  for (const w of warnings) process.stderr.write(`${printable(`${w.location.file}:${w.location.line}:${w.location.column}: warning: ${w.message}`, true)}\n`);
}

function summary(source: CatalogFile, changed: number, snapshot: string | undefined, out: string): string {
  const { catalog } = source;
  const what = `${catalog.tools.length} tools, ${catalog.prompts.length} prompts, ${catalog.resources.length} resources, ${catalog.resourceTemplates.length} templates`;
  const snap = snapshot === undefined ? "" : `, catalog.json ${snapshot}`;
  return `${printable(`mcp-gen catalog: ${catalog.server.name} ${catalog.server.version} (${catalog.revision}): ${what} → ${out}: ${changed} files written${snap}`)}\n`;
}
