// Where one cold generation's time goes: a run under `node --cpu-prof`, each sample attributed to
// the pipeline phase on its stack (by the generator's own function names), or, outside every
// phase, to loading ts-morph/TypeScript, other start-up and module loading, or the GC.
// `node bench/profile.mjs` prints the table alone.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Phases by the functions (in dist/) whose calls they are; the first match on a stack, leaf first, wins. */
const PHASES = [
  { name: "semantic gate (TypeScript checks schema.ts)", functions: ["checkSemantics"] },
  { name: "parsing (ts-morph project, conversion to the model)", functions: ["parseSchema"] },
  { name: "emitting (model → TypeScript text)", functions: ["emitRevision", "emitRuntime", "emitRoot"] },
  { name: "transpiling (.ts → .js + .d.ts)", functions: ["toJavaScript"] },
  { name: "prettier (--emit ts only)", functions: ["formatFiles", "resolveFormatSettings"] },
  { name: "writing (plan, manifest, files)", functions: ["writeOutput", "planOutput", "manifestFor"] },
];

function phaseOf(stack) {
  for (const frame of stack) {
    const phase = PHASES.find((p) => p.functions.includes(frame.functionName));
    if (phase) return phase.name;
  }
  const leaf = stack[0];
  if (leaf.functionName === "(garbage collector)") return "garbage collection";
  if (leaf.functionName === "(idle)") return undefined;
  if (stack.some((f) => /ts-morph/.test(f.url))) return "loading ts-morph and TypeScript";
  return "node start-up, other modules, the CLI";
}

/** Milliseconds per phase of a .cpuprofile. */
export function phases(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const stack = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur).callFrame);
    const phase = phaseOf(stack);
    if (phase) totals.set(phase, (totals.get(phase) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

export function profileGeneration({ root, specRoot, revision }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-profile-"));
  try {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", join(work, "prof"), join(root, "bin/mcp-gen.js"), "--quiet", "--revision", revision, "--spec-root", specRoot, "--out", join(work, "out")]);
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const file = readdirSync(join(work, "prof")).find((f) => f.endsWith(".cpuprofile"));
    return { revision, wallMs, totals: phases(JSON.parse(readFileSync(join(work, "prof", file), "utf8"))) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function renderProfile({ revision, wallMs, totals }) {
  const sampled = [...totals.values()].reduce((a, b) => a + b, 0);
  const lines = [
    `One cold generation of ${revision} under \`node --cpu-prof\` (${wallMs.toFixed(0)} ms wall, ${sampled.toFixed(0)} ms sampled on the main thread); each sample counted in the pipeline phase on its stack.\n`,
    "| phase | ms | share |",
    "|---|---:|---:|",
  ];
  const order = [...PHASES.map((p) => p.name), "loading ts-morph and TypeScript", "node start-up, other modules, the CLI", "garbage collection"];
  for (const name of order) {
    const ms = totals.get(name) ?? 0;
    lines.push(`| ${name} | ${ms.toFixed(0)} | ${((100 * ms) / sampled).toFixed(0)}% |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const specRoot = resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"));
  console.log(renderProfile(profileGeneration({ root, specRoot, revision: process.env.BENCH_REVISION ?? "2026-07-28" })));
}
