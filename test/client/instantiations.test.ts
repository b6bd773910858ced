// The cost of the generated 2026-07-28 output for a consumer's type checker: a one-line program
// importing it (the project's yardstick) and a small client program, each at most 50,000
// instantiations (tsc --extendedDiagnostics, NodeNext, strict, skipLibCheck).
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";

const DIR = join(REPO_ROOT, "test/tmp/instantiations");
const BUDGET = 50_000;

async function instantiations(main: string): Promise<number> {
  writeFileSync(join(DIR, "main.ts"), main);
  const { stdout } = await promisify(execFile)(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", DIR, "--extendedDiagnostics"], { cwd: DIR });
  return Number(/Instantiations:\s+(\d+)/.exec(stdout)![1]);
}

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
  cpSync(join(GENERATED_ROOT, "2026-07-28"), join(DIR, "gen"), { recursive: true });
  cpSync(join(GENERATED_ROOT, "runtime"), join(DIR, "runtime"), { recursive: true });
  writeFileSync(join(DIR, "package.json"), '{"type":"module"}\n');
  writeFileSync(join(DIR, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types: [] }, files: ["main.ts"] }));
});

describe("type-checker cost of the 2026-07-28 output, client included", () => {
  it("a program importing a schema stays within the budget", async () => {
    const count = await instantiations(`import { CallToolRequestSchema } from "./gen/index.js";\nexport const r = CallToolRequestSchema.parse({});\n`);
    console.log(`schema consumer: ${count} instantiations`);
    expect(count).toBeLessThanOrEqual(BUDGET);
  });

  it("a program using the client stays within the budget", async () => {
    const count = await instantiations(
      `import { StdioTransport, createClient } from "./gen/index.js";\n` +
        `const client = createClient(new StdioTransport({ command: "s" }), { clientInfo: { name: "c", version: "1" }, handlers: { "elicitation/create": async () => ({ action: "decline" }) } });\n` +
        `export const result = await client.callTool({ name: "t", arguments: {} });\n` +
        `for await (const tool of client.paginate("tools/list")) console.log(tool.name);\n`,
    );
    console.log(`client consumer: ${count} instantiations`);
    expect(count).toBeLessThanOrEqual(BUDGET);
  });
});
