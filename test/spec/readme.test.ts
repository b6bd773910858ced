import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";
import { STRICTEST, tsc } from "../helpers/tsc.js";

/** The README's code blocks marked `<!-- compile: <revision>|all -->`, compiled against the generated output. */
function snippets(): Array<{ target: string; code: string }> {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  return [...readme.matchAll(/<!-- compile: ([\w.-]+) -->\n```ts\n([\s\S]*?)```/g)].map((m) => ({ target: m[1]!, code: m[2]! }));
}

describe("README snippets", () => {
  it("compile under the strictest settings against the generated code they import", async () => {
    const found = snippets();
    expect(found.length).toBeGreaterThanOrEqual(3);
    const dir = join(REPO_ROOT, "test/tmp/readme");
    mkdirSync(dir, { recursive: true });
    found.forEach(({ target, code }, i) => {
      const index = join(GENERATED_ROOT, target === "all" ? "index.js" : `${target}/index.js`);
      writeFileSync(join(dir, `snippet-${i}.ts`), code.replaceAll('"./gen/index.js"', JSON.stringify(relative(dir, index).replace(/\\/g, "/"))));
    });
    const result = await tsc(dir, { ...STRICTEST, isolatedDeclarations: false, declaration: false, types: ["node"] }, ["snippet-*.ts"]);
    expect(result.diagnostics).toEqual([]);
  });
});
