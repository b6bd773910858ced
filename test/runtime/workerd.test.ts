import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../helpers/processes.js";
import { REPO_ROOT } from "../helpers/spec.js";
import { runtimeBinary } from "../../examples/runtimes.mjs";
import { bundleWorker, workerdConfig } from "../../examples/worker-bundle.mjs";

/**
 * The toFetchHandler path of the generated server as a Cloudflare module worker: bundled by
 * esbuild from the generated JavaScript, it imports no `node:` module, and loads and answers
 * under workerd without nodejs_compat (the generated client, from Node, calls its tool).
 */
const DIR = join(REPO_ROOT, "test/tmp/workerd");
const GEN = join(REPO_ROOT, "examples/dist/gen");
const ENTRY = `import { createServer, tool, toFetchHandler } from ${JSON.stringify(join(GEN, "server.js"))};
let handler; // made in the first request: Workers allow no timers or random values at import
export default {
  fetch(request) {
    handler ??= toFetchHandler(createServer({ serverInfo: { name: "on-workerd", version: "1.0.0" }, tools: [tool("where", { description: "Says where it runs" }, () => navigator.userAgent)] }), { path: "/mcp" });
    return handler(request);
  },
};
`;

/**
 * What the test uses of examples/dist/gen/index.js, written here: that folder is built by the
 * global setup, while the type check runs beside vitest and must not depend on it.
 */
interface GeneratedClient {
  connect(transport: () => unknown, options: { clientInfo: { name: string; version: string } }): Promise<{
    revision: string;
    callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ content: unknown }>;
    close(): Promise<void>;
  }>;
  StreamableHttpTransport: new (url: string) => unknown;
}

let stop: (() => Promise<void>) | undefined;
afterAll(async () => stop?.());

it("bundles with no node: import and serves the generated client under workerd", async () => {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, "entry.mjs"), ENTRY);
  const imports = await bundleWorker(join(DIR, "entry.mjs"), join(DIR, "worker.js"));
  expect(imports.filter((path) => path.startsWith("node:"))).toEqual([]);
  const port = await freePort();
  writeFileSync(join(DIR, "config.capnp"), workerdConfig("worker.js", port));
  const child = spawn(runtimeBinary("workerd"), ["serve", join(DIR, "config.capnp")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stop = async () => void (child.exitCode === null && child.kill("SIGKILL"), await exited);
  const { connect, StreamableHttpTransport } = (await import(join(GEN, "index.js"))) as GeneratedClient;
  const url = `http://127.0.0.1:${port}/mcp`;
  for (let i = 0; i < 200 && !(await fetch(url, { method: "POST" }).then(() => true, () => false)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const client = await connect(() => new StreamableHttpTransport(url), { clientInfo: { name: "workerd-test", version: "1.0.0" } });
  expect(client.revision).toBe("2026-07-28");
  const result = await client.callTool({ name: "where", arguments: {} });
  expect(result.content, stderr).toEqual([{ type: "text", text: "Cloudflare-Workers" }]);
  await client.close();
});
