import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedVersion, packTarball, userEnv } from "../helpers/package.js";
import { REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";
import { STRICTEST } from "../helpers/tsc.js";

const execFileAsync = promisify(execFile);
const timings: string[] = [];
async function run(file: string, args: string[], options: object) {
  const started = performance.now();
  try {
    return await execFileAsync(file, args, options);
  } finally {
    timings.push(`${args.slice(0, 2).join(" ")} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
const revision = "2026-07-28";
const pins = JSON.parse(readFileSync(join(REPO_ROOT, "schema/revisions.json"), "utf8")) as { revisions: Record<string, { path: string; sha256: string }> };

/** A program of the downstream project: the generated validators, Zod's object API, and mcp-gen's library API. */
const MAIN = `import { readFileSync } from "node:fs";
import { diff, generate, GeneratorError, model, renderDiff, type DiffReport, type GenerateResult, type ModelResult } from "mcp-gen";
import { CallToolRequestSchema, PROTOCOL_VERSION, type CallToolRequest } from "../gen/index.js";

const request: CallToolRequest = CallToolRequestSchema.parse(JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")));
const ToolCallParams = CallToolRequestSchema.shape.params;
const check: GenerateResult = await generate({ revisions: ["${revision}"], out: "gen", check: true });
const { model: schema }: ModelResult = await model({ revision: "${revision}" });
const report: DiffReport = await diff({ from: "${revision}", to: "${revision}" });
let unknown = "";
try {
  await model({ revision: "1999-01-01" });
} catch (error) {
  if (error instanceof GeneratorError) unknown = error.message;
}
console.log(JSON.stringify({
  method: request.method,
  tool: ToolCallParams.parse(request.params).name,
  protocolVersion: PROTOCOL_VERSION,
  checkChanged: check.files.filter((f) => f.status !== "unchanged").length,
  checkFiles: check.files.length,
  declarations: schema.declarations.length,
  revision: schema.source.revision,
  changes: report.changes.length,
  headline: renderDiff(report, "text").split("\\n")[0],
  unknown,
}));
`;

let work: string;
let server: Server;
let baseUrl: string;
const requested: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "mcp-gen-downstream-"));
  server = createServer((request, response) => {
    const path = request.url ?? "";
    requested.push(path);
    const pin = Object.values(pins.revisions).find((p) => `/${p.path}` === path);
    if (!pin) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/plain" }).end(readFileSync(join(SPEC_ROOT, pin.path)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  console.log(timings.join("; "));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

/** The project: mcp-gen from the tarball, zod/typescript/@types/node from the registry (pinned to this repo's versions). */
function writeProject(dir: string, tarball: string): void {
  mkdirSync(join(dir, "src"), { recursive: true });
  const pkg = {
    name: "downstream",
    private: true,
    type: "module",
    scripts: { prebuild: `mcp-gen --revision ${revision} --out gen`, build: "tsc -p ." },
    dependencies: { zod: installedVersion("zod") },
    devDependencies: { "mcp-gen": `file:${tarball}`, typescript: installedVersion("typescript"), "@types/node": installedVersion("@types/node") },
  };
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2));
  const compilerOptions = { ...STRICTEST, noEmit: false, outDir: "dist", rootDir: "src", types: ["node"] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }, null, 2));
  writeFileSync(join(dir, "src/main.ts"), MAIN);
}

describe("a downstream project installs the packed tarball and builds with it", () => {
  it("npm pack → npm install → prebuild fetches the pinned revision into .mcp-gen/ and generates → tsc (strictest) → the program runs", async () => {
    expect(existsSync(join(REPO_ROOT, "dist/index.js")), "npm run build first").toBe(true);
    // Packs what `files` lists; `prepare` (the build) already ran as part of npm test.
    const tarball = await packTarball(work);
    const project = join(work, "project");
    writeProject(project, tarball);
    const env = userEnv({ MCP_GEN_SCHEMA_BASE_URL: baseUrl });
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: project, env });
    const build = await run("npm", ["run", "build"], { cwd: project, env }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(build.code, `${build.stdout}\n${build.stderr}`).toBe(0);

    // The revision was fetched once from the (loopback) mirror into the project cache, verified.
    expect(requested).toEqual([`/${pins.revisions[revision]!.path}`]);
    const cached = readFileSync(join(project, ".mcp-gen/schema", revision, "schema.ts"));
    expect(createHash("sha256").update(cached).digest("hex")).toBe(pins.revisions[revision]!.sha256);
    // The default output, beside src/ (README: a full prebuild example): JavaScript with declarations.
    expect(["schemas.js", "schemas.d.ts"].filter((f) => existsSync(join(project, "gen", f)))).toEqual(["schemas.js", "schemas.d.ts"]);
    expect(existsSync(join(project, "gen/schemas.ts"))).toBe(false);

    const example = join(SPEC_ROOT, revision, "examples/CallToolRequest", readdirSync(join(SPEC_ROOT, revision, "examples/CallToolRequest"))[0]!);
    const { stdout } = await run(process.execPath, ["dist/main.js", example], { cwd: project, env });
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ method: "tools/call", protocolVersion: revision, checkChanged: 0, revision, changes: 0 });
    expect(result.tool).toBe(JSON.parse(readFileSync(example, "utf8")).params.name);
    expect(result.checkFiles).toBeGreaterThan(6);
    expect(result.declarations).toBeGreaterThan(100);
    expect(result.headline).toMatch(new RegExp(`^mcp-gen diff ${revision} → ${revision}: 0 changes:`));
    expect(result.unknown).toMatch(/unknown revision "1999-01-01"/);
    // Nothing but the one schema was fetched, even for model() and diff().
    expect(requested).toHaveLength(1);
  }, 600_000);
});
