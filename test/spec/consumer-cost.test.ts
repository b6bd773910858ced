import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { whenReady } from "../helpers/ready.js";
import { namespaceOf } from "../../src/emit/root.js";
import { GENERATED_JS_ROOT, REPO_ROOT, REVISIONS, generatedDir, generatedJsDir, scratchDir } from "../helpers/spec.js";
import { compile } from "../helpers/tsc.js";

// The consumer's type-check cost of the default output (`.js` + `.d.ts`), the budgets of issue 18:
// at most 5,000 instantiations for a one-line program importing 2026-07-28, at most 25,000 for a
// program using the server, the client and schemas of a two-revision output (tsc
// --extendedDiagnostics, NodeNext, strict, skipLibCheck; counted in-process, the same program). Instantiation counts do not depend on
// the machine. The programs are the bench's (bench/consumer-programs.mjs). The `.ts` sources of
// the same revision (`--emit ts`) are the control: every file of them is checked whatever the
// program imports, so the same program costs them many times more.

const BUDGET = { oneImport: 5_000, annotated: 2_000, serverClient: 25_000 };
const revision = REVISIONS.includes("2026-07-28") ? "2026-07-28" : REVISIONS[REVISIONS.length - 1]!;
/** A two-revision default output the global setup builds (examples/build.mjs: 2026-07-28 + 2025-11-25). */
const TWO_REVISIONS = join(REPO_ROOT, "examples/gen");

interface Programs {
  ONE_IMPORT: string;
  ANNOTATED: string;
  SERVER_CLIENT: string;
}
const programs = (await import(`${REPO_ROOT}/bench/consumer-programs.mjs`)) as Programs;

/**
 * The instantiations of one program as `tsc --extendedDiagnostics` counts them, in-process (the
 * program is the same: the count is its checker's). A program asked for twice is checked once.
 */
const counted = new Map<string, number>();
function instantiations(name: string, program: string, index: string, types: string[] = []): number {
  const key = JSON.stringify([program, index, types]);
  const known = counted.get(key);
  if (known !== undefined) return known;
  const dir = scratchDir(name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const path = relative(dir, index).replace(/\\/g, "/");
  writeFileSync(join(dir, "main.ts"), program.replaceAll('"./gen/index.js"', JSON.stringify(path.startsWith(".") ? path : `./${path}`)));
  const compilerOptions = { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, skipLibCheck: true, noEmit: true, types };
  const compilation = compile(dir, compilerOptions, ["main.ts"]);
  const diagnostics = compilation.diagnostics();
  if (diagnostics.length) throw new Error(`${name} does not compile:\n${diagnostics.join("\n")}`);
  const count = compilation.program.getInstantiationCount();
  console.log(`${name}: ${count} instantiations`);
  counted.set(key, count);
  return count;
}

describe(`a consumer of the default output (${revision}) type-checks at the SDK's cost`, () => {
  beforeAll(() => whenReady("examples"), 600_000); // examples/gen, built by the global setup
  it(`one import (CallToolRequestSchema.parse): at most ${BUDGET.oneImport.toLocaleString("en-US")} instantiations, and the .ts sources cost many times more`, () => {
    const js = instantiations("consumer-one-import", programs.ONE_IMPORT, join(generatedJsDir(revision), "index.js"));
    const sources = instantiations("consumer-one-import-ts", programs.ONE_IMPORT, join(generatedDir(revision), "index.js"));
    expect(js).toBeLessThanOrEqual(BUDGET.oneImport);
    expect(sources).toBeGreaterThan(5 * js);
  });

  it(`the README's pattern, const r: CallToolRequest = CallToolRequestSchema.parse(x), with .shape and z.input/z.output: at most ${BUDGET.annotated.toLocaleString("en-US")} instantiations (issue 33 item 1; it was 7,912)`, () => {
    const count = instantiations("consumer-annotated", programs.ANNOTATED, join(generatedJsDir(revision), "index.js"));
    expect(count).toBeLessThanOrEqual(BUDGET.annotated);
  });

  it(`server + client + schemas of a two-revision output: at most ${BUDGET.serverClient.toLocaleString("en-US")} instantiations`, () => {
    const count = instantiations("consumer-server-client", programs.SERVER_CLIENT, join(TWO_REVISIONS, "index.js"), ["node"]);
    expect(count).toBeLessThanOrEqual(BUDGET.serverClient);
  });

  it("more revisions in the output do not add to the cost of what the program does not import", () => {
    // GENERATED_JS_ROOT holds every revision of the mirror; its root index re-exports each as a namespace.
    const namespaced = programs.ONE_IMPORT.replace("import { CallToolRequestSchema }", `import { ${namespaceOf(revision)} as gen }`).replace("CallToolRequestSchema.parse", "gen.CallToolRequestSchema.parse");
    const one = instantiations("consumer-one-revision", programs.ONE_IMPORT, join(generatedJsDir(revision), "index.js"));
    const every = instantiations("consumer-every-revision", namespaced, join(GENERATED_JS_ROOT, "index.js"));
    expect(every).toBeLessThanOrEqual(one * 1.2 + 200);
  });
});
