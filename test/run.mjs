// Runs the vitest suite and, side by side with it, the repository's type checks
// (`tsc -p tsconfig.json --noEmit`: src, tests, bench, runtime templates; then the runtime
// templates alone under the strictest consumer settings, templates/runtime/tsconfig.json); ends with a plain
// "N passed, N failed" line (what CI logs read), a failed type check counting as one failure,
// and exits non-zero if either failed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const report = `${root}test/tmp/vitest-report.json`;
mkdirSync(`${root}test/tmp`, { recursive: true });
rmSync(report, { force: true });

/** Resolves with the exit code; `capture` keeps the output instead of passing it through. */
function run(args, capture) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", cwd: root });
    if (capture) {
      child.stdout.on("data", (chunk) => capture.push(chunk));
      child.stderr.on("data", (chunk) => capture.push(chunk));
    }
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const typecheckOutput = [];
const tsc = `${root}node_modules/typescript/bin/tsc`;
// Incremental: a re-run re-checks only what changed since the last one (test/tmp is not committed).
const checks = [
  ["tsconfig.json", "test/tmp/typecheck.tsbuildinfo"],
  ["templates/runtime/tsconfig.json", "test/tmp/typecheck-runtime.tsbuildinfo"],
];
async function typecheckAll() {
  for (const [project, buildInfo] of checks) {
    const status = await run([tsc, "-p", project, "--noEmit", "--incremental", "--tsBuildInfoFile", buildInfo, "--pretty", "false"], typecheckOutput);
    if (status !== 0) return { status, project };
  }
  return { status: 0, project: checks.map(([p]) => p).join(", ") };
}
const typecheck = typecheckAll();
const vitest = run([`${root}node_modules/vitest/vitest.mjs`, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)]);
const [vitestStatus, { status: typecheckStatus, project }] = [await vitest, await typecheck];

const typecheckText = Buffer.concat(typecheckOutput).toString("utf8");
if (typecheckStatus !== 0) console.log(`\ntsc -p ${project} --noEmit failed (exit ${typecheckStatus}):\n${typecheckText}`);
else console.log(`\ntsc --noEmit (${project}): no errors`);
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, "utf8"));
  // A file that fails to load fails no test: count it, so the line never says 0 failed on a failed run.
  const failed = numFailedTests + (vitestStatus !== 0 && numFailedTests === 0 ? 1 : 0) + (typecheckStatus === 0 ? 0 : 1);
  console.log(`\n${numPassedTests} passed, ${failed} failed${numPendingTests ? `, ${numPendingTests} skipped` : ""}`);
}
process.exit(vitestStatus || typecheckStatus);
