// Issue 32 item 3: a connect() that fails closes every transport it made. A server that never
// answers, picks a version nobody speaks or answers initialize with garbage must not keep its
// process (stdio) or its socket (HTTP) once connect() has rejected.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, FakeTransport, type AnyClient, type ClientModule } from "../helpers/client.js";
import { HOSTILE_CONNECT, alive, eventually, neverAnsweringSse } from "../helpers/hostile-connect.js";
import { GENERATED_ROOT } from "../helpers/spec.js";
import type { Transport } from "../../templates/runtime/shared/transport.js";

type Connect = (factory: () => Transport, options: Record<string, unknown>) => Promise<AnyClient>;
type Module = Pick<ClientModule, "StdioTransport" | "StreamableHttpTransport" | "isClientError"> & { connect: Connect };
let gen: Module;
beforeAll(async () => {
  gen = (await import(pathToFileURL(join(GENERATED_ROOT, "connect.ts")).href)) as Module;
});

const leftovers: number[] = [];
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const pid of leftovers.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL"); // what a failing test left behind
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const failure = (promise: Promise<unknown>): Promise<Error> => promise.then(() => new Error("connect() resolved"), (error: unknown) => error as Error);
const OPTIONS = { clientInfo: CLIENT_INFO, timeoutMs: 300, probeTimeoutMs: 300 };

describe("a failed connect() over stdio leaves no server process", () => {
  // Only the silent server is about the clock: the other two answer, and a loaded machine may take
  // more than 300 ms to start a node process, which turned their verdicts into timeouts.
  it.each([
    ["silent", "timeout", /initialize timed out/, 300],
    ["old-version", "version", /chose protocol version 1999-01-01/, 30_000],
    ["invalid-init", "invalid-result", /the result of initialize does not match/, 30_000],
  ])("%s: connect() rejects (%s) and the child is gone", async (mode, kind, message, timeoutMs) => {
    let transport: InstanceType<ClientModule["StdioTransport"]> | undefined;
    const factory = () => (transport = new gen.StdioTransport({ command: process.execPath, args: [HOSTILE_CONNECT, mode], stderr: "ignore", shutdownGraceMs: 200 }));
    const error = await failure(gen.connect(factory, { ...OPTIONS, timeoutMs, probeTimeoutMs: timeoutMs }));
    const pid = transport!.pid!;
    leftovers.push(pid);
    expect([gen.isClientError(error, kind), error.message]).toEqual([true, expect.stringMatching(message)]);
    expect(alive(pid)).toBe(false);
  });
});

describe("a failed connect() over HTTP leaves no socket open", () => {
  it("an SSE stream that never answers: connect() rejects (timeout), every request it made is aborted, the server sees every connection closed", async () => {
    const server = await neverAnsweringSse();
    servers.push(server);
    const signals: AbortSignal[] = [];
    const methods: Array<string | null> = [];
    const recording = (url: URL, init: RequestInit) => (signals.push(init.signal!), methods.push(new Headers(init.headers).get("mcp-method")), fetch(url, init));
    // Timeouts of a second, not 300 ms: on a loaded CI machine a 300 ms probe was aborted before
    // its headers reached the server. What is tested is the cleanup, not the clock.
    const error = await failure(gen.connect(() => new gen.StreamableHttpTransport(server.url, { fetch: recording }), { ...OPTIONS, timeoutMs: 1000, probeTimeoutMs: 1000 }));
    expect([gen.isClientError(error, "timeout"), error.message]).toEqual([true, expect.stringMatching(/initialize timed out/)]);
    expect(methods.slice(0, 2)).toEqual(["server/discover", "initialize"]);
    expect(server.requests).toContain("initialize");
    expect(signals.map((signal) => signal.aborted)).toEqual(signals.map(() => true));
    // Node's fetch lets go of an aborted response's socket a few seconds later, not at once.
    expect(await eventually(() => server.sockets.size === 0, 10_000)).toBe(true);
  });
});

describe("every way connect() gives up closes its transport", () => {
  it("-32022 naming no generated version", async () => {
    const fake = new FakeTransport((m, t) => t.error(m, -32022, "no", { supported: ["2099-01-01"], requested: "2026-07-28" }));
    await expect(gen.connect(() => fake, { clientInfo: CLIENT_INFO })).rejects.toThrow(/supports \["2099-01-01"\]/);
    expect(fake.closed).toBe(true);
  });

  it("a DiscoverResult listing only versions nobody generated", async () => {
    const fake = new FakeTransport((m, t) => t.result(m, { resultType: "complete", supportedVersions: ["2099-01-01"], capabilities: {}, ttlMs: 0, cacheScope: "private" }));
    await expect(gen.connect(() => fake, { clientInfo: CLIENT_INFO })).rejects.toThrow(/supports \["2099-01-01"\]/);
    expect(fake.closed).toBe(true);
  });

  it("a probe whose connection dropped, then a refused initialize on a new one: both transports are closed", async () => {
    const made: FakeTransport[] = [];
    const factory = () => {
      const fake = new FakeTransport((m, t) => {
        if ("method" in m && m.method === "server/discover") return t.onclose?.(); // the server hung up
        if ("method" in m && m.method === "initialize") return t.error(m, -32603, "refused");
      });
      made.push(fake);
      return fake;
    };
    await expect(gen.connect(factory, { clientInfo: CLIENT_INFO })).rejects.toThrow(/refused/);
    expect(made.map((fake) => fake.closed)).toEqual([true, true]);
  });
});
