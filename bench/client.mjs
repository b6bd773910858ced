// tools/call round trips per second over stdio: the generated 2026-07-28 client against the
// official SDK v2 client, on the same SDK v2 server (one process each), measured side by side in
// one run (rounds interleaved, medians). Each round is `calls` sequential echo calls.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function perSecond(calls, call) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await call(i);
  return calls / (Number(process.hrtime.bigint() - started) / 1e9);
}

export async function clientBench({ root, specRoot, rounds = 7, calls = 1000, warmup = 200 }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-cbench-"));
  const js = join(root, "bench", ".tmp-js-client");
  const server = { command: process.execPath, args: [join(root, "test/client/fixtures/sdk-v2-server.mjs"), "stdio"] };
  const info = { name: "bench", version: "1.0.0" };
  try {
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", "2026-07-28", "--spec-root", specRoot, "--out", js]);
    const generated = await import(pathToFileURL(join(js, "index.js")).href);
    const ours = generated.createClient(new generated.StdioTransport({ ...server, stderr: "ignore" }), { clientInfo: info });
    const { Client } = await import("@modelcontextprotocol/client");
    const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
    const sdk = new Client(info, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await sdk.connect(new StdioClientTransport({ ...server, stderr: "ignore" }));
    const variants = [
      { name: "mcp-gen client (generated, 2026-07-28)", call: (i) => ours.callTool({ name: "echo", arguments: { text: `hi ${i}` } }) },
      { name: "@modelcontextprotocol/client 2.4.0", call: (i) => sdk.callTool({ name: "echo", arguments: { text: `hi ${i}` } }) },
    ];
    for (const v of variants) {
      const result = await v.call(0);
      if (result.content[0].text !== "hi 0") throw new Error(`${v.name}: unexpected result ${JSON.stringify(result)}`);
      await perSecond(warmup, v.call);
      v.samples = [];
    }
    for (let round = 0; round < rounds; round++) for (const v of variants) v.samples.push(await perSecond(calls, v.call));
    await ours.close();
    await sdk.close();
    return variants.map((v) => ({ name: v.name, median: median(v.samples), min: Math.min(...v.samples), max: Math.max(...v.samples) }));
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(js, { recursive: true, force: true });
  }
}

/** The markdown table bench/run.mjs prints. */
export function clientTable(rows, { rounds = 7, calls = 1000 } = {}) {
  const sdk = rows[1].median;
  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  return [
    `tools/call round trips over stdio against the SDK v2 server, median of ${rounds} rounds of ${calls} sequential calls (rounds interleaved)\n`,
    "| client | median calls/s | min | max | vs SDK client |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.name} | ${fmt(r.median)} | ${fmt(r.min)} | ${fmt(r.max)} | ${(r.median / sdk).toFixed(2)}x |`),
  ].join("\n");
}
