// The catalog's generated files: emitted and formatted before anything is written (bad input never
// touches --out), then written with the generator's own atomic writes and manifest; catalog.json
// itself is the snapshot, written beside them when it was read from a live server.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Warning } from "../errors.js";
import { GeneratorError } from "../errors.js";
import { generatorFingerprint, type EmitKind } from "../generate.js";
import { GENERATOR_VERSION } from "../version.js";
import { formatFiles, resolveFormatSettings } from "../write/format.js";
import { manifestFor, planOutput, writeOutput, type FilePlan } from "../write/index.js";
import { hashText, isVouched, manifestMatchesDisk, readManifest, renderManifest, vouchFor } from "../write/manifest.js";
import { assertUsableOutDir } from "../write/paths.js";
import { catalogModel } from "./model.js";
import { importsFor, type ProtocolOutput } from "./protocol.js";
import { renderCatalog, type CatalogFile } from "./snapshot.js";
import { CATALOG_FILE } from "./types.js";

export interface PreparedCatalogFiles {
  files: FilePlan[];
  warnings: Warning[];
  /** The manifest showed the same inputs and intact files: nothing was emitted. */
  upToDate: boolean;
  /** Writes the files (atomically, with the manifest); nothing to do when all are unchanged. */
  commit(): void;
}

/**
 * Emits and formats the catalog's files and plans their writing, touching nothing: a bad
 * catalog (colliding method names…) fails here, before any output exists.
 */
export async function prepareCatalogFiles(source: CatalogFile, outDir: string, protocol: ProtocolOutput, emit: EmitKind = "js", check = false): Promise<PreparedCatalogFiles> {
  assertUsableOutDir(outDir);
  const { catalog } = source;
  const imports = importsFor(outDir, protocol, catalog.revision);
  // JavaScript and declarations are printed by TypeScript: prettier is consulted only for --emit ts.
  const settings = emit === "ts" ? await resolveFormatSettings(outDir) : { options: { emit } };
  const inputs = hashText(JSON.stringify({ catalog: renderCatalog(catalog), imports, format: settings.options, generator: generatorFingerprint() }));
  const previous = readManifest(outDir);
  // Only a manifest mcp-gen recorded itself may skip emitting; --check always compares with the disk.
  const trusted = !check && previous !== undefined && isVouched(outDir, previous);
  if (trusted && previous.version === GENERATOR_VERSION && previous.inputs === inputs && manifestMatchesDisk(outDir, previous)) {
    return { files: Object.keys(previous.files).map((path) => ({ path, status: "unchanged" })), warnings: [], upToDate: true, commit: () => undefined };
  }
  const { emitCatalog } = await import("./stubs.js");
  const { built, emitted } = withinStack(source.file, () => {
    const built = catalogModel(catalog, source.file, source.locate);
    return { built, emitted: emitCatalog(catalog, built, { generatorVersion: GENERATOR_VERSION, ...imports }) };
  });
  // As the generator's own output: JavaScript with declarations by default, formatted sources for --emit ts.
  const files = emit === "ts" ? await formatFiles(emitted, settings) : await catalogJavaScript(emitted, imports.runtimeImport, protocol);
  const plans = planOutput(outDir, files);
  const manifest = manifestFor(GENERATOR_VERSION, inputs, [{ label: "catalog", dir: "", types: built.model.declarations.length }], files);
  const unchanged = plans.every((p) => p.status === "unchanged") && renderManifest(manifest) === (previous && renderManifest(previous));
  return { files: plans, warnings: built.warnings, upToDate: false, commit: () => {
      if (!unchanged) writeOutput(outDir, files, manifest, plans);
      vouchFor(outDir, manifest);
    } };
}

/**
 * Reading and emitting follow a schema's references and nesting: a chain of 10,000 `$ref` aliases
 * (shallow as JSON, deep as a schema) can exhaust the stack. That is the catalog's doing: a clear
 * refusal (exit 2), never an internal error.
 */
function withinStack<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) throw error;
    throw new GeneratorError(`${file}: the catalog's schemas nest or chain ($ref to $ref…) too deeply to generate: refused (shorten the chain or the nesting on the server, or in catalog.json)`);
  }
}

/** The snapshot's status in outDir: what writing it would do. */
export function snapshotStatus(source: CatalogFile, outDir: string): FilePlan["status"] {
  const target = join(outDir, CATALOG_FILE);
  if (!existsSync(target)) return "created";
  return readFileSync(target, "utf8") === renderCatalog(source.catalog) ? "unchanged" : "updated";
}

/**
 * Writes catalog.json (atomically: a temporary file renamed over it). A file there that is not a
 * catalog is the user's: never overwritten.
 */
export function writeSnapshot(source: CatalogFile, outDir: string): void {
  const target = assertSnapshotWritable(outDir);
  const temporary = `${target}.mcp-gen-tmp-${process.pid}`;
  writeFileSync(temporary, renderCatalog(source.catalog));
  renameSync(temporary, target);
}

/** Throws when catalog.json in outDir is the user's (not a catalog): checked before anything is written. */
export function assertSnapshotWritable(outDir: string): string {
  const target = join(outDir, CATALOG_FILE);
  if (existsSync(target) && !/"mcpGenCatalog"\s*:/.test(readFileSync(target, "utf8"))) {
    throw new GeneratorError(`refusing to overwrite ${target}: it is not a catalog written by mcp-gen (move it away or choose another --out); nothing was written`);
  }
  return target;
}

/**
 * The catalog's JavaScript and declarations; its imports of the protocol output's runtime go to
 * that output's role modules (runtime/<role>.js) where it has them: the user's output (--protocol)
 * as its manifest lists its files, one generated beside the catalog (maybe not written yet) as
 * generation makes its runtime.
 */
async function catalogJavaScript(emitted: Parameters<typeof formatFiles>[0], runtimeImport: string, protocol: ProtocolOutput): Promise<Array<{ path: string; content: string }>> {
  const { toJavaScript } = await import("../transpile/index.js");
  const { pointAtOtherRuntime } = await import("../transpile/runtime-roles.js");
  let listed: Record<string, unknown> = readManifest(protocol.dir)?.files ?? {};
  if (protocol.generated) {
    const { emitRuntime } = await import("../emit/index.js");
    listed = Object.fromEntries(toJavaScript(emitRuntime({ generatorVersion: GENERATOR_VERSION })).map((f) => [f.path, true]));
  }
  return pointAtOtherRuntime(toJavaScript(emitted), runtimeImport, (role) => Object.hasOwn(listed, `runtime/${role}.js`));
}
