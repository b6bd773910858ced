// Builds the examples on generated code: runs mcp-gen (revisions 2026-07-28 and 2025-11-25) into
// examples/gen/ (shared by every example), then compiles gen/ and each example's .ts to plain JS
// in examples/dist/ (dist/gen, dist/<example>/main.js: runs on Node 20, no loader). Skips all of
// it when no input changed. `node examples/build.mjs` builds; run.mjs calls `ensureBuilt()`.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const EXAMPLES = join(ROOT, "examples");
const DIST = join(EXAMPLES, "dist");
export const REVISIONS = ["2026-07-28", "2025-11-25"];
const SPEC_ROOT = resolve(process.env.MCP_SPEC_ROOT ?? join(ROOT, "../shared/mcp-spec"));
const OWN = (path) => !/\/(gen|dist[^/]*)\//.test(`${relative(EXAMPLES, path)}/`.replace(/^/, "/"));

function files(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), keep) : keep(e.name) ? [join(dir, e.name)] : []));
}

/** A fingerprint of every input: the examples' sources, the generator (dist, templates), the schemas, this script. */
function fingerprint() {
  const inputs = [
    ...files(EXAMPLES, (f) => f.endsWith(".ts")).filter(OWN),
    ...files(join(ROOT, "dist"), (f) => f.endsWith(".js")),
    ...files(join(ROOT, "templates"), () => true),
    ...REVISIONS.map((r) => join(SPEC_ROOT, r, "schema.ts")),
    fileURLToPath(import.meta.url),
  ];
  const hash = createHash("sha256");
  for (const file of inputs.sort()) {
    const { mtimeMs, size } = statSync(file);
    hash.update(`${relative(ROOT, file)}:${mtimeMs}:${size}\n`);
  }
  return hash.digest("hex");
}

async function transpile(sources, from, to) {
  const { default: ts } = await import("typescript");
  for (const file of sources) {
    const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    });
    const out = join(to, relative(from, file)).replace(/\.ts$/, ".js");
    mkdirSync(join(out, ".."), { recursive: true });
    writeFileSync(out, outputText);
  }
}

/** Builds when an input changed; resolves with the folder of the example's main.js. */
export async function ensureBuilt(name) {
  const stamp = fingerprint();
  if (existsSync(join(DIST, ".stamp")) && readFileSync(join(DIST, ".stamp"), "utf8") === stamp) return join(DIST, name);
  if (!existsSync(join(ROOT, "dist/cli.js"))) execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
  // Build beside, then swap in: builds started in parallel never see a half-written dist.
  const temp = `${DIST}.tmp-${process.pid}`;
  const gen = join(temp, "gen-ts");
  rmSync(temp, { recursive: true, force: true });
  const args = [join(ROOT, "bin/mcp-gen.js"), "--quiet", "--force", "--spec-root", SPEC_ROOT, "--out", gen];
  for (const revision of REVISIONS) args.push("--revision", revision);
  execFileSync(process.execPath, args, { stdio: "inherit" });
  await transpile(files(gen, (f) => f.endsWith(".ts")), gen, join(temp, "gen"));
  await transpile(files(EXAMPLES, (f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).filter(OWN), EXAMPLES, temp);
  rmSync(join(EXAMPLES, "gen"), { recursive: true, force: true });
  renameSync(gen, join(EXAMPLES, "gen")); // the TypeScript, for editors and type checks
  writeFileSync(join(temp, "package.json"), '{"type":"module"}\n');
  writeFileSync(join(temp, ".stamp"), stamp);
  try {
    rmSync(DIST, { recursive: true, force: true });
    renameSync(temp, DIST);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another build won the race
  }
  return join(DIST, name);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuilt("");
  console.error(`built ${relative(ROOT, DIST)}`);
}
