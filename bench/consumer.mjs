// What a consumer's type checker pays for the generated code: `tsc --noEmit --extendedDiagnostics`
// on small programs in fresh temporary projects (NodeNext, strict, skipLibCheck, "type": "module"),
// importing mcp-gen's output or the official SDK's packages (bench/consumer-programs.mjs).
// Types and instantiations are deterministic; memory and check time are medians of `runs` runs.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as P from "./consumer-programs.mjs";

/** The targets (instantiations): also asserted by the suite (test/spec/consumer-cost.test.ts). */
export const INSTANTIATION_TARGETS = { oneImport: 5_000, annotated: 2_000, serverClient: 25_000 };

/**
 * Each consumer: a program, the output or package it imports (`gen1`: one revision, `gen2`: two
 * revisions, `gen1ts`: one revision as TypeScript sources, `sdk`: the official SDK's packages),
 * and the SDK row it is compared with (`pair`).
 */
const CONSUMERS = [
  { key: "one", name: "mcp-gen {revision}: one import (CallToolRequestSchema)", uses: "gen1", pair: "one-sdk", target: INSTANTIATION_TARGETS.oneImport, program: P.ONE_IMPORT },
  { key: "one-ts", name: "mcp-gen {revision} --emit ts: one import (the .ts sources, checked in full)", uses: "gen1ts", pair: "one-sdk", program: P.ONE_IMPORT },
  { key: "one-sdk", name: "@modelcontextprotocol/core {core}: one import (CallToolRequestSchema)", uses: "sdk", program: P.ONE_IMPORT_CORE },
  { key: "annotated", name: "mcp-gen {revision}: const r: CallToolRequest = CallToolRequestSchema.parse(x)", uses: "gen1", pair: "annotated-sdk", target: INSTANTIATION_TARGETS.annotated, program: P.ANNOTATED },
  { key: "annotated-sdk", name: "@modelcontextprotocol/core {core}: the same annotated parse", uses: "sdk", program: P.ANNOTATED_CORE },
  { key: "whole", name: "mcp-gen {revision}: whole surface (import * as m: schemas, methods, errors, constants)", uses: "gen1", pair: "whole-sdk", program: P.WHOLE_SURFACE },
  { key: "whole-sdk", name: "@modelcontextprotocol/core {core}: whole surface (import * as m: the same schemas)", uses: "sdk", program: P.WHOLE_SURFACE_CORE },
  { key: "full", name: "mcp-gen {revision} + {second}: server (both eras) + client (connect) + schemas", uses: "gen2", pair: "full-sdk", target: INSTANTIATION_TARGETS.serverClient, node: true, program: P.SERVER_CLIENT },
  { key: "full-sdk", name: "SDK v2 {core}: McpServer + Client + core schemas, the same program", uses: "sdk", node: true, program: P.SERVER_CLIENT_SDK },
];

const SDK_PACKAGES = ["@modelcontextprotocol/core", "@modelcontextprotocol/server", "@modelcontextprotocol/client", "@modelcontextprotocol/node"];

function tsconfig(consumer) {
  const types = consumer.node ? ["node"] : [];
  return { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types }, include: ["consumer.ts"] };
}

const DIAGNOSTICS = { types: /^Types:\s+(\d+)/m, instantiations: /^Instantiations:\s+(\d+)/m, memoryK: /^Memory used:\s+(\d+)K/m, check: /^Check time:\s+([\d.]+)s/m, total: /^Total time:\s+([\d.]+)s/m };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A fresh project: package.json, tsconfig, the program, and node_modules linking the repo's zod, @types/node and SDK. */
function project(work, index, consumer, root, outputs) {
  const dir = join(work, `consumer-${index}`);
  mkdirSync(join(dir, "node_modules/@modelcontextprotocol"), { recursive: true });
  mkdirSync(join(dir, "node_modules/@types"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `consumer-${index}`, private: true, type: "module" }));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig(consumer)));
  writeFileSync(join(dir, "consumer.ts"), consumer.program);
  const link = (name) => symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name), "dir");
  link("zod");
  if (consumer.node) link("@types/node");
  if (consumer.uses === "sdk") SDK_PACKAGES.forEach(link);
  else cpSync(outputs[consumer.uses], join(dir, "gen"), { recursive: true });
  return dir;
}

function measureOnce(root, dir) {
  let output;
  try {
    output = execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir, "--extendedDiagnostics", "--pretty", "false"], { encoding: "utf8" });
  } catch (error) {
    throw new Error(`the consumer in ${dir} does not compile:\n${error.stdout ?? error.message}`);
  }
  return Object.fromEntries(Object.entries(DIAGNOSTICS).map(([key, pattern]) => [key, Number(pattern.exec(output)?.[1] ?? NaN)]));
}

/** The outputs the programs import: one revision (default and --emit ts) and two revisions. */
function generateOutputs(root, specRoot, work, revision, second) {
  const gen = (out, ...args) => execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--spec-root", specRoot, "--out", join(work, out), ...args]);
  gen("gen1", "--revision", revision);
  gen("gen1ts", "--revision", revision, "--emit", "ts");
  gen("gen2", "--revision", revision, "--revision", second);
  return { gen1: join(work, "gen1"), gen1ts: join(work, "gen1ts"), gen2: join(work, "gen2") };
}

/** One row per consumer: medians over `runs` runs of each measure (runs interleaved, so load hits all alike). */
export function consumerBench({ root, specRoot, revision = "2026-07-28", second = "2025-11-25", runs = 3 }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-consumer-"));
  try {
    const outputs = generateOutputs(root, specRoot, work, revision, second);
    const core = JSON.parse(readFileSync(join(root, "node_modules/@modelcontextprotocol/core/package.json"), "utf8")).version;
    const dirs = CONSUMERS.map((c, i) => project(work, i, c, root, outputs));
    const samples = CONSUMERS.map(() => []);
    for (let run = 0; run < runs; run++) dirs.forEach((dir, i) => samples[i].push(measureOnce(root, dir)));
    const rows = CONSUMERS.map((consumer, i) => {
      const of = (key) => median(samples[i].map((s) => s[key]));
      const name = consumer.name.replace("{revision}", revision).replace("{second}", second).replace("{core}", core);
      return { ...consumer, name, runs, types: of("types"), instantiations: of("instantiations"), memoryMB: of("memoryK") / 1024, checkSeconds: of("check"), totalSeconds: of("total") };
    });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const r of rows) if (r.pair) r.sdk = byKey.get(r.pair);
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The markdown table: each mcp-gen row with its ratios to the SDK row it is paired with. */
export function consumerTable(rows) {
  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const lines = [
    "| consumer program | types | instantiations | memory MB | check s | total s | instantiations vs SDK | check time vs SDK | target (instantiations) | within target |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    const vs = r.sdk ? [ratio(r.instantiations, r.sdk.instantiations), ratio(r.checkSeconds, r.sdk.checkSeconds)] : ["", ""];
    const target = r.target ? [fmt(r.target), r.instantiations <= r.target ? "yes" : "**no**"] : ["", ""];
    lines.push(`| ${r.name} | ${fmt(r.types)} | ${fmt(r.instantiations)} | ${r.memoryMB.toFixed(0)} | ${r.checkSeconds.toFixed(2)} | ${r.totalSeconds.toFixed(2)} | ${vs.join(" | ")} | ${target.join(" | ")} |`);
  }
  return lines.join("\n");
}
