// The acceptance of issue 29: the packed mcp-gen, installed from its tarball in a fresh folder,
// runs `mcp-gen init app`; the scaffold installs (registry for the rest), builds and starts as it
// is, and the official clients use it: the SDK v2 client pinned to 2026-07-28 and the SDK v1
// client (which calls initialize: 2025-11-25, refused by a server of 2026-07-28 alone) call
// `echo`, read `info://server` and get `greet`, over stdio and Streamable HTTP. The other ways to
// run it work with no extra step too: `npx tsx src/server.ts`, an esbuild bundle (run away from
// any node_modules) and Node's type stripping (`node src/server.ts`, Node 22).
// One pack, one install of the tarball, one init, one install of the scaffold, shared by every case.
import { execFile, spawn } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from "@modelcontextprotocol/client";
import { StdioClientTransport as V2Stdio } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE22 } from "../helpers/conformance-runner.js";
import { packTarball, userEnv } from "../helpers/package.js";
import { REPO_ROOT, SPEC_ROOT } from "../helpers/spec.js";

const execFileAsync = promisify(execFile);
const NPM_QUIET = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

let work: string;
let tarball: string;
let app: string;
let initOutput: string;
/** What npm and the scaffold's scripts see: a user's shell, with the spec mirror as the spec root (no download). */
const buildEnv = () => userEnv({ MCP_SPEC_ROOT: SPEC_ROOT });
/** What a server process sees: a user's shell, nothing of mcp-gen's. */
const serverEnv = () => userEnv() as Record<string, string>;

async function run(file: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout, stderr } = await execFileAsync(file, args, { cwd, env: buildEnv(), maxBuffer: 64 << 20 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(" ")} in ${cwd} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

beforeAll(async () => {
  expect(existsSync(join(REPO_ROOT, "dist/cli.js")), "npm run build first").toBe(true);
  work = mkdtempSync(join(tmpdir(), "mcp-gen-init-e2e-"));
  tarball = await packTarball(work);
  // The fresh folder that installs the tarball, as a user would before mcp-gen is on the registry.
  const tool = join(work, "tool");
  mkdirSync(tool);
  await run("npm", ["init", "-y"], tool);
  await run("npm", ["install", "-D", tarball, ...NPM_QUIET], tool);
  // Beside it, not inside it: nothing of the tool's node_modules can stand in for the app's own.
  initOutput = await run(join(tool, "node_modules/.bin/mcp-gen"), ["init", "app"], work);
  app = join(work, "app");
  await run("npm", ["install", ...NPM_QUIET], app);
  await run("npm", ["run", "build"], app);
}, 900_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<{ contents: Array<Record<string, unknown>> }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<{ messages: Array<{ content: unknown }> }>;
  close(): Promise<void>;
}

/** The scaffold's three definitions, through whichever client. */
async function exercise(client: AnyClient, who: string): Promise<void> {
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
    const echoed = (await client.callTool({ name: "echo", arguments: { text: `hello from ${who}` } })) as { content: Array<{ type: string; text: string }>; isError?: boolean };
    expect(echoed.isError ?? false).toBe(false);
    expect(echoed.content).toEqual([{ type: "text", text: `hello from ${who}` }]);
    const info = await client.readResource({ uri: "info://server" });
    expect(info.contents).toEqual([{ uri: "info://server", mimeType: "text/plain", text: "app: an MCP server made with mcp-gen init" }]);
    const greeting = await client.getPrompt({ name: "greet", arguments: { name: "Ada Lovelace" } });
    expect(greeting.messages).toHaveLength(1);
    expect(greeting.messages[0]!.content).toMatchObject({ type: "text", text: expect.stringContaining("Ada Lovelace") });
  } finally {
    await client.close();
  }
}

const v2 = () => new V2Client({ name: "init-e2e-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
const v1 = () => new V1Client({ name: "init-e2e-v1", version: "1.0.0" });

async function overStdio(sdk: "v1" | "v2", command: string, args: string[], cwd = app): Promise<void> {
  const options = { command, args, cwd, env: serverEnv(), stderr: "pipe" as const };
  if (sdk === "v2") {
    const client = v2();
    await client.connect(new V2Stdio(options));
    return exercise(client as unknown as AnyClient, `v2 via ${command}`);
  }
  const client = v1();
  await client.connect(new V1Stdio(options));
  expect(client.getServerVersion()).toMatchObject({ name: "app", version: "0.1.0" });
  return exercise(client as unknown as AnyClient, `v1 via ${command}`);
}

describe("mcp-gen init from the packed tarball", () => {
  it("init wrote the scaffold and depends on the tarball it was installed from", () => {
    expect(initOutput).toMatch(/mcp-gen init: app: \.gitignore, README\.md, package\.json, src\/server\.ts, tsconfig\.json/);
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
    expect(pkg.devDependencies["mcp-gen"]).toBe(`file:${tarball}`);
    // Installed from it (a copy, not a link), generated by `prepare`, built by tsc.
    expect(lstatSync(join(app, "node_modules/mcp-gen")).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(join(app, "node_modules/mcp-gen/package.json"), "utf8")).version).toBe(JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).version);
    for (const file of ["gen/index.js", "gen/2026-07-28/index.js", "gen/2025-11-25/index.js", "dist/server.js"]) expect(existsSync(join(app, file)), file).toBe(true);
  });

  it("npm start (stdio): the SDK v2 client, 2026-07-28", () => overStdio("v2", "npm", ["start", "--silent"]), 120_000);
  it("npm start (stdio): the SDK v1 client, 2025-11-25", () => overStdio("v1", "npm", ["start", "--silent"]), 120_000);

  it("npm start -- --port P (Streamable HTTP on /mcp): both clients", async () => {
    const server = spawn("npm", ["start", "--", "--port", "0"], { cwd: app, env: serverEnv(), stdio: ["ignore", "ignore", "pipe"], detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = "";
        server.stderr!.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
          if (found) resolve(found[1]!);
        });
        server.on("exit", (code) => reject(new Error(`npm start exited with ${code}: ${stderr}`)));
      });
      const modern = v2();
      await modern.connect(new V2Http(new URL(url)));
      await exercise(modern as unknown as AnyClient, "v2 over HTTP");
      const legacy = v1();
      await legacy.connect(new V1Http(new URL(url)));
      await exercise(legacy as unknown as AnyClient, "v1 over HTTP");
    } finally {
      // npm, its shell and node: the whole group.
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
  }, 120_000);

  it("npx tsx src/server.ts, no build: the SDK v2 client", () => overStdio("v2", "npx", ["tsx", "src/server.ts"]), 120_000);

  it("node src/server.ts with Node 22's type stripping, no build: the SDK v1 client", () => overStdio("v1", NODE22, ["src/server.ts"]), 120_000);

  it("npm run bundle (esbuild --bundle of src/server.ts): one file that runs away from any node_modules, with both clients", async () => {
    await run("npm", ["run", "bundle"], app);
    const alone = join(work, "alone");
    mkdirSync(alone);
    copyFileSync(join(app, "bundle/server.js"), join(alone, "server.mjs"));
    await overStdio("v1", process.execPath, ["server.mjs"], alone);
    await overStdio("v2", process.execPath, ["server.mjs"], alone);
  }, 120_000);
});
