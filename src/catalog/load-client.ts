// The one place mcp-gen itself runs generated code: `mcp-gen catalog` connects with the protocol
// output's own connect() (or, for a one-revision output, its createClient()). The default output is
// JavaScript (`.js` + `.d.ts`), copied as it is; a `--emit ts` output is transpiled by the
// generator's own transpiler, the one that makes the default output. Either way the modules reachable from the entry go into the
// project cache, once per content, beside a package.json that marks them as ES modules (the
// project's own may say CommonJS), and are imported from there; the project's node_modules provide zod.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { GeneratorError } from "../errors.js";
import { generatorFingerprint } from "../generate.js";
import { hashText, projectRoot } from "../project.js";

/** A generated client, as the catalog command uses it. */
export interface LiveClient {
  revision: string;
  protocolVersion: string;
  server: { serverInfo?: unknown; capabilities?: { [key: string]: unknown } } | undefined;
  open(options?: object): Promise<unknown>;
  paginate(method: string, params?: unknown, options?: object): AsyncIterable<unknown>;
  close(): Promise<void>;
}

type Transport = object;

export interface LoadedProtocol {
  /** connect() of a several-revision output; a one-revision output's createClient() + open(). */
  connect(transport: () => Transport, options: { clientInfo: { name: string; version: string }; capabilities?: object; handlers?: object; timeoutMs?: number; probeTimeoutMs?: number }): Promise<LiveClient>;
  /**
   * Handlers that stand for these client capabilities (a capability a handler stands for is
   * declared exactly when its handler is given), read off the revisions' specs; each refuses.
   */
  handlersFor(capabilities: string[]): { [method: string]: () => never };
  StdioTransport: new (options: object) => Transport;
  StreamableHttpTransport: new (url: string, options?: object) => Transport;
}

/** Loads the client of an mcp-gen output folder (transpiled into the project cache on first use). */
export async function loadProtocol(protocolDir: string): Promise<LoadedProtocol> {
  const entry = ["connect.js", "connect.ts", "index.js", "index.ts"].find((name) => existsSync(join(protocolDir, name)));
  if (!entry) throw new GeneratorError(`${protocolDir} is not an mcp-gen protocol output (no connect or index module)`);
  const compiled = await transpiled(protocolDir, entry);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(join(compiled, entry.replace(/\.ts$/, ".js"))).href)) as Record<string, unknown>;
  } catch (error) {
    const message = (error as Error).message;
    const hint = /zod/.test(message) ? ` The generated client needs zod: install it in ${projectRoot()} (npm install zod).` : "";
    throw new GeneratorError(`cannot load the generated client of ${protocolDir}: ${message}.${hint}`);
  }
  return entry.startsWith("connect.") ? fromConnect(module) : fromClient(module);
}

type Revision = { spec: { capabilities: { [method: string]: string } } };

function handlersFor(revisions: Revision[]): LoadedProtocol["handlersFor"] {
  return (capabilities) => {
    const handlers: { [method: string]: () => never } = {};
    for (const revision of revisions) {
      for (const [method, key] of Object.entries(revision.spec.capabilities)) {
        if (capabilities.includes(key)) handlers[method] = () => { throw new Error("mcp-gen catalog only reads the server's lists; it answers no request"); };
      }
    }
    return handlers;
  };
}

function fromConnect(module: Record<string, unknown>): LoadedProtocol {
  const connect = module["connect"] as (factory: () => Transport, options: object) => Promise<LiveClient>;
  return {
    connect: (factory, options) => connect(factory, options),
    handlersFor: handlersFor(module["CLIENT_REVISIONS"] as Revision[]),
    StdioTransport: module["StdioTransport"] as LoadedProtocol["StdioTransport"],
    StreamableHttpTransport: module["StreamableHttpTransport"] as LoadedProtocol["StreamableHttpTransport"],
  };
}

function fromClient(module: Record<string, unknown>): LoadedProtocol {
  const createClient = module["createClient"] as (transport: Transport, options: object) => LiveClient;
  return {
    async connect(factory, options) {
      const client = createClient(factory(), options);
      try {
        await client.open({ timeoutMs: options.timeoutMs });
      } catch (error) {
        await client.close().catch(() => undefined); // no server process or socket outlives a failed open
        throw error;
      }
      return client;
    },
    handlersFor: handlersFor([module["CLIENT_REVISION"] as Revision]),
    StdioTransport: module["StdioTransport"] as LoadedProtocol["StdioTransport"],
    StreamableHttpTransport: module["StreamableHttpTransport"] as LoadedProtocol["StreamableHttpTransport"],
  };
}

/** The folder of the transpiled files, named after the sources' hash (made atomically, once). */
async function transpiled(protocolDir: string, entry: string): Promise<string> {
  const sources = reachable(protocolDir, entry);
  const texts = [...sources].sort().map((path) => ({ path, content: readFileSync(join(protocolDir, path), "utf8") }));
  // A `--emit ts` output goes through the generator's own transpiler (so the key names the generator).
  const typed = texts.some((f) => f.path.endsWith(".ts"));
  const key = hashText(JSON.stringify([typed ? generatorFingerprint() : "js", ...texts.map((f) => [f.path, hashText(f.content)])])).slice(0, 24);
  const root = join(projectRoot(), ".mcp-gen", "js");
  const target = join(root, key);
  if (existsSync(join(target, ".complete"))) {
    // Code there runs: an entry is used only when every file is what was recorded (and, for a
    // JavaScript output copied as it is, what the protocol output holds); else it is rebuilt.
    if (intact(target, typed ? undefined : texts)) {
      utimesSync(join(target, ".complete"), new Date(), new Date()); // recently used: kept by prune()
      return target;
    }
    rmSync(target, { recursive: true, force: true });
  }
  const staging = join(root, `.staging-${process.pid}-${Date.now()}`);
  const modules = typed ? (await import("../transpile/index.js")).toJavaScript(texts).filter((f) => f.path.endsWith(".js")) : texts;
  const files = [...modules, { path: "package.json", content: '{ "type": "module" }\n' }];
  for (const file of files) {
    const out = join(staging, file.path);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, file.content);
  }
  writeFileSync(join(staging, ".complete"), `${JSON.stringify(Object.fromEntries(files.map((f) => [f.path, hashText(f.content)])), null, 1)}\n`);
  try {
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process made it first
  }
  prune(root, target);
  return target;
}

/**
 * True when the entry's files have the sha256 its `.complete` marker records (an empty or
 * unreadable marker is an entry of an older mcp-gen, or a planted one: not intact), and, given the
 * sources it was copied from, each of them is there unchanged.
 */
function intact(target: string, sources: Array<{ path: string; content: string }> | undefined): boolean {
  let recorded: Record<string, unknown>;
  try {
    recorded = JSON.parse(readFileSync(join(target, ".complete"), "utf8")) as Record<string, unknown>;
  } catch {
    return false;
  }
  if (typeof recorded !== "object" || recorded === null || !Object.hasOwn(recorded, "package.json")) return false;
  if (sources && !sources.every((f) => recorded[f.path] === hashText(f.content))) return false;
  return Object.entries(recorded).every(([path, sha]) => {
    try {
      return !path.split("/").includes("..") && hashText(readFileSync(join(target, path))) === sha;
    } catch {
      return false;
    }
  });
}

/** The cache keeps the newest few outputs (one per protocol output and generator version, typically). */
const KEPT = 8;

function prune(root: string, keep: string): void {
  const entries = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && join(root, e.name) !== keep && existsSync(join(root, e.name, ".complete")))
    .map((e) => ({ path: join(root, e.name), used: statSync(join(root, e.name, ".complete")).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const stale of entries.slice(KEPT - 1)) rmSync(stale.path, { recursive: true, force: true });
}

/** The .ts files the entry imports, transitively (relative specifiers ending in .js; `import "./x.js"` for its effect too). */
function reachable(protocolDir: string, entry: string): Set<string> {
  const found = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (found.has(file) || !existsSync(join(protocolDir, file))) continue;
    found.add(file);
    const text = readFileSync(join(protocolDir, file), "utf8");
    const extension = file.endsWith(".js") ? ".js" : ".ts";
    for (const match of text.matchAll(/(?:from\s+|import\(\s*|^import\s+)"(\.\.?\/[^"]+)\.js"/gm)) {
      const next = relative(protocolDir, join(protocolDir, dirname(file), `${match[1]}${extension}`)).split("\\").join("/");
      if (!next.startsWith("..")) stack.push(next);
    }
  }
  return found;
}
