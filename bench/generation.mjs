// Generation speed as a user sees it (a new node process per run, wall clock), beside the
// yardstick the issue names: ts-to-zod --skipValidation on the same schema.ts. Every scenario
// runs once per round, rounds interleaved, so load on the shared machine hits them alike; the
// ratios are taken between medians of this one run.
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function timed(run) {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** ts-to-zod's command line (a devDependency of the bench), run as its bin script runs it. */
function tsToZod(root) {
  const require = createRequire(join(root, "package.json"));
  const pkg = require.resolve("ts-to-zod/package.json");
  return { bin: join(dirname(pkg), "bin/run"), version: JSON.parse(readFileSync(pkg, "utf8")).version };
}

/**
 * The scenarios of one run. `second` is the revision generated beside `revision` in the
 * two-revision row. Returns rows of { name, yardstick?, median, min, max }.
 */
export function generationBench({ root, specRoot, revision, second, runs }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-gbench-"));
  const bin = join(root, "bin/mcp-gen.js");
  const mcpGen = (args, env = {}) => execFileSync(process.execPath, [bin, "--quiet", "--spec-root", specRoot, ...args], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
  const schema = join(specRoot, revision, "schema.ts");
  const ttz = tsToZod(root);
  // ts-to-zod resolves both paths against its working directory.
  const ttzRun = (i) => execFileSync(process.execPath, [ttz.bin, "--skipValidation", relative(work, schema), `ttz-${i}.ts`], { cwd: work, stdio: "ignore" });
  const warm = join(work, "warm");
  mcpGen(["--revision", revision, "--out", warm]);
  const scenarios = [
    { name: `ts-to-zod ${ttz.version} --skipValidation (yardstick)`, key: "ttz", run: ttzRun },
    { name: "cold generation, one revision (new --out folder; compile cache filled by an earlier run)", key: "one", yardstick: "ttz", run: (i) => mcpGen(["--revision", revision, "--out", join(work, `one-${i}`)]) },
    // A first run on a machine: the V8 code cache of TypeScript (src/compile-cache.ts) is empty, and filled on exit.
    { name: "cold generation, one revision, first run (empty compile cache)", key: "first", yardstick: "ttz", run: (i) => mcpGen(["--revision", revision, "--out", join(work, `first-${i}`)], { MCP_GEN_COMPILE_CACHE: join(work, `cache-${i}`) }) },
    { name: "cold generation, one revision, no compile cache (MCP_GEN_COMPILE_CACHE=0)", key: "nocache", yardstick: "ttz", run: (i) => mcpGen(["--revision", revision, "--out", join(work, `nocache-${i}`)], { MCP_GEN_COMPILE_CACHE: "0" }) },
    { name: `cold generation, two revisions (${revision} + ${second})`, key: "two", yardstick: "one", run: (i) => mcpGen(["--revision", revision, "--revision", second, "--out", join(work, `two-${i}`)]) },
    { name: "cold generation, --emit ts (TypeScript sources, prettier)", key: "ts", yardstick: "ttz", run: (i) => mcpGen(["--emit", "ts", "--revision", revision, "--out", join(work, `ts-${i}`)]) },
    { name: "no-op re-run (inputs unchanged)", key: "noop", run: () => mcpGen(["--revision", revision, "--out", warm]) },
    { name: "--check, up to date", key: "check", run: () => mcpGen(["--revision", revision, "--out", warm, "--check"]) },
    { name: "--force (full pipeline, nothing to write)", key: "force", yardstick: "ttz", run: () => mcpGen(["--revision", revision, "--out", warm, "--force"]) },
  ];
  const samples = new Map(scenarios.map((s) => [s.key, []]));
  try {
    for (let i = 0; i < runs; i++) for (const s of scenarios) samples.get(s.key).push(timed(() => s.run(i)));
    samples.set("edited", editedChecks(mcpGen, revision, work, runs));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const rows = [...scenarios, { name: "--check after one file was edited", key: "edited" }].map((s) => {
    const times = samples.get(s.key).filter((t) => !Number.isNaN(t));
    return { name: s.name, key: s.key, yardstick: s.yardstick, median: median(times), min: Math.min(...times), max: Math.max(...times) };
  });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const r of rows) if (r.yardstick) r.ratio = { of: byKey.get(r.yardstick).name, value: r.median / byKey.get(r.yardstick).median };
  return rows;
}

/** `--check` on an output whose types.d.ts was edited (exit 1: expected). */
function editedChecks(mcpGen, revision, work, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const dir = join(work, `edited-${i}`);
    mcpGen(["--revision", revision, "--out", dir]);
    appendFileSync(join(dir, "types.d.ts"), "// edit\n");
    times.push(
      timed(() => {
        try {
          mcpGen(["--revision", revision, "--out", dir, "--check"]);
        } catch (error) {
          if (error.status !== 1) throw error;
        }
      }),
    );
  }
  return times;
}

export function renderGeneration(rows, { version, revision, runs }) {
  const lines = [
    `mcp-gen ${version}, revision ${revision} (schema.ts of the mirror, the same file for ts-to-zod), node ${process.version}, ${runs} runs each, interleaved (wall clock, one process per run)\n`,
    "| scenario | median ms | min ms | max ms | ratio | of |",
    "|---|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)} | ${r.max.toFixed(0)} | ${r.ratio ? `${r.ratio.value.toFixed(2)}×` : ""} | ${r.ratio?.of ?? ""} |`);
  }
  return lines.join("\n");
}
