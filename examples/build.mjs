// Builds the examples on generated code: runs mcp-gen (revisions 2026-07-28 and 2025-11-25) into
// examples/gen/ (git-ignored, shared by every example; the default output, .js + .d.ts), then
// type-checks and compiles examples/ with examples/tsconfig.json (strictest flags) into
// examples/dist/ (dist/<example>/main.js: plain JS for Node 20), and copies the generated
// JavaScript beside it (dist/gen), as a project's build would. Skips all of it when no input changed. The spec comes from
// $MCP_SPEC_ROOT, else ../shared/mcp-spec beside the repository.
// `node examples/build.mjs` builds; run.mjs and tests call `ensureBuilt(name)`.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const EXAMPLES = join(ROOT, "examples");
const DIST = join(EXAMPLES, "dist");
export const REVISIONS = ["2026-07-28", "2025-11-25"];
const SPEC_ROOT = resolve(process.env.MCP_SPEC_ROOT || join(ROOT, "../shared/mcp-spec"));
/** The examples' own sources: not the generated code, not build output. */
const OWN = (path) => !/^(gen|dist[^/]*)\//.test(relative(EXAMPLES, path));

function files(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), keep) : keep(e.name) ? [join(dir, e.name)] : []));
}

/** A fingerprint of every input: the examples' sources and tsconfig, the generator (dist, templates), the schemas, this script. */
function fingerprint() {
  const inputs = [
    ...files(EXAMPLES, (f) => f.endsWith(".ts") || f === "tsconfig.json").filter(OWN),
    ...files(join(ROOT, "dist"), (f) => f.endsWith(".js")),
    ...files(join(ROOT, "templates"), () => true),
    ...REVISIONS.map((r) => join(SPEC_ROOT, r, "schema.ts")),
    ...["tasks/draft/schema.ts", "apps/2026-01-26/spec.types.d.ts"].map((f) => join(SPEC_ROOT, "extensions", f)).filter((f) => existsSync(f)),
    fileURLToPath(import.meta.url),
  ];
  const hash = createHash("sha256");
  for (const file of inputs.sort()) {
    const { mtimeMs, size } = statSync(file);
    hash.update(`${relative(ROOT, file)}:${mtimeMs}:${size}\n`);
  }
  return hash.digest("hex");
}

function generate() {
  const args = [join(ROOT, "bin/mcp-gen.js"), "--quiet", "--out", join(EXAMPLES, "gen")];
  for (const revision of REVISIONS) args.push("--revision", revision);
  args.push("--extension", "tasks"); // bound to the revisions that have the core types it imports (2026-07-28)
  args.push("--extension", "apps"); // MCP Apps (io.modelcontextprotocol/ui), from extensions/apps/<newest date>/spec.types.d.ts: both revisions
  if (existsSync(SPEC_ROOT)) args.push("--spec-root", SPEC_ROOT);
  execFileSync(process.execPath, args, { stdio: "inherit" });
}

const built = (stamp) => existsSync(join(DIST, ".stamp")) && readFileSync(join(DIST, ".stamp"), "utf8") === stamp;

/**
 * Builds when an input changed; resolves with the folder of the example's main.js. Processes
 * started together (the conformance runner starts client scenarios in parallel) build once: one
 * holds the lock and builds, the others wait for it and find the build done.
 */
export async function ensureBuilt(name) {
  const stamp = fingerprint();
  if (built(stamp)) return join(DIST, name);
  await withLock(join(EXAMPLES, ".build-lock"), () => (built(stamp) ? undefined : build(stamp)));
  return join(DIST, name);
}

const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Runs `work` holding `lock` (a folder: mkdir is atomic), waiting while another live process
 * holds it; a lock whose process is gone is taken over. Exported for the test.
 */
export async function withLock(lock, work, waitMs = LOCK_WAIT_MS) {
  const started = Date.now();
  while (!tryLock(lock)) {
    if (Date.now() - started > waitMs) throw new Error(`${lock} has been held for ${Math.round(waitMs / 1000)} s by process ${holder(lock)}: run \`npm run examples:build\` once, then start again`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function tryLock(lock) {
  try {
    mkdirSync(lock);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    const pid = holder(lock);
    if (pid === undefined || alive(pid)) return false;
    rmSync(lock, { recursive: true, force: true }); // its process died holding it
    return tryLock(lock);
  }
  writeFileSync(join(lock, "pid"), String(process.pid));
  return true;
}

function holder(lock) {
  try {
    return Number(readFileSync(join(lock, "pid"), "utf8")) || undefined;
  } catch {
    return undefined; // just made, its pid not yet written: alive
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function build(stamp) {
  if (!existsSync(join(ROOT, "dist/cli.js"))) execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
  generate();
  // Compile beside, then swap in: a build started in parallel never sees a half-written dist.
  const temp = `${DIST}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(EXAMPLES, "tsconfig.json"), "--outDir", temp, "--incremental", "false"], { stdio: "inherit" });
  cpSync(join(EXAMPLES, "gen"), join(temp, "gen"), { recursive: true, filter: (path) => statSync(path).isDirectory() || path.endsWith(".js") });
  writeFileSync(join(temp, "package.json"), '{"type":"module"}\n');
  writeFileSync(join(temp, ".stamp"), stamp);
  try {
    rmSync(DIST, { recursive: true, force: true });
    renameSync(temp, DIST);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another checkout's build won the race
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuilt("");
  console.error(`built ${relative(ROOT, DIST)}`);
}
