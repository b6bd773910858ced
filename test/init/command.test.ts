// `mcp-gen init [DIR]` through the CLI (issue 29 item 1): what it writes, and what it refuses.
// A non-empty DIR needs --force; a file already there is never overwritten, --force or not: init
// then writes nothing, names the files, and exits 2.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeAll } from "../../src/init/command.js";
import { runCli, snapshot } from "../helpers/cli.js";
import { REPO_ROOT } from "../helpers/spec.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-init-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const SCAFFOLD = [".gitignore", "README.md", "package.json", "src/server.ts", "tsconfig.json"];
let count = 0;
const folder = () => join(work, `app-${count++}`);

/** One `mcp-gen: error: …` line: no stack, no internal error. */
function expectOneErrorLine(stderr: string): string {
  const lines = stderr.trimEnd().split("\n");
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mcp-gen: error: /);
  return lines[0]!;
}

describe("mcp-gen init", () => {
  it("a new folder (parents made): the scaffold, its summary and next step on stderr, exit 0", async () => {
    const dir = join(folder(), "nested", "weather");
    const { code, stdout, stderr } = await runCli(["init", dir]);
    expect([code, stdout]).toEqual([0, ""]);
    expect(Object.keys(snapshot(dir)).sort()).toEqual(SCAFFOLD);
    expect(stderr).toMatch(/^mcp-gen init: \S+weather: \.gitignore, README\.md, package\.json, src\/server\.ts, tsconfig\.json \(mcp-gen from file:\S+\)\nnext: cd \S+weather && npm install && npm run build && npm start\n$/);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    // Run from this checkout: the scaffold depends on it; zod on mcp-gen's own peer range.
    expect(pkg.name).toBe("weather");
    expect(pkg.devDependencies["mcp-gen"]).toBe(`file:${REPO_ROOT.replace(/\/$/, "")}`);
    expect(pkg.dependencies.zod).toBe(JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).peerDependencies.zod);
  });

  it("an empty existing folder: scaffolded", async () => {
    const dir = folder();
    mkdirSync(dir);
    expect((await runCli(["init", dir])).code).toBe(0);
    expect(Object.keys(snapshot(dir)).sort()).toEqual(SCAFFOLD);
  });

  it("a non-empty folder without --force: exit 2, says why and what to do, touches nothing", async () => {
    const dir = folder();
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "mine");
    const before = snapshot(dir);
    const { code, stderr } = await runCli(["init", dir]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(/the folder is not empty \(notes\.txt\); pass --force to add the scaffold beside what is there \(no file is ever overwritten\)/);
    expect(snapshot(dir)).toEqual(before);
  });

  it("a non-empty folder with --force: the scaffold beside what is there", async () => {
    const dir = folder();
    mkdirSync(join(dir, ".git"), { recursive: true });
    writeFileSync(join(dir, "LICENSE"), "mine");
    writeFileSync(join(dir, ".git", "HEAD"), "ref: refs/heads/main\n");
    const { code, stderr } = await runCli(["init", dir, "--force"]);
    expect(code, stderr).toBe(0);
    expect(Object.keys(snapshot(dir)).sort()).toEqual([".git/HEAD", ...SCAFFOLD, "LICENSE"].sort());
    expect(readFileSync(join(dir, "LICENSE"), "utf8")).toBe("mine");
  });

  it("--force where scaffold files exist: refuses, names each one, exit 2, writes nothing and overwrites nothing", async () => {
    const dir = folder();
    mkdirSync(join(dir, "src"), { recursive: true });
    writeFileSync(join(dir, "package.json"), '{"name":"mine"}');
    writeFileSync(join(dir, "src", "server.ts"), "// mine\n");
    const before = snapshot(dir);
    const { code, stderr } = await runCli(["init", dir, "--force"]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(/init writes nothing: \S+package\.json, \S+src\/server\.ts already exist, and init never overwrites a file \(--force or not\); move them away, or init another folder$/);
    expect(snapshot(dir)).toEqual(before);
  });

  it("a file where the scaffold needs a folder (src) counts as taken", async () => {
    const dir = folder();
    mkdirSync(dir);
    writeFileSync(join(dir, "src"), "a file");
    const { code, stderr } = await runCli(["init", dir, "--force"]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(/init writes nothing: \S+src\/server\.ts already exists/);
    expect(Object.keys(snapshot(dir))).toEqual(["src"]);
  });

  it("DIR is a file: exit 2, nothing written", async () => {
    const file = join(work, "a-file");
    writeFileSync(file, "x");
    const { code, stderr } = await runCli(["init", file]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(/cannot init \S+a-file: it is a file, not a folder/);
    expect(readFileSync(file, "utf8")).toBe("x");
  });

  it("no DIR: the current folder", async () => {
    const dir = folder();
    mkdirSync(dir);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const { code, stderr } = await runCli(["init"]);
      expect(code, stderr).toBe(0);
      expect(stderr).toMatch(/^mcp-gen init: \.: .*\nnext: npm install && npm run build && npm start\n$/);
    } finally {
      process.chdir(cwd);
    }
    expect(existsSync(join(dir, "src/server.ts"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toMatch(/^app-\d+$/);
  });
});

// Issue 51 item 9: a refusal names its real cause (a link is not "a file" nor "already exists"),
// and the package name is one npm accepts, or init says to pass --name.
describe("mcp-gen init: what a refusal names, and the package name", () => {
  it("DIR is a symbolic link to an empty folder: refused as a link (to where), the folder left empty", async () => {
    const target = folder();
    mkdirSync(target);
    const link = join(work, `link-${count++}`);
    symlinkSync(target, link);
    const { code, stderr } = await runCli(["init", link]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(/cannot init \S+link-\d+: it is a symbolic link \(to \S+app-\d+\), and init never writes through a link; init the folder it points to by its own path, or another folder$/);
    expect(readdirSync(target)).toEqual([]);
  });

  it("--force with src/ a symbolic link to a folder: refused as a link, not as src/server.ts existing; nothing written on either side", async () => {
    const dir = folder();
    const elsewhere = folder();
    mkdirSync(dir);
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(dir, "src"));
    const { code, stderr } = await runCli(["init", dir, "--force"]);
    expect(code).toBe(2);
    const line = expectOneErrorLine(stderr);
    expect(line).toMatch(/init writes nothing: \S+src \(to \S+app-\d+\) is a symbolic link, and init never overwrites a file or writes through a link \(--force or not\); move it away, or init another folder$/);
    expect(line).not.toMatch(/already exist/);
    expect(readdirSync(dir)).toEqual(["src"]);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("a folder named ~x: the package name x", async () => {
    const dir = join(folder(), "~x");
    const { code, stderr } = await runCli(["init", dir]);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toBe("x");
  });

  it.each(["node_modules", "favicon.ico"])("a folder named %s: refused, says why and to pass --name, creates nothing; with --name it is scaffolded", async (name) => {
    const parent = folder();
    const dir = join(parent, name);
    const { code, stderr } = await runCli(["init", dir]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(new RegExp(`the folder's name "${name}" gives the package name "${name}", which npm refuses \\(npm reserves it\\): pass --name <name>$`));
    expect(existsSync(parent)).toBe(false);
    expect((await runCli(["init", dir, "--name", "my-server"])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toBe("my-server");
  });

  it("--name npm refuses: exit 2 naming the rule, nothing written", async () => {
    const dir = folder();
    const { code, stderr } = await runCli(["init", dir, "--name", "My Server"]);
    expect(code).toBe(2);
    expect(expectOneErrorLine(stderr)).toMatch(/--name "My Server": npm refuses this package name \(it has capital letters\)$/);
    expect(existsSync(dir)).toBe(false);
  });
});

describe("writing the scaffold", () => {
  it("a write that fails midway removes what the run created, folders included, and nothing else", () => {
    const parent = folder();
    mkdirSync(parent);
    writeFileSync(join(parent, "mine.txt"), "mine");
    const dir = join(parent, "new", "app");
    // A NUL in a path makes the second write throw, after the first file and its folders were made.
    const files = [{ path: "src/server.ts", content: "x" }, { path: "bad\0name", content: "y" }];
    expect(() => writeAll(dir, files)).toThrow(/init wrote nothing to .*app: /);
    expect(snapshot(parent)).toEqual({ "mine.txt": expect.anything() });
    expect(existsSync(join(parent, "new"))).toBe(false);
  });

  it("never replaces a file that appeared after the check (exclusive creation)", () => {
    const dir = folder();
    mkdirSync(dir);
    writeFileSync(join(dir, "b.txt"), "someone else's");
    expect(() => writeAll(dir, [{ path: "a.txt", content: "a" }, { path: "b.txt", content: "b" }])).toThrow(/EEXIST/);
    expect(snapshot(dir)).toEqual({ "b.txt": expect.anything() });
    expect(readFileSync(join(dir, "b.txt"), "utf8")).toBe("someone else's");
  });
});

// Issue 53 item 5: npx asks before it installs a package it does not have (a tarball, a folder),
// and refuses where npm's config says yes=false ("npx canceled due to missing packages and no YES
// option"): every such command the README and docs/ show passes -y.
describe("the documented npx commands", () => {
  it("every `npx` of a tarball or a path in README.md and docs/*.md passes -y", () => {
    const pages = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).filter((n) => n.endsWith(".md")).map((n) => `docs/${n}`)];
    const commands = pages.flatMap((page) =>
      [...readFileSync(join(REPO_ROOT, page), "utf8").matchAll(/\bnpx ((?:-{1,2}[\w-]+ )*)(\.{0,2}\/\S*|\S+\.tgz)\b/g)].map((m) => ({ page, command: m[0], flags: m[1]!.trim().split(" ") })),
    );
    expect(commands.map((c) => c.page)).toEqual(expect.arrayContaining(["README.md", "docs/getting-started.md"]));
    for (const { page, command, flags } of commands) expect(flags.some((f) => f === "-y" || f === "--yes"), `${page}: ${command}`).toBe(true);
  });
});
