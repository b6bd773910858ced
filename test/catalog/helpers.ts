// What the catalog tests share: the servers they read (real ones nobody here wrote, and the SDK v2
// fixture), and `mcp-gen catalog` run in-process against them over stdio.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runCli, type CliResult } from "../helpers/cli.js";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";

export const EVERYTHING = join(createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json"), "../dist/index.js");
export const INCIDENTS = join(REPO_ROOT, "test/catalog/fixtures/incidents-server.mjs");
export const FAULTS = join(REPO_ROOT, "test/client/fixtures/fault-server.mjs");

/** A command line for --stdio (paths quoted). */
export const commandLine = (...words: string[]) => words.map((w) => JSON.stringify(w)).join(" ");

/** server-everything lists some tools only to clients that can sample, elicit and list roots. */
export const EVERYTHING_ARGS = ["--stdio", commandLine(process.execPath, EVERYTHING, "stdio"), "--capability", "sampling", "--capability", "elicitation", "--capability", "roots"];
export const INCIDENTS_ARGS = ["--stdio", commandLine(process.execPath, INCIDENTS)];

/**
 * `mcp-gen catalog … --out DIR --emit ts`, connecting with (and importing from) the suite's
 * protocol output: the tests read and type-check the stubs' sources (the default, .js + .d.ts, has
 * its own test in cli.test.ts).
 */
export function catalog(args: string[], out: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCli(["catalog", ...args, "--protocol", GENERATED_ROOT, "--out", out, "--emit", "ts", "--quiet"], env);
}

export type Module = Record<string, any>;

export function importTs(file: string): Promise<Module> {
  return import(pathToFileURL(file).href) as Promise<Module>;
}
