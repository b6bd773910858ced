import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { transpileFolder } from "../helpers/transpile.mjs";
import { GENERATED_ROOT, REPO_ROOT, REVISIONS_WITH_EXAMPLES, SPEC_ROOT, scratchDir } from "../helpers/spec.js";

const run = promisify(execFile);

/** Runs in a separate node process, because `import "zod/compile"` switches Zod globally. */
const CHECK = `
import "zod/compile";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
const [moduleUrl, examples] = process.argv.slice(1);
const generated = await import(moduleUrl);
const { z } = await import("zod");
const failures = [];
const fastDisagrees = [];
let passed = 0;
let variants = 0;
for (const type of readdirSync(examples)) {
  for (const file of readdirSync(join(examples, type))) {
    const value = JSON.parse(readFileSync(join(examples, type, file), "utf8"));
    const result = generated[type + "Schema"].safeParse(value);
    if (result.success && JSON.stringify(Object.keys(result.data ?? {}).sort()) === JSON.stringify(Object.keys(value ?? {}).sort())) passed++;
    else failures.push(type + "/" + file);
    // The fast validator agrees with the compiled schema, also on JavaScript-only variants.
    const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
    const inputs = [value, ...(isObject ? [Object.create(value), { ...value, __proto__: null }, JSON.parse(JSON.stringify(value).replace(/^\{/, '{"__proto__": 1,').replace(/,\}$/, "}"))] : [])];
    for (const input of inputs) {
      variants++;
      if (z.safeParse(generated[type + "Schema"], input).success !== generated["is" + type](input)) fastDisagrees.push(type + "/" + file + " variant " + inputs.indexOf(input));
    }
  }
}
const deep = JSON.parse('{"a":['.repeat(5000) + "1" + "]}".repeat(5000));
let deepVerdict;
try { deepVerdict = generated.JSONObjectSchema.safeParse(deep).success; } catch (error) { deepVerdict = String(error); }
const extra = generated.CallToolResultSchema.parse({ resultType: "complete", content: [{ type: "text", text: "t", kept: 1 }], kept: 2 });
console.log(JSON.stringify({ passed, failures, fastDisagrees, variants, deepVerdict, keptNested: extra.content[0].kept, keptTop: extra.kept }));
`;

let js: string | undefined;

describe.each(REVISIONS_WITH_EXAMPLES)("with Zod's AOT compilation (import \"zod/compile\"), %s", (revision) => {
  it("the generated validators keep their semantics: examples, unknown keys, hostile depth; the fast validators agree", async () => {
    js ??= transpileFolder(GENERATED_ROOT, scratchDir("compiled"));
    const moduleUrl = pathToFileURL(join(js, revision, "index.js")).href;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", CHECK, moduleUrl, join(SPEC_ROOT, revision, "examples")], { cwd: REPO_ROOT });
    const result = JSON.parse(stdout);
    expect(result.failures).toEqual([]);
    expect(result.passed).toBeGreaterThan(100);
    expect(result.fastDisagrees).toEqual([]);
    expect(result.variants).toBeGreaterThan(300);
    expect(result.deepVerdict).toBe(false);
    expect([result.keptNested, result.keptTop]).toEqual([1, 2]);
  });
});
