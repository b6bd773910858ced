// A bounded load test of legacy (2025-11-25) sessions through the tests' round-robin proxy
// (test/helpers/proxy.mjs), loopback only: examples/everything as one process on the memory store,
// one process on a Redis store, and three replicas on one Redis. Each virtual user opens a
// session (initialize, notifications/initialized), makes 20 tools/call requests on it, then opens
// a new one, for a fixed time after a warm-up. Reported: requests, rate, error rate, p50/p99
// latency, the peak RSS of each server process and Redis's peak memory. redis-server must be on
// PATH (Debian's package); without it the Redis rows are left out and the table says so.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuilt } from "../examples/build.mjs";
import { startProxy } from "../test/helpers/proxy.mjs";

const LEGACY = "2025-11-25";
const SECRET = "the bench's state secret, 32 bytes or more";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One command to Redis over a raw socket (PING, INFO): the bench needs no client for it. */
function redisCommand(port, command) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.once("error", () => resolve(""));
    socket.once("connect", () => socket.write(`${command}\r\n`));
    socket.on("data", (data) => {
      reply += data.toString();
      if (command !== "INFO memory" || reply.includes("\r\n\r\n") || /used_memory_peak:\d+/.test(reply)) (socket.destroy(), resolve(reply));
    });
  });
}

export async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-bench-redis-"));
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
  const failed = new Promise((resolve) => child.once("error", () => resolve(false)));
  for (let i = 0; i < 100; i++) {
    const ok = await Promise.race([redisCommand(port, "PING").then((r) => r.startsWith("+PONG")), failed]);
    if (ok) return { port, url: `redis://127.0.0.1:${port}`, child, dir };
    if (child.exitCode !== null || (await Promise.race([failed, sleep(50).then(() => true)])) === false) break;
  }
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  return undefined;
}

export async function startReplica(main, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [main, "--port", String(port)], { env: { ...process.env, MCP_STATE_SECRET: SECRET, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  await new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("listening on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`replica exited with ${code}: ${stderr}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

/** Peak resident memory of a process (Linux), in MB. */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

const headers = (session) => ({ "content-type": "application/json", accept: "application/json, text/event-stream", ...(session ? { "mcp-session-id": session, "mcp-protocol-version": LEGACY } : {}) });
const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "bench", version: "1" } } };
const callTool = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "test_simple_text", arguments: {} } };

/** Virtual users loading `url` for `ms`; latencies of requests that completed, and how many failed. */
async function drive(url, { concurrency, ms }) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + ms;
  const timed = async (request) => {
    const started = performance.now();
    let ok = false;
    try {
      ok = await request();
    } catch {
      ok = false;
    }
    latencies.push(performance.now() - started);
    if (!ok) errors++;
    return ok;
  };
  const user = async () => {
    while (Date.now() < end) {
      let session;
      await timed(async () => {
        const response = await fetch(url, { method: "POST", headers: headers(), body: JSON.stringify(init) });
        session = response.headers.get("mcp-session-id");
        return response.status === 200 && Boolean((await response.json()).result) && session !== null;
      });
      if (!session) continue;
      await timed(async () => (await fetch(url, { method: "POST", headers: headers(session), body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' }).then(async (r) => (await r.arrayBuffer(), r))).status === 202);
      for (let i = 0; i < 20 && Date.now() < end; i++) {
        await timed(async () => {
          const response = await fetch(url, { method: "POST", headers: headers(session), body: JSON.stringify(callTool) });
          return response.status === 200 && (await response.json()).result?.content?.[0]?.text === "This is a simple text response for testing.";
        });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, user));
  return { latencies, errors };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function scenario(main, { name, replicas, redis }, options) {
  const env = redis ? { MCP_REDIS_URL: redis.url, MCP_REDIS_PREFIX: `bench-${replicas}-${Date.now()}:` } : {};
  const servers = await Promise.all(Array.from({ length: replicas }, () => startReplica(main, env)));
  const proxy = await startProxy(servers.map((s) => s.url));
  try {
    await drive(proxy.url, { concurrency: options.concurrency, ms: options.warmupMs });
    const { latencies, errors } = await drive(proxy.url, { concurrency: options.concurrency, ms: options.seconds * 1000 });
    const sorted = latencies.sort((a, b) => a - b);
    const memory = redis ? /used_memory_peak:(\d+)/.exec(await redisCommand(redis.port, "INFO memory"))?.[1] : undefined;
    return { name, requests: sorted.length, rate: sorted.length / options.seconds, errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99), rss: servers.map((s) => peakRssMb(s.child.pid)), redisMb: memory === undefined ? undefined : Number(memory) / 1024 / 1024 };
  } finally {
    await proxy.close();
    for (const server of servers) server.child.kill("SIGKILL");
  }
}

export async function replicasBench({ seconds = 8, concurrency = 16, warmupMs = 1500 } = {}) {
  const main = join(await ensureBuilt("everything"), "main.js");
  const redis = await startRedis();
  const options = { seconds, concurrency, warmupMs };
  try {
    // Untimed: the first scenario of a process would otherwise pay for the proxy's and the driver's own warm-up.
    await scenario(main, { name: "warm-up", replicas: 1 }, { ...options, seconds: 3 });
    const rows = [await scenario(main, { name: "1 process, memory store (today)", replicas: 1 }, options)];
    if (redis) {
      rows.push(await scenario(main, { name: "1 process, Redis store", replicas: 1, redis }, options));
      rows.push(await scenario(main, { name: "3 replicas, one Redis", replicas: 3, redis }, options));
    }
    return { rows, options, redis: Boolean(redis) };
  } finally {
    if (redis) {
      redis.child.kill("SIGKILL");
      rmSync(redis.dir, { recursive: true, force: true });
    }
  }
}

export function replicasTable({ rows, options, redis }) {
  const lines = [
    `Legacy (${LEGACY}) sessions of examples/everything through a round-robin proxy on loopback: ${options.concurrency} virtual users, each opening a session and making 20 tools/call on it, then another, for ${options.seconds} s after ${options.warmupMs / 1000} s of warm-up; every request timed. RSS: peak per server process.${redis ? "" : " **redis-server was not found: the Redis rows are missing.**"}`,
    "",
    "| setup | requests | req/s | error rate | p50 ms | p99 ms | peak RSS per process (MB) | Redis peak memory (MB) |",
    "|---|---:|---:|---:|---:|---:|---|---:|",
  ];
  for (const r of rows) {
    const errorRate = r.requests ? `${((100 * r.errors) / r.requests).toFixed(2)} %` : "n/a";
    lines.push(`| ${r.name} | ${r.requests.toLocaleString("en-US")} | ${Math.round(r.rate).toLocaleString("en-US")} | ${errorRate} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rss.map((m) => m.toFixed(0)).join(" / ")} | ${r.redisMb === undefined ? "" : r.redisMb.toFixed(1)} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  console.log(replicasTable(await replicasBench({ seconds: Number(process.env.BENCH_REPLICAS_SECONDS ?? 8), concurrency: Number(process.env.BENCH_REPLICAS_USERS ?? 16) })));
}
