// Cold import time of a generated module and peak RSS of the generator, each in fresh processes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Milliseconds to `import()` a module in a fresh process (node's own start-up excluded). */
const IMPORT_CHILD = `
const started = performance.now();
const module = await import(process.argv[1]);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, exports: Object.keys(module).length }));
`;

function importOnce(specifier, cwd) {
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", IMPORT_CHILD, specifier], { cwd, encoding: "utf8" }));
}

/**
 * Cold import of the generated 2026-07-28 module (the default output's JavaScript, as a consumer
 * ships it), of its validators alone, and of the official SDK's schemas for reference.
 */
export function importBench({ root, specRoot, revision, runs = 7 }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-import-"));
  const js = join(root, "bench", ".tmp-import");
  try {
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--spec-root", specRoot, "--revision", revision, "--out", js]);
    const targets = [
      { name: `mcp-gen ${revision}: index.js (types, schemas, validators, methods, errors)`, specifier: pathToFileURL(join(js, "index.js")).href },
      { name: `mcp-gen ${revision}: schemas.js (Zod schemas only)`, specifier: pathToFileURL(join(js, "schemas.js")).href },
      { name: "@modelcontextprotocol/core 2.x (reference)", specifier: "@modelcontextprotocol/core" },
      { name: "zod (reference: the floor of any Zod-based module)", specifier: "zod" },
    ];
    const samples = new Map(targets.map((t) => [t.name, []]));
    for (let i = 0; i < runs; i++) for (const t of targets) samples.get(t.name).push(importOnce(t.specifier, root));
    return targets.map((t) => {
      const results = samples.get(t.name);
      const ms = results.map((r) => r.ms);
      return { name: t.name, exports: results[0].exports, median: median(ms), min: Math.min(...ms), max: Math.max(...ms) };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(js, { recursive: true, force: true });
  }
}

export function renderImport(rows, runs) {
  const lines = [`Fresh process per import, ${runs} runs each (interleaved), time of \`await import()\` alone (node's start-up excluded).`, "", "| module | exports | median ms | min ms | max ms |", "|---|---:|---:|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.name} | ${r.exports} | ${r.median.toFixed(1)} | ${r.min.toFixed(1)} | ${r.max.toFixed(1)} |`);
  return lines.join("\n");
}

/** Runs the generator in-process and reports the process's peak resident set size. */
const RSS_CHILD = `
const [cliUrl, ...args] = process.argv.slice(1);
const { main } = await import(cliUrl);
const code = await main(args);
process.stdout.write(JSON.stringify({ code, maxRssKb: process.resourceUsage().maxRSS }));
`;

/** Peak RSS of `mcp-gen generate` for one revision and for every revision of the mirror. */
export function rssBench({ root, specRoot, revision, revisions, runs = 3 }) {
  const cliUrl = pathToFileURL(join(root, "dist/cli.js")).href;
  const scenarios = [
    { name: `one revision (${revision})`, revisions: [revision] },
    { name: `every revision of the mirror (${revisions.length})`, revisions },
  ];
  return scenarios.map((scenario) => {
    const rss = [];
    for (let i = 0; i < runs; i++) {
      const work = mkdtempSync(join(tmpdir(), "mcp-gen-rss-"));
      try {
        const args = ["generate", "--quiet", "--spec-root", specRoot, "--out", join(work, "out"), ...scenario.revisions.flatMap((r) => ["--revision", r])];
        const result = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", RSS_CHILD, cliUrl, ...args], { cwd: root, encoding: "utf8" }));
        if (result.code !== 0) throw new Error(`generation failed (${result.code})`);
        rss.push(result.maxRssKb / 1024);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    return { name: scenario.name, median: median(rss), min: Math.min(...rss), max: Math.max(...rss) };
  });
}

export function renderRss(rows, runs) {
  const lines = [`\`process.resourceUsage().maxRSS\` of a fresh node process that runs the generator (\`main()\` of dist/cli.js), ${runs} runs each.`, "", "| generation | median MB | min MB | max MB |", "|---|---:|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)} | ${r.max.toFixed(0)} |`);
  return lines.join("\n");
}
