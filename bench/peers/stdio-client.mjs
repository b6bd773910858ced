// A minimal stdio client for the cold-start benchmark: spawns `node <file>`, sends the opening a
// real client sends, one step at a time (the next step goes once the previous request is
// answered), and stops at the tools/list answer. No SDK client: its own start-up and
// negotiation would be timed with the server's.
import { spawn } from "node:child_process";
import { isDeepStrictEqual } from "node:util";

const CLIENT_INFO = { name: "mcp-gen-bench", version: "1.0.0" };
/** The 2026-07-28 per-request fields (basic/index.mdx: protocolVersion and clientCapabilities required). */
export const envelopeMeta = (clientInfo) => ({ "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": clientInfo });
const META = envelopeMeta(CLIENT_INFO);
const request = (id, method, params) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });

/** Each opening: steps of messages; each step ends with the request whose answer releases the next. */
export const OPENINGS = {
  // What the SDK v2 client does (versionNegotiation pin/auto) and what the stdio binding recommends
  // for a modern client: probe with server/discover, then ask.
  "2026-07-28: server/discover, tools/list": [[request(1, "server/discover", { _meta: META })], [request(2, "tools/list", { _meta: META })]],
  // A modern client that already knows the server's era (cached, as the spec allows): one request.
  "2026-07-28: tools/list": [[request(1, "tools/list", { _meta: META })]],
  // The 2025-11-25 handshake, which both servers serve (dual-era).
  "2025-11-25: initialize, initialized, tools/list": [
    [request(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: CLIENT_INFO })],
    [{ jsonrpc: "2.0", method: "notifications/initialized" }, request(2, "tools/list")],
  ],
};

/** Calls `onLine` with each non-empty line of a stream. */
function onLines(stream, onLine) {
  let pending = "";
  stream.on("data", (chunk) => {
    pending += chunk;
    for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line.trim()) onLine(line);
    }
  });
}

/**
 * A module to preload (`node --import`) into a server to learn its CPU time: on the SIGTERM that
 * ends each run, it writes user + system CPU ms since the process started to stderr. Wall time on
 * a busy machine mostly measures the machine; CPU time much less so.
 */
export const CPU_REPORT = `import { writeSync } from "node:fs";
process.once("SIGTERM", () => {
  const { user, system } = process.cpuUsage();
  writeSync(2, "\\nbench-cpu-ms " + (user + system) / 1000 + "\\n");
  process.exit(0);
});
`;

/**
 * Milliseconds from just before spawn to the line answering the last step (with `steps` empty:
 * to the first line of output), that answer's result, and with `nodeArgs` preloading CPU_REPORT
 * the server's CPU ms (`cpuMs`). Resolves once the child has exited, so runs never overlap.
 */
export function timeToAnswer(file, steps, { timeoutMs = 30_000, nodeArgs = [] } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, file], { stdio: ["pipe", "pipe", "pipe"] });
    let step = 0;
    let stderr = "";
    let outcome;
    const settle = (value) => {
      if (outcome) return;
      outcome = value;
      clearTimeout(timer);
      child.kill();
    };
    const timer = setTimeout(() => settle({ error: new Error(`${file}: no answer within ${timeoutMs} ms`) }), timeoutMs);
    const send = () => child.stdin.write(steps[step].map((m) => `${JSON.stringify(m)}\n`).join(""));
    const onLine = (line) => {
      if (steps.length === 0) return settle({ ms: performance.now() - started });
      const message = JSON.parse(line);
      const awaited = steps[step].at(-1).id;
      if (message.id !== awaited || "method" in message) return; // notifications, requests of the server
      if (message.error) return settle({ error: new Error(`${file}: ${steps[step].at(-1).method} failed: ${JSON.stringify(message.error)}`) });
      if (++step < steps.length) return send();
      settle({ ms: performance.now() - started, result: message.result });
    };
    onLines(child.stdout, (line) => {
      if (outcome) return;
      try {
        onLine(line);
      } catch (error) {
        settle({ error: new Error(`${file}: unreadable answer ${line.slice(0, 200)}: ${error.message}`) });
      }
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdin.on("error", () => undefined); // EPIPE when the child exits first: reported below
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const result = outcome ?? { error: new Error(`${file} exited (${code ?? signal}) before answering`) };
      if (result.error) reject(Object.assign(result.error, { message: `${result.error.message}\nstderr: ${stderr.slice(-2000)}` }));
      else resolve({ ...result, cpuMs: Number(/bench-cpu-ms ([\d.]+)/.exec(stderr)?.[1] ?? NaN) });
    });
    if (steps.length) send();
  });
}

/** The tools of a tools/list result, without `$schema` (the SDK names the dialect; mcp-gen leaves the 2020-12 default implicit). */
function comparable(tools) {
  const strip = (value) =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([k]) => k !== "$schema")
              .map(([k, v]) => [k, strip(v)]),
          )
        : value;
  return strip([...tools].sort((a, b) => a.name.localeCompare(b.name)));
}

/**
 * Fails loudly unless every server answers tools/list, for every opening, with the declared tool
 * names, and all list the same tools (names, descriptions, input and output schemas).
 */
export async function checkSameTools(files, expectedNames) {
  let reference;
  for (const [opening, steps] of Object.entries(OPENINGS)) {
    for (const file of files) {
      const { result } = await timeToAnswer(file, steps);
      const names = (result?.tools ?? []).map((t) => t.name).sort();
      if (!isDeepStrictEqual(names, expectedNames)) throw new Error(`${file} (${opening}) lists tools ${JSON.stringify(names)}, expected ${JSON.stringify(expectedNames)}`);
      const tools = comparable(result.tools);
      reference ??= { file, tools };
      if (!isDeepStrictEqual(tools, reference.tools)) throw new Error(`${file} (${opening}) lists other tools than ${reference.file}:\n${JSON.stringify(tools)}\n${JSON.stringify(reference.tools)}`);
    }
  }
}
