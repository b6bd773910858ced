// Builds an example on generated code: runs mcp-gen (revisions 2026-07-28 and 2025-11-25) into
// examples/<name>/gen/, then compiles gen/ and the example's own .ts to plain JS in
// examples/<name>/dist/ (runs on Node 20, no loader). Skips everything when nothing changed.
// `node examples/build.mjs <name>` builds; `ensureBuilt(name)` is what run.mjs calls.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const REVISIONS = ["2026-07-28", "2025-11-25"];
const SPEC_ROOT = resolve(process.env.MCP_SPEC_ROOT ?? join(ROOT, "../shared/mcp-spec"));

function files(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), keep) : keep(e.name) ? [join(dir, e.name)] : []));
}

/** A fingerprint of every input: the example's sources, the generator (dist, templates) and the schemas. */
function fingerprint(name) {
  const inputs = [
    ...files(join(ROOT, "examples", name), (f) => f.endsWith(".ts")).filter((f) => !f.includes("/gen/") && !f.includes("/dist/")),
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

async function transpile(from, to) {
  const { default: ts } = await import("typescript");
  for (const file of files(from, (f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))) {
    const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    });
    const out = join(to, relative(from, file)).replace(/\.ts$/, ".js");
    mkdirSync(join(out, ".."), { recursive: true });
    writeFileSync(out, outputText);
  }
}

export async function ensureBuilt(name) {
  const dir = join(ROOT, "examples", name);
  const dist = join(dir, "dist");
  const stamp = fingerprint(name);
  if (existsSync(join(dist, ".stamp")) && readFileSync(join(dist, ".stamp"), "utf8") === stamp) return dist;
  if (!existsSync(join(ROOT, "dist/cli.js"))) execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
  const args = [join(ROOT, "bin/mcp-gen.js"), "--quiet", "--force", "--spec-root", SPEC_ROOT, "--out", join(dir, "gen")];
  for (const revision of REVISIONS) args.push("--revision", revision);
  execFileSync(process.execPath, args, { stdio: "inherit" });
  // Build beside, then swap in: builds started in parallel never see a half-written dist.
  const temp = `${dist}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  await transpile(dir, temp);
  writeFileSync(join(temp, "package.json"), '{"type":"module"}\n');
  writeFileSync(join(temp, ".stamp"), stamp);
  rmSync(join(temp, "dist"), { recursive: true, force: true });
  try {
    rmSync(dist, { recursive: true, force: true });
    renameSync(temp, dist);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another build won the race
  }
  return dist;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const name of process.argv.slice(2)) console.error(`built ${relative(ROOT, await ensureBuilt(name))}`);
}
