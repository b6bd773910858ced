import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { whenReady } from "../helpers/ready.js";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";
import { STRICTEST, tsc } from "../helpers/tsc.js";
import { REVISIONS as EXAMPLE_REVISIONS } from "../../examples/build.mjs";

/**
 * The code blocks of the README and of every page of docs/ marked `<!-- compile: <target> -->`, compiled against the generated
 * output: a revision, `all` (the root of every revision), or revisions joined by `+` (the
 * examples' output, which holds exactly those: the README's two-era server).
 */
function snippets(): Array<{ target: string; code: string; file?: string }> {
  const pages = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).filter((n) => n.endsWith(".md")).map((n) => `docs/${n}`)];
  const readme = pages.map((page) => readFileSync(join(REPO_ROOT, page), "utf8")).join("\n");
  // `<!-- compile: <target> as <name> -->` writes the block as <name>.ts, so that a later block can import it ("./<name>.js").
  return [...readme.matchAll(/<!-- compile: ([\w.+-]+)(?: as ([\w-]+))? -->\n```ts\n([\s\S]*?)```/g)].map((m) => ({ target: m[1]!, code: m[3]!, ...(m[2] ? { file: m[2] } : {}) }));
}

function indexOf(target: string): string {
  if (target === "all") return join(GENERATED_ROOT, "index.js");
  if (!target.includes("+")) return join(GENERATED_ROOT, `${target}/index.js`);
  expect(target.split("+")).toEqual(EXAMPLE_REVISIONS);
  return join(REPO_ROOT, "examples/gen/index.js");
}

describe("README and docs/ snippets", () => {
  beforeAll(() => whenReady("examples"), 600_000); // examples/gen, built by the global setup
  it("compile under the strictest settings against the generated code they import", async () => {
    const found = snippets();
    expect(found.length).toBeGreaterThanOrEqual(5);
    const dir = join(REPO_ROOT, "test/tmp/readme");
    mkdirSync(dir, { recursive: true });
    found.forEach(({ target, code, file }, i) => {
      const index = indexOf(target);
      const generated = (path: string) => JSON.stringify(relative(dir, join(dirname(index), path)).replace(/\\/g, "/"));
      writeFileSync(join(dir, file ? `${file}.ts` : `snippet-${i}.ts`), code.replaceAll(/"\.\/gen\/([^"]+)"/g, (_, path: string) => generated(path)));
    });
    const result = await tsc(dir, { ...STRICTEST, isolatedDeclarations: false, declaration: false, types: ["node"] }, ["snippet-*.ts", ...found.flatMap((s) => (s.file ? [`${s.file}.ts`] : []))]);
    expect(result.diagnostics).toEqual([]);
  });
});
