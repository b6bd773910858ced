// What a consumer's type checker pays for the generated code: `tsc --noEmit --extendedDiagnostics`
// on small programs in fresh temporary projects (NodeNext, strict, skipLibCheck, "type": "module"),
// importing mcp-gen's output or the official SDK's `@modelcontextprotocol/core` (its zod schemas).
// Types and instantiations are deterministic; memory and check time are medians of `runs` runs.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The target for a consumer of the 2026-07-28 output. */
export const INSTANTIATION_TARGET = 50_000;

const TOUCH_SHARED = [
  "export const request = m.CallToolRequestSchema.parse({});",
  "export const clientRequest = m.ClientRequestSchema.parse({});",
  "export const serverResult = m.ServerResultSchema.parse({});",
  "export const errorResponse = m.JSONRPCErrorResponseSchema.parse({});",
  "export const resultShape = m.CallToolResultSchema.shape;",
];

/** Each consumer: a program and the package it imports (`gen` = the generated folder beside it). */
const CONSUMERS = [
  { name: "mcp-gen {revision}: one import (CallToolRequestSchema)", uses: "gen", program: 'import { CallToolRequestSchema } from "./gen/index.js";\nexport const r = CallToolRequestSchema.parse({});\n' },
  { name: "@modelcontextprotocol/core {core}: one import (CallToolRequestSchema)", uses: "core", program: 'import { CallToolRequestSchema } from "@modelcontextprotocol/core";\nexport const r = CallToolRequestSchema.parse({});\n' },
  {
    name: "mcp-gen {revision}: whole surface (import * as m: schemas, methods, errors, constants)",
    uses: "gen",
    program: [
      'import * as m from "./gen/index.js";',
      ...TOUCH_SHARED,
      'export const params: m.ParamsOf<"tools/call"> | undefined = request.params;',
      'export const entry = m.METHODS["tools/call"];',
      'export const error = new m.McpError(m.ErrorCode.INVALID_PARAMS, "bad");',
      "export const version: string = m.PROTOCOL_VERSION;",
      "",
    ].join("\n"),
  },
  { name: "@modelcontextprotocol/core {core}: whole surface (import * as m: the same schemas)", uses: "core", program: ['import * as m from "@modelcontextprotocol/core";', ...TOUCH_SHARED, ""].join("\n") },
];

const TSCONFIG = {
  compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types: [] },
  include: ["consumer.ts"],
};

const DIAGNOSTICS = { types: /^Types:\s+(\d+)/m, instantiations: /^Instantiations:\s+(\d+)/m, memoryK: /^Memory used:\s+(\d+)K/m, check: /^Check time:\s+([\d.]+)s/m, total: /^Total time:\s+([\d.]+)s/m };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A fresh project: package.json, tsconfig, the program, and node_modules linking the repo's zod and SDK. */
function project(work, index, consumer, root, generated) {
  const dir = join(work, `consumer-${index}`);
  mkdirSync(join(dir, "node_modules/@modelcontextprotocol"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `consumer-${index}`, private: true, type: "module" }));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
  writeFileSync(join(dir, "consumer.ts"), consumer.program);
  symlinkSync(join(root, "node_modules/zod"), join(dir, "node_modules/zod"), "dir");
  if (consumer.uses === "core") symlinkSync(join(root, "node_modules/@modelcontextprotocol/core"), join(dir, "node_modules/@modelcontextprotocol/core"), "dir");
  else cpSync(generated, join(dir, "gen"), { recursive: true });
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

/** One row per consumer: medians over `runs` runs of each measure (runs interleaved, so load hits all alike). */
export function consumerBench({ root, specRoot, revision = "2026-07-28", runs = 3 }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-consumer-"));
  try {
    const generated = join(work, "gen");
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", revision, "--spec-root", specRoot, "--out", generated]);
    const core = JSON.parse(readFileSync(join(root, "node_modules/@modelcontextprotocol/core/package.json"), "utf8")).version;
    const dirs = CONSUMERS.map((c, i) => project(work, i, c, root, generated));
    const samples = CONSUMERS.map(() => []);
    for (let run = 0; run < runs; run++) dirs.forEach((dir, i) => samples[i].push(measureOnce(root, dir)));
    return CONSUMERS.map((consumer, i) => {
      const of = (key) => median(samples[i].map((s) => s[key]));
      const name = consumer.name.replace("{revision}", revision).replace("{core}", core);
      return { name, uses: consumer.uses, runs, types: of("types"), instantiations: of("instantiations"), memoryMB: of("memoryK") / 1024, checkSeconds: of("check"), totalSeconds: of("total") };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The markdown table (the target applies to mcp-gen's output; the SDK rows are the reference). */
export function consumerTable(rows) {
  const fmt = (n) => Math.round(n).toLocaleString("en-US");
  const lines = [
    "| consumer program | types | instantiations | memory MB | check s | total s | target (instantiations) | within target |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    const target = r.uses === "gen" ? fmt(INSTANTIATION_TARGET) : "";
    const within = r.uses === "gen" ? (r.instantiations <= INSTANTIATION_TARGET ? "yes" : "**no**") : "";
    lines.push(`| ${r.name} | ${fmt(r.types)} | ${fmt(r.instantiations)} | ${r.memoryMB.toFixed(0)} | ${r.checkSeconds.toFixed(2)} | ${r.totalSeconds.toFixed(2)} | ${target} | ${within} |`);
  }
  return lines.join("\n");
}
