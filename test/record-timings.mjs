// Writes test/timings.json (each test file's duration in ms, slowest first) from the JSON report
// of the last `npm test` (test/tmp/vitest-report.json), for helpers/sequencer.ts. Record it from
// a quiet, complete run: the order matters, not the exact numbers.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const report = JSON.parse(readFileSync(`${root}test/tmp/vitest-report.json`, "utf8"));
const rows = report.testResults.map((file) => [relative(root, file.name).replace(/\\/g, "/"), Math.round(file.endTime - file.startTime)]);
rows.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
writeFileSync(`${root}test/timings.json`, `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`test/timings.json: ${rows.length} files, ${(rows.reduce((sum, [, ms]) => sum + ms, 0) / 1000).toFixed(0)} s in all`);
