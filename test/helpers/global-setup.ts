import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli.js";
import { ensureRunner } from "./conformance-runner.js";
import { GENERATED_JS_ROOT, GENERATED_ROOT, REPO_ROOT, REVISIONS, SPEC_ROOT } from "./spec.js";

/**
 * Generates every revision of the mirror once for the whole run, as TypeScript sources and in
 * the default output (JavaScript with declarations), and builds the examples.
 */
export default async function setup(): Promise<void> {
  if (REVISIONS.length === 0) throw new Error(`no spec mirror at ${SPEC_ROOT}: set MCP_SPEC_ROOT`);
  rmSync(join(REPO_ROOT, "test/tmp/scratch"), { recursive: true, force: true });
  for (const [out, emit] of [[GENERATED_ROOT, "ts"], [GENERATED_JS_ROOT, "js"]] as const) {
    rmSync(out, { recursive: true, force: true });
    const args = ["generate", "--quiet", "--emit", emit, "--spec-root", SPEC_ROOT, "--out", out];
    for (const revision of REVISIONS) args.push("--revision", revision);
    const code = await main(args);
    if (code !== 0) throw new Error(`generation (--emit ${emit}) failed with exit code ${code}`);
  }
  ensureRunner(); // once here: test files running in parallel must not each run npm ci
  execFileSync(process.execPath, [join(REPO_ROOT, "examples/build.mjs")], { stdio: "inherit", env: { ...process.env, MCP_SPEC_ROOT: SPEC_ROOT } });
}
