import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { main } from "../../src/cli.js";
import { ensureRunner } from "./conformance-runner.js";
import { GENERATED_JS_ROOT, GENERATED_ROOT, REPO_ROOT, REVISIONS, SPEC_ROOT } from "./spec.js";
import { startRedis, type RedisProcess } from "./redis-server.js";
import { clearReady, recordJob } from "./ready.js";

/**
 * Generates every revision of the mirror once for the whole run, as TypeScript sources and in
 * the default output (JavaScript with declarations), builds the examples, and starts the run's
 * shared Redis when none was given (MCP_TEST_REDIS_URL, as .ci/run does) and redis-server is
 * there; without one the tests that need it fail and say why (see redis.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // vitest.config.ts has two projects (shared and isolated workers), each running this setup: the
  // work is done once per run (both calls are in vitest's main process) and provided to both.
  const shared = globalThis as { mcpGenSetup?: Promise<string | undefined> };
  const first = shared.mcpGenSetup === undefined;
  let dispose = async (): Promise<void> => undefined;
  shared.mcpGenSetup ??= prepare().then(({ redisUrl, stop }) => ((dispose = stop), redisUrl));
  project.provide("redisUrl", await shared.mcpGenSetup);
  return async () => (first ? dispose() : undefined);
}

async function prepare(): Promise<{ redisUrl: string | undefined; stop: () => Promise<void> }> {
  if (REVISIONS.length === 0) throw new Error(`no spec mirror at ${SPEC_ROOT}: set MCP_SPEC_ROOT`);
  rmSync(join(REPO_ROOT, "test/tmp/scratch"), { recursive: true, force: true });
  // Three jobs: the generation here (in this process), the runner's install (mostly network, at
  // once) and the examples' build (a child process: mcp-gen and tsc), once the generation is done
  // (on two cores it slowed the generation by more than it took itself). Only the generation is
  // awaited: the first files (in-process) need nothing else, and the others wait for the job
  // they need (ready.ts).
  clearReady();
  const runner = recordJob("runner", ensureRunner()); // once here: test files running in parallel must not each run npm ci
  const generation = generate();
  const examples = recordJob("examples", generation.then(buildExamples));
  await generation;
  let redis: RedisProcess | undefined;
  if (!process.env["MCP_TEST_REDIS_URL"] && process.env["MCP_TEST_NO_REDIS"] !== "1") {
    redis = await startRedis().catch((error: Error) => (console.error(`global setup: ${error.message}`), undefined));
  }
  // The jobs are awaited before the run ends: vitest's process must not exit in the middle of one.
  const stop = async () => void (await Promise.all([runner, examples, redis?.dispose()]));
  return { redisUrl: process.env["MCP_TEST_REDIS_URL"] || redis?.url, stop };
}

/**
 * Every revision of the mirror, as TypeScript sources and in the default output (JavaScript with
 * declarations). The two run side by side, the sources in a child process (prettier makes them the
 * longer job, about five times the other): nothing else runs yet, and one generation is one core.
 */
async function generate(): Promise<void> {
  const args = (out: string, emit: string) => ["generate", "--quiet", "--emit", emit, "--spec-root", SPEC_ROOT, "--out", out, ...REVISIONS.flatMap((revision) => ["--revision", revision])];
  for (const out of [GENERATED_ROOT, GENERATED_JS_ROOT]) rmSync(out, { recursive: true, force: true });
  const sources = promisify(execFile)(process.execPath, [join(REPO_ROOT, "bin/mcp-gen.js"), ...args(GENERATED_ROOT, "ts")]).catch((error: Error & { stderr?: string }) => {
    throw new Error(`generation (--emit ts) failed: ${error.stderr || error.message}`);
  });
  const [, code] = await Promise.all([sources, main(args(GENERATED_JS_ROOT, "js"))]);
  if (code !== 0) throw new Error(`generation (--emit js) failed with exit code ${code}`);
}

async function buildExamples(): Promise<void> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(REPO_ROOT, "examples/build.mjs")], { env: { ...process.env, MCP_SPEC_ROOT: SPEC_ROOT } });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}
