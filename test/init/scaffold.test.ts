// The scaffold of `mcp-gen init` as a pure function (templates/init/ rendered), its package name,
// and the mcp-gen dependency it writes (issue 29 items 1 and 3). That the scaffold builds and
// serves is test/package/init.test.ts's part.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mcpGenDependency } from "../../src/init/dependency.js";
import { npmNameProblem, packageName, scaffoldFiles } from "../../src/init/scaffold.js";

const files = (name = "weather", mcpGen = "file:/opt/mcp-gen-0.1.0.tgz") => Object.fromEntries(scaffoldFiles({ name, mcpGen, zod: "^4.6.0" }).map((f) => [f.path, f.content]));

describe("scaffoldFiles", () => {
  it("the project's files, and only them", () => {
    expect(Object.keys(files()).sort()).toEqual([".gitignore", "README.md", "package.json", "src/server.ts", "tsconfig.json"]);
  });

  it("package.json: the scripts the issue names, both eras generated beside src/, the dependencies as given", () => {
    const pkg = JSON.parse(files()["package.json"]!);
    expect(pkg).toMatchObject({ name: "weather", private: true, type: "module", dependencies: { zod: "^4.6.0" } });
    expect(pkg.scripts.prebuild).toBe("mcp-gen --revision 2026-07-28 --revision 2025-11-25 --out gen");
    expect(pkg.scripts).toMatchObject({ build: "tsc -p .", start: "node dist/server.js", prepare: "npm run prebuild" });
    expect(pkg.scripts.dev).toMatch(/^tsx watch src\/server\.ts/);
    expect(pkg.scripts.bundle).toMatch(/^esbuild src\/server\.ts --bundle /);
    expect(Object.keys(pkg.devDependencies).sort()).toEqual(["@types/node", "esbuild", "mcp-gen", "tsx", "typescript"]);
    expect(pkg.devDependencies["mcp-gen"]).toBe("file:/opt/mcp-gen-0.1.0.tgz");
  });

  it("tsconfig.json: strict, src → dist, gen/ outside rootDir", () => {
    const { compilerOptions, include } = JSON.parse(files()["tsconfig.json"]!);
    expect(compilerOptions).toMatchObject({ strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true, erasableSyntaxOnly: true, rootDir: "src", outDir: "dist", module: "NodeNext" });
    expect(include).toEqual(["src"]);
  });

  it("src/server.ts: echo, info://server and greet on the factories of ../gen/server.js (the server entry: no client loaded), stdio or --port", () => {
    const server = files()["src/server.ts"]!;
    expect(server).toMatch(/from "\.\.\/gen\/server\.js"/);
    expect(server).toMatch(/tool\("echo", \{[^}]*input: z\.object\(\{ text: z\.string\(\) \}\)/);
    expect(server).toMatch(/resource\("info:\/\/server"/);
    expect(server).toMatch(/prompt\("greet", \{[^\n]*args: z\.object\(\{ name: z\.string\(\)/);
    expect(server).toMatch(/serveStdio\(server\)/);
    expect(server).toMatch(/toFetchHandler\(server, \{ path: "\/mcp" \}\)/);
    expect(server).toMatch(/serverInfo: \{ name: "weather"/);
  });

  it("a name or spec with quotes, backslashes or line breaks stays inside its string literals", () => {
    const odd = files('we"ird\\\n</x>', 'file:/a "b"/c');
    expect(JSON.parse(odd["package.json"]!)).toMatchObject({ name: 'we"ird\\\n</x>', devDependencies: { "mcp-gen": 'file:/a "b"/c' } });
    expect(odd["src/server.ts"]).toContain(`serverInfo: { name: ${JSON.stringify('we"ird\\\n</x>')}`);
  });
});

describe("packageName", () => {
  it("a valid npm name from any folder name", () => {
    expect(["app", "My Server!", ".hidden", "__x__", "Ünïcode", "", "---"].map(packageName)).toEqual(["app", "my-server", "hidden", "x__", "n-code", "mcp-server", "mcp-server"]);
  });

  // npm's own check (validate-npm-package-name, installed here as a dependency of a dev tool; the
  // rules are written out in src/init/scaffold.ts, as mcp-gen does not depend on it).
  const validate = createRequire(import.meta.url)("validate-npm-package-name") as (name: string) => { validForNewPackages: boolean; errors?: string[]; warnings?: string[] };
  const FOLDERS = ["~x", "x~", "it's", "(x)", "a!b*c", "node_modules", "Node_Modules", "favicon.ico", "FAVICON.ICO", "http", "FS", "worker_threads", "_http_agent", "..", ".", "_", "._x", "-x-", "x.", "%20", "a%2Fb", "a b ", " lead", "emoji 🚀", "日本語", "CON", "x".repeat(300), `${"a".repeat(213)}~~~~b`, `${"a".repeat(213)}-b`];

  it("every folder name gives a name npm accepts for a new package, or an error that says to pass --name", () => {
    for (const folder of FOLDERS) {
      let name: string;
      try {
        name = packageName(folder);
      } catch (error) {
        expect(String(error), folder).toMatch(/which npm refuses \(.+\): pass --name <name>$/);
        // Refused only when npm refuses what the folder's name gives.
        const derived = /gives the package name "(.*)", which/.exec(String(error))![1]!;
        expect(validate(derived).validForNewPackages, derived).toBe(false);
        continue;
      }
      expect(validate(name), `${JSON.stringify(folder)} → ${JSON.stringify(name)}`).toEqual({ validForNewPackages: true, validForOldPackages: true });
    }
  });

  it("the three names of issue 51: ~x becomes x; node_modules and favicon.ico are refused", () => {
    expect(packageName("~x")).toBe("x");
    expect(() => packageName("node_modules")).toThrow(/"node_modules", which npm refuses \(npm reserves it\): pass --name <name>$/);
    expect(() => packageName("favicon.ico")).toThrow(/"favicon\.ico", which npm refuses \(npm reserves it\): pass --name <name>$/);
    expect(() => packageName("HTTP")).toThrow(/"http", which npm refuses \(it is the name of a Node\.js core module\)/);
  });

  it("npmNameProblem agrees with npm on names as --name gives them (scoped ones included)", () => {
    const names = [...FOLDERS, "@scope/x", "@Scope/x", "@scope/x~", "@s~/x", "@/x", "@scope/", "a/b", "@a/b/c", "@x", "ok-name", "ok.name", "ok_name", "0", "a".repeat(214), "a".repeat(215)];
    for (const name of names) expect(npmNameProblem(name) === undefined, name).toBe(validate(name).validForNewPackages);
  });
});

describe("mcpGenDependency: how the scaffold gets the mcp-gen that made it", () => {
  const work = mkdtempSync(join(tmpdir(), "mcp-gen-dependency-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** A project whose package.json lists mcp-gen as `spec` (or lists nothing), and mcp-gen installed in its node_modules. */
  function installedBy(name: string, spec: string | undefined): string {
    const project = join(work, name);
    const root = join(project, "node_modules", "mcp-gen");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(project, "package.json"), JSON.stringify(spec === undefined ? { private: true } : { devDependencies: { "mcp-gen": spec } }));
    return root;
  }

  it("a checkout (no node_modules above it): file: of the checkout, which npm links", () => {
    expect(mcpGenDependency("/home/me/src/mcp-gen", "0.1.0")).toBe("file:/home/me/src/mcp-gen");
  });
  it("installed from a tarball or folder by a relative path: the same, made absolute", () => {
    expect(mcpGenDependency(installedBy("tarball", "file:../mcp-gen-0.1.0.tgz"), "0.1.0")).toBe(`file:${join(work, "mcp-gen-0.1.0.tgz")}`);
    expect(mcpGenDependency(installedBy("bare-path", "../mcp-gen"), "0.1.0")).toBe(`file:${join(work, "mcp-gen")}`);
    expect(mcpGenDependency(installedBy("absolute", "file:/srv/mcp-gen-0.1.0.tgz"), "0.1.0")).toBe("file:/srv/mcp-gen-0.1.0.tgz");
  });
  it("a URL or a version range: as the project lists it; a bare tag: this version's range", () => {
    expect(mcpGenDependency(installedBy("git", "git+https://example.com/mcp-gen.git#v0.1.0"), "0.1.0")).toBe("git+https://example.com/mcp-gen.git#v0.1.0");
    expect(mcpGenDependency(installedBy("range", "^0.1.0"), "0.1.0")).toBe("^0.1.0");
    expect(mcpGenDependency(installedBy("tag", "latest"), "0.1.2")).toBe("^0.1.2");
  });
  it("installed where no package.json lists it (a global install): file: of the installed copy", () => {
    const root = installedBy("global", undefined);
    expect(mcpGenDependency(root, "0.1.0")).toBe(`file:${root}`);
  });
});
