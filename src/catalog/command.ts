// `mcp-gen catalog`: read a server's catalog (live, or from catalog.json), generate its typed
// stubs next to it, or with --check compare the live server with the snapshot and the files.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { GeneratorError, printable, type Warning } from "../errors.js";
import { renderCatalogDrift } from "./drift.js";
import { describeTarget, readLiveCatalog, type ServerTarget } from "./live.js";
import { loadProtocol } from "./load-client.js";
import { assertSnapshotWritable, prepareCatalogFiles, snapshotStatus, writeSnapshot } from "./output.js";
import { assertInside } from "../write/paths.js";
import { connectingProtocol, defaultRevisions, generateProtocol, readProtocolOutput, type ProtocolOutput, type ProtocolSources } from "./protocol.js";
import { buildCatalog, catalogFromText, readCatalogFile, renderCatalog, type CatalogFile } from "./snapshot.js";
import { CATALOG_FILE } from "./types.js";
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
  const sources: ProtocolSources = { revisions: options.revision ?? defaultRevisions(), specRoot: options.specRoot, emit: options.emit ?? "js" };
  const source = options.from !== undefined ? readCatalogFile(options.from) : await liveCatalog(options, sources);
  const protocol = options.protocol !== undefined ? readProtocolOutput(options.protocol) : alongside(options.out, sources.revisions);
  if (options.check) return check(source, options, sources, protocol);
  const prepared = await prepareCatalogFiles(source, options.out, protocol, sources.emit);
  report(prepared.warnings, options);
  // Everything that could refuse does so before the first write.
  if (options.from === undefined) assertSnapshotWritable(options.out);
  if (options.protocol === undefined) await generateProtocol(protocol.dir, sources, false);
  prepared.commit();
  const snapshot = options.from === undefined ? snapshotStatus(source, options.out) : undefined;
  if (snapshot && snapshot !== "unchanged") writeSnapshot(source, options.out);
  if (!options.quiet) process.stderr.write(summary(source, prepared.files.filter((f) => f.status !== "unchanged").length, snapshot, options.out));
  return 0;
}

/** The protocol output generated beside the catalog (`<out>/protocol`), as it will be laid out. */
function alongside(out: string, revisions: string[]): ProtocolOutput {
  // As the generator refuses out/<revision>: a link there must not send the protocol output elsewhere.
  assertInside(resolve(out), PROTOCOL_FOLDER);
  const dir = resolve(out, PROTOCOL_FOLDER);
  return { dir, revisions: revisions.map((label) => ({ label, dir: revisions.length > 1 ? label : "" })) };
}

async function liveCatalog(options: CatalogOptions, sources: ProtocolSources): Promise<CatalogFile> {
  const target = targetOf(options);
  const connectDir = options.protocol !== undefined ? resolve(options.protocol) : await connectingProtocol(sources);
  const timeoutMs = Number(options.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new GeneratorError(`--timeout must be a positive number of milliseconds, not ${JSON.stringify(options.timeout)}`);
  const { input, warnings } = await readLiveCatalog(await loadProtocol(connectDir), target, { timeoutMs, capabilities: options.capability ?? [] });
  report(warnings, options);
  const catalog = buildCatalog(input, describeTarget(target));
  return catalogFromText(renderCatalog(catalog), join(options.out, CATALOG_FILE));
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

/** --check: nothing is written; exit 1 with a short summary when the server drifted or files are stale. */
async function check(source: CatalogFile, options: CatalogOptions, sources: ProtocolSources, protocol: ProtocolOutput): Promise<number> {
  const lines: string[] = [];
  if (options.from === undefined) lines.push(...driftLines(source, options.out));
  if (options.protocol === undefined) {
    const result = await generateProtocol(protocol.dir, sources, true);
    for (const f of result.files.filter((f) => f.status !== "unchanged")) lines.push(`${join(protocol.dir, f.path)}: ${CHECK_WORDS[f.status]}`);
  }
  const prepared = await prepareCatalogFiles(source, options.out, protocol, sources.emit, true);
  report(prepared.warnings, options);
  for (const f of prepared.files.filter((f) => f.status !== "unchanged")) lines.push(`${join(options.out, f.path)}: ${CHECK_WORDS[f.status]}`);
  if (lines.length) process.stdout.write(`${lines.map((line) => printable(line)).join("\n")}\n`);
  if (!options.quiet) process.stderr.write(`mcp-gen catalog --check: ${lines.length ? "out of date" : "current"} (${options.out})\n`);
  return lines.length ? 1 : 0;
}

const CHECK_WORDS = { created: "missing", updated: "out of date", removed: "would be removed", unchanged: "up to date" } as const;

function driftLines(live: CatalogFile, out: string): string[] {
  const file = join(out, CATALOG_FILE);
  if (!existsSync(file)) return [`${file}: missing (run mcp-gen catalog without --check to take the snapshot)`];
  const snapshot = readCatalogFile(file);
  if (renderCatalog(snapshot.catalog) === live.text) return [];
  return [`${file}: the server's catalog drifted from the snapshot:`, ...renderCatalogDrift(snapshot.catalog, live.catalog).map((line) => `  ${line}`)];
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
