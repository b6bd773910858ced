// tools/call requests per second through the generated fetch handler, in-process, side by side
// with the official SDK v2 server (createMcpHandler) answering the same request, and beside the
// same mcp-gen server with tracing on (what a span and a histogram record per request cost). Each
// variant runs in fresh processes (median of their medians).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The variants: tracing off, tracing on (the API's no-op providers, the SDK's), and the SDK v2 server. */
export const SERVER_VARIANTS = ["mcp-gen", "mcp-gen-otel-noop", "mcp-gen-otel-sdk", "sdk"];

export function serverBench({ root, specRoot, processes = 3, rounds = 5, items = 3000, variants = SERVER_VARIANTS }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-sbench-"));
  try {
    const js = join(root, "bench", ".tmp-server-js");
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", "2026-07-28", "--spec-root", specRoot, "--out", js]);
    const worker = fileURLToPath(new URL("server-worker.mjs", import.meta.url));
    return variants.map((variant) => {
      const runs = Array.from({ length: processes }, () =>
        JSON.parse(execFileSync(process.execPath, [worker, variant, pathToFileURL(join(js, "index.js")).href, String(rounds), String(items)], { cwd: root, encoding: "utf8" })),
      );
      return { variant, median: median(runs.map((r) => r.median)), min: Math.min(...runs.map((r) => r.min)), max: Math.max(...runs.map((r) => r.max)) };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(join(root, "bench", ".tmp-server-js"), { recursive: true, force: true });
  }
}

export function printServerBench(results, { processes = 3, rounds = 5, items = 3000 } = {}) {
  const sdk = results.find((r) => r.variant === "sdk")?.median;
  const off = results.find((r) => r.variant === "mcp-gen")?.median;
  const names = {
    "mcp-gen": "mcp-gen createServer + toFetchHandler",
    "mcp-gen-otel-noop": "the same, `tracing: true` (the API's global no-op providers)",
    "mcp-gen-otel-sdk": "the same, `tracing` with the SDK's providers (batched spans, dropped; histogram aggregated)",
    sdk: "SDK v2 McpServer + createMcpHandler",
  };
  const ratio = (value, base) => (base ? `${(value / base).toFixed(2)}x` : "-");
  console.log(`\ntools/call through a fetch handler, in-process (requests/s; median of ${processes} processes × ${rounds} rounds of ${items.toLocaleString("en-US")})\n`);
  console.log("| server | median req/s | min | max | vs tracing off | vs SDK v2 |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of results) console.log(`| ${names[r.variant]} | ${Math.round(r.median).toLocaleString("en-US")} | ${Math.round(r.min).toLocaleString("en-US")} | ${Math.round(r.max).toLocaleString("en-US")} | ${r.variant === "sdk" ? "-" : ratio(r.median, off)} | ${ratio(r.median, sdk)} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  // BENCH_SERVER_VARIANTS=mcp-gen,mcp-gen-otel-noop,... runs only those; BENCH_SERVER_PROCESSES and BENCH_SERVER_ROUNDS shorten a run.
  const shape = { processes: Number(process.env.BENCH_SERVER_PROCESSES ?? 3), rounds: Number(process.env.BENCH_SERVER_ROUNDS ?? 5), items: 3000 };
  const variants = process.env.BENCH_SERVER_VARIANTS ? process.env.BENCH_SERVER_VARIANTS.split(",") : SERVER_VARIANTS;
  printServerBench(serverBench({ root, specRoot: process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"), ...shape, variants }), shape);
}
