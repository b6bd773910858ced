// tools/call requests per second through the generated fetch handler, in-process, side by side
// with the official SDK v2 server (createMcpHandler) answering the same request. Each variant runs
// in fresh processes (median of their medians).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function serverBench({ root, specRoot, processes = 3, rounds = 5, items = 3000 }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-sbench-"));
  try {
    const js = join(root, "bench", ".tmp-server-js");
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", "2026-07-28", "--spec-root", specRoot, "--out", js]);
    const worker = fileURLToPath(new URL("server-worker.mjs", import.meta.url));
    return ["mcp-gen", "sdk"].map((variant) => {
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

export function printServerBench(results) {
  const sdk = results.find((r) => r.variant === "sdk").median;
  const names = { "mcp-gen": "mcp-gen createServer + toFetchHandler", sdk: "SDK v2 McpServer + createMcpHandler" };
  console.log("\ntools/call through a fetch handler, in-process (requests/s; median of 3 processes × 5 rounds of 3,000)\n");
  console.log("| server | median req/s | min | max | vs SDK v2 |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results) console.log(`| ${names[r.variant]} | ${Math.round(r.median).toLocaleString("en-US")} | ${Math.round(r.min).toLocaleString("en-US")} | ${Math.round(r.max).toLocaleString("en-US")} | ${(r.median / sdk).toFixed(2)}x |`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  printServerBench(serverBench({ root, specRoot: process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec") }));
}
