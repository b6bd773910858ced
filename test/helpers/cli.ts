import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "./spec.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (bin/mcp-gen.js) as a user would, in a child process. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(REPO_ROOT, "bin/mcp-gen.js"), ...args], { env: { ...process.env, ...env }, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
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
