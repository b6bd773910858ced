import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_ROOT, REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";
import { STRICTEST, compile, type Compilation } from "../helpers/tsc.js";

const ROOT = join(REPO_ROOT, "test/tmp/types");
const SOURCES = join(REPO_ROOT, "test/types");

/**
 * The type-level tests of test/types import the spec as `@spec/<revision>` and the generated
 * output as `@gen/<revision>`; compiled under the strictest settings (declarations aside: a
 * test file exports untyped constants on purpose).
 */
const OPTIONS = {
  ...STRICTEST,
  module: "ESNext",
  moduleResolution: "bundler",
  isolatedDeclarations: false,
  declaration: false,
  noUnusedLocals: false,
  paths: { "@spec/*": [join(SPEC_ROOT, "*/schema.ts")], "@gen/*": [join(GENERATED_ROOT, "*/index.ts")], "@gen-root": [join(GENERATED_ROOT, "index.ts")] },
};

function copySources(dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  cpSync(SOURCES, dir, { recursive: true });
  return readdirSync(dir).filter((f) => f.endsWith(".ts"));
}

const under = (dir: string) => (file: string) => !relative(dir, file).startsWith("..");

/**
 * One program holds the facts as written (facts/) and a copy edited to fail (broken/); each test
 * asks for the diagnostics of its own folder.
 */
let compilation: { program: Compilation; facts: string[] } | undefined;
function program(): { program: Compilation; facts: string[] } {
  if (compilation) return compilation;
  const facts = copySources(join(ROOT, "facts"));
  breakCopy(join(ROOT, "broken"));
  compilation = { program: compile(ROOT, OPTIONS, ["facts/*.ts", "broken/*.ts"]), facts };
  return compilation;
}

/** The lines of broken/apps.ts that a `@ts-expect-error` guarded in facts/apps.ts. */
const APPS_GUARDED: number[] = [];
/** The same for broken/standard-schema.ts. */
const STANDARD_GUARDED: number[] = [];

function breakCopy(dir: string): void {
  copySources(dir);
  const file = join(dir, "methods-2026-07-28.ts");
  const text = readFileSync(file, "utf8");
  const broken = text
    .replace(`Equal<InputRequestMethod, "sampling/createMessage" | "roots/list" | "elicitation/create">`, `Equal<InputRequestMethod, "sampling/createMessage" | "roots/list">`)
    .replace(`export const initialize: RequestMethod = "initialize";`, `export const initialize: RequestMethod = "tools/call";`);
  expect(broken).not.toBe(text);
  writeFileSync(file, broken);
  // And in the Zod API facts: a wrong option count, and a negative case whose directive is gone.
  const zodFile = join(dir, "zod-api.ts");
  const zodText = readFileSync(zodFile, "utf8");
  const zodBroken = zodText.replace(`["length"], 10>>`, `["length"], 9>>`).replace("// @ts-expect-error: a request's shape has no `result`\n", "");
  expect(zodBroken.length).toBeLessThan(zodText.length);
  writeFileSync(zodFile, zodBroken);
  // connect()'s client typed as the bare union of the revisions' clients (as before issue 17).
  const connectFile = join(dir, "client-connect.ts");
  const connectText = readFileSync(connectFile, "utf8");
  const connectBroken = connectText.replace("declare const c: ConnectedClient;", "declare const c: OldClient | NewClient;");
  expect(connectBroken).not.toBe(connectText);
  writeFileSync(connectFile, connectBroken);
  // Issue 53 item 6: the clients without the server's tool definitions as their type argument.
  const declaredFile = join(dir, "client-declared.ts");
  const declaredText = readFileSync(declaredFile, "utf8");
  const declaredBroken = declaredText.replaceAll("<typeof tools>(", "(");
  expect(declaredBroken).not.toBe(declaredText);
  writeFileSync(declaredFile, declaredBroken);
  // MCP Apps: every negative case unguarded (a string or a plain resource in `ui`, a misspelt tool, a wrong argument…).
  unguard(join(dir, "apps.ts"), APPS_GUARDED);
  // Standard Schema (issue 55 item 5): every negative case unguarded (a misspelt argument, a wrong type…).
  unguard(join(dir, "standard-schema.ts"), STANDARD_GUARDED);
  writeTypos(dir);
}

/** Removes every `@ts-expect-error` of `file`, recording the numbers the lines they guarded then have. */
function unguard(file: string, guarded: number[]): void {
  const text = readFileSync(file, "utf8");
  let removed = 0;
  text.split("\n").forEach((line, i) => {
    if (/^\s*\/\/ @ts-expect-error/.test(line)) guarded.push(i + 2 - ++removed); // the guarded line's number once the directives are gone
  });
  writeFileSync(file, text.replaceAll(/^[ \t]*\/\/ @ts-expect-error.*\n/gm, ""));
}

/**
 * Issue 29 item 5: handlers on the factories, each returning through `ctx.result()`; written as
 * they are (`typo-none.ts`) and with one of three result typos each. The mistake must be reported
 * at the returned object inside the handler, not at `tool(`.
 */
const TYPO_BASE = [
  `import { z } from "zod";`,
  `import { tool } from "@gen-root";`,
  `export const lookup = tool("lookup", { input: z.object({ text: z.string() }), output: z.object({ id: z.string() }) }, async (args, ctx) => {`,
  `  const id = args.text.trim();`,
  `  return ctx.result({ structuredContent: { id } });`,
  `});`,
  `export const echo = tool("echo", { input: z.object({ text: z.string() }) }, async (args, ctx) => {`,
  `  const text = args.text;`,
  `  return ctx.result({ content: [{ type: "text", text }] });`,
  `});`,
].join("\n");
const TYPOS: Record<string, [string, string]> = {
  structuredContents: ["structuredContent: { id }", "structuredContents: { id }"],
  txt: ["text }]", "txt: text }]"],
  id42: ["{ id } })", "{ id: 42 } })"],
};
const RETURN_LINES = TYPO_BASE.split("\n").flatMap((line, i) => (line.includes("return ctx.result") ? [i + 1] : []));

function writeTypos(dir: string): void {
  writeFileSync(join(dir, "typo-none.ts"), TYPO_BASE);
  for (const [name, [from, to]] of Object.entries(TYPOS)) {
    const text = TYPO_BASE.replace(from, to);
    expect(text).not.toBe(TYPO_BASE);
    writeFileSync(join(dir, `typo-${name}.ts`), text);
  }
}

describe("type-level facts of the generated maps (test/types)", () => {
  it("hold for every revision tested, positive and @ts-expect-error negative", () => {
    const { program: facts, facts: files } = program();
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(facts.diagnostics(under(join(ROOT, "facts")))).toEqual([]);
  });

  it("can fail: a wrong fact and a negative case that compiles are both reported", () => {
    const text2 = program().program.diagnostics(under(join(ROOT, "broken"))).join("\n");
    expect(text2).toMatch(/methods-2026-07-28\.ts\(\d+,\d+\): error TS2344/); // the Assert<Equal<…>> fails
    expect(text2).toMatch(/methods-2026-07-28\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/);
    expect(text2).toMatch(/zod-api\.ts\(\d+,\d+\): error TS2344/); // OptionCount
    expect(text2).toMatch(/zod-api\.ts\(\d+,\d+\): error TS2339: Property 'result' does not exist/); // the negative case, unguarded
    expect(text2).toMatch(/client-connect\.ts\(\d+,\d+\): error TS2349: This expression is not callable/); // the bare union's paginate
    // Every misspelt name or argument compiles again without connect<typeof tools> / createClient<typeof tools>.
    expect(text2.match(/client-declared\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/g)).toHaveLength(8);
    expect(APPS_GUARDED.length).toBe(9);
    for (const line of APPS_GUARDED) expect(text2, `apps.ts line ${line}`).toMatch(new RegExp(`broken/apps\\.ts\\(${line},\\d+\\): error`)); // each negative, unguarded, fails
    expect(STANDARD_GUARDED.length).toBe(11);
    for (const line of STANDARD_GUARDED) expect(text2, `standard-schema.ts line ${line}`).toMatch(new RegExp(`broken/standard-schema\\.ts\\(${line},\\d+\\): error`));
  });

  it("reports a typo in a factory handler's result at the returned object, not at tool(", () => {
    const { program: compiled } = program();
    const of = (name: string) => compiled.diagnostics((file) => file === join(ROOT, "broken", `typo-${name}.ts`));
    expect(of("none")).toEqual([]);
    expect(RETURN_LINES).toHaveLength(2);
    for (const name of Object.keys(TYPOS)) {
      const [first, ...rest] = of(name);
      expect(first, name).toBeDefined();
      const line = Number(/\((\d+),\d+\): error/.exec(first!)?.[1]);
      expect(RETURN_LINES, `${name}: ${first}`).toContain(line);
      expect([first, ...rest].join("\n"), name).not.toMatch(/TS2769|No overload matches/);
    }
  });
});
