// Runs the vitest suite and ends with a plain "N passed, N failed" line (what CI logs read),
// exiting with vitest's own code.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const report = `${root}test/tmp/vitest-report.json`;
mkdirSync(`${root}test/tmp`, { recursive: true });
rmSync(report, { force: true });
const vitest = `${root}node_modules/vitest/vitest.mjs`;
const args = [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)];
const { status } = spawnSync(process.execPath, args, { stdio: "inherit", cwd: root });
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\n${numPassedTests} passed, ${numFailedTests} failed${numPendingTests ? `, ${numPendingTests} skipped` : ""}`);
}
process.exit(status ?? 1);
