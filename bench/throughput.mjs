// Server throughput beside the peers, on one workload (issue 33, item 2): one `echo` tool over
// Streamable HTTP, driven by autocannon on loopback with the same connections, warm-up and duration
// for every server, on two workloads: 2026-07-28 stateless, and 2025-11-25 with a session per
// connection; both one tools/list per nine tools/call. Each server runs in a fresh process per row
// (bench/throughput/servers.mjs); its peak RSS is read from /proc after the run.
// `node bench/throughput.mjs` prints the table. Environment: BENCH_THROUGHPUT_SECONDS (10),
// BENCH_THROUGHPUT_WARMUP (2), BENCH_THROUGHPUT_CONNECTIONS (16), BENCH_THROUGHPUT_ROUNDS (3: each
// row is the round of median req/s), BENCH_THROUGHPUT_SERVERS (comma-separated subset of ceiling,
// mcp-gen, sdk, tmcp, fastmcp; mcp-gen-direct, an experiment, only when named),
// BENCH_THROUGHPUT_WORKLOADS (stateless,session), MCP_SPEC_ROOT.
//
// 16 connections: enough requests in flight to keep one server's event loop saturated on loopback
// (each server is one process, one thread), few enough that p99 still measures the server rather
// than a deep queue; for the session workload, 16 concurrent clients.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { drive, generateMcpGen, peakRssMb, startServer } from "./throughput/harness.mjs";

/** Who runs which workload. FastMCP implements 2025-11-25 and earlier only (its README says so). */
export const SERVERS = [
  { id: "ceiling", name: "node:http, fixed answer (no MCP: the loopback + autocannon ceiling)", workloads: ["stateless", "session"], peer: false },
  { id: "mcp-gen", name: "mcp-gen (toFetchHandler + toNodeListener)", workloads: ["stateless", "session"], peer: false },
  { id: "sdk", name: "SDK v2 2.4 (createMcpHandler / sessionful NodeStreamableHTTPServerTransport)", workloads: ["stateless", "session"], peer: true },
  { id: "tmcp", name: "tmcp 1.20 + @tmcp/transport-http 0.9", workloads: ["stateless", "session"], peer: true },
  { id: "fastmcp", name: "FastMCP 4.20 (httpStream)", workloads: ["session"], peer: true },
  // Only when named in `servers`: server.handle straight from node:http, what a node-native listener could reach.
  { id: "mcp-gen-direct", name: "experiment: mcp-gen server.handle from node:http, no web Request/Response", workloads: ["stateless"], peer: false, optIn: true },
];
export const WORKLOADS = {
  stateless: "2026-07-28 stateless (per-request _meta, no session)",
  session: "2025-11-25 with a session (one per connection)",
};

const median = (rows) => [...rows].sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor(rows.length / 2)];

/** One measured row: a fresh server process, probed, driven, its peak RSS read, stopped. */
async function measure(server, workload, options, gen) {
  const started = await startServer({ server: server.id, workload, genDir: gen.out, cwd: options.root });
  try {
    const run = await drive({ url: started.url, workload, connections: options.connections, seconds: options.seconds, warmup: options.warmup, mcp: server.id !== "ceiling" });
    return { ...run, peakRssMb: peakRssMb(started.pid) };
  } finally {
    await started.stop();
  }
}

/** A row from its runs: the run of median req/s (its own latencies and RSS), or why there is none. */
function rowOf(server, workload, runs) {
  const base = { server: server.id, name: server.name, workload, peer: server.peer };
  if (!server.workloads.includes(workload)) return { ...base, skipped: server.optIn ? "n/a: stateless only" : "n/a: does not speak 2026-07-28" };
  const failed = runs.find((r) => r.failed);
  if (failed) return { ...base, failed: failed.failed };
  return { ...base, ...median(runs), rounds: runs.map((r) => Math.round(r.reqPerSec)) };
}

/**
 * Measures every server on every workload. Rounds are interleaved (round 1 of every row, then
 * round 2…), so that a load that comes and goes on the machine falls on every server alike.
 * Resolves with plain data: the settings, and one row per server and workload ({ reqPerSec, p50,
 * p99 (ms), peakRssMb, non2xx, errors, timeouts, rounds }, or `skipped` / `failed`). A server
 * whose probe fails (no echoed text) is a `failed` row, not a number.
 */
export async function throughputBench({ root, specRoot, seconds = 10, warmup = 2, connections = 16, rounds = 1, servers = SERVERS.filter((s) => !s.optIn).map((s) => s.id), workloads = Object.keys(WORKLOADS), log = () => {} }) {
  const options = { root, seconds, warmup, connections };
  const chosen = SERVERS.filter((s) => servers.includes(s.id));
  const runs = new Map(workloads.flatMap((w) => chosen.map((s) => [`${w}/${s.id}`, []])));
  const gen = generateMcpGen({ root, specRoot });
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const workload of workloads) {
        for (const server of chosen.filter((s) => s.workloads.includes(workload))) {
          const cell = runs.get(`${workload}/${server.id}`);
          if (cell.some((r) => r.failed)) continue;
          log(`round ${round}/${rounds}, ${workload}: ${server.id}…`);
          cell.push(await measure(server, workload, options, gen).catch((error) => ({ failed: String(error?.message ?? error).slice(0, 300) })));
        }
      }
    }
  } finally {
    gen.dispose();
  }
  const rows = workloads.flatMap((w) => chosen.map((s) => rowOf(s, w, runs.get(`${w}/${s.id}`))));
  return { settings: { seconds, warmup, connections, rounds, node: process.version }, rows };
}

const fmt = (n, digits = 0) => (n === undefined || Number.isNaN(n) ? "–" : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** Whether a run was clean: every answer 2xx, no socket errors or timeouts. */
const clean = (r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;

function fastestPeer(rows, workload) {
  const peers = rows.filter((r) => r.workload === workload && r.peer && r.reqPerSec !== undefined && clean(r));
  return peers.sort((a, b) => b.reqPerSec - a.reqPerSec)[0];
}

function tableRow(r, fastest) {
  if (r.skipped || r.failed) return `| ${r.name} | ${WORKLOADS[r.workload]} | ${r.skipped ?? `failed: ${r.failed.replace(/\|/g, "\\|").replace(/\n/g, " ")}`} | | | | |`;
  const marks = clean(r) ? "" : ` ⚠ ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`;
  const ratio = fastest ? `${(r.reqPerSec / fastest.reqPerSec).toFixed(2)}x` : "–";
  // A server whose newest legacy revision is older negotiates it: said on its row.
  const negotiated = r.server !== "ceiling" && r.version && r.version !== "2025-11-25" ? ` (negotiated ${r.version}, its newest)` : "";
  const spread = r.rounds.length > 1 ? ` (${fmt(Math.min(...r.rounds))}–${fmt(Math.max(...r.rounds))})` : "";
  return `| ${r.name} | ${WORKLOADS[r.workload]}${negotiated} | ${fmt(r.reqPerSec)}${spread}${marks} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.peakRssMb)} | ${ratio} |`;
}

/** The goal of issue 33: at least 2x the fastest peer's req/s, at a p99 no worse than that peer's. */
function goalLine(rows, workload) {
  const fastest = fastestPeer(rows, workload);
  const ours = rows.find((r) => r.workload === workload && r.server === "mcp-gen" && r.reqPerSec !== undefined);
  if (!fastest || !ours) return `- ${WORKLOADS[workload]}: no comparison (a row is missing)`;
  const ratio = ours.reqPerSec / fastest.reqPerSec;
  const met = ratio >= 2 && ours.p99 <= fastest.p99 && clean(ours);
  return `- ${WORKLOADS[workload]}: mcp-gen ${ratio.toFixed(2)}x ${fastest.server} (fastest peer), p99 ${fmt(ours.p99, 2)} vs ${fmt(fastest.p99, 2)} ms: goal (≥ 2x at a p99 no worse) ${met ? "met" : "not met"}`;
}

/** The results as markdown: a caption, one row per server and workload, the goal per workload. */
export function throughputTable({ settings, rows }) {
  const workloads = [...new Set(rows.map((r) => r.workload))];
  const lines = [
    `Streamable HTTP on 127.0.0.1, one \`echo\` tool, one tools/list per nine tools/call; autocannon, ${settings.connections} connections (one request in flight each), ${settings.warmup} s warm-up, ${settings.seconds} s measured${settings.rounds > 1 ? `, median of ${settings.rounds} interleaved rounds, each in a fresh process (the range of the rounds in brackets; p50, p99 and RSS are the median round's)` : ""}; Node ${settings.node}. Each server is a fresh process set up as its README recommends; mcp-gen serves both eras from one handler. The stateless workload is 2026-07-28's (the \`_meta\` envelope and MCP-Protocol-Version / Mcp-Method / Mcp-Name headers); FastMCP does not implement 2026-07-28, so it has no stateless row. The session workload opens one session per connection (initialize asking for 2025-11-25, notifications/initialized) before measuring; a server that answers an older revision keeps it, and its row says so. Latencies are per response (sub-ms); peak RSS is the server process's VmHWM. Ratios are to the fastest peer on that workload (the ceiling row is not a peer).`,
    "",
    "| server | workload | req/s | p50 ms | p99 ms | peak RSS MB | vs fastest peer |",
    "|---|---|---:|---:|---:|---:|---:|",
  ];
  for (const workload of workloads) {
    const fastest = fastestPeer(rows, workload);
    for (const r of rows.filter((x) => x.workload === workload)) lines.push(tableRow(r, fastest));
  }
  lines.push("", ...workloads.map((w) => goalLine(rows, w)));
  return lines.join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  const results = await throughputBench({
    root,
    specRoot: resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec")),
    seconds: env("BENCH_THROUGHPUT_SECONDS", 10),
    warmup: env("BENCH_THROUGHPUT_WARMUP", 2),
    connections: env("BENCH_THROUGHPUT_CONNECTIONS", 16),
    rounds: env("BENCH_THROUGHPUT_ROUNDS", 3),
    ...(process.env.BENCH_THROUGHPUT_SERVERS ? { servers: process.env.BENCH_THROUGHPUT_SERVERS.split(",") } : {}),
    ...(process.env.BENCH_THROUGHPUT_WORKLOADS ? { workloads: process.env.BENCH_THROUGHPUT_WORKLOADS.split(",") } : {}),
    log: (line) => console.error(line),
  });
  console.log(throughputTable(results));
}
