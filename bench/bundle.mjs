// Bundle size (issue 33 item 5): `esbuild --bundle --minify --platform=node` of examples/incidents
// against the same server on the SDK v2 (bench/peers/incidents-sdk.ts), minified bytes and gzip
// bytes (node:zlib gzipSync, level 9). Goal: mcp-gen's gzip at most 0.5x the SDK's.
//
// Built from a private copy (bench/peers/workspace.mjs). mcp-gen bundles: the example with redis
// and jose (which examples/shared/serve.ts imports only for its HTTP mode) external; served over
// stdio only, like the SDK peer (which has no HTTP mode), so that the runtime's HTTP transport,
// authorization and stores are tree-shaken; the bound: that stdio-only bundle with every generated
// validator and schema emptied, built but never run, the least a server on this runtime weighs;
// and as is (esbuild follows those dynamic imports too); the floor (bench/peers/incidents-floor.ts:
// the app's tool listing with no MCP library, the least a Zod-based server of it weighs); then both servers again
// with the app importing `{ z }` from zod instead of `* as z` (the apps' own style, Zod 4's), which
// decides whether esbuild can drop the parts of zod nobody uses. What each bundle holds comes from esbuild's metafile
// (bytesInOutput per input), grouped: the generated code per revision, the mcp-gen runtime per
// role, zod, the app, and other packages by name.
// `node bench/bundle.mjs` prints the tables.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { checkSameTools } from "./peers/stdio-client.mjs";
import { bundle, declaredToolNames, HTTP_ONLY_PACKAGES, prepareWorkspace, SERVERS, stdioOnlyServe, zodNamedImport } from "./peers/workspace.mjs";

const GZIP_LEVEL = 9;
const [MCP_GEN, SDK, FLOOR] = SERVERS;
const LIKE_FOR_LIKE = { external: HTTP_ONLY_PACKAGES };

/**
 * The bound row's esbuild plugin: every generated `validators.js` and `schemas.js` replaced by a
 * module exporting the same names, each a function that accepts everything. What is left is the
 * runtime, zod as the runtime and the app use it, and the app: the least any server on this
 * runtime could weigh, validating nothing. It is built and measured, never run.
 */
const withoutValidation = {
  name: "without-validation",
  setup(build) {
    build.onLoad({ filter: /[\\/]gen[\\/]\d{4}-\d{2}-\d{2}[\\/](validators|schemas)\.js$/ }, (args) => ({
      contents: [...readFileSync(args.path, "utf8").matchAll(/^export (?:function|const) (\w+)/gm)].map(([, name]) => `export const ${name} = () => () => true;`).join("\n"),
      loader: "js",
    }));
  },
};

/** Each bundle, and the SDK bundle its ratio is taken against (the one built alike). */
const BUNDLES = [
  { name: "mcp-gen", server: MCP_GEN, label: "mcp-gen: examples/incidents (redis, jose external: serve.ts imports them for its HTTP mode only)", options: LIKE_FOR_LIKE, against: "sdk" },
  // The SDK peer serves stdio only: this is the example served the same way, its HTTP transport,
  // authorization and session stores (which the peer has none of) left out by tree shaking.
  { name: "mcp-gen, stdio only", server: MCP_GEN, label: "mcp-gen: examples/incidents served over stdio only, like the peer (serve.ts's HTTP mode left out)", options: { ...LIKE_FOR_LIKE, plugins: [stdioOnlyServe] }, against: "sdk" },
  {
    name: "bound: no validation",
    server: MCP_GEN,
    label: "the bound, built but not run: the stdio-only bundle with every generated validators.js and schemas.js emptied (no validation of either revision)",
    options: { ...LIKE_FOR_LIKE, plugins: [stdioOnlyServe, withoutValidation] },
    against: "sdk",
    runnable: false,
  },
  { name: "mcp-gen as is", server: MCP_GEN, label: "mcp-gen: examples/incidents as is (redis, jose bundled)", options: {}, against: "sdk" },
  { name: "sdk", server: SDK, label: "SDK v2: bench/peers/incidents-sdk.ts", options: LIKE_FOR_LIKE, against: "sdk" },
  // The least any Zod-based server of the app weighs: its schemas, zod and a stdio loop, no MCP library.
  { name: "floor", server: FLOOR, label: "the floor: bench/peers/incidents-floor.ts (the app's tool listing over stdio, no MCP library, no validation)", options: LIKE_FOR_LIKE, against: "sdk" },
  // The same two apps importing `{ z }` (the style of Zod 3's documentation): how much of zod each
  // bundle keeps is then decided by the app (every locale), not by the library.
  {
    name: "mcp-gen, app { z }",
    server: MCP_GEN,
    label: "mcp-gen, the app importing `{ z }` from zod (redis, jose external)",
    options: { ...LIKE_FOR_LIKE, plugins: [zodNamedImport] },
    against: "sdk, app { z }",
  },
  { name: "sdk, app { z }", server: SDK, label: "SDK v2, the app importing `{ z }` from zod", options: { ...LIKE_FOR_LIKE, plugins: [zodNamedImport] }, against: "sdk, app { z }" },
];

/** The part of a bundle an input belongs to (paths are relative to the workspace, packages through the node_modules link). */
export function partOf(path) {
  const generated = /^gen\/(\d{4}-\d{2}-\d{2})\/(.+)\.js$/.exec(path);
  if (generated) return `generated ${generated[1]}: ${["validators", "schemas"].includes(generated[2]) ? `${generated[2]}.js` : "the rest"}`;
  // A role module (runtime/server.js), or a role's file when the runtime is not joined (runtime/server/http.js).
  const runtime = /^gen\/runtime\/([^/.]+)(?:\/|\.js$)/.exec(path);
  if (runtime) return `mcp-gen runtime: ${runtime[1]}/`;
  if (path.startsWith("gen/")) return "generated: index.js, server.js (both revisions)";
  if (/^(incidents|shared|sdk|floor)\//.test(path)) return "the app (incidents/, shared/; the SDK peer, the floor)";
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (!pkg) return `other: ${path}`;
  if (pkg[1] === "zod") return pkg[2].startsWith("v4/locales/") ? "zod: locales" : "zod";
  // The SDK ships hashed chunks (tsdown): name the chunk, since ajv, for one, is inlined into one.
  if (pkg[1].startsWith("@modelcontextprotocol/")) return `${pkg[1]}: ${pkg[2].replace(/^dist\//, "").replace(/-[\w-]{8}\.mjs$|\.mjs$/, "")}`;
  return pkg[1];
}

function breakdown(metafile) {
  const [output] = Object.values(metafile.outputs);
  const parts = new Map();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) parts.set(partOf(path), (parts.get(partOf(path)) ?? 0) + bytesInOutput);
  return { bytes: output.bytes, inputs: Object.keys(output.inputs).length, parts };
}

/** Bundles each variant, checks the bundles answer tools/list alike, and measures them. */
export async function bundleBench({ root, specRoot }) {
  const workspace = prepareWorkspace({ root, specRoot });
  try {
    const results = [];
    for (const b of BUNDLES) {
      const file = join(workspace.dir, "out", `bundle-${results.length}.mjs`);
      const { bytes, inputs, parts } = breakdown(await bundle(workspace.dir, workspace.entry(b.server), file, b.options));
      const gzip = gzipSync(readFileSync(file), { level: GZIP_LEVEL }).length;
      results.push({ name: b.name, label: b.label, against: b.against, runnable: b.runnable !== false, file, bytes, gzip, inputs, parts });
    }
    await checkSameTools(
      results.filter((r) => r.runnable).map((r) => r.file),
      declaredToolNames(root),
    );
    return { gzipLevel: GZIP_LEVEL, bundles: results.map(({ file, runnable, ...r }) => r) };
  } finally {
    workspace.cleanup();
  }
}

const n = (value) => value.toLocaleString("en-US");

/** Markdown: sizes and ratios, then what each bundle holds (minified bytes per part). */
export function bundleTable({ gzipLevel, bundles }) {
  const peer = (b) => bundles.find((p) => p.name === b.against);
  const lines = [
    `\`esbuild --bundle --minify --platform=node --format=esm --target=node20\` (esbuild API, one file each); gzip: node:zlib gzipSync level ${gzipLevel}. Goal: mcp-gen's gzip at most 0.5x the SDK v2's. ` +
      `Each ratio is against the SDK v2 bundle built alike (the app importing zod the same way). Every bundle but the bound was run and answers tools/list with the same tools; the bound shows what 0.5x leaves for validation: its gzip is the runtime, zod and the app with no validator or schema of either revision. ` +
      `The floor is the app's tool listing served with no MCP library (zod, the app's schemas, a stdio loop): the least any Zod-based server of the app weighs.`,
    "",
    "| bundle | inputs | minified bytes | gzip bytes | gzip vs SDK v2 | minified vs SDK v2 |",
    "|---|---:|---:|---:|---:|---:|",
    ...bundles.map((b) => `| ${b.label} | ${b.inputs} | ${n(b.bytes)} | ${n(b.gzip)} | ${(b.gzip / peer(b).gzip).toFixed(2)}x | ${(b.bytes / peer(b).bytes).toFixed(2)}x |`),
    "",
    "What each bundle holds: minified bytes per part (esbuild metafile, `bytesInOutput`), share of the bundle in brackets.",
    "",
    `| part | ${bundles.map((b) => b.name).join(" | ")} |`,
    `|---|${bundles.map(() => "---:").join("|")}|`,
  ];
  const names = [...new Set(bundles.flatMap((b) => [...b.parts.keys()]))];
  const largest = (part) => Math.max(...bundles.map((b) => b.parts.get(part) ?? 0));
  for (const part of names.sort((a, b) => largest(b) - largest(a))) {
    const cells = bundles.map((b) => (b.parts.has(part) ? `${n(b.parts.get(part))} (${((100 * b.parts.get(part)) / b.bytes).toFixed(1)}%)` : ""));
    lines.push(`| ${part} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const specRoot = resolve(process.env.MCP_SPEC_ROOT ?? join(root, "../shared/mcp-spec"));
  console.log(bundleTable(await bundleBench({ root, specRoot })));
}
