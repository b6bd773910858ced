// The cost of the generated 2026-07-28 output (the default, .js + .d.ts) for a consumer's type
// checker: a small program importing a schema and using the client, at most 5,000
// instantiations (tsc --extendedDiagnostics, NodeNext, strict, skipLibCheck).
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { GENERATED_JS_ROOT, REPO_ROOT } from "../helpers/spec.js";

const DIR = join(REPO_ROOT, "test/tmp/instantiations");
const BUDGET = 5_000;

async function instantiations(main: string): Promise<number> {
  writeFileSync(join(DIR, "main.ts"), main);
  const { stdout } = await promisify(execFile)(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", DIR, "--extendedDiagnostics"], { cwd: DIR });
  return Number(/Instantiations:\s+(\d+)/.exec(stdout)![1]);
}

beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true }); // a .ts left by an older run would win over the .d.ts
  mkdirSync(DIR, { recursive: true });
  cpSync(join(GENERATED_JS_ROOT, "2026-07-28"), join(DIR, "gen"), { recursive: true });
  cpSync(join(GENERATED_JS_ROOT, "runtime"), join(DIR, "runtime"), { recursive: true });
  writeFileSync(join(DIR, "package.json"), '{"type":"module"}\n');
  writeFileSync(join(DIR, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types: [] }, files: ["main.ts"] }));
});

describe("type-checker cost of the 2026-07-28 output, client included", () => {
  // Declarations are read as far as the program uses them: the client's types, not every schema's.
  it("a program importing a schema and using the client stays within the budget", async () => {
    const count = await instantiations(
      `import { CallToolRequestSchema, StdioTransport, createClient } from "./gen/index.js";\n` +
        `export const r = CallToolRequestSchema.parse({});\n` +
        `const client = createClient(new StdioTransport({ command: "s" }), { clientInfo: { name: "c", version: "1" }, handlers: { "elicitation/create": async () => ({ action: "decline" }) } });\n` +
        `export const result = await client.callTool({ name: "t", arguments: {} });\n` +
        `for await (const tool of client.paginate("tools/list")) console.log(tool.name);\n`,
    );
    console.log(`2026-07-28 consumer: ${count} instantiations (budget ${BUDGET})`);
    expect(count).toBeLessThanOrEqual(BUDGET);
  });
});
