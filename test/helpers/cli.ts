import { AsyncLocalStorage } from "node:async_hooks";
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { clearConfigCache } from "prettier";
import { main } from "../../src/cli.js";
import { REPO_ROOT } from "./spec.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI's `main()` in this process, as `bin/mcp-gen.js` does (same exit code, stdout and
 * stderr), without paying a node start and a ts-morph load per run. For tests about the process
 * itself (the bin script, signals, a closed pipe), use `runCliProcess`.
 *
 * Runs are serialised: `env` is applied to process.env for the run's duration, and prettier's
 * config cache is cleared first, as a new process would start without it.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const result = queue.then(() => runInProcess(args, env));
  queue = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** Runs the built CLI (bin/mcp-gen.js) as a user would, in a child process. */
export function runCliProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(REPO_ROOT, "bin/mcp-gen.js"), ...args], { env: { ...process.env, ...env }, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** Output of the in-process run that is current on this async path. */
const capture = new AsyncLocalStorage<{ stdout: string[]; stderr: string[] }>();
let patched = false;

/** Routes process.stdout/stderr writes made inside a run to that run's capture; others pass through. */
function patchStreams(): void {
  if (patched) return;
  patched = true;
  for (const [name, stream] of [["stdout", process.stdout], ["stderr", process.stderr]] as const) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const store = capture.getStore();
      if (!store) return write(chunk, ...rest);
      store[name].push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"));
      const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
  }
}

async function runInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  patchStreams();
  clearConfigCache();
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  setEnv(env);
  const output = { stdout: [] as string[], stderr: [] as string[] };
  try {
    const code = await capture.run(output, () => main(args));
    return { code, stdout: output.stdout.join(""), stderr: output.stderr.join("") };
  } finally {
    setEnv(saved);
  }
}

/** Assigning undefined to process.env would store the string "undefined": delete instead. */
function setEnv(values: NodeJS.ProcessEnv): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

/** Every file under `dir` with its bytes and mtime: to prove a folder was left untouched. */
export function snapshot(dir: string): Record<string, { bytes: string; mtimeMs: number }> {
  const result: Record<string, { bytes: string; mtimeMs: number }> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else result[relative(dir, path)] = { bytes: readFileSync(path).toString("base64"), mtimeMs: statSync(path).mtimeMs };
    }
  };
  walk(dir);
  return result;
}
