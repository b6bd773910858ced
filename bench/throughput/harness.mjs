// The throughput bench's moving parts: mcp-gen's code generated into a temp dir, a server started in
// its own process (and stopped), its peak RSS, and one autocannon run of a workload against it.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LEGACY, mixRequests, openSession, PATH, probe } from "./workloads.mjs";

const autocannon = createRequire(import.meta.url)("autocannon");
const SERVER_ENTRY = fileURLToPath(new URL("servers.mjs", import.meta.url));

/**
 * Generates both eras (2026-07-28 + 2025-11-25) into one temp root, as examples/build.mjs does.
 * The code imports zod: a node_modules link to the repository's lets it resolve from /tmp, and a
 * package.json marks the .js as ES modules (Node 20 does not detect them). Resolves with the dir.
 */
export function generateMcpGen({ root, specRoot }) {
  if (!existsSync(join(root, "dist/cli.js"))) execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-throughput-"));
  const out = join(dir, "gen");
  execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", "2026-07-28", "--revision", "2025-11-25", "--spec-root", specRoot, "--out", out]);
  writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, out, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts `server` for `workload` in a child node process (with `nodeArgs`, e.g. --cpu-prof) and
 * resolves once it listens: { url, pid, stop }. Its stderr is kept for the error of a failed start.
 * Its stdin stays open: the server exits when it closes, so that no server outlives a bench that died.
 */
export function startServer({ server, workload, genDir, cwd, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY, server, workload, genDir ?? ""], { cwd, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      if (stdout === undefined) return; // ready: what a server logs later is drained, not kept
      stdout += chunk;
      const port = /THROUGHPUT_READY (\d+)/.exec(stdout)?.[1];
      if (port) (stdout = undefined), resolve({ url: `http://127.0.0.1:${port}${PATH}`, pid: child.pid, stop });
    });
    exited.then((code) => reject(new Error(`${server} exited (${code}) before listening: ${stderr}`)));
  });
}

/** The process's peak resident set (VmHWM, Linux), in MB; undefined elsewhere. */
export function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/**
 * One autocannon run of the 1:9 mix against `url`: `warmup` seconds, then `seconds` measured, over
 * `connections` connections (one request in flight each). For the session workload each connection
 * gets a session of its own, opened beforehand, as that many clients would. Latencies are taken
 * from every response at sub-millisecond precision (autocannon's histogram keeps whole ms only).
 * With `mcp: false` (the ceiling server) the same bytes are sent, without sessions or probe.
 */
export async function drive({ url, workload, connections, seconds, warmup, mcp = true }) {
  const sessions = workload !== "session" ? [] : mcp ? await Promise.all(Array.from({ length: connections }, () => openSession(url))) : [{ id: "none", version: LEGACY }];
  if (mcp) await probe(url, workload, sessions[0]);
  let next = 0;
  // Each autocannon client (warm-up ones included) takes the next session, round-robin.
  const setupClient = (client) => workload === "session" && client.setRequests(mixRequests(workload, sessions[next++ % sessions.length]));
  const options = { url, connections, duration: seconds, pipelining: 1, requests: mixRequests(workload, sessions[0]), setupClient };
  const latencies = [];
  const run = autocannon({ ...options, ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}) });
  run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: result.requests.total / result.duration,
    version: sessions[0]?.version,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
