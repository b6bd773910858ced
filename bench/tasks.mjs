// Tasks (SEP-2663) under load, loopback only: examples/everything as one process (the memory task
// store) holds N live tasks (slow_compute, still working while measured), made by concurrent
// tools/call requests that declare the extension; then virtual users poll `tasks/get` on them
// round-robin (each request with its Mcp-Name, as a client must) for a fixed time after a warm-up.
// N is 100 by default: the server's maxTasksPerPrincipal, and every unauthenticated caller is one
// principal. Reported: tasks created and the time to create them, tasks/get requests, rate, error rate,
// p50/p99 latency, and memory per task (the server's resident memory after the last nine tenths
// of the tasks were made minus before, over their number; the first tenth warms the code up).
// Then the same through three replicas on one Redis (the Redis task store), when redis-server is
// on PATH; both behind the tests' round-robin proxy.
import { join } from "node:path";
import { ensureBuilt } from "../examples/build.mjs";
import { readFileSync, rmSync } from "node:fs";
import { startProxy } from "../test/helpers/proxy.mjs";
import { percentile, startRedis, startReplica } from "./replicas.mjs";

const VERSION = "2026-07-28";
const ID = "io.modelcontextprotocol/tasks";
const meta = { "io.modelcontextprotocol/protocolVersion": VERSION, "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" }, "io.modelcontextprotocol/clientCapabilities": { extensions: { [ID]: {} } } };
const headers = (method, name) => ({ "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": VERSION, "mcp-method": method, "mcp-name": name });

/** Resident memory of a process now (Linux), in bytes. */
const rssBytes = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) * 1024;

async function post(url, id, method, name, params) {
  const response = await fetch(url, { method: "POST", headers: headers(method, name), body: JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } }) });
  return { status: response.status, body: await response.json() };
}

/** N tasks made `concurrency` at a time; their ids. */
async function createTasks(url, count, concurrency) {
  const ids = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { body } = await post(url, i, "tools/call", "slow_compute", { name: "slow_compute", arguments: { seconds: 600 } });
      if (body.result?.resultType !== "task") throw new Error(`tools/call did not make a task: ${JSON.stringify(body).slice(0, 300)}`);
      ids.push(body.result.taskId);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/** Virtual users polling tasks/get on `ids` round-robin for `ms`. */
async function poll(url, ids, { concurrency, ms }) {
  const latencies = [];
  let errors = 0;
  let turn = 0;
  const end = Date.now() + ms;
  const user = async () => {
    while (Date.now() < end) {
      const taskId = ids[turn++ % ids.length];
      const started = performance.now();
      try {
        const { status, body } = await post(url, turn, "tasks/get", taskId, { taskId });
        if (status !== 200 || body.result?.status !== "working") errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, user));
  return { latencies, errors };
}

/** One row: `replicas` processes (on one Redis when given) behind a round-robin proxy. */
async function scenario(main, { name, replicas, redis }, { tasks, seconds, concurrency, warmupMs }) {
  const env = redis ? { MCP_REDIS_URL: redis.url, MCP_REDIS_PREFIX: `bench-tasks-${replicas}-${Date.now()}:` } : {};
  const servers = await Promise.all(Array.from({ length: replicas }, () => startReplica(main, env)));
  const proxy = await startProxy(servers.map((s) => s.url));
  const rss = () => servers.reduce((sum, s) => sum + rssBytes(s.child.pid), 0);
  try {
    // A tenth of the tasks first, and the warm-up on them: the code paths are compiled before the memory is read.
    const first = await createTasks(proxy.url, Math.ceil(tasks / 10), concurrency);
    await poll(proxy.url, first, { concurrency, ms: warmupMs });
    const before = rss();
    const started = performance.now();
    const rest = await createTasks(proxy.url, tasks - first.length, concurrency);
    const createMs = performance.now() - started;
    const after = rss();
    const ids = [...first, ...rest];
    const { latencies, errors } = await poll(proxy.url, ids, { concurrency, ms: seconds * 1000 });
    const sorted = latencies.sort((a, b) => a - b);
    return { name, tasks: ids.length, createMs, requests: sorted.length, rate: sorted.length / seconds, errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99), perTaskBytes: (after - before) / rest.length };
  } finally {
    await proxy.close();
    for (const server of servers) server.child.kill("SIGKILL");
  }
}

export async function tasksBench({ tasks = 100, seconds = 8, concurrency = 16, warmupMs = 1500 } = {}) {
  const main = join(await ensureBuilt("everything"), "main.js");
  const options = { tasks, seconds, concurrency, warmupMs };
  const rows = [await scenario(main, { name: "1 process, memory task store", replicas: 1 }, options)];
  const redis = await startRedis();
  try {
    if (redis) rows.push(await scenario(main, { name: "3 replicas, one Redis", replicas: 3, redis }, options));
  } finally {
    if (redis) (redis.child.kill("SIGKILL"), rmSync(redis.dir, { recursive: true, force: true }));
  }
  return { rows, options, redis: Boolean(redis) };
}

export function tasksTable({ rows, options, redis }) {
  const lines = [
    `examples/everything over Streamable HTTP (${VERSION}) on loopback: ${options.tasks.toLocaleString("en-US")} live tasks (slow_compute, working) made ${options.concurrency} at a time, then ${options.concurrency} virtual users polling tasks/get on them round-robin for ${options.seconds} s after ${options.warmupMs / 1000} s of warm-up. Memory per task: a tenth of the tasks are made and polled first (warm-up), then the server's resident memory after making the other nine tenths minus before, over their number ("made in" is theirs; with replicas, the sum over the processes, Redis's own memory not counted). Requests go through a round-robin proxy (one replica: the same proxy).${redis ? "" : " **redis-server was not found: the Redis row is missing.**"}`,
    "",
    "| setup | live tasks | made in (s) | tasks/get requests | req/s | error rate | p50 ms | p99 ms | memory per task (KB) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const errorRate = r.requests ? `${((100 * r.errors) / r.requests).toFixed(2)} %` : "n/a";
    lines.push(`| ${r.name} | ${r.tasks.toLocaleString("en-US")} | ${(r.createMs / 1000).toFixed(1)} | ${r.requests.toLocaleString("en-US")} | ${Math.round(r.rate).toLocaleString("en-US")} | ${errorRate} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.perTaskBytes / 1024).toFixed(1)} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  console.log(tasksTable(await tasksBench({ tasks: number("BENCH_TASKS", 100), seconds: number("BENCH_TASKS_SECONDS", 8), concurrency: number("BENCH_TASKS_USERS", 16) })));
}
