import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "./spec.js";

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The state secret examples are started with over HTTP (they refuse to start without one). */
export const TEST_STATE_SECRET = "the test suite's state secret, 32 bytes or more";

export const exampleMain = (name: string) => join(REPO_ROOT, "examples/dist", name, "main.js");

/** Starts an example over Streamable HTTP and waits until it listens; stop() kills it. */
export async function startHttpExample(name: string, env: NodeJS.ProcessEnv = {}): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [exampleMain(name), "--port", String(port)], { env: { MCP_STATE_SECRET: TEST_STATE_SECRET, ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes("listening on")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`${name} exited with ${code}: ${stderr}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  };
  return { url: `http://127.0.0.1:${port}/mcp`, child, stop };
}
