// `mcp-gen catalog` as a command: exit 2 with one clear line when the server cannot be started or
// reached, stays silent or answers garbage; a bad catalog.json at its line and column; names that
// collide; a deterministic snapshot; --help; and the protocol output generated beside the catalog.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { splitCommand } from "../../src/catalog/command.js";
import { runCli } from "../helpers/cli.js";
import { freePort } from "../helpers/processes.js";
import { GENERATED_JS_ROOT, GENERATED_ROOT, REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { STRICTEST, compile } from "../helpers/tsc.js";
import { EVERYTHING_ARGS, FAULTS, INCIDENTS_ARGS, catalog, commandLine } from "./helpers.js";

const OUT = scratchDir("catalog-cli");

describe("a server that cannot give its catalog: exit 2, one clear message, nothing written", () => {
  it.each([
    ["a command that does not exist", ["--stdio", "mcp-gen-no-such-command --flag"], /cannot read the catalog of mcp-gen-no-such-command --flag: .*ENOENT/],
    ["a script that exits at once", ["--stdio", commandLine(process.execPath, "-e", "process.exit(3)")], /cannot read the catalog of .*: the connection closed: .*exited with code 3/],
    ["a server that never answers", ["--stdio", commandLine(process.execPath, FAULTS, "silent"), "--timeout", "800"], /cannot read the catalog of .*: no answer within 800 ms/],
    ["a server that answers garbage", ["--stdio", commandLine(process.execPath, FAULTS, "invalid")], /cannot read the catalog of .*: it answered something that is not a valid MCP result/],
  ])("%s", async (_what, args, message) => {
    const out = join(OUT, `bad-${Math.random().toString(36).slice(2)}`);
    const result = await catalog(args, out);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mcp-gen: error: ${message.source}`));
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it("an HTTP URL nobody listens on", async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const result = await catalog(["--url", url, "--header", "Authorization: Bearer x"], join(OUT, "http"));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mcp-gen: error: cannot read the catalog of ${url}: `));
  });

  it.each([
    [["--from", "a.json", "--stdio", "node x.js"], "pass exactly one of --stdio COMMAND, --url URL or --from FILE"],
    [["--url", "http://127.0.0.1:1/mcp", "--env", "A=1"], "--env and --cwd apply to --stdio servers"],
    [["--stdio", "node x.js", "--header", "A: 1"], "--header applies to --url servers"],
    [["--stdio", "node x.js", "--env", "novalue"], '--env takes K=V, not "novalue"'],
    [["--stdio", "node 'x.js", "--env", "A=1"], "--stdio: unterminated ' quote"],
    [["--stdio", "node x.js", "--timeout", "soon"], "--timeout must be a positive number"],
  ])("usage: %j", async (args, message) => {
    const result = await catalog(args, join(OUT, "usage"));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe("servers over HTTP and stdio servers with --cwd", () => {
  it("--url: the official SDK v2 server over Streamable HTTP (with a --header)", async () => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "test/client/fixtures/sdk-v2-server.mjs"), "http"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => {
          const match = /PORT (\d+)/.exec(chunk.toString());
          if (match) resolve(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`the fixture exited with ${code}`)));
      });
      const out = join(OUT, "http-ok");
      const result = await catalog(["--url", `http://127.0.0.1:${port}/mcp`, "--header", "X-Team: ops"], out);
      expect([result.code, result.stderr]).toEqual([0, ""]);
      const written = JSON.parse(readFileSync(join(out, "catalog.json"), "utf8")) as { revision: string; tools: Array<{ name: string }> };
      expect(written.revision).toBe("2026-07-28");
      expect(written.tools.map((t) => t.name)).toEqual(["add", "echo", "filler-0", "filler-1", "filler-2", "filler-3", "filler-4", "greet", "summarize"]);
    } finally {
      child.kill();
    }
  });

  it("--cwd: the server starts in that folder (a relative script path resolves there)", async () => {
    const out = join(OUT, "cwd");
    const result = await catalog(["--stdio", commandLine(process.execPath, "incidents-server.mjs"), "--cwd", join(REPO_ROOT, "test/catalog/fixtures")], out);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "catalog.json"), "utf8")).server).toEqual({ name: "incidents", version: "1.0.0" });
  });
});

describe("a catalog.json that is not one", () => {
  const write = (name: string, text: string) => {
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, name);
    writeFileSync(file, text);
    return file;
  };

  it("not JSON: the error is at its line and column", async () => {
    const file = write("broken.json", '{\n  "mcpGenCatalog": 1,\n  "server": { "name": "x" ,, }\n}\n');
    const result = await catalog(["--from", file], join(OUT, "broken"));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^mcp-gen: error: ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3:\\d+: not valid JSON`));
  });

  it("JSON of another shape: the error names the field, at its place", async () => {
    const file = write("shape.json", '{\n  "mcpGenCatalog": 1,\n  "server": { "name": "x", "version": "1" },\n  "protocolVersion": "2025-11-25",\n  "revision": "2025-11-25",\n  "tools": [\n    { "title": "no name" }\n  ],\n  "prompts": [], "resources": [], "resourceTemplates": []\n}\n');
    const result = await catalog(["--from", file], join(OUT, "shape"));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:7:5: not an mcp-gen catalog: each of "tools" needs a string "name" and "name"`);
  });

  it("tools whose names give one method: an error listing them, nothing written", async () => {
    const tool = (name: string) => ({ name, inputSchema: { type: "object" } });
    const text = JSON.stringify({ mcpGenCatalog: 1, server: { name: "x", version: "1" }, protocolVersion: "2026-07-28", revision: "2026-07-28", tools: [tool("get-sum"), tool("get_sum"), tool("then")], prompts: [], resources: [], resourceTemplates: [] });
    const out = join(OUT, "collide");
    const result = await catalog(["--from", write("collide.json", text)], out);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tools "get-sum", "get_sum" all become getSum()');
    expect(result.stderr).toContain('tool "then" would become then()');
    expect(existsSync(out)).toBe(false);
  });
});

describe("resources whose names give one method", () => {
  it("get no stub, with a warning at the name; the rest of the catalog is generated", async () => {
    const text = JSON.stringify({
      mcpGenCatalog: 1, server: { name: "x", version: "1" }, protocolVersion: "2025-11-25", revision: "2025-11-25", tools: [], prompts: [],
      resources: [{ uri: "file:///a/index.md", name: "index.md" }, { uri: "file:///b/index.md", name: "index.md" }, { uri: "file:///c", name: "Then" }, { uri: "file:///d", name: "readme" }],
      resourceTemplates: [{ uriTemplate: "t://{id}", name: "by id" }],
    }, null, 2);
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, "same-names.json");
    writeFileSync(file, text);
    const out = join(OUT, "same-names");
    const result = await runCli(["catalog", "--from", file, "--protocol", GENERATED_JS_ROOT, "--out", out]);
    expect(result.code).toBe(0);
    const match = /^(.+):(\d+):(\d+): warning: resources "file:\/\/\/a\/index\.md", "file:\/\/\/b\/index\.md" all become indexMd\(\): no stub for them \(read them with client\.readResource\)$/m.exec(result.stderr);
    expect(match?.[1]).toBe(file);
    expect(text.split("\n")[Number(match![2]) - 1]!.slice(Number(match![3]) - 1)).toBe('"index.md"');
    expect(result.stderr).toContain('warning: resource "file:///c" would become then(), which makes the stubs object a thenable: no stub for it');
    const stubs = (await import(pathToFileURL(join(out, "index.js")).href)) as Record<string, (client: object) => object>;
    const client = { readResource: async () => ({ contents: [] }) };
    expect(Object.keys(stubs["createResources"]!(client))).toEqual(["readme"]);
    expect(Object.keys(stubs["createResourceTemplates"]!(client))).toEqual(["byId"]);
  });
});

describe("the snapshot and the command line", () => {
  it("warnings point into catalog.json: file, line and column of the keyword, with the tool and the JSON pointer", async () => {
    const out = join(OUT, "warned");
    const result = await runCli(["catalog", ...INCIDENTS_ARGS, "--protocol", GENERATED_ROOT, "--out", out]);
    expect(result.code).toBe(0);
    const match = /^(.+):(\d+):(\d+): warning: tool "set-labels" inputSchema at \/properties\/weight\/anyOf\/0\/exclusiveMinimum: /m.exec(result.stderr);
    expect(match?.[1]).toBe(join(out, "catalog.json"));
    const line = readFileSync(join(out, "catalog.json"), "utf8").split("\n")[Number(match![2]) - 1]!;
    expect(line.slice(Number(match![3]) - 1)).toBe("0,");
    expect(line.trim()).toBe('"exclusiveMinimum": 0,');
  });

  it("catalog.json is deterministic: two reads of the same server give the same bytes, lists sorted", async () => {
    const [a, b] = [join(OUT, "det-a"), join(OUT, "det-b")];
    expect((await catalog(EVERYTHING_ARGS, a)).code).toBe(0);
    expect((await catalog(EVERYTHING_ARGS, b)).code).toBe(0);
    const text = readFileSync(join(a, "catalog.json"), "utf8");
    expect(readFileSync(join(b, "catalog.json"), "utf8")).toBe(text);
    const parsed = JSON.parse(text) as { tools: Array<{ name: string }>; resources: Array<{ uri: string }> };
    expect(parsed.tools.map((t) => t.name)).toEqual(parsed.tools.map((t) => t.name).sort());
    expect(parsed.resources.map((r) => r.uri)).toEqual(parsed.resources.map((r) => r.uri).sort());
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/); // no timestamps
  });

  it("--help documents the command and its options", async () => {
    const result = await runCli(["catalog", "--help"]);
    for (const option of ["--stdio", "--url", "--from", "--out", "--protocol", "--revision", "--check", "--header", "--env", "--cwd", "--capability", "--timeout", "--emit"]) expect(result.stdout).toContain(option);
    expect((await runCli(["--help"])).stdout).toMatch(/catalog \[options\]\s+typed stubs for one server's tools and prompts/);
  });

  it.each([
    ["node server.js --port 3", ["node", "server.js", "--port", "3"]],
    [`"/path with/node" 'a b' c\\ d "e\\"f"`, ["/path with/node", "a b", "c d", 'e"f']],
    ["  spaced   out ", ["spaced", "out"]],
    ['node ""', ["node", ""]],
  ])("--stdio %j splits as a shell would", (line, words) => {
    expect(splitCommand(line)).toEqual(words);
  });
});

/**
 * The protocol output beside a catalog is the generator's output of its revision, as the suite's
 * global setup generated it (whose every file spec/typecheck and spec/default-output compile under
 * the strictest settings): the same bytes, one folder up from its runtime.
 */
function expectSameOutput(protocol: string, generatedRoot: string): void {
  const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile()).sort();
  const own = files(protocol).filter((f) => f !== ".mcp-gen.json" && !f.startsWith("runtime/"));
  const revision = join(generatedRoot, "2025-11-25");
  expect(own).toEqual(files(revision));
  for (const file of own) expect([file, readFileSync(join(protocol, file), "utf8")]).toEqual([file, readFileSync(join(revision, file), "utf8").replaceAll("../runtime/", "./runtime/")]);
  const runtime = files(join(protocol, "runtime"));
  expect(runtime).toEqual(files(join(generatedRoot, "runtime")));
  for (const file of runtime) expect([file, readFileSync(join(protocol, "runtime", file), "utf8")]).toEqual([file, readFileSync(join(generatedRoot, "runtime", file), "utf8")]);
}

/**
 * Diagnostics of the catalog's own files (index, schemas, types, validators), checked in full; its
 * protocol output (compared above) is checked as far as they need it.
 */
function catalogDiagnostics(dir: string, options: object, out: string, pattern: string): string[] {
  const compilation = compile(dir, options, [join(out, pattern)]);
  const own = (file: string) => file.startsWith(`${out}/`) && !file.startsWith(`${out}/protocol/`);
  expect(compilation.program.getSourceFiles().filter((f) => own(f.fileName)).map((f) => basename(f.fileName)).sort()).toEqual(readdirSync(out).filter((f) => f.endsWith(pattern.slice(1))).sort());
  return compilation.diagnostics(own);
}

describe("without --protocol: the protocol output is generated beside the catalog", () => {
  it("for --revision 2025-11-25: <out>/protocol, the stubs import from it, and the output (by default .js + .d.ts) compiles under the strictest settings", async () => {
    const out = join(OUT, "alongside");
    const result = await runCli(["catalog", ...INCIDENTS_ARGS.slice(0, 2), "--revision", "2025-11-25", "--spec-root", SPEC_ROOT, "--out", out, "--quiet"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "protocol/.mcp-gen.json"), "utf8")).revisions).toEqual([{ label: "2025-11-25", dir: "", types: expect.any(Number) }]);
    expect(readdirSync(out).filter((f) => /\.ts$/.test(f) && !f.endsWith(".d.ts"))).toEqual([]);
    expect(existsSync(join(out, "protocol/index.js")) && existsSync(join(out, "protocol/index.d.ts"))).toBe(true);
    // The JavaScript imports the runtime's role module (src/transpile/runtime-roles.ts), the declarations its file.
    expect(readFileSync(join(out, "index.js"), "utf8")).toContain('from "./protocol/runtime/client.js"');
    expect(readFileSync(join(out, "index.d.ts"), "utf8")).toContain('from "./protocol/runtime/client/catalog.js"');
    const index = readFileSync(join(out, "index.js"), "utf8") + readFileSync(join(out, "index.d.ts"), "utf8");
    expect(index).toContain('from "./protocol/index.js"');
    expect(JSON.parse(readFileSync(join(out, "catalog.json"), "utf8")).revision).toBe("2025-11-25");
    const check = await runCli(["catalog", ...INCIDENTS_ARGS.slice(0, 2), "--revision", "2025-11-25", "--spec-root", SPEC_ROOT, "--out", out, "--check", "--quiet"]);
    expect([check.code, check.stdout]).toEqual([0, ""]);
    expectSameOutput(join(out, "protocol"), GENERATED_JS_ROOT);
    expect(catalogDiagnostics(join(OUT, "alongside-tsc"), { ...STRICTEST, skipLibCheck: false }, out, "*.d.ts")).toEqual([]);
    // The default output runs as it is: plain ES modules, nothing to transpile.
    const stubs = (await import(pathToFileURL(join(out, "index.js")).href)) as Record<string, unknown>;
    expect(typeof stubs["createTools"]).toBe("function");
  });

  it("--emit ts writes the stubs and the protocol output as TypeScript sources", async () => {
    const out = join(OUT, "alongside-ts");
    const result = await runCli(["catalog", ...INCIDENTS_ARGS.slice(0, 2), "--revision", "2025-11-25", "--spec-root", SPEC_ROOT, "--out", out, "--emit", "ts", "--quiet"]);
    expect(result.code).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith(".js"))).toEqual([]);
    expect(existsSync(join(out, "index.ts")) && existsSync(join(out, "protocol/index.ts"))).toBe(true);
    expectSameOutput(join(out, "protocol"), GENERATED_ROOT);
    expect(catalogDiagnostics(join(OUT, "alongside-ts-tsc"), STRICTEST, out, "*.ts")).toEqual([]);
  });
});
