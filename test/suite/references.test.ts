import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/spec.js";

// Comments and docs that name a file the repository no longer has send a reader nowhere. Every
// `*.ts` path named in a comment of src/ or templates/, or in the prose of docs/ and the README,
// must exist. A name resolves against the naming file's folders, then the roots below; a bare
// name must be some file's name. Not ours, and so not checked: the spec's `schema.ts` (and an
// extension's `spec.types.d.ts`), a package's path (`@scope/pkg/types.ts`), paths
// with a placeholder segment (`R/schema.ts`, `DIR/server.ts`, `a/b.ts`), and code blocks of docs
// (a user's project).

const ROOTS = ["", "templates/runtime", "src", "templates", "templates/init", "test", "examples"].map((dir) => join(REPO_ROOT, dir));

function filesUnder(dir: string): string[] {
  const top = join(REPO_ROOT, dir);
  if (!existsSync(top)) return [];
  return readdirSync(top, { recursive: true, encoding: "utf8" })
    .filter((name) => !/(^|[\\/])(node_modules|tmp|dist|gen)([\\/]|$)/.test(name))
    .map((name) => join(top, name))
    .filter((path) => statSync(path).isFile());
}

const KNOWN_NAMES = new Set(["src", "templates", "test", "examples", "bench", "scripts"].flatMap(filesUnder).map((path) => basename(path).replace(/\.hbs$/, "")));

/** The text a reader reads as prose: comments of code, docs without their code blocks. */
function prose(path: string): string {
  const text = readFileSync(path, "utf8");
  if (path.endsWith(".md")) return text.replace(/^\s*```[\s\S]*?^\s*```/gm, "");
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => m[0]).join("\n");
}

function exists(from: string, reference: string): boolean {
  if (/(^|\/)(schema|spec\.types)(\.d)?\.ts$/.test(reference) || /(^|\/)([A-Z]+|[a-z])\//.test(reference) || reference.startsWith("/")) return true;
  if (!reference.includes("/")) return KNOWN_NAMES.has(reference) || KNOWN_NAMES.has(reference.replace(/\.d\.ts$/, ".ts"));
  // A declaration file of the output (`schemas.d.ts`) stands for its source.
  const path = reference.replace(/^\.\//, "").replace(/\.d\.ts$/, ".ts");
  const folders: string[] = [];
  for (let dir = dirname(from); dir.startsWith(REPO_ROOT); dir = dirname(dir)) folders.push(dir);
  return [...folders, ...ROOTS].some((dir) => existsSync(join(dir, path)) || existsSync(join(dir, `${path}.hbs`)));
}

describe("file references in comments and docs", () => {
  it("every *.ts file named in src/, templates/, docs/ and README.md exists", () => {
    const named = [...filesUnder("src"), ...filesUnder("templates"), ...filesUnder("docs"), join(REPO_ROOT, "README.md")].filter((path) => /\.(ts|hbs|md)$/.test(path));
    const missing = named.flatMap((path) =>
      [...prose(path).matchAll(/(?<![\w./@-])((?:\.{0,2}\/)?(?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.ts)\b/g)]
        .filter((m) => !exists(path, m[1]!))
        .map((m) => `${relative(REPO_ROOT, path)}: ${m[1]}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe("one pair of names for the two eras", () => {
  // The eras are "stateless" (2026-07-28 on) and "session" (an initialize handshake); "modern" and
  // "legacy" named the same two on the client's side. Quoted words of others are not ours.
  const OTHERS = [/"legacy\s+behaviour"/g, /warns: "legacy/g, /Legacy octal/g];
  it("src/, templates/, docs/ and README.md say neither 'modern' nor 'legacy'", () => {
    const files = [...filesUnder("src"), ...filesUnder("templates"), ...filesUnder("docs"), join(REPO_ROOT, "README.md")].filter((path) => /\.(ts|hbs|md)$/.test(path));
    const found = files.flatMap((path) => {
      const text = OTHERS.reduce((t, quoted) => t.replace(quoted, ""), readFileSync(path, "utf8"));
      return [...text.matchAll(/\b(modern|legacy)\b/gi)].map((m) => `${relative(REPO_ROOT, path)}: ${m[0]}`);
    });
    expect(found).toEqual([]);
  });
});
