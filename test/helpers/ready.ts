// The global setup's jobs that run on while the first test files start (the examples' build and
// the conformance runner's install: neither is needed by the in-process files that run first).
// Each job leaves a file in test/tmp/ready when it ends; a test file that needs one waits for it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./spec.js";

export type SetupJob = "examples" | "runner";

const READY_DIR = join(REPO_ROOT, "test/tmp/ready");

/** Forgets the previous run's jobs (the global setup's first step). */
export function clearReady(): void {
  rmSync(READY_DIR, { recursive: true, force: true });
  mkdirSync(READY_DIR, { recursive: true });
}

/** Records how `job` ended: `name` when it succeeded, `name.failed` with its error otherwise. */
export function recordJob(job: SetupJob, done: Promise<unknown>): Promise<void> {
  return done.then(
    () => writeFileSync(join(READY_DIR, job), ""),
    (error: unknown) => writeFileSync(join(READY_DIR, `${job}.failed`), error instanceof Error ? error.message : String(error)),
  );
}

/** Resolves once `job` succeeded; throws its error when it failed. */
export async function whenReady(job: SetupJob, timeoutMs = 600_000): Promise<void> {
  const done = join(READY_DIR, job);
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(done)) return;
    if (existsSync(`${done}.failed`)) throw new Error(`the global setup's ${job} job failed: ${readFileSync(`${done}.failed`, "utf8")}`);
    if (Date.now() > until) throw new Error(`the global setup's ${job} job did not end within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
