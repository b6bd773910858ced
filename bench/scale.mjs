// `node bench/scale.mjs`: how parsing and generation scale with schema size. Generates synthetic
// schemas (flat interfaces of about 250 KB, 1 MB and 4 MB; 1,000- and 3,000-deep `extends` chains; a 1,000-deep
// chain through `Omit` and one of intersection aliases) into
// a temp folder and times parseSchema on each in a fresh node process per run (median of 3), so
// a linear parser shows a constant "ms per 100 KB" column; then full generation (the default
// output, .js + .d.ts; one run per schema). The model keeps each interface's
// own properties only (full shapes are built on demand), so its size ("model properties", "model
// JSON KB") follows the input for chains too; so does the output (model/links.ts).
//
// Options (also as environment variables for the standalone run):
//   root      the package whose dist/ is measured (BENCH_SCALE_ROOT; default: this package)
//   runs      runs per schema (BENCH_SCALE_RUNS; default 3)
//   timeoutMs one run's limit; a run over it counts as "> limit" (BENCH_SCALE_TIMEOUT_MS; default 600000)
//   generateUpTo  largest input that is also generated in full (BENCH_SCALE_GENERATE_KB; default 4200)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const KB = 1024;

/** One flat interface of the synthetic schema, in the style of schema.ts (docs, tags, refs). */
function flatInterface(i) {
  const previous = i > 0 ? `\n  /** The item before this one. */\n  previous?: Item${i - 1};` : "";
  return `/**
 * Synthetic item number ${i}: a flat interface with documented, constrained properties.
 */
export interface Item${i} extends Base {
  /**
   * Where item ${i} lives.
   * @format uri
   */
  uri: string;
  /**
   * How many there are.
   * @minimum 0
   */
  count: number;
  /** @TJS-type number */
  ratio?: number;
  kind: "item-${i}" | "other" | string;
  labels?: string[];
  details: { name: string; size?: number; flags: boolean[] };${previous}
}
`;
}

/** Flat interfaces up to about `bytes` of text. */
export function flatSchema(bytes) {
  const parts = ["/** The base every item extends. */\nexport interface Base {\n  _meta?: { [key: string]: unknown };\n}\n"];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const text = flatInterface(i);
    parts.push(text);
    size += text.length;
  }
  return parts.join("\n");
}

/** `interface L<k> extends L<k-1>`, `depth` levels, each adding one documented property. */
export function extendsChain(depth) {
  const parts = ["export interface L0 {\n  /** Level 0. */\n  p0: string;\n}\n"];
  for (let k = 1; k < depth; k++) parts.push(`export interface L${k} extends L${k - 1} {\n  /** Level ${k}. */\n  p${k}: string;\n}\n`);
  return parts.join("\n");
}

/** `interface O<k> extends Omit<O<k-1>, "x">`, each level declaring `x` again with the other type and adding one property. */
export function omitChain(depth) {
  const parts = ["export interface O0 {\n  x: string;\n  q0: string;\n}\n"];
  for (let k = 1; k < depth; k++) parts.push(`export interface O${k} extends Omit<O${k - 1}, "x"> {\n  x: ${k % 2 ? "number" : "string"};\n  q${k}: string;\n}\n`);
  return parts.join("\n");
}

/** `type I<k> = I<k-1> & { r<k>: string }`: the plain chain written as intersections. */
export function intersectionChain(depth) {
  const parts = ["export type I0 = { r0: string };\n"];
  for (let k = 1; k < depth; k++) parts.push(`export type I${k} = I${k - 1} & { r${k}: string };\n`);
  return parts.join("\n");
}

const CHILD = `
const [parseUrl, file] = process.argv.slice(1);
const { readFileSync } = await import("node:fs");
const { parseSchema } = await import(parseUrl);
const text = readFileSync(file, "utf8");
const started = performance.now();
const { model } = parseSchema({ text, fileName: file, revision: null });
const ms = performance.now() - started;
const shapeOf = (d) => (d.kind === "interface" ? d.own : d.type);
const properties = model.declarations.reduce((sum, d) => sum + (shapeOf(d).kind === "object" ? shapeOf(d).properties.length : 0), 0);
process.stdout.write(JSON.stringify({ ms, declarations: model.declarations.length, properties, modelBytes: JSON.stringify(model).length }));
`;

function runOnce(parseUrl, file, timeoutMs) {
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", CHILD, parseUrl, file], { encoding: "utf8", timeout: timeoutMs, maxBuffer: 1 << 20 });
  const wallMs = performance.now() - started;
  if (child.error?.code === "ETIMEDOUT" || child.signal) return { ms: Infinity, wallMs: Infinity, declarations: NaN, properties: NaN, modelBytes: NaN };
  if (child.status !== 0) throw new Error(`parse of ${file} failed:\n${child.stderr}`);
  return { ...JSON.parse(child.stdout), wallMs };
}

/** Full generation (`mcp-gen --schema file --out dir`, the default output) in a fresh process: wall ms, output bytes, peak RSS. */
function generateOnce(packageRoot, file, work, timeoutMs) {
  const out = join(work, "out");
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  const child = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, join(packageRoot, "bin/mcp-gen.js"), "--quiet", "--schema", file, "--out", out], { encoding: "utf8", timeout: timeoutMs });
  const wallMs = performance.now() - started;
  if (child.error?.code === "ETIMEDOUT" || child.signal) return { ms: Infinity, outBytes: NaN, rssMB: NaN };
  if (child.status !== 0) return { ms: NaN, outBytes: NaN, rssMB: NaN, failed: child.stderr.trim().split("\n").slice(-2).join(" ") };
  const rssMB = Number(child.stderr.trim().split("\n").pop()) / 1024;
  return { ms: wallMs, outBytes: folderBytes(out), rssMB };
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) total += entry.isDirectory() ? folderBytes(join(dir, entry.name)) : statSync(join(dir, entry.name)).size;
  return total;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Times every synthetic schema; returns one row per schema. */
export function scaleBench({ root, runs = 3, timeoutMs = 600_000, sizes = [250 * KB, 1024 * KB, 4096 * KB], chainDepths = [1000, 3000], generateUpTo = 4200 * KB } = {}) {
  const packageRoot = resolve(root ?? fileURLToPath(new URL("..", import.meta.url)));
  const parseUrl = pathToFileURL(join(packageRoot, "dist/parse/index.js")).href;
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-scale-"));
  const schemas = [
    ...sizes.map((bytes) => ({ name: `flat interfaces, ${bytes >= 1024 * KB ? `${bytes / 1024 / KB} MB` : `${bytes / KB} KB`}`, text: flatSchema(bytes) })),
    ...chainDepths.map((depth) => ({ name: `extends chain, ${depth.toLocaleString("en-US")} deep`, text: extendsChain(depth) })),
    { name: `Omit chain, ${chainDepths[0].toLocaleString("en-US")} deep`, text: omitChain(chainDepths[0]) },
    { name: `intersection chain, ${chainDepths[0].toLocaleString("en-US")} deep`, text: intersectionChain(chainDepths[0]) },
  ];
  try {
    return schemas.map(({ name, text }, i) => {
      const file = join(work, `schema-${i}.ts`);
      writeFileSync(file, text);
      const results = Array.from({ length: runs }, () => runOnce(parseUrl, file, timeoutMs));
      const ms = median(results.map((r) => r.ms));
      const bytes = Buffer.byteLength(text);
      // Full generation (one run: it is the slow part), for inputs up to `generateUpTo`.
      const generation = bytes <= generateUpTo ? generateOnce(packageRoot, file, work, timeoutMs) : undefined;
      return {
        name,
        bytes,
        declarations: results[0].declarations,
        properties: results[0].properties,
        modelBytes: results[0].modelBytes,
        ms,
        msPer100KB: (ms / bytes) * 100 * KB,
        wallMs: median(results.map((r) => r.wallMs)),
        generation: generation && { ...generation, msPer100KB: (generation.ms / bytes) * 100 * KB },
      };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function scaleCaption(options) {
  return `Synthetic schemas, node ${process.version}: parseSchema, median of ${options.runs} run(s), one process per run; full generation (the default output, .js + .d.ts), one run, for inputs up to ${(options.generateUpTo ?? 4200 * KB) / KB} KB\n`;
}

export function renderTable(rows, timeoutMs) {
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : Number.isNaN(value) ? "" : `> ${timeoutMs}`);
  const lines = [
    "| schema | size KB | declarations | model properties | model JSON KB | parse ms (median) | parse ms per 100 KB | generate ms | generate ms per 100 KB | output KB | generator peak RSS MB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const count = (value) => (Number.isNaN(value) ? "" : value);
  for (const r of rows) {
    const per = (value) => (Number.isFinite(value) ? value.toFixed(1) : "");
    const g = r.generation;
    const generation = g ? `${ms(g.ms)} | ${per(g.msPer100KB)} | ${Number.isFinite(g.outBytes) ? (g.outBytes / KB).toFixed(0) : (g.failed ?? "")} | ${Number.isFinite(g.rssMB) ? g.rssMB.toFixed(0) : ""}` : "not run | | |";
    const modelKB = Number.isFinite(r.modelBytes) ? (r.modelBytes / KB).toFixed(0) : "";
    lines.push(`| ${r.name} | ${(r.bytes / KB).toFixed(0)} | ${count(r.declarations)} | ${count(r.properties)} | ${modelKB} | ${ms(r.ms)} | ${per(r.msPer100KB)} | ${generation} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = {
    root: process.env.BENCH_SCALE_ROOT,
    runs: Number(process.env.BENCH_SCALE_RUNS ?? 3),
    timeoutMs: Number(process.env.BENCH_SCALE_TIMEOUT_MS ?? 600_000),
    generateUpTo: Number(process.env.BENCH_SCALE_GENERATE_KB ?? 4200) * KB,
  };
  const rows = scaleBench(options);
  console.log(scaleCaption(options));
  console.log(renderTable(rows, options.timeoutMs));
}
