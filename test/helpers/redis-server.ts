// redis-server processes for the tests (no vitest import: the global setup uses this too).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./processes.js";

export const HOW = "install redis-server (Debian: apt-get install -y redis-server), or set MCP_TEST_REDIS_URL to a Redis, or set MCP_TEST_NO_REDIS=1 to skip these tests on purpose";

/** The binary the tests start (MCP_TEST_REDIS_SERVER, else redis-server on PATH). */
export const REDIS_SERVER: string = process.env["MCP_TEST_REDIS_SERVER"] ?? "redis-server";

/** Resolves once a Redis answers PING on the port. */
async function answers(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("error", () => resolve(false));
      socket.once("connect", () => socket.write("PING\r\n"));
      socket.once("data", (data) => (socket.destroy(), resolve(data.toString().startsWith("+PONG"))));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface RedisProcess {
  url: string;
  port: number;
  /** Kills the server (its data is gone: it keeps nothing on disk). */
  stop(): Promise<void>;
  /** A new server on the same port. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  dispose(): Promise<void>;
}

/** Starts a redis-server of its own on a random loopback port, keeping nothing on disk. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-redis-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    const spawned = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
    child = spawned;
    const failed = new Promise<never>((_, reject) => spawned.once("error", (error) => reject(new Error(`cannot start ${REDIS_SERVER} (${error.message}): ${HOW}`))));
    await Promise.race([answers(port, Date.now() + 10_000), failed]);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
