// Cold start (issue 33 item 4): process start to the first answered tools/list, over stdio, for
// examples/incidents on mcp-gen against the same server on the SDK v2
// (bench/peers/incidents-sdk.ts). Goal: mcp-gen at most 0.7x the SDK's time.
//
// The servers are built from a private copy (bench/peers/workspace.mjs): as one esbuild bundle
// (the deploy case), like for like (redis and jose, which only serve.ts's HTTP mode imports, left
// out: the SDK peer has no HTTP mode), served over stdio only like the peer (the HTTP mode itself
// left out too) and as is; and unbundled (the app's .ts transpiled, the
// generated .js and node_modules loaded as they are, as after `tsc`). Each opening of
// bench/peers/stdio-client.mjs is timed in fresh processes, BENCH_STARTUP_RUNS (10) per cell, the
// servers interleaved (order flipped every other run) so that they share the machine's noise;
// medians of the wall time and of the server's CPU time (a preload reports it: on a busy machine
// the wall time swings, the CPU time much less). A third server, the floor
// (bench/peers/incidents-floor.ts: the same tool listing with no MCP library), is built and timed
// alike: its ratio to the SDK is the lowest any Zod-based server of the app could reach.
// `node bench/startup.mjs` prints the table; BENCH_STARTUP_BUILDS=bundled,bundled-stdio-only,bundled-as-is,unbundled picks builds.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { checkSameTools, CPU_REPORT, OPENINGS, timeToAnswer } from "./peers/stdio-client.mjs";
import { bundle, declaredToolNames, HTTP_ONLY_PACKAGES, prepareWorkspace, SERVERS, stdioOnlyServe, transpile } from "./peers/workspace.mjs";

const BUILDS = ["bundled", "bundled-stdio-only", "bundled-as-is", "unbundled"];

/**
 * esbuild's options per bundled build. "bundled-stdio-only" serves the example over stdio alone, as
 * the SDK peer is served (the plugin rewrites only examples/shared/serve.ts, which the peer does not
 * import): the runtime's HTTP transport, authorization and stores are tree-shaken.
 */
const BUNDLE_OPTIONS = {
  bundled: { external: HTTP_ONLY_PACKAGES },
  "bundled-stdio-only": { external: HTTP_ONLY_PACKAGES, plugins: [stdioOnlyServe] },
  "bundled-as-is": {},
};

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return { median: sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2, min: sorted[0], max: sorted.at(-1) };
}

/**
 * The runnable file of each server for each build: [{ build, server, file }]. "bundled" leaves out
 * redis and jose (serve.ts's HTTP mode only; the SDK peer has none), "bundled-stdio-only" also the
 * HTTP mode itself, "bundled-as-is" bundles whatever esbuild reaches, "unbundled" is the app
 * transpiled beside its sources.
 */
async function buildTargets(workspace, builds) {
  const targets = [];
  for (const build of builds) {
    if (build === "unbundled") await transpile(workspace.dir);
    for (const server of SERVERS) {
      let file = workspace.entry(server).replace(/\.ts$/, ".js");
      if (build !== "unbundled") {
        file = join(workspace.dir, "out", `${build}-${server.name}.mjs`);
        await bundle(workspace.dir, workspace.entry(server), file, BUNDLE_OPTIONS[build]);
      }
      targets.push({ build, server: server.name, file });
    }
  }
  return targets;
}

/**
 * Times every (build, opening) cell `runs` times, servers interleaved, and node's own floor:
 * samples keyed "build|opening|server" (and "floor"), each a list of { ms, cpuMs }.
 */
async function measure(targets, builds, runs, { floorFile, nodeArgs, progress }) {
  const samples = new Map();
  const push = (key, sample) => samples.set(key, [...(samples.get(key) ?? []), sample]);
  for (let run = 0; run < runs; run++) {
    push("floor", await timeToAnswer(floorFile, [], { nodeArgs }));
    for (const build of builds) {
      const pair = targets.filter((t) => t.build === build);
      for (const [opening, steps] of Object.entries(OPENINGS)) {
        for (const target of run % 2 ? [...pair].reverse() : pair) push(`${build}|${opening}|${target.server}`, await timeToAnswer(target.file, steps, { nodeArgs }));
      }
    }
    progress?.(`startup: run ${run + 1}/${runs}`);
  }
  return samples;
}

/** Median, min and max of the wall and CPU times of some samples. */
function summary(samples) {
  return { wall: stats(samples.map((s) => s.ms)), cpu: stats(samples.map((s) => s.cpuMs)) };
}

/**
 * Builds both servers, checks that they list the same incident tools for every opening (which
 * also warms the file cache), then times them. Resolves with { runs, floor, rows }.
 */
export async function startupBench({ root, specRoot, runs = 10, builds = BUILDS, progress }) {
  const workspace = prepareWorkspace({ root, specRoot });
  try {
    const targets = await buildTargets(workspace, builds);
    await checkSameTools(
      targets.map((t) => t.file),
      declaredToolNames(root),
    );
    // Node's floor: a script that prints one line and waits, as a server would.
    const floorFile = join(workspace.dir, "floor.mjs");
    writeFileSync(floorFile, 'process.stdout.write("{}\\n");\nsetInterval(() => undefined, 60_000);\n');
    const cpuReport = join(workspace.dir, "cpu-report.mjs");
    writeFileSync(cpuReport, CPU_REPORT);
    const samples = await measure(targets, builds, runs, { floorFile, nodeArgs: ["--import", pathToFileURL(cpuReport).href], progress });
    const rows = builds.flatMap((build) =>
      Object.keys(OPENINGS).map((opening) => ({
        build,
        opening,
        servers: Object.fromEntries(SERVERS.map((s) => [s.name, summary(samples.get(`${build}|${opening}|${s.name}`))])),
      })),
    );
    return { runs, floor: summary(samples.get("floor")), rows };
  } finally {
    workspace.cleanup();
  }
}

/** Markdown: one row per (build, opening): wall and CPU medians, and the ratios mcp-gen / SDK v2. */
export function startupTable({ runs, floor, rows }) {
  const ms = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
  const lines = [
    `Just before spawn to the tools/list answer over stdio (\`node <file>\`, Node ${process.version}); median of ${runs} fresh processes per cell, the servers interleaved; (min–max). ` +
      `CPU: the server process's user + system time until it is stopped, right after the answer. Ratio: mcp-gen / SDK v2, goal at most 0.7x. ` +
      `Node's own floor (a script printing one line): ${floor.wall.median.toFixed(1)} ms wall, ${floor.cpu.median.toFixed(1)} ms CPU. ` +
      `The floor columns: the same tool listing served with no MCP library (bench/peers/incidents-floor.ts: Node, zod, the app's schemas, z.toJSONSchema, a stdio line loop; no validation), built alike: the lowest ratio any Zod-based server of the app could show. ` +
      `bundled: \`esbuild --bundle --minify --platform=node --format=esm\` with redis and jose (imported only by serve.ts's HTTP mode) external; bundled-stdio-only: the same, the example served over stdio only like the SDK peer (serve.ts's HTTP mode left out); bundled-as-is: everything esbuild reaches; ` +
      `unbundled: the app's .ts transpiled, generated .js and node_modules as they are.`,
    "",
    "| build | client's opening | mcp-gen ms | SDK v2 ms | mcp-gen / SDK v2 | mcp-gen CPU ms | SDK v2 CPU ms | CPU mcp-gen / SDK v2 | floor ms | floor / SDK v2 |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { build, opening, servers } of rows) {
    const ours = servers["mcp-gen"];
    const sdk = servers["sdk"];
    const floor = servers["floor"];
    const ratio = (server, key) => `${(server[key].median / sdk[key].median).toFixed(2)}x`;
    lines.push(`| ${build} | ${opening} | ${ms(ours.wall)} | ${ms(sdk.wall)} | ${ratio(ours, "wall")} | ${ms(ours.cpu)} | ${ms(sdk.cpu)} | ${ratio(ours, "cpu")} | ${ms(floor.wall)} | ${ratio(floor, "wall")} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const specRoot = resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"));
  const builds = (process.env.BENCH_STARTUP_BUILDS ?? BUILDS.join(",")).split(",").filter((b) => BUILDS.includes(b));
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 10);
  console.log(startupTable(await startupBench({ root, specRoot, runs, builds, progress: (line) => process.stderr.write(`${line}\n`) })));
}
