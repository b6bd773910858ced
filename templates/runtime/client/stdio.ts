// The stdio transport of a client: spawns the server, frames JSON-RPC as lines on its stdin and
// stdout, passes stderr through, reports stdout lines that are not JSON-RPC, and on exit rejects
// what is pending with the exit code. Node's child_process is loaded when the transport starts,
// so importing this module needs no Node types and works in any runtime.
import { ClientError } from "./errors.js";
import type { JsonRpcMessage } from "../shared/jsonrpc.js";
import { NdjsonDecoder, encodeNdjson } from "../shared/ndjson.js";
import type { Transport } from "../shared/transport.js";

/** The parts of a Node ChildProcess this transport uses. */
export interface ChildProcessLike {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: string | null;
  readonly stdin: { write(chunk: string, callback: (error?: Error | null) => void): boolean; end(): void; on(event: "error", listener: (error: Error) => void): unknown } | null;
  readonly stdout: { on(event: "data", listener: (chunk: Uint8Array) => void): unknown; on(event: "end", listener: () => void): unknown } | null;
  kill(signal?: string): boolean;
  once(event: "exit" | "close", listener: (code: number | null, signal: string | null) => void): unknown;
  once(event: "error", listener: (error: Error) => void): unknown;
  once(event: "spawn", listener: () => void): unknown;
}

export type SpawnFunction = (command: string, args: readonly string[], options: { stdio: [string, string, string]; env?: { [key: string]: string | undefined } | undefined; cwd?: string | undefined; windowsHide: boolean }) => ChildProcessLike;

export interface StdioTransportOptions {
  command: string;
  args?: readonly string[] | undefined;
  /** The child's environment (default: the parent's). */
  env?: { [key: string]: string | undefined } | undefined;
  cwd?: string | undefined;
  /** The child's stderr: passed through to ours (default), or ignored. */
  stderr?: "inherit" | "ignore" | undefined;
  /** A stdout line that is not a JSON-RPC message (it is skipped). Default: a line on stderr. */
  onProtocolNoise?: ((line: string, reason: string) => void) | undefined;
  /** How long `close()` waits for the server to exit after closing its stdin, then after SIGTERM. */
  shutdownGraceMs?: number | undefined;
  /** Spawns the process (default: node:child_process `spawn`). */
  spawn?: SpawnFunction | undefined;
}

/** The server process exited: `detail` holds `exitCode` and `signal`. */
export class ProcessExitedError extends ClientError {
  constructor(command: string, exitCode: number | null, signal: string | null) {
    super("closed", `the server process (${command}) exited ${signal ? `on signal ${signal}` : `with code ${exitCode}`}`, { detail: { exitCode, signal } });
    this.name = "ProcessExitedError";
  }
}

async function nodeSpawn(): Promise<SpawnFunction> {
  const specifier = "node:child_process";
  const module = (await import(/* @vite-ignore */ specifier)) as { spawn: SpawnFunction };
  return module.spawn;
}

export class StdioTransport implements Transport {
  onclose?(): void;
  onerror?(error: Error): void;
  onmessage?(message: JsonRpcMessage): void;
  /** Reported stdout noise (settable after construction too). */
  onProtocolNoise: (line: string, reason: string) => void;
  /** Why the transport closed (the exit of the process, …), set before `onclose`. */
  closeReason: Error | undefined;
  private readonly options: StdioTransportOptions;
  private child: ChildProcessLike | undefined;
  private exited: Promise<void> | undefined;
  private closing = false;

  constructor(options: StdioTransportOptions) {
    this.options = options;
    this.onProtocolNoise = options.onProtocolNoise ?? ((line, reason) => console.error(`[mcp stdio] skipped a stdout line (${reason}): ${line.slice(0, 200)}`));
  }

  /** The server's process id, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error("StdioTransport.start() was already called");
    const spawn = this.options.spawn ?? (await nodeSpawn());
    const child = spawn(this.options.command, this.options.args ?? [], { stdio: ["pipe", "pipe", this.options.stderr ?? "inherit"], env: this.options.env, cwd: this.options.cwd, windowsHide: true });
    this.child = child;
    const decoder = new NdjsonDecoder();
    child.stdout?.on("data", (chunk) => this.deliver(decoder.push(chunk)));
    child.stdout?.on("end", () => this.deliver(decoder.end()));
    child.stdin?.on("error", (error) => this.onerror?.(error));
    let ended!: () => void;
    this.exited = new Promise((resolve) => (ended = resolve));
    const end = (reason: Error) => {
      if (this.closeReason) return;
      this.closeReason = reason;
      ended();
      this.onclose?.();
    };
    // "close" comes once stdout is drained (so no response is lost); a grandchild holding the pipe
    // open could delay it forever, so "exit" ends the transport a little later regardless.
    const exitedWith = (code: number | null, signal: string | null) => end(new ProcessExitedError(this.options.command, code, signal));
    child.once("close", exitedWith);
    child.once("exit", (code, signal) => void setTimeout(() => exitedWith(code, signal), 250));
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error) => {
        // Before "spawn" this is a failure to start (no "exit" follows); later, a failed kill or write.
        if (child.pid !== undefined && child.exitCode === null) return this.onerror?.(error);
        const failure = new ClientError("closed", `could not start ${this.options.command}: ${error.message}`, { cause: error });
        reject(failure);
        end(failure);
      });
    });
  }

  send(message: JsonRpcMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.child?.exitCode !== null || this.child.signalCode !== null || this.closing) {
      return Promise.reject(this.closeReason ?? new ClientError("closed", "the stdio transport is not running"));
    }
    return new Promise((resolve, reject) => {
      stdin.write(encodeNdjson(message), (error) => (error ? reject(new ClientError("transport", `could not write to the server: ${error.message}`, { cause: error })) : resolve()));
    });
  }

  /** Closes stdin, waits for the exit, then SIGTERM, then SIGKILL: no process is left behind. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || !this.exited) return;
    this.closing = true;
    const grace = this.options.shutdownGraceMs ?? 2000;
    const exited = this.exited;
    const exitedWithin = (ms: number) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        void exited.then(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end();
      if (!(await exitedWithin(grace))) {
        child.kill("SIGTERM");
        if (!(await exitedWithin(grace))) child.kill("SIGKILL");
      }
    }
    await exited;
  }

  private deliver(items: ReturnType<NdjsonDecoder["push"]>): void {
    for (const item of items) {
      if (item.kind === "message") this.onmessage?.(item.message);
      else this.onProtocolNoise(item.line, item.reason);
    }
  }
}
