// `npm run bench`: generation speed of mcp-gen, measured as a user runs it (a new node process
// per run, wall-clock time), medians of several runs, all scenarios side by side in one run
// beside ts-to-zod, and a profile of one cold run; then
// validation throughput, import time, the generator's memory, the consumer's type-check cost and
// server and client round trips beside the official SDK's, server throughput beside the peers
// (autocannon), cold start and bundle size. Prints markdown and writes it to BENCHMARKS.md
// (BENCH_NO_WRITE=1 to only print).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const specRoot = resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"));
const revision = process.env.BENCH_REVISION ?? "2026-07-28";
const runs = Number(process.env.BENCH_RUNS ?? 9);
const { captureOutput, writeBenchmarks } = await import("./report.mjs");
const capture = captureOutput();

const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const second = process.env.BENCH_SECOND_REVISION ?? "2025-11-25";
const { generationBench, renderGeneration } = await import("./generation.mjs");
console.log("## Generation\n");
console.log(renderGeneration(generationBench({ root, specRoot, revision, second, runs }), { version, revision, runs }));

// ── Where cold generation's time goes: one profiled run (node --cpu-prof), by phase ──
const { profileGeneration, renderProfile } = await import("./profile.mjs");
console.log("\n### Profile of one cold generation\n");
console.log(renderProfile(profileGeneration({ root, specRoot, revision })));

// ── 1. Validation throughput, per typed corpus, every validator side by side ──
const { validationBench, renderValidation } = await import("./validate.mjs");
const revisions = readdirSync(specRoot, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(specRoot, e.name, "schema.ts")))
  .map((e) => e.name)
  .sort();
const validation = { processes: Number(process.env.BENCH_PROCESSES ?? 3), rounds: Number(process.env.BENCH_ROUNDS ?? 5), roundMs: Number(process.env.BENCH_ROUND_MS ?? 300) };
const tables = await validationBench({ root, specRoot, revisions, ...validation, progress: (line) => process.stderr.write(`${line}\n`) });
console.log("\n## Validation throughput\n");
console.log(renderValidation(tables, validation));

// ── 3. Cold import time and 4. peak RSS of the generator ──
const { importBench, renderImport, rssBench, renderRss } = await import("./footprint.mjs");
const importRuns = Number(process.env.BENCH_IMPORT_RUNS ?? 7);
console.log("\n## Cold import time of the generated module\n");
console.log(renderImport(importBench({ root, specRoot, revision, runs: importRuns }), importRuns));
const rssRuns = Number(process.env.BENCH_RSS_RUNS ?? 3);
console.log("\n## Peak RSS of the generator\n");
console.log(renderRss(rssBench({ root, specRoot, revision, revisions, runs: rssRuns }), rssRuns));

// ── 5. Consumer type-check cost: what a consumer's `tsc --noEmit` pays for the output, beside the SDK's schemas ──
const { consumerBench, consumerTable } = await import("./consumer.mjs");
const consumerRuns = Number(process.env.BENCH_CONSUMER_RUNS ?? 3);
const consumers = consumerBench({ root, specRoot, revision, second, runs: consumerRuns });
console.log("\n## Consumer type-check cost\n");
console.log(`\`tsc --noEmit --extendedDiagnostics\`, NodeNext, strict, skipLibCheck; fresh project per program; medians of ${consumerRuns} runs\n`);
console.log(consumerTable(consumers));

// ── 6. Server: tools/call through the generated fetch handler beside the SDK v2 server ──
console.log("\n## Server round trips\n");
const { serverBench, printServerBench } = await import("./server.mjs");
printServerBench(serverBench({ root, specRoot }));

// ── 6a. Server throughput beside the peers: one echo tool over Streamable HTTP, autocannon, both eras ──
console.log("\n## Server throughput beside the peers\n");
const { throughputBench, throughputTable } = await import("./throughput.mjs");
const envNumber = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
console.log(
  throughputTable(
    await throughputBench({
      root,
      specRoot,
      seconds: envNumber("BENCH_THROUGHPUT_SECONDS", 10),
      warmup: envNumber("BENCH_THROUGHPUT_WARMUP", 2),
      connections: envNumber("BENCH_THROUGHPUT_CONNECTIONS", 16),
      rounds: envNumber("BENCH_THROUGHPUT_ROUNDS", 3),
      log: (line) => process.stderr.write(`${line}\n`),
    }),
  ),
);

// ── 6b. Beyond one process: legacy sessions through a round-robin proxy, one process vs three replicas on one Redis ──
console.log("\n## Replicas on one Redis\n");
const { replicasBench, replicasTable } = await import("./replicas.mjs");
console.log(replicasTable(await replicasBench({ seconds: Number(process.env.BENCH_REPLICAS_SECONDS ?? 8), concurrency: Number(process.env.BENCH_REPLICAS_USERS ?? 16) })));

// ── 6c. Tasks (SEP-2663): N live tasks on one process, tasks/get rate and p99, memory per task ──
console.log("\n## Tasks\n");
const { tasksBench, tasksTable } = await import("./tasks.mjs");
console.log(tasksTable(await tasksBench({ tasks: envNumber("BENCH_TASKS", 100), seconds: envNumber("BENCH_TASKS_SECONDS", 8), concurrency: envNumber("BENCH_TASKS_USERS", 16) })));

// ── 7. Client round trips, the generated client and the SDK's side by side ──
console.log("\n## Client round trips\n");
const { clientBench, clientTable } = await import("./client.mjs");
console.log(clientTable(await clientBench({ root, specRoot })));

// ── 7a. Cold start and bundle size of examples/incidents beside the same server on the SDK v2 ──
console.log("\n## Cold start\n");
const { startupBench, startupTable } = await import("./startup.mjs");
console.log(startupTable(await startupBench({ root, specRoot, runs: envNumber("BENCH_STARTUP_RUNS", 10), progress: (line) => process.stderr.write(`${line}\n`) })));
console.log("\n## Bundle size\n");
const { bundleBench, bundleTable } = await import("./bundle.mjs");
console.log(bundleTable(await bundleBench({ root, specRoot })));

// ── 7b. Transport framing: time to frame one long message, stdio and SSE ──
console.log("\n## Transport framing and message length\n");
const { linesBench, linesTable } = await import("./lines.mjs");
const lineRuns = Number(process.env.BENCH_LINE_RUNS ?? 3);
console.log(linesTable(linesBench({ root, runs: lineRuns }), lineRuns));

// ── 8. Scale: parse and generation time per 100 KB of schema, and a 1,000-deep extends chain ──
console.log("\n## Scale with schema size\n");
const { scaleBench, renderTable: renderScale, scaleCaption } = await import("./scale.mjs");
const scaleOptions = { root, runs: Number(process.env.BENCH_SCALE_RUNS ?? 3), timeoutMs: Number(process.env.BENCH_SCALE_TIMEOUT_MS ?? 600_000), generateUpTo: Number(process.env.BENCH_SCALE_GENERATE_KB ?? 4200) * 1024 };
console.log(scaleCaption(scaleOptions));
console.log(renderScale(scaleBench(scaleOptions), scaleOptions.timeoutMs));

if (!process.env.BENCH_NO_WRITE) writeBenchmarks(root, capture);
