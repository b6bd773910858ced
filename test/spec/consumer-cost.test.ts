import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, REVISIONS, generatedDir, scratchDir } from "../helpers/spec.js";

// The consumer's type-check cost of importing a revision (the project's budget: at most 50,000
// instantiations for a one-line program importing 2026-07-28 under NodeNext, strict,
// skipLibCheck; the checker reads every generated module, validators.ts included). The fast
// validators are plain functions with `value is T.X` predicates, and `rt.own` takes `unknown`:
// nothing in them relates Zod types, which would cost ~75,000 instantiations at once.

const run = promisify(execFile);
const BUDGET = 50_000;
const revision = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;

async function instantiations(name: string, program: string): Promise<number> {
  const dir = scratchDir(name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const index = relative(dir, join(generatedDir(revision), "index.js")).replace(/\\/g, "/");
  writeFileSync(join(dir, "main.ts"), program.replaceAll("GEN", index.startsWith(".") ? index : `./${index}`));
  const compilerOptions = { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, skipLibCheck: true, noEmit: true };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["main.ts"] }));
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", dir, "--extendedDiagnostics"], { maxBuffer: 16 << 20 });
  return Number(/Instantiations:\s+(\d+)/.exec(stdout)![1]);
}

describe(`a consumer importing ${revision} type-checks cheaply`, () => {
  it(`CallToolRequestSchema.parse: at most ${BUDGET.toLocaleString("en-US")} instantiations`, async () => {
    const count = await instantiations("consumer-schema", `import { CallToolRequestSchema } from "GEN";\nexport const r = CallToolRequestSchema.parse({});\n`);
    console.log(`${revision}, schema consumer: ${count} instantiations`);
    expect(count).toBeLessThanOrEqual(BUDGET);
  });
});
