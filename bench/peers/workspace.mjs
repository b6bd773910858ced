// The private copy bench/startup.mjs and bench/bundle.mjs build from: examples/incidents and
// examples/shared on freshly generated code (both revisions, as examples/build.mjs generates
// examples/gen), laid out like examples/ in a temp folder, beside the SDK v2 peer
// (incidents-sdk.ts). The test suite rebuilds examples/gen and examples/dist concurrently, so
// nothing here reads or writes them; the examples' sources are only copied.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as esbuild from "esbuild";

export const REVISIONS = ["2026-07-28", "2025-11-25"];

/**
 * Packages examples/shared/serve.ts imports only for its HTTP mode (`--redis`, `--auth-issuer`),
 * by dynamic import(). esbuild bundles them anyway; the SDK peer serves stdio only, so the
 * like-for-like bundle leaves them out (they are never loaded on stdio).
 */
export const HTTP_ONLY_PACKAGES = ["redis", "jose"];

/**
 * The servers: examples/incidents on mcp-gen, its SDK v2 twin, and the floor (incidents-floor.ts:
 * the app's tool listing with no MCP library, what any Zod-based server of the app pays at least).
 */
export const SERVERS = [
  { name: "mcp-gen", label: "mcp-gen (examples/incidents)", entry: "incidents/main.ts" },
  { name: "sdk", label: "SDK v2 (bench/peers/incidents-sdk.ts)", entry: "sdk/main.ts" },
  { name: "floor", label: "the floor (bench/peers/incidents-floor.ts: no MCP library)", entry: "floor/main.ts" },
];

/** Generates, copies and links the workspace; `cleanup()` deletes it. */
export function prepareWorkspace({ root, specRoot }) {
  if (!existsSync(join(root, "dist/cli.js"))) execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-bench-incidents-"));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    const args = [join(root, "bin/mcp-gen.js"), "--quiet", "--spec-root", specRoot, "--out", join(dir, "gen")];
    for (const revision of REVISIONS) args.push("--revision", revision);
    // cwd: the workspace, so that the generator's project cache (.mcp-gen/) goes with it.
    execFileSync(process.execPath, args, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    for (const folder of ["incidents", "shared"]) cpSync(join(root, "examples", folder), join(dir, folder), { recursive: true });
    for (const [folder, peer] of [["sdk", "incidents-sdk.ts"], ["floor", "incidents-floor.ts"]]) {
      mkdirSync(join(dir, folder));
      copyFileSync(join(root, "bench/peers", peer), join(dir, folder, "main.ts"));
    }
    // zod, the SDK and esbuild's inputs resolve from the repository's node_modules, as from examples/.
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "junction");
    writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
  } catch (error) {
    cleanup();
    throw error;
  }
  return { dir, entry: (server) => join(dir, server.entry), cleanup };
}

/**
 * `esbuild --bundle --minify --platform=node` (ESM, which both servers need for their top-level
 * await), with the metafile. `external`: packages left out; `plugins`: esbuild plugins.
 */
export async function bundle(dir, entry, outfile, { external = [], plugins = [] } = {}) {
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external,
    plugins,
    metafile: true,
    logLevel: "error",
  });
  return result.metafile;
}

/**
 * An esbuild plugin that rewrites the app's `import * as z from "zod"` (examples/incidents and the
 * peer, as Zod 4's documentation and the SDK's own code write it) to `import { z } from "zod"`:
 * esbuild keeps every member of the `z` namespace object (every locale among them) once it is
 * imported by name, and drops the unused ones of a namespace import. The app's sources are
 * rewritten in memory only.
 */
export const zodNamedImport = {
  name: "zod-named-import",
  setup(build) {
    build.onLoad({ filter: /\/(incidents|shared|sdk|floor)\/[^/]+\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replace(/import \* as z from "zod";/g, 'import { z } from "zod";'),
      loader: "ts",
    }));
  },
};

/**
 * An esbuild plugin that serves examples/incidents over stdio only, as the SDK peer is served:
 * examples/shared/serve.ts (which also serves Streamable HTTP with `--port`, sessions in Redis with
 * `--redis`, tokens with `--auth-issuer`) is replaced by its stdio branch alone, so that the
 * runtime's HTTP transport, authorization and session stores, which the peer has no counterpart
 * of, are left to esbuild's tree shaking. The app's sources are rewritten in memory only.
 */
export const stdioOnlyServe = {
  name: "stdio-only-serve",
  setup(build) {
    build.onLoad({ filter: /\/shared\/serve\.ts$/ }, () => ({
      contents: [
        'import { serveStdio, type McpServer } from "../gen/server.js";',
        // On stdio serve.ts's stateSecret is MCP_STATE_SECRET or none (a random key of the process).
        'export function stateSecret(): string | undefined { return process.env["MCP_STATE_SECRET"] || undefined; }',
        "export async function serve(server: McpServer): Promise<void> { await serveStdio(server); }",
      ].join("\n"),
      loader: "ts",
    }));
  },
};

/**
 * The unbundled build a project ships after `tsc`: each .ts file of the app transpiled to a .js
 * beside it (type-stripping only, as tsc emits for ES2022), the generated .js and node_modules
 * loaded as they are.
 */
export async function transpile(dir, folders = ["incidents", "shared", "sdk", "floor"]) {
  const entryPoints = folders.flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
      .map((file) => join(dir, folder, file)),
  );
  await esbuild.build({ absWorkingDir: dir, entryPoints, outdir: dir, outbase: dir, bundle: false, platform: "node", format: "esm", target: "es2022", logLevel: "error" });
}

/** The tool names examples/incidents/server.ts declares (`tool("name", …)`): what both servers must list. */
export function declaredToolNames(root) {
  const source = readFileSync(join(root, "examples/incidents/server.ts"), "utf8");
  return [...source.matchAll(/\btool\(\s*"([^"]+)"/g)].map((m) => m[1]).sort();
}
