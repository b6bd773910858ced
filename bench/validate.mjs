// Validation throughput of the generated validators (plain Zod and with `import "zod/compile"`)
// against Ajv on the revision's schema.json, side by side on the spec's examples.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transpileFolder } from "../test/helpers/transpile.mjs";

export function validationBench({ root, specRoot, revision, rounds = 7, items = 200_000 }) {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-vbench-"));
  try {
    execFileSync(process.execPath, [join(root, "bin/mcp-gen.js"), "--quiet", "--revision", revision, "--spec-root", specRoot, "--out", join(work, "ts")]);
    const js = transpileFolder(join(work, "ts"), join(root, "bench", ".tmp-js"));
    const examples = join(specRoot, revision, "examples");
    const corpus = readdirSync(examples).flatMap((type) =>
      readdirSync(join(examples, type)).map((file) => ({ type, value: JSON.parse(readFileSync(join(examples, type, file), "utf8")) })),
    );
    const corpusFile = join(work, "corpus.json");
    writeFileSync(corpusFile, JSON.stringify(corpus));
    const worker = fileURLToPath(new URL("validate-worker.mjs", import.meta.url));
    const args = [pathToFileURL(join(js, "index.js")).href, corpusFile, join(specRoot, revision, "schema.json"), String(rounds), String(items)];
    return ["zod", "zod-compiled", "ajv"].map((variant) =>
      JSON.parse(execFileSync(process.execPath, [worker, variant, ...args], { cwd: root, encoding: "utf8" })),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(join(root, "bench", ".tmp-js"), { recursive: true, force: true });
  }
}
