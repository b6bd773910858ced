// `npm run bench`: generation speed of mcp-gen, measured as a user runs it (a new node process
// per run, wall-clock time), medians of several runs, all scenarios side by side in one run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const specRoot = resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"));
const revision = process.env.BENCH_REVISION ?? "2026-07-28";
const runs = Number(process.env.BENCH_RUNS ?? 9);
const bin = join(root, "bin/mcp-gen.js");
const work = mkdtempSync(join(tmpdir(), "mcp-gen-bench-"));

function cli(args) {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, [bin, "--quiet", "--revision", revision, "--spec-root", specRoot, ...args], { stdio: ["ignore", "ignore", "inherit"] });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function cliAllowingExit1(args) {
  try {
    return cli(args);
  } catch (error) {
    if (error.status !== 1) throw error;
    return NaN;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function measure(name, target, once) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(once(i));
  return { name, target, median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

const warm = join(work, "warm");
cli(["--out", warm]); // fills the OS file cache and the no-op scenarios' folder
const rows = [
  measure("cold generation (new --out folder)", 1500, (i) => cli(["--out", join(work, `cold-${i}`)])),
  measure("no-op re-run (inputs unchanged)", 300, () => cli(["--out", warm])),
  measure("--check, up to date", 300, () => cli(["--out", warm, "--check"])),
  measure("--force (full pipeline, nothing to write)", undefined, () => cli(["--out", warm, "--force"])),
  measure("--check after one file was edited", undefined, (i) => {
    const dir = join(work, `edited-${i}`);
    cli(["--out", dir]);
    execFileSync("sh", ["-c", `echo '// edit' >> '${join(dir, "types.ts")}'`]);
    const started = process.hrtime.bigint();
    cliAllowingExit1(["--out", dir, "--check"]);
    return Number(process.hrtime.bigint() - started) / 1e6;
  }),
];
rmSync(work, { recursive: true, force: true });

const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
console.log(`mcp-gen ${version}, revision ${revision}, node ${process.version}, ${runs} runs each (wall clock, one process per run)\n`);
console.log("| scenario | median ms | min ms | max ms | target ms | median / target |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows) {
  const ratio = r.target ? (r.median / r.target).toFixed(2) : "";
  console.log(`| ${r.name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)} | ${r.max.toFixed(0)} | ${r.target ?? ""} | ${ratio} |`);
}

// Validation throughput, side by side in one run.
const { validationBench } = await import("./validate.mjs");
const results = validationBench({ root, specRoot, revision: process.env.BENCH_VALIDATE_REVISION ?? "2026-07-28" });
const plain = results.find((r) => r.variant === "zod").median;
console.log(`\nValidation of the spec's examples (${results[0].total} messages, each parsed as its type), median of 7 rounds of 200,000 parses\n`);
console.log("| validator | accepted | median msgs/s | min | max | vs generated Zod |");
console.log("|---|---:|---:|---:|---:|---:|");
const names = { zod: "generated Zod (safeParse)", "zod-compiled": 'generated Zod + import "zod/compile"', ajv: "Ajv 8 on schema.json (reference)" };
for (const r of results) {
  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  console.log(`| ${names[r.variant]} | ${r.accepted}/${r.total} | ${fmt(r.median)} | ${fmt(r.min)} | ${fmt(r.max)} | ${(r.median / plain).toFixed(2)}x |`);
}

// Server: tools/call through the generated fetch handler beside the SDK v2 server, in one run.
const { serverBench, printServerBench } = await import("./server.mjs");
printServerBench(serverBench({ root, specRoot }));

// Client round trips, the generated client and the SDK's side by side in one run.
const { clientBench, clientTable } = await import("./client.mjs");
console.log(`\n${clientTable(await clientBench({ root, specRoot }))}`);

// What a consumer's `tsc --noEmit` pays for the output, beside the official SDK's schemas.
const { consumerBench, consumerTable } = await import("./consumer.mjs");
const consumerRuns = Number(process.env.BENCH_CONSUMER_RUNS ?? 3);
const consumers = consumerBench({ root, specRoot, revision, runs: consumerRuns });
console.log(`\nConsumer type-check cost (\`tsc --noEmit --extendedDiagnostics\`, NodeNext, strict, skipLibCheck; fresh project per program; medians of ${consumerRuns} runs)\n`);
console.log(consumerTable(consumers));
