// The generated clients against the servers people run, as real processes on loopback: the
// official SDK v2 server (stdio and HTTP), @modelcontextprotocol/server-everything (2025-11-25
// only, through connect()'s fallback) and an @modelcontextprotocol/sdk 1.x server (stdio and HTTP).
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, loadClient, type AnyClient, type ClientModule } from "../helpers/client.js";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";

const FIXTURES = join(REPO_ROOT, "test/client/fixtures");
const EVERYTHING = join(createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json"), "../dist/index.js");
const children: ChildProcess[] = [];

/** Starts an HTTP fixture and resolves with its URL (it prints "PORT <n>"). */
async function httpFixture(script: string): Promise<string> {
  const child = spawn(process.execPath, [join(FIXTURES, script), "http"], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}/mcp`;
}

afterAll(async () => {
  for (const child of children) child.kill("SIGTERM");
});

const acceptName = async (params: { message: string }) => ({ action: "accept", content: { name: params.message === "Your name?" || params.message === "What is your name?" ? "Ada" : "?" } });
const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((c) => c.text ?? "").join("");

describe.each(["stdio", "http"])("the official SDK v2 server over %s, with the 2026-07-28 client", (mode) => {
  let gen: ClientModule;
  let url: string | undefined;
  const clients: AnyClient[] = [];
  const transport = () => (mode === "http" ? new gen.StreamableHttpTransport(url!) : new gen.StdioTransport({ command: process.execPath, args: [join(FIXTURES, "sdk-v2-server.mjs"), "stdio"] }));
  const client = (options: Record<string, unknown> = {}) => {
    const c = gen.createClient(transport(), { clientInfo: CLIENT_INFO, ...options });
    clients.push(c);
    return c;
  };
  let main: AnyClient;

  beforeAll(async () => {
    gen = await loadClient("2026-07-28");
    if (mode === "http") url = await httpFixture("sdk-v2-server.mjs");
    main = client({ handlers: { "elicitation/create": acceptName } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it("discover: the server's versions, capabilities and identity", async () => {
    const result = await main.discover();
    expect(result.supportedVersions).toContain("2026-07-28");
    expect(result.capabilities.tools).toBeDefined();
    expect(main.server?.serverInfo).toEqual({ name: "sdk-v2-fixture", version: "2.4.0" });
  });

  it("tools: one page at a time, every page through paginate(), and calls", async () => {
    const first = await main.listTools();
    expect(first.tools).toHaveLength(3);
    expect(first.nextCursor).toBe("3");
    const names: string[] = [];
    for await (const tool of main.paginate("tools/list")) names.push(tool.name);
    expect(names).toEqual(["echo", "add", "greet", "summarize", "filler-0", "filler-1", "filler-2", "filler-3", "filler-4"]);
    expect(text(await main.callTool({ name: "echo", arguments: { text: "hi" } }))).toBe("hi");
    expect(text(await main.callTool({ name: "add", arguments: { a: 2, b: 3 } }))).toBe("5");
  });

  it("a resource and a prompt", async () => {
    const read = await main.readResource({ uri: "static://hello" });
    expect(read.contents).toEqual([{ uri: "static://hello", mimeType: "text/plain", text: "hello world" }]);
    const prompt = await main.getPrompt({ name: "review", arguments: { language: "go" } });
    expect(prompt.messages[0].content.text).toBe("Review this go code.");
  });

  it("an elicitation round trip through a real handler (input_required, then the retry with the server's signed state)", async () => {
    const result = await main.callTool({ name: "greet", arguments: {} });
    expect(text(result)).toBe('Hello, Ada (state {"asked":true})');
  });

  it("-32021 when the client has no handler (so declares no capability) for what the server needs", async () => {
    const error = await main.callTool({ name: "summarize", arguments: { text: "long" } }).catch((e: unknown) => e);
    expect(gen.isMcpError(error, -32021)).toBe(true);
    expect((error as { data: { requiredCapabilities: object } }).data.requiredCapabilities).toHaveProperty("sampling");
    const sampler = client({ handlers: { "sampling/createMessage": async () => ({ role: "assistant", content: { type: "text", text: "short" }, model: "m" }) } });
    expect(text(await sampler.callTool({ name: "summarize", arguments: { text: "long" } }))).toBe("summary: short");
  });

  it("subscriptions/listen: the server acknowledges the filter first; closing ends the subscription", async () => {
    const subscription = main.listen({ notifications: { toolsListChanged: true } });
    const ack = await subscription.acknowledged;
    expect(ack.method).toBe("notifications/subscriptions/acknowledged");
    expect(ack.params.notifications).toEqual({ toolsListChanged: true });
    subscription.close();
    expect(await subscription.ended).toBe("closed-by-client");
    expect(text(await main.callTool({ name: "echo", arguments: { text: "after" } }))).toBe("after");
  });

  it("-32022 with a bogus version: typed data with the supported versions; by default the client retries with its own", async () => {
    const strict = client({ protocolVersion: "2099-01-01", retryOnUnsupportedVersion: false });
    const error = await strict.listTools().catch((e: unknown) => e);
    expect(gen.isMcpError(error, -32022)).toBe(true);
    expect((error as { data: { supported: string[]; requested: string } }).data).toMatchObject({ supported: expect.arrayContaining(["2026-07-28"]), requested: "2099-01-01" });
    const lenient = client({ protocolVersion: "2099-01-01" });
    expect((await lenient.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe("connect() over several revisions", () => {
  let connect: (factory: () => unknown, options: Record<string, unknown>) => Promise<AnyClient>;
  let gen: ClientModule;
  const clients: AnyClient[] = [];

  beforeAll(async () => {
    ({ connect } = (await import(pathToFileURL(join(GENERATED_ROOT, "connect.ts")).href)) as { connect: typeof connect });
    gen = await loadClient("2026-07-28");
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it("the SDK v2 server answers the server/discover probe: the 2026-07-28 client", async () => {
    const client = await connect(() => new gen.StdioTransport({ command: process.execPath, args: [join(FIXTURES, "sdk-v2-server.mjs"), "stdio"] }), { clientInfo: CLIENT_INFO });
    clients.push(client);
    expect([client.revision, client.era, client.server?.serverInfo?.name]).toEqual(["2026-07-28", "stateless", "sdk-v2-fixture"]);
    expect((await client.listTools()).tools.length).toBe(3);
  });

  it("an SDK 1.x server over HTTP answers the probe with an HTTP 400 (no session): connect() falls back to a legacy session", async () => {
    const url = await httpFixture("sdk-v1-server.mjs");
    const client = await connect(() => new gen.StreamableHttpTransport(url), { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": acceptName } });
    clients.push(client);
    expect([client.revision, client.era, client.server?.serverInfo?.name]).toEqual(["2025-11-25", "session", "sdk-v1-fixture"]);
    expect(text(await client.callTool({ name: "ask", arguments: {} }))).toContain('"name":"Ada"');
  });

  it("server-everything (2025-11-25 only) fails the probe: connect() falls back to initialize and lists everything", async () => {
    const handlers = {
      "elicitation/create": async () => ({ action: "decline" }),
      "sampling/createMessage": async () => ({ role: "assistant", content: { type: "text", text: "sampled" }, model: "m" }),
      "roots/list": async () => ({ roots: [] }),
    };
    const client = await connect(() => new gen.StdioTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }), { clientInfo: CLIENT_INFO, handlers });
    clients.push(client);
    expect([client.revision, client.era, client.protocolVersion]).toEqual(["2025-11-25", "session", "2025-11-25"]);
    expect(client.server?.serverInfo?.name).toBe("mcp-servers/everything");
    const all = async (method: string) => {
      const items: Array<{ name: string }> = [];
      for await (const item of client.paginate(method)) items.push(item);
      return items.map((i) => i.name);
    };
    const tools = await all("tools/list");
    expect(tools).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-sampling-request", "trigger-elicitation-request", "get-roots-list"]));
    expect(await all("resources/list")).toHaveLength(7);
    expect(await all("resources/templates/list")).toHaveLength(2);
    expect(await all("prompts/list")).toEqual(expect.arrayContaining(["simple-prompt", "args-prompt", "completable-prompt", "resource-prompt"]));
    // A server→client request through the same handlers: sampling.
    const sampled = await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "hi", maxTokens: 5 } });
    expect(JSON.stringify(sampled.content)).toContain("sampled");
  });
});

describe.each(["stdio", "http"])("an @modelcontextprotocol/sdk 1.x server over %s, with the 2025-11-25 client", (mode) => {
  let gen: ClientModule;
  let client: AnyClient;
  let transport: ReturnType<ClientModule["StreamableHttpTransport"]["prototype"]["constructor"]> & { sessionId?: string };

  beforeAll(async () => {
    gen = await loadClient("2025-11-25");
    transport = mode === "http" ? new gen.StreamableHttpTransport(await httpFixture("sdk-v1-server.mjs")) : new gen.StdioTransport({ command: process.execPath, args: [join(FIXTURES, "sdk-v1-server.mjs"), "stdio"] });
    client = gen.createClient(transport, {
      clientInfo: CLIENT_INFO,
      handlers: { "elicitation/create": acceptName, "roots/list": async () => ({ roots: [{ uri: "file:///work", name: "work" }] }) },
    });
  });
  afterAll(async () => {
    await client.close();
  });

  it("initializes (a session id over HTTP) and calls tools", async () => {
    const server = await client.open();
    expect(server).toMatchObject({ protocolVersion: "2025-11-25", serverInfo: { name: "sdk-v1-fixture" } });
    if (mode === "http") expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.listTools()).tools.map((t: { name: string }) => t.name)).toEqual(["echo", "ask", "ask-unrelated", "roots"]);
    expect(text(await client.callTool({ name: "echo", arguments: { text: "v1" } }))).toBe("v1");
  });

  it("answers the server's requests during a tool call: elicitation and roots", async () => {
    expect(text(await client.callTool({ name: "ask", arguments: {} }))).toBe('elicited: {"action":"accept","content":{"name":"Ada"}}');
    expect(text(await client.callTool({ name: "roots", arguments: {} }))).toBe('[{"uri":"file:///work","name":"work"}]');
  });
});

describe("an @modelcontextprotocol/sdk 1.x server over HTTP that asks on its GET stream", () => {
  it("gets its answer although the client's GET stream is slow to open: the handshake waits for it", async () => {
    const gen = await loadClient("2025-11-25");
    const url = await httpFixture("sdk-v1-server.mjs");
    // The GET stream answered 300 ms late, as on a loaded machine: without the wait, tools/call goes
    // first, the server asks on a stream it does not have yet, drops the request, and the call hangs.
    const slowGet = async (target: URL, init: RequestInit) => {
      if (init.method === "GET") await new Promise((resolve) => setTimeout(resolve, 300));
      return fetch(target, init);
    };
    const client = gen.createClient(new gen.StreamableHttpTransport(url, { fetch: slowGet }), { clientInfo: CLIENT_INFO, handlers: { "elicitation/create": acceptName } });
    try {
      await client.open();
      const result = await client.callTool({ name: "ask-unrelated", arguments: {} }, { timeoutMs: 5_000 });
      expect(text(result)).toBe('elicited: {"action":"accept","content":{"name":"Ada"}}');
    } finally {
      await client.close();
    }
  });
});
