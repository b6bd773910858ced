import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { generatedJsDir, REPO_ROOT } from "../helpers/spec.js";

// The registration that gives the exported schemas' parse methods the fast validators' verdicts
// names every validator of a revision. It lives in fast-zod.ts, which only index.ts loads: the
// generated server and client import validators.ts for fastCheckOf alone, so a bundler leaves
// out the validators that neither their METHODS table nor anything else they call reaches.
// Measured here with esbuild (a bundle of each entry, its metafile's bytes per input), on the
// default output of the spec's revisions.

const REVISIONS = ["2025-11-25", "2026-07-28"];

/** The bundled bytes of each input of `entry` (esbuild, minified, tree-shaken), and the bundle's text. */
async function bundled(entry: string): Promise<{ bytes: Map<string, number>; text: string }> {
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: REPO_ROOT, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const bytes = new Map(Object.entries(output.inputs).map(([path, input]) => [path.replace(/\\/g, "/"), input.bytesInOutput]));
  return { bytes, text: result.outputFiles[0]!.text };
}

const inputBytes = (bytes: Map<string, number>, suffix: string): number => [...bytes].filter(([path]) => path.endsWith(suffix)).reduce((sum, [, n]) => sum + n, 0);

describe.each(REVISIONS)("%s: fast-zod.js, apart from validators.js", (revision) => {
  const dir = generatedJsDir(revision).replace(/\\/g, "/");

  it("is loaded by index.js, and neither validators.js nor server.js nor client.js loads it", () => {
    expect(readFileSync(join(dir, "index.js"), "utf8")).toMatch(/^import "\.\/fast-zod\.js";$/m);
    for (const file of ["validators.js", "server.js", "client.js", "schemas.js", "methods.js"]) expect(readFileSync(join(dir, file), "utf8"), file).not.toContain("fast-zod");
  });

  it("leaves out of a server's or client's bundle what only the registration names", async () => {
    const whole = await bundled(`import * as g from "${dir}/index.js"; console.log(g);`);
    const server = await bundled(`import { createServer } from "${dir}/server.js"; console.log(createServer);`);
    const client = await bundled(`import { createClient } from "${dir}/client.js"; console.log(createClient);`);
    const everything = inputBytes(whole.bytes, "/validators.js");
    // A string of the output builder's compiled code (templates/runtime/shared/fast-zod-objects.ts): minifying keeps it.
    const builder = "state.plainKeys";
    expect(inputBytes(whole.bytes, "/fast-zod.js")).toBeGreaterThan(0);
    expect(whole.text).toContain(builder);
    for (const [role, { bytes, text }] of Object.entries({ server, client })) {
      expect(inputBytes(bytes, "/fast-zod.js"), role).toBe(0);
      // The registration's machinery (templates/runtime/shared/fast-zod.ts) goes with it.
      expect(text, role).not.toContain(builder);
      const kept = inputBytes(bytes, "/validators.js");
      expect(kept, role).toBeGreaterThan(0);
      expect(kept / everything, `${role}: ${kept} of ${everything} bytes of validators.js`).toBeLessThan(0.9);
    }
  });
});
