// How the transports' framing scales with the length of one message: a stdio line into the
// generated stdio server (serveStdio: framing, one JSON.parse, dispatch) and one SSE event into
// the client's SSE parser, each fed in 64 KiB chunks as a pipe or socket delivers them. Linear
// framing shows as a flat ms per MB. Yardsticks from the same process: JSON.parse of the same
// text alone (the floor), and eventsource-parser (the SSE parser of the official SDK's client).
// Each size runs in a fresh process (median of `runs`).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transpileFolder } from "../test/helpers/transpile.mjs";

const CHUNK = 64 * 1024;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A server stub: the transport's work is what is measured, so every request is answered at once. */
function stubServer() {
  return { createSession: () => ({ close() {} }), handle: async (value) => ({ jsonrpc: "2.0", id: value.id ?? null, result: {} }) };
}

function line(megabytes) {
  return `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", arguments: { blob: "x".repeat(megabytes * 1024 * 1024) } } })}\n`;
}

async function stdioOnce(runtime, megabytes) {
  const { serveStdio } = await import(pathToFileURL(join(runtime, "server", "stdio.js")).href);
  const bytes = Buffer.from(line(megabytes));
  const listeners = {};
  let answered;
  const done = new Promise((resolve) => (answered = resolve));
  const input = { on: (event, listener) => (listeners[event] = listener) };
  serveStdio(stubServer(), { input, output: { write: () => answered() } });
  const started = performance.now();
  for (let at = 0; at < bytes.length; at += CHUNK) listeners.data(bytes.subarray(at, at + CHUNK));
  await done;
  return performance.now() - started;
}

async function sseOnce(runtime, megabytes) {
  const { SseParser } = await import(pathToFileURL(join(runtime, "shared", "sse.js")).href);
  const text = `event: message\ndata: ${line(megabytes)}\n`;
  const parser = new SseParser();
  const started = performance.now();
  let events = 0;
  for (let at = 0; at < text.length; at += CHUNK) events += parser.push(text.slice(at, at + CHUNK)).length;
  if (events !== 1) throw new Error(`expected one event, got ${events}`);
  return performance.now() - started;
}

async function eventsourceOnce(megabytes) {
  const { createParser } = await import("eventsource-parser");
  const text = `event: message\ndata: ${line(megabytes)}\n`;
  let events = 0;
  const parser = createParser({ onEvent: () => events++ });
  const started = performance.now();
  for (let at = 0; at < text.length; at += CHUNK) parser.feed(text.slice(at, at + CHUNK));
  if (events !== 1) throw new Error(`expected one event, got ${events}`);
  return performance.now() - started;
}

function parseOnce(megabytes) {
  const text = line(megabytes);
  const started = performance.now();
  JSON.parse(text);
  return performance.now() - started;
}

const KINDS = {
  "stdio server (serveStdio)": (runtime, mb) => stdioOnce(runtime, mb),
  "JSON.parse of the line alone (floor)": (_runtime, mb) => parseOnce(mb),
  "SSE client parser (SseParser)": (runtime, mb) => sseOnce(runtime, mb),
  "eventsource-parser (the official SDK client's)": (_runtime, mb) => eventsourceOnce(mb),
};

export function linesBench({ root, sizes = [10, 20, 40], runs = 3 }) {
  const runtime = transpileFolder(join(root, "templates/runtime"), join(root, "bench", ".tmp-lines-js"));
  try {
    return Object.keys(KINDS).map((kind) => ({
      kind,
      cells: sizes.map((mb) => {
        const times = Array.from({ length: runs }, () => Number(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--worker", kind, runtime, String(mb)], { cwd: root, encoding: "utf8", maxBuffer: 1 << 20 })));
        return { mb, ms: median(times) };
      }),
    }));
  } finally {
    rmSync(join(root, "bench", ".tmp-lines-js"), { recursive: true, force: true });
  }
}

export function linesTable(rows, runs = 3) {
  const sizes = rows[0].cells.map((c) => c.mb);
  const lines = [
    `One message of 10, 20 and 40 MB fed in 64 KiB chunks; fresh process per measurement, median of ${runs}. Linear framing keeps ms per MB flat as the message grows.\n`,
    `| framing | ${sizes.map((mb) => `${mb} MB ms`).join(" | ")} | ${sizes.map((mb) => `ms/MB at ${mb}`).join(" | ")} |`,
    `|---|${sizes.map(() => "---:").join("|")}|${sizes.map(() => "---:").join("|")}|`,
  ];
  for (const row of rows) lines.push(`| ${row.kind} | ${row.cells.map((c) => c.ms.toFixed(0)).join(" | ")} | ${row.cells.map((c) => (c.ms / c.mb).toFixed(1)).join(" | ")} |`);
  return lines.join("\n");
}

if (process.argv[2] === "--worker") {
  const [, , , kind, runtime, mb] = process.argv;
  process.stdout.write(String(await KINDS[kind](runtime, Number(mb))));
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  console.log(linesTable(linesBench({ root })));
}
