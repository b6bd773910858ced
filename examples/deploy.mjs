// `node examples/deploy.mjs <target> [--port P]`: examples/everything served on a runtime or
// framework (examples/deploy/<target>.ts), with MCP_STATE_SECRET from the environment.
//   deno, bun: a Deno or Bun process on the compiled entry (binaries: examples/runtimes.mjs);
//   workerd:   the entry bundled by esbuild into one module worker (no `node:` import allowed),
//              served by workerd with a config written beside the bundle;
//   express, hono, fastify: the entry in this Node process.
// "MCP server listening on …" goes to stderr once the port answers. SIGINT/SIGTERM stop the child.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt } from "./build.mjs";
import { runtimeBinary } from "./runtimes.mjs";
import { bundleWorker, workerdConfig } from "./worker-bundle.mjs";

const TARGETS = ["deno", "bun", "workerd", "express", "hono", "fastify"];
const [target, ...rest] = process.argv.slice(2);
if (!TARGETS.includes(target)) {
  console.error(`usage: node examples/deploy.mjs <${TARGETS.join("|")}> [--port P]`);
  process.exit(2);
}
const args = rest[0] === "--" ? rest.slice(1) : rest;
const at = args.indexOf("--port");
const port = at < 0 ? 3000 : Number(args[at + 1]);
if (!process.env.MCP_STATE_SECRET) {
  console.error("MCP_STATE_SECRET is required over HTTP (32 bytes or more, the same for every process of this server).");
  process.exit(2);
}
const dist = join(await ensureBuilt("deploy"), "..");
const entry = join(dist, "deploy", `${target}.js`);

/** The Durable Object that holds the server, and the secret from the environment (not written to disk). */
const WORKERD_EXTRA = `
  bindings = [
    (name = "MCP_STATE_SECRET", fromEnvironment = "MCP_STATE_SECRET"),
    (name = "MCP", durableObjectNamespace = "McpObject"),
  ],
  durableObjectNamespaces = [(className = "McpObject", uniqueKey = "mcp-gen-everything")],
  durableObjectStorage = (inMemory = void),`;

async function command() {
  if (target === "deno") return [runtimeBinary("deno"), ["run", "--quiet", "--no-prompt", "--allow-net", "--allow-env", "--allow-read", entry, "--port", String(port)]];
  if (target === "bun") return [runtimeBinary("bun"), [entry, "--port", String(port)]];
  const out = join(dist, "..", "dist-workerd");
  mkdirSync(out, { recursive: true });
  // One bundle and config per port: two started at once do not write over each other.
  await bundleWorker(entry, join(out, `worker-${port}.js`));
  writeFileSync(join(out, `config-${port}.capnp`), workerdConfig(`worker-${port}.js`, port, WORKERD_EXTRA));
  return [runtimeBinary("workerd"), ["serve", join(out, `config-${port}.capnp`)]];
}

/** Resolves once something accepts connections on the port. */
async function listening() {
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

if (["express", "hono", "fastify"].includes(target)) {
  process.argv = [process.argv[0], entry, "--port", String(port)];
  await import(pathToFileURL(entry).href);
} else {
  const [binary, argv] = await command();
  const child = spawn(binary, argv, { stdio: ["ignore", "inherit", "pipe"] });
  let said = false;
  child.stderr.on("data", (chunk) => {
    said ||= chunk.toString().includes("listening on");
    process.stderr.write(chunk);
  });
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // workerd drains open connections before it exits (a client's idle keep-alive, a GET stream):
  // after a second of that, it is killed.
  const stop = (name) => {
    child.kill(name);
    setTimeout(() => child.kill("SIGKILL"), 1000).unref();
  };
  for (const name of ["SIGINT", "SIGTERM"]) process.on(name, () => stop(name));
  if (target === "workerd") {
    await listening();
    if (!said) console.error(`MCP server listening on http://127.0.0.1:${port}/mcp (workerd)`);
  }
}
