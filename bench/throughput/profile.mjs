// Where a server's time goes under the throughput bench's load: the server runs under
// `node --cpu-prof` (profile in a temp dir) while autocannon drives a workload, then the profile is
// summarised: the top functions by self time, self time per file and, for mcp-gen, the stages of
// its request path and the generated runtime's functions by inclusive time (what each one costs
// with everything it calls).
//   node bench/throughput/profile.mjs [--server mcp-gen|mcp-gen-direct|sdk|tmcp|fastmcp] [--workload stateless|session] [--top 15] [--save FILE]
// (--save keeps the .cpuprofile, for Chrome DevTools or a closer look.)
// Environment: BENCH_THROUGHPUT_SECONDS (10), BENCH_THROUGHPUT_WARMUP (2),
// BENCH_THROUGHPUT_CONNECTIONS (16), BENCH_PROFILE_INTERVAL_US (250), MCP_SPEC_ROOT.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { drive, generateMcpGen, startServer } from "./harness.mjs";

/** Frames that are not JavaScript of anyone's: shown as they are, never attributed to a file. */
const META = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

/** A frame's file, short: the generated runtime as gen/…, packages from their name on, node's own as node:…. */
function fileOf(url, genDir) {
  if (!url) return "(native)";
  const path = url.replace(/^file:\/\//, "");
  if (genDir && path.startsWith(genDir)) return `gen${path.slice(genDir.length)}`;
  const pkg = /node_modules\/(.*)$/.exec(path);
  return pkg ? pkg[1] : path;
}

function frameKey(frame, genDir) {
  if (META.has(frame.functionName)) return frame.functionName;
  return `${fileOf(frame.url, genDir)}:${frame.lineNumber + 1} ${frame.functionName || "(anonymous)"}`;
}

/** Per sample: its leaf and its stack (leaf first), as the profile's parent links give them. */
function samplesOf(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return profile.samples.map((id, i) => {
    const stack = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur).callFrame);
    return { stack, us: profile.timeDeltas[i] ?? 0 };
  });
}

const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

/** The generated runtime's files that make up its HTTP transport; every other gen/ file is the protocol proper. */
const BRIDGE = /^gen\/runtime\/server\/(node|http-node)\.js$/;
const HTTP = /^gen\/runtime\/server\/(http|http-body|http-reply|http-signal|http-sessions|origin)\.js$/;
const SOCKET_WRITES = new Set(["writev", "writeUtf8String", "writeBuffer", "writeLatin1String", "writeAsciiString"]);

/**
 * The stage of mcp-gen's request path a sample belongs to, by its innermost recognisable frame:
 * the socket write syscall, the protocol proper (server.handle and below), the Streamable HTTP
 * handler (checks, body decode, the reply), the node adapter (toNodeListener: node's request read,
 * the reply written out; web objects only for other handlers), else node's own HTTP machinery, or the GC.
 */
function stageOf(stack, genDir) {
  if (SOCKET_WRITES.has(stack[0].functionName) && !stack[0].url) return "socket writes (writev syscall)";
  if (META.has(stack[0].functionName)) return stack[0].functionName === "(garbage collector)" ? "garbage collector" : "(program): V8/native, no JS frame";
  for (const frame of stack) {
    const file = fileOf(frame.url, genDir);
    if (BRIDGE.test(file)) return "node adapter (server/node.js, http-node.js: node's request read, the answer written, AbortSignals; web Request/Response for other handlers)";
    if (HTTP.test(file)) return "Streamable HTTP handler (server/http*.js, origin.js: checks, session lookup, body decode, the reply)";
    if (file.startsWith("gen/")) return "protocol proper (server.handle: envelope, header checks, validation, handler, result)";
  }
  return "node:http outside the runtime (parser, sockets, timers, microtask queue)";
}

/**
 * Self time per function and per file, inclusive time per generated-runtime function (each counted
 * once per sample, however deep its recursion), in µs, and the busy (non-idle) total.
 */
export function summarise(profile, genDir) {
  const self = new Map();
  const files = new Map();
  const inclusive = new Map();
  const stages = new Map();
  let busy = 0;
  let idle = 0;
  for (const { stack, us } of samplesOf(profile)) {
    const leaf = stack[0];
    if (leaf.functionName === "(idle)") {
      idle += us;
      continue;
    }
    busy += us;
    add(self, frameKey(leaf, genDir), us);
    add(files, META.has(leaf.functionName) ? leaf.functionName : fileOf(leaf.url, genDir), us);
    if (genDir) add(stages, stageOf(stack, genDir), us);
    const seen = new Set();
    for (const frame of stack) {
      const key = frameKey(frame, genDir);
      if (key.startsWith("gen/") && !seen.has(key)) seen.add(key), add(inclusive, key, us);
    }
  }
  return { self, files, inclusive, stages, busy, idle };
}

function top(map, busy, n, title) {
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [`| ${title} | ms | % of busy |`, "|---|---:|---:|", ...rows.map(([key, us]) => `| \`${key}\` | ${(us / 1000).toFixed(0)} | ${((100 * us) / busy).toFixed(1)}% |`)].join("\n");
}

/** The summary as markdown tables. */
export function renderSummary({ server, workload, run, summary, top: n = 15 }) {
  const { self, files, inclusive, stages, busy, idle } = summary;
  const share = ((100 * busy) / (busy + idle)).toFixed(0);
  const lines = [
    `${server}, ${workload} workload under \`node --cpu-prof\`: ${Math.round(run.reqPerSec).toLocaleString("en-US")} req/s while profiled (p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms), main thread busy ${share}% of ${((busy + idle) / 1e6).toFixed(1)} s sampled (warm-up included).`,
    "",
    top(self, busy, n, `top ${n} functions by self time (file:line function)`),
    "",
    top(files, busy, 12, "self time by file"),
  ];
  if (stages.size) lines.push("", top(stages, busy, stages.size, "mcp-gen's request path, by stage (innermost frame)"));
  if (inclusive.size) lines.push("", top(inclusive, busy, n, "generated runtime, by inclusive time"));
  return lines.join("\n");
}

/** Runs `server` under the profiler for one workload run; resolves with the run and the summary. */
export async function profileServer({ root, specRoot, server = "mcp-gen", workload = "stateless", seconds = 10, warmup = 2, connections = 16, intervalUs = 250, save }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-throughput-prof-"));
  const gen = server.startsWith("mcp-gen") ? generateMcpGen({ root, specRoot }) : undefined;
  try {
    const nodeArgs = ["--cpu-prof", "--cpu-prof-dir", work, "--cpu-prof-interval", String(intervalUs)];
    const started = await startServer({ server, workload, genDir: gen?.out, cwd: root, nodeArgs });
    let run;
    try {
      run = await drive({ url: started.url, workload, connections, seconds, warmup });
    } finally {
      await started.stop(); // SIGTERM → process.exit: the profile is written on exit
    }
    const file = readdirSync(work).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error(`${server}: no .cpuprofile written`);
    if (save) copyFileSync(join(work, file), save);
    return { server, workload, run, summary: summarise(JSON.parse(readFileSync(join(work, file), "utf8")), gen?.out) };
  } finally {
    gen?.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at < 0 ? fallback : process.argv[at + 1];
  };
  const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  const result = await profileServer({
    root,
    specRoot: resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec")),
    server: arg("server", "mcp-gen"),
    workload: arg("workload", "stateless"),
    seconds: env("BENCH_THROUGHPUT_SECONDS", 10),
    warmup: env("BENCH_THROUGHPUT_WARMUP", 2),
    connections: env("BENCH_THROUGHPUT_CONNECTIONS", 16),
    intervalUs: env("BENCH_PROFILE_INTERVAL_US", 250),
    save: arg("save", undefined),
  });
  console.log(renderSummary({ ...result, top: Number(arg("top", 15)) }));
}
