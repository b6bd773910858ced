// Validation throughput, side by side in one run: per typed corpus, every validator in fresh
// processes (at least 3 per validator, interleaved), each beside Ajv in alternating rounds; the
// median of the processes' medians, and ratios to Ajv from the paired rounds.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generatedCorpus, issueCorpus } from "./corpus.mjs";

/** The variants measured in processes of their own, each beside Ajv (the yardstick). */
export const VARIANTS = ["fast", "zod", "zod-compiled", "sdk"];
export const VARIANT_NAMES = {
  fast: "mcp-gen fast path (`isX`)",
  zod: "mcp-gen Zod (`XSchema.safeParse`)",
  "zod-compiled": 'mcp-gen Zod + `import "zod/compile"`',
  sdk: "official SDK v2 Zod (@modelcontextprotocol/core 2.x)",
  ajv: "Ajv 8 on schema.json",
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A row: the median and spread of the processes' rates, and the median of their ratios to Ajv. */
function rowOf(variant, results, rateOf, ratioOf) {
  const rates = results.map(rateOf).filter((r) => r !== null);
  const ratios = results.map(ratioOf).filter((r) => r !== null);
  const { covered, total, accepted } = variant === "ajv" ? { ...results[0].ajv, total: results[0].total } : results[0];
  const stats = rates.length ? { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) } : { median: null, min: null, max: null };
  return { variant, covered, total, accepted, ...stats, vsAjv: ratios.length ? median(ratios) : null, processes: results.length };
}

/**
 * Every variant on one corpus: `processes` fresh processes each, in rotating order, each beside
 * Ajv. Ajv's row gathers the Ajv rounds of every process.
 */
function measureCorpus({ work, root, moduleUrl, schemaJson, corpus, processes, rounds, roundMs }) {
  const corpusFile = join(work, `corpus-${corpus.label.replace(/\W+/g, "-")}.json`);
  writeFileSync(corpusFile, JSON.stringify(corpus.messages));
  const worker = fileURLToPath(new URL("validate-worker.mjs", import.meta.url));
  const runs = new Map(VARIANTS.map((v) => [v, []]));
  for (let p = 0; p < processes; p++) {
    const order = [...VARIANTS.slice(p % VARIANTS.length), ...VARIANTS.slice(0, p % VARIANTS.length)];
    for (const variant of order) {
      const out = execFileSync(process.execPath, [worker, variant, moduleUrl, corpusFile, schemaJson, String(rounds), String(roundMs)], { cwd: root, encoding: "utf8" });
      runs.get(variant).push(JSON.parse(out));
    }
  }
  const rows = VARIANTS.map((variant) => rowOf(variant, runs.get(variant), (r) => r.median, (r) => r.ratio));
  const everyProcess = [...runs.values()].flat().filter((r) => r.ajv.median !== undefined);
  rows.push(rowOf("ajv", everyProcess, (r) => r.ajv.median, () => 1));
  return rows;
}

/** The fast path's goal against Ajv (issue 33, item 6): below it, a corpus gets a per-type table. */
const FAST_GOAL = 2;

/** Per message type of a corpus, the fast path's and Ajv's ns per message (validate-types-worker.mjs). */
function timeTypes({ work, root, moduleUrl, schemaJson, corpus }) {
  const corpusFile = join(work, `types-${corpus.label.replace(/\W+/g, "-")}.json`);
  writeFileSync(corpusFile, JSON.stringify(corpus.messages));
  const worker = fileURLToPath(new URL("validate-types-worker.mjs", import.meta.url));
  return JSON.parse(execFileSync(process.execPath, [worker, moduleUrl, corpusFile, schemaJson], { cwd: root, encoding: "utf8" }));
}

/**
 * The issue's corpus (2026-07-28 examples) and a generated typed corpus per revision, every
 * validator on each. Returns one table per corpus.
 */
export async function validationBench({ root, specRoot, revisions, processes = 3, rounds = 5, roundMs = 250, perType = 8, progress = () => {} }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-vbench-"));
  const js = join(root, "bench", ".tmp-js");
  try {
    // The default output (JavaScript with declarations), inside the repository so that zod resolves.
    const args = [join(root, "bin/mcp-gen.js"), "--quiet", "--spec-root", specRoot, "--out", join(js, "generated")];
    for (const revision of revisions) args.push("--revision", revision);
    execFileSync(process.execPath, args);
    const moduleOf = (revision) => pathToFileURL(join(js, "generated", revisions.length > 1 ? revision : "", "index.js")).href;
    const issue = issueCorpus(root, specRoot);
    const corpora = [{ label: `the issue's corpus (${issue.revision}, ${issue.messages.length} messages from the spec's examples)`, revision: issue.revision, messages: issue.messages }];
    for (const revision of revisions) {
      const generated = await generatedCorpus(root, specRoot, revision, join(js, "corpus"), perType);
      corpora.push({ label: `${revision}, generated (${generated.types} message types × ${perType})`, revision, messages: generated.messages });
    }
    return corpora.map((corpus) => {
      progress(`validation: ${corpus.label}`);
      const measured = { work, root, moduleUrl: moduleOf(corpus.revision), schemaJson: join(specRoot, corpus.revision, "schema.json"), corpus };
      const rows = measureCorpus({ ...measured, processes, rounds, roundMs });
      const fast = rows.find((r) => r.variant === "fast");
      const types = fast.vsAjv !== null && fast.vsAjv < FAST_GOAL ? timeTypes(measured) : undefined;
      return { label: corpus.label, revision: corpus.revision, messages: corpus.messages.length, rows, types };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(js, { recursive: true, force: true });
  }
}

const rate = (n) => (n === null ? "n/a" : `${(n / 1e6).toFixed(2)} M`);
const times = (n) => (n === null || !Number.isFinite(n) ? "n/a" : `${n.toFixed(2)}×`);

/** A row's ratio to the SDK's Zod, through Ajv: (row / Ajv) / (SDK / Ajv), each a median of paired rounds. */
function vsSdk(row, sdk) {
  return row.vsAjv === null || sdk.vsAjv === null ? null : row.vsAjv / sdk.vsAjv;
}

/** Markdown: one table per corpus, then a summary of the fast path's ratios. */
export function renderValidation(tables, { processes, rounds, roundMs }) {
  const lines = [
    `Each validator runs in ${processes} fresh processes per corpus (interleaved), each beside the yardstick, Ajv: after a warm-up, the process validates the corpus in ${rounds} rounds of ${roundMs} ms for the validator and ${rounds} for Ajv, in alternation. msgs/s is the median of the processes' medians (min–max across them); "vs Ajv" is the median, over the processes, of the median ratio of the paired rounds, so that a machine whose speed changes from second to second (this one is a shared 2-vCPU VM, whose speed can halve for seconds at a time) slows both sides of a ratio alike. Ajv's row gathers its rounds from every process. "vs SDK Zod" is (validator / Ajv) ÷ (SDK / Ajv). "covered": messages the validator has a schema for; "accepted": how many of them it accepts.`,
    "",
    "Each message is validated as its own type. The SDK uses `<Type>Schema` where @modelcontextprotocol/core exports one, and a `…ResultResponse` as `JSONRPCResultResponseSchema` plus the result's `…ResultSchema` on `.result`; its schemas model the SDK's own (2025-compatible) shapes, hence its lower \"accepted\" counts. The examples corpus has one object shape per type, like the traffic of one peer; the generated corpora vary optional and unknown keys from message to message, so every validator meets many object shapes (V8's inline caches go megamorphic).",
  ];
  for (const table of tables) {
    const sdk = table.rows.find((r) => r.variant === "sdk");
    lines.push("", `### ${table.label}`, "", "| validator | covered | accepted | msgs/s (median) | min–max | vs Ajv | vs SDK Zod |", "|---|---:|---:|---:|---:|---:|---:|");
    for (const r of table.rows) {
      const spread = r.min === null ? "" : `${rate(r.min)}–${rate(r.max)}`;
      lines.push(`| ${VARIANT_NAMES[r.variant]} | ${r.covered}/${r.total} | ${r.accepted} | ${rate(r.median)} | ${spread} | ${times(r.vsAjv)} | ${times(vsSdk(r, sdk))} |`);
    }
  }
  lines.push("", "### Summary: the fast path against its peers", "", "| corpus | fast msgs/s | vs Ajv | vs SDK Zod | vs mcp-gen Zod | vs mcp-gen Zod + compile |", "|---|---:|---:|---:|---:|---:|");
  for (const table of tables) {
    const get = (variant) => table.rows.find((r) => r.variant === variant);
    const fast = get("fast");
    const over = (other) => (fast.vsAjv === null || other.vsAjv === null ? null : fast.vsAjv / other.vsAjv);
    lines.push(`| ${table.label} | ${rate(fast.median)} | ${times(fast.vsAjv)} | ${times(vsSdk(fast, get("sdk")))} | ${times(over(get("zod")))} | ${times(over(get("zod-compiled")))} |`);
  }
  lines.push(...typeTables(tables));
  return lines.join("\n");
}

/** For each corpus under the goal: its message types under it, each timed alone (validate-types-worker.mjs). */
function typeTables(tables) {
  const under = tables.filter((table) => table.types);
  if (!under.length) return [];
  const lines = ["", `### Where the fast path is under ${FAST_GOAL}× Ajv, per message type`, "", `For each corpus whose fast path is under ${FAST_GOAL}× Ajv above: in one process, both validators first validate the whole corpus (every validator meets every object shape of it), then each type's messages are timed on their own, the two in alternation, 7 times (medians, ns per message). Alone, a type's messages keep fewer shapes in flight than in the mixed corpus, so the summed ratio is higher than the corpus's above. The types under ${FAST_GOAL}×, slowest first:`];
  for (const table of under) {
    const sum = (key) => table.types.reduce((total, row) => total + row[key], 0);
    lines.push("", `${table.label}: all ${table.types.length} types, summed, ${times(sum("ajvNs") / sum("fastNs"))}`, "", "| message type | messages | fast path ns | Ajv ns | vs Ajv |", "|---|---:|---:|---:|---:|");
    const slow = table.types.filter((row) => row.ajvNs / row.fastNs < FAST_GOAL).sort((a, b) => a.ajvNs / a.fastNs - b.ajvNs / b.fastNs);
    for (const row of slow) lines.push(`| ${row.type} | ${row.messages} | ${row.fastNs.toFixed(1)} | ${row.ajvNs.toFixed(1)} | ${times(row.ajvNs / row.fastNs)} |`);
  }
  return lines;
}
