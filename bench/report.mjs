// BENCHMARKS.md is the output of `npm run bench`, never edited by hand: run.mjs prints markdown,
// this module keeps a copy of every line and writes it out with the date, machine and command.
import { writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { join } from "node:path";
import { format } from "node:util";

/** Starts copying everything console.log prints. */
export function captureOutput() {
  const lines = [];
  const original = console.log;
  console.log = (...args) => {
    const text = format(...args);
    lines.push(text);
    original(text);
  };
  return { lines, loadBefore: loadavg(), started: new Date() };
}

function machine(capture) {
  const cpu = cpus();
  const load = (l) => l.map((n) => n.toFixed(2)).join(", ");
  return [
    `- Date: ${capture.started.toISOString()} (run took ${((Date.now() - capture.started.getTime()) / 60000).toFixed(1)} min)`,
    `- Machine: ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} logical cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}`,
    `- Node ${process.version}; load average (1, 5, 15 min) at the start: ${load(capture.loadBefore)}; at the end: ${load(loadavg())}`,
    `- Command: \`npm run bench\` (\`npm run build && node bench/run.mjs\`${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(" ")}` : ""}); environment: ${Object.entries(process.env).filter(([k]) => k.startsWith("BENCH_") || k === "MCP_SPEC_ROOT").map(([k, v]) => `${k}=${v}`).join(", ") || "defaults"}`,
  ];
}

/** Writes BENCHMARKS.md from the captured output. */
export function writeBenchmarks(root, capture) {
  const text = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (bench/run.mjs) from its own output; do not edit by hand, re-run it. Timings on a shared machine are noisy: compare the ratios, which are taken within one run.",
    "",
    ...machine(capture),
    "",
    ...capture.lines,
    "",
  ].join("\n");
  writeFileSync(join(root, "BENCHMARKS.md"), text);
}
