// Fault tests with small servers of our own, as real processes (stdio) and a loopback HTTP
// server: noise on stdout, an exit mid-request, silence, endless input_required, an invalid
// result, an SSE stream cut in the middle of an event.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO, loadClient, type AnyClient, type ClientModule } from "../helpers/client.js";
import { REPO_ROOT } from "../helpers/spec.js";

const FAULT = join(REPO_ROOT, "test/client/fixtures/fault-server.mjs");
let gen: ClientModule;
const open: AnyClient[] = [];

beforeAll(async () => {
  gen = await loadClient("2026-07-28");
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

function alive(pid: number | undefined): boolean {
  try {
    process.kill(pid!, 0); // a zombie would still answer this
    return true;
  } catch {
    return false;
  }
}

function faultClient(mode: string, extra: Record<string, unknown> = {}, transportOptions: Record<string, unknown> = {}) {
  const transport = new gen.StdioTransport({ command: process.execPath, args: [FAULT, mode], ...transportOptions });
  const client = gen.createClient(transport, { clientInfo: CLIENT_INFO, ...extra });
  open.push(client);
  return { client, transport };
}

describe("stdio faults", () => {
  it("a stray log line on stdout before a response is reported as noise and skipped", async () => {
    const noise: Array<[string, string]> = [];
    const { client } = faultClient("noise", {}, { onProtocolNoise: (line: string, reason: string) => noise.push([line, reason]) });
    const { tools } = await client.listTools();
    expect(tools.map((t: { name: string }) => t.name)).toEqual(["t"]);
    expect(noise).toEqual([["Server listening on stdio (a stray log line)", "not JSON"]]);
  });

  it("an exit in the middle of a request rejects it with the exit code, and leaves no process behind", async () => {
    const { client, transport } = faultClient("exit");
    await client.listTools();
    const pid = transport.pid;
    expect(alive(pid)).toBe(true);
    const error = await client.callTool({ name: "t" }).catch((e: unknown) => e);
    expect(gen.isClientError(error, "closed")).toBe(true);
    expect((error as Error).message).toMatch(/exited with code 3/);
    expect((error as { detail: { exitCode: number } }).detail.exitCode).toBe(3);
    expect(alive(pid)).toBe(false);
    expect(gen.isClientError(await client.listTools().catch((e: unknown) => e), "closed")).toBe(true);
  });

  it("a server that never answers: the request times out, and close() ends the process", async () => {
    const { client, transport } = faultClient("silent");
    const error = await client.listTools(undefined, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(gen.isClientError(error, "timeout")).toBe(true);
    const pid = transport.pid;
    await client.close();
    expect(alive(pid)).toBe(false);
  });

  it("input_required forever ends after the round bound with a clear error", async () => {
    const { client } = faultClient("loop", { maxInputRounds: 3 });
    const error = await client.callTool({ name: "t" }).catch((e: unknown) => e);
    expect(gen.isClientError(error, "input-rounds-exceeded")).toBe(true);
    expect((error as Error).message).toMatch(/after 3 rounds/);
  });

  it("a result that fails its schema is rejected with the issues", async () => {
    const { client } = faultClient("invalid");
    const error = await client.listTools().catch((e: unknown) => e);
    expect(gen.isClientError(error, "invalid-result")).toBe(true);
    expect((error as Error).message).toMatch(/tools\.0\.name/);
  });

  it("a command that cannot start fails start-up clearly", async () => {
    const transport = new gen.StdioTransport({ command: join(REPO_ROOT, "no-such-server"), stderr: "ignore" });
    const client = gen.createClient(transport, { clientInfo: CLIENT_INFO });
    const error = await client.listTools().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/could not start .*no-such-server.*ENOENT/);
  });
});

describe("Streamable HTTP faults", () => {
  let server: Server;
  let url: string;
  const seen: Array<Record<string, string | string[] | undefined>> = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString());
      seen.push(req.headers);
      const name = body.params?.name;
      if (name === "cut") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(`data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"${body.params._meta.progressToken}","progress":1}}\n\n`);
        res.end(`data: {"jsonrpc":"2.0","id":${JSON.stringify(body.id)},"result":{"resultType":"comp`);
        return;
      }
      if (name === "bad-request") {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32020, message: "Header mismatch" } }));
        return;
      }
      res.writeHead(503, { "content-type": "text/plain" }).end("busy");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
    return () => new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function httpClient() {
    const client = gen.createClient(new gen.StreamableHttpTransport(url, { headers: () => ({ Authorization: "Bearer t0k3n" }) }), { clientInfo: CLIENT_INFO });
    open.push(client);
    return client;
  }

  it("an SSE stream cut in the middle of an event fails the request (after what came whole)", async () => {
    const progress: number[] = [];
    const error = await httpClient()
      .callTool({ name: "cut" }, { onprogress: (p: { progress: number }) => progress.push(p.progress) })
      .catch((e: unknown) => e);
    expect(progress).toEqual([1]);
    expect(gen.isClientError(error, "stream-ended")).toBe(true);
    expect(seen.at(-1)).toMatchObject({ "mcp-method": "tools/call", "mcp-name": "cut", "mcp-protocol-version": "2026-07-28", authorization: "Bearer t0k3n", accept: "application/json, text/event-stream" });
  });

  it("an HTTP 400 carrying a JSON-RPC error is that McpError; another failure is an http ClientError with the status", async () => {
    const mismatch = await httpClient().callTool({ name: "bad-request" }).catch((e: unknown) => e);
    expect(gen.isMcpError(mismatch, -32020)).toBe(true);
    const busy = await httpClient().callTool({ name: "other" }).catch((e: unknown) => e);
    expect(gen.isClientError(busy, "http")).toBe(true);
    expect((busy as { detail: { status: number; body: string } }).detail).toMatchObject({ status: 503, body: "busy" });
  });
});
