// tools/call round trips per second over stdio and Streamable HTTP: the generated 2026-07-28 client
// against the official SDK v2 client, against the same SDK v2 server (over HTTP one process that
// every client calls; over stdio, where each client needs processes of its own, three per client,
// its rounds rotating over them), measured side by side in one run (rounds interleaved, medians).
// Each round is `calls` sequential echo calls. Two more servers give rows of their own: mcp-gen's
// (HTTP), and a hand-written raw echo server (client-raw-server.mjs, stdio and HTTP: pre-serialised
// answers, a few microseconds a request), against which a round trip is mostly the client's own
// cost. The goal (1.5x) is counted on the SDK server's rows; the raw rows show how far the clients
// differ when the server's share is taken away. Every transport also times a
// minimal hand-written client (peers/minimal-client.mjs: no library, no validation), the floor of
// what a client costs there: the highest ratio to the SDK client that any client could show.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { minimalHttpClient, minimalStdioClient } from "./peers/minimal-client.mjs";

/** The floor row's client: bench/peers/minimal-client.mjs. */
const MINIMAL = "minimal hand-written client (no library, no validation: the floor)";

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

/**
 * An echo server over HTTP, its URL and how to stop it: the SDK v2 fixture, or mcp-gen's server of
 * the throughput bench (with a server that answers in a fraction of the SDK's time, the client's
 * own cost is most of a round trip).
 */
async function httpServer(root, kind, genDir) {
  const args =
    kind === "sdk" ? [join(root, "test/client/fixtures/sdk-v2-server.mjs"), "http"] : kind === "raw" ? [join(root, "bench/client-raw-server.mjs"), "http"] : [join(root, "bench/throughput/servers.mjs"), "mcp-gen", "stateless", genDir];
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "ignore"] });
  const port = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /(?:PORT|THROUGHPUT_READY) (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the SDK v2 HTTP server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill("SIGTERM") };
}

/**
 * Stdio server processes per client. A stdio client needs a server process of its own, and the
 * same client measured against two fresh processes of the same server differed by 5-10% (JIT and
 * scheduling), as much as the margin being measured: each client's rounds rotate over this many.
 */
const STDIO_SERVERS = 3;

const echo = (i) => ({ name: "echo", arguments: { text: `hi ${i}` } });

/** A connected client as the bench drives it. */
function driven(client) {
  return { call: (i) => client.callTool(echo(i)), close: () => client.close() };
}

/**
 * The three clients over one transport kind, against the SDK v2 server (or the server the kind
 * names): over HTTP all three against one server process (a round of each in turn), over stdio each
 * against STDIO_SERVERS processes of its own. Each variant's `instances` are its connections.
 */
async function clientsOver(kind, generated, root, stops, genDir) {
  const raw = kind.endsWith("raw echo server");
  const info = { name: "bench", version: "1.0.0" };
  const client = await import("@modelcontextprotocol/client");
  const sdkClient = () => new client.Client(info, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  let make;
  if (kind.startsWith("stdio")) {
    const server = { command: process.execPath, args: [join(root, raw ? "bench/client-raw-server.mjs" : "test/client/fixtures/sdk-v2-server.mjs"), "stdio"] };
    const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
    make = {
      ours: () => driven(generated.createClient(new generated.StdioTransport({ ...server, stderr: "ignore" }), { clientInfo: info })),
      sdk: async () => {
        const sdk = sdkClient();
        await sdk.connect(new StdioClientTransport({ ...server, stderr: "ignore" }));
        return driven(sdk);
      },
      minimal: () => driven(minimalStdioClient(server)),
    };
  } else {
    const { url, stop } = await httpServer(root, kind === "http" ? "sdk" : raw ? "raw" : "mcp-gen", genDir);
    stops.push(stop);
    make = {
      ours: () => driven(generated.createClient(new generated.StreamableHttpTransport(url), { clientInfo: info })),
      sdk: async () => {
        const sdk = sdkClient();
        await sdk.connect(new client.StreamableHTTPClientTransport(new URL(url)));
        return driven(sdk);
      },
      minimal: () => driven(minimalHttpClient(url)),
    };
  }
  const count = kind.startsWith("stdio") ? STDIO_SERVERS : 1;
  const instances = (create) => Promise.all(Array.from({ length: count }, () => create()));
  return [
    { transport: kind, name: "mcp-gen client (generated, 2026-07-28)", instances: await instances(make.ours) },
    { transport: kind, name: "@modelcontextprotocol/client 2.4.0", instances: await instances(make.sdk) },
    { transport: kind, name: MINIMAL, instances: await instances(make.minimal) },
  ];
}

export async function clientBench({ root, specRoot, rounds = 9, calls = 1000, warmup = 2000, transports = ["stdio", "http", "http, mcp-gen server", "stdio, raw echo server", "http, raw echo server"] }) {
  const js = join(root, "bench", ".tmp-js-client");
  const stops = [];
  try {
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", "2026-07-28", "--spec-root", specRoot, "--out", js]);
    const generated = await import(pathToFileURL(join(js, "index.js")).href);
    const rows = [];
    for (const kind of transports) {
      const variants = await clientsOver(kind, generated, root, stops, js);
      for (const v of variants) {
        for (const instance of v.instances) {
          const result = await instance.call(0);
          if (result.content[0].text !== "hi 0") throw new Error(`${v.name}: unexpected result ${JSON.stringify(result)}`);
          // Both the client and its server are fresh processes: with 200 calls of warm-up, the first
          // rounds still climbed (stdio: 2,020, 3,481, 4,682… calls/s for the same client), JIT tiers
          // being reached on either side; 2,000 calls reach the steady state first.
          await perSecond(warmup, instance.call);
        }
        v.samples = [];
      }
      for (let round = 0; round < rounds; round++) for (const v of variants) v.samples.push(await perSecond(calls, v.instances[round % v.instances.length].call));
      for (const v of variants) for (const instance of v.instances) await instance.close();
      rows.push(...variants.map((v) => ({ transport: v.transport, name: v.name, median: median(v.samples), min: Math.min(...v.samples), max: Math.max(...v.samples) })));
    }
    return rows;
  } finally {
    for (const stop of stops) stop();
    rmSync(js, { recursive: true, force: true });
  }
}

/** The markdown table bench/run.mjs prints: each client beside the SDK's on the same transport. */
export function clientTable(rows, { rounds = 9, calls = 1000, warmup = 2000 } = {}) {
  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  const sdkOn = (transport) => rows.find((r) => r.transport === transport && r.name.startsWith("@modelcontextprotocol")).median;
  return [
    `tools/call round trips against the SDK v2 server (over HTTP one server process that the three clients call in turn; over stdio ${STDIO_SERVERS} server processes per client, its rounds rotating over them; the transports that name a server: that server instead, the raw echo server being a hand-written one that answers from pre-serialised JSON, so that a round trip is mostly the client's own cost), median of ${rounds} rounds of ${calls} sequential calls (rounds interleaved, after ${warmup.toLocaleString("en-US")} calls of warm-up per connection). Goal: at least 1.5x the SDK client, on the SDK server's rows (stdio, http). The minimal hand-written client (bench/peers/minimal-client.mjs: JSON.stringify, write, read the answer, JSON.parse; no library, no validation, no timeouts) is the floor of a client's cost on each transport: its ratio is the most any client could show against that server.\n`,
    "| transport | client | median calls/s | min | max | vs SDK client |",
    "|---|---|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.transport} | ${r.name} | ${fmt(r.median)} | ${fmt(r.min)} | ${fmt(r.max)} | ${(r.median / sdkOn(r.transport)).toFixed(2)}x |`),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const specRoot = resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"));
    const rounds = Number(process.env.BENCH_CLIENT_ROUNDS ?? 9);
  console.log(clientTable(await clientBench({ root, specRoot, rounds }), { rounds }));
}
