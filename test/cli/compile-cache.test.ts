import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileCacheDir, packageTypeOf } from "../../src/compile-cache.js";
import { runCliProcess, snapshot } from "../helpers/cli.js";
import { REPO_ROOT, scratchDir } from "../helpers/spec.js";

// The V8 code cache of the generator's CommonJS dependencies (src/compile-cache.ts), through the
// bin script as users run it: it may change how fast TypeScript loads, never what is generated.

const SCHEMA = join(REPO_ROOT, "test/fixtures/formats/schema.ts");
/** Node ≥ 22.1 keeps the cache itself (`module.enableCompileCache`), in a layout of its own. */
const builtIn = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function";

async function generateWith(cache: string, out: string): Promise<Record<string, string>> {
  const result = await runCliProcess(["--quiet", "--schema", SCHEMA, "--out", out], { MCP_GEN_COMPILE_CACHE: cache });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return Object.fromEntries(Object.entries(snapshot(out)).map(([path, { bytes }]) => [path, bytes]));
}

/** The cache's entries: name → the size, digest and inode of each (a rewritten entry gets a new inode: written beside, then renamed). */
function entries(dir: string): Map<string, { size: number; sha256: string; ino: number }> {
  return new Map(
    readdirSync(dir).map((name) => {
      const bytes = readFileSync(join(dir, name));
      return [name, { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex"), ino: statSync(join(dir, name)).ino }];
    }),
  );
}

describe("compile cache", () => {
  it("is off with MCP_GEN_COMPILE_CACHE=0 or NODE_DISABLE_COMPILE_CACHE, at a path when given one, else in node_modules/.cache/mcp-gen", () => {
    expect(compileCacheDir({ MCP_GEN_COMPILE_CACHE: "0" })).toBeUndefined();
    expect(compileCacheDir({ MCP_GEN_COMPILE_CACHE: "off" })).toBeUndefined();
    expect(compileCacheDir({ NODE_DISABLE_COMPILE_CACHE: "1" })).toBeUndefined();
    expect(compileCacheDir({ MCP_GEN_COMPILE_CACHE: "/some/where" })).toBe("/some/where");
    expect(compileCacheDir({})).toBe(join(REPO_ROOT, "node_modules", ".cache", "mcp-gen", `${process.version}-${process.arch}`));
  });

  it("a run fills it, a second run loads from it unchanged, and both generate the same bytes as a run without it", async () => {
    const root = scratchDir("compile-cache");
    const cache = join(root, "cache");
    const without = await generateWith("0", join(root, "without"));
    const first = await generateWith(cache, join(root, "first"));
    expect(first).toEqual(without);
    const made = entries(cache);
    expect(made.size).toBeGreaterThan(0);
    if (builtIn) return;
    // One entry per large CommonJS file loaded; TypeScript's is the largest (megabytes of code).
    expect(Math.max(...[...made.values()].map((e) => e.size))).toBeGreaterThan(1 << 20);
    const second = await generateWith(cache, join(root, "second"));
    expect(second).toEqual(without);
    // Entries V8 refused, or that were missing, are written anew; accepted ones are left as they are.
    expect(entries(cache)).toEqual(made);
  });

  it.skipIf(builtIn)("a damaged entry or one made from another version of its file is not used: the run compiles from source and writes it anew", async () => {
    const root = scratchDir("compile-cache-damaged");
    const cache = join(root, "cache");
    const expected = await generateWith(cache, join(root, "first"));
    const made = entries(cache);
    const [largest] = [...made].sort((a, b) => b[1].size - a[1].size);
    const name = largest![0];
    const bytes = readFileSync(join(cache, name));
    const header = bytes.indexOf(0x0a) + 1;
    // The same version line, the code behind it scrambled: V8's own checks refuse it.
    const damaged = Buffer.concat([bytes.subarray(0, header), Buffer.alloc(bytes.length - header, 0x5a)]);
    writeFileSync(join(cache, name), damaged);
    expect(await generateWith(cache, join(root, "damaged"))).toEqual(expected);
    expect(readFileSync(join(cache, name)).subarray(0, header)).toEqual(bytes.subarray(0, header));
    expect(readFileSync(join(cache, name)).equals(damaged), "written anew").toBe(false);
    // Valid code under the version line of another file version (another mtime): not even read into V8.
    const stale = Buffer.concat([Buffer.from(bytes.subarray(0, header).toString().replace(/:(\d+)\n$/, (_, ns: string) => `:${BigInt(ns) + 1n}\n`)), bytes.subarray(header)]);
    writeFileSync(join(cache, name), stale);
    expect(await generateWith(cache, join(root, "stale"))).toEqual(expected);
    expect(readFileSync(join(cache, name)).subarray(0, header).toString(), "written anew").toBe(bytes.subarray(0, header).toString());
    rmSync(root, { recursive: true, force: true });
  });

  it("a file's package type is its nearest package.json's, as Node decides a .js file's format (an ES module is left to Node)", () => {
    const root = scratchDir("compile-cache-types");
    mkdirSync(join(root, "esm/dist/cjs"), { recursive: true });
    writeFileSync(join(root, "package.json"), "{}");
    writeFileSync(join(root, "esm/package.json"), '{"type":"module"}');
    writeFileSync(join(root, "esm/dist/cjs/package.json"), '{"type":"commonjs"}');
    expect(packageTypeOf(join(root, "esm/dist/index.js"))).toBe("module");
    expect(packageTypeOf(join(root, "esm/dist/cjs/index.js"))).toBe("commonjs");
    expect(packageTypeOf(join(root, "other/index.js"))).toBeUndefined();
    expect(packageTypeOf(join(REPO_ROOT, "node_modules/typescript/lib/typescript.js"))).toBeUndefined();
    expect(packageTypeOf(join(REPO_ROOT, "dist/cli.js"))).toBe("module");
  });
});
