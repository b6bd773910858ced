// examples/incidents, driven by the official clients: the SDK v2 client pinned to 2026-07-28 and
// the SDK v1 client (2025-11-25), over stdio and Streamable HTTP. The same flow also drives the
// incident log written on the official SDK v2 server (bench/peers/incidents-sdk.ts), which is what
// the example is measured against (the cold-start and bundle benches).
import { mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ClientCredentialsProvider, Client as V2Client, StreamableHTTPClientTransport as V2Http } from "@modelcontextprotocol/client";
import { StdioClientTransport as V2Stdio } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { startAuthorizationServer } from "../helpers/oidc.js";
import { exampleMain, startHttpExample, TEST_STATE_SECRET } from "../helpers/processes.js";
import { REPO_ROOT } from "../helpers/spec.js";

/** What a flow needs of a client, whichever SDK it is. */
interface Driver {
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema: any; outputSchema?: any }> }>;
  callTool(name: string, args: Record<string, unknown>): Promise<any>;
  /** resolve_incident on a sev1: the client answers the elicitation with `resolution`. */
  resolveWithElicitation(handle: string, resolution: string): Promise<any>;
  read(uri: string): Promise<any>;
  prompt(name: string, args: Record<string, string>): Promise<any>;
  complete(uriTemplate: string, name: string, value: string): Promise<any>;
  close(): Promise<void>;
}

function v2Driver(client: V2Client): Driver {
  return {
    listTools: () => client.listTools() as Promise<any>,
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    resolveWithElicitation: async (handle, resolution) => {
      const call = { name: "resolve_incident", arguments: { handle } };
      const asked = (await client.request({ method: "tools/call", params: call }, { allowInputRequired: true })) as any;
      expect(asked.resultType).toBe("input_required");
      expect(asked.inputRequests.resolution).toMatchObject({ method: "elicitation/create", params: { requestedSchema: { properties: { resolution: { type: "string" } } } } });
      const inputResponses = { resolution: { action: "accept", content: { resolution } } };
      return client.request({ method: "tools/call", params: { ...call, inputResponses, ...(asked.requestState ? { requestState: asked.requestState } : {}) } }, { allowInputRequired: true });
    },
    read: (uri) => client.readResource({ uri }),
    prompt: (name, args) => client.getPrompt({ name, arguments: args }),
    complete: (uri, name, value) => client.complete({ ref: { type: "ref/resource", uri }, argument: { name, value } }),
    close: () => client.close(),
  };
}

function v2Client(): V2Client {
  return new V2Client({ name: "incidents-v2", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } });
}

/** The SDK v1 client answers the legacy server's elicitation/create with `answer.resolution`. */
function v1Client(answer: { resolution: string }): V1Client {
  const client = new V1Client({ name: "incidents-v1", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { resolution: answer.resolution } }));
  return client;
}

function v1Driver(client: V1Client, answer: { resolution: string }): Driver {
  return {
    listTools: () => client.listTools() as Promise<any>,
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    resolveWithElicitation: (handle, resolution) => ((answer.resolution = resolution), client.callTool({ name: "resolve_incident", arguments: { handle } })),
    read: (uri) => client.readResource({ uri }),
    prompt: (name, args) => client.getPrompt({ name, arguments: args }),
    complete: (uri, name, value) => client.complete({ ref: { type: "ref/resource", uri }, argument: { name, value } }),
    close: () => client.close(),
  };
}

const text = (result: any) => result.content.map((c: any) => c.text ?? "").join("\n");

async function flow(client: Driver): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(["search_incidents", "open_incident", "resolve_incident"]);
  const search = tools[0]!;
  expect(search.inputSchema).toMatchObject({ type: "object", properties: { query: { type: "string", description: "Words the title contains" }, severity: { enum: ["sev1", "sev2", "sev3"] } }, required: ["query"] });
  expect(search.outputSchema).toMatchObject({ type: "object", properties: { incidents: { type: "array" } } });

  const found = await client.callTool("search_incidents", { query: "database" });
  expect(found.structuredContent.incidents.map((i: any) => i.id)).toEqual(["INC-2"]);
  const bad = await client.callTool("search_incidents", { query: 5, severity: "sev9" });
  expect(bad.isError).toBe(true);
  expect(text(bad)).toMatch(/query[\s\S]*severity/);

  const opened = await client.callTool("open_incident", { title: "Queue backlog growing", severity: "sev3" });
  const handle = opened.structuredContent.handle;
  expect(handle).toBe("INC-3");
  expect(text(await client.callTool("resolve_incident", { handle }))).toBe("Resolved INC-3: resolved");
  expect((await client.callTool("resolve_incident", { handle })).isError).toBe(true); // already resolved
  expect(text(await client.resolveWithElicitation("INC-2", "failed over to the replica"))).toBe("Resolved INC-2: failed over to the replica");

  const open = await client.read("incidents://open");
  expect(JSON.parse(open.contents[0].text).map((i: any) => i.id)).toEqual(["INC-1"]);
  const one = await client.read("incidents://INC-1");
  expect(one.contents[0]).toMatchObject({ uri: "incidents://INC-1", mimeType: "application/json" });
  expect(JSON.parse(one.contents[0].text)).toMatchObject({ title: "Checkout latency above 2 s", severity: "sev2" });
  const prompt = await client.prompt("postmortem", { id: "INC-2" });
  expect(prompt.messages.at(-1).content.text).toMatch(/postmortem of INC-2 for the engineering team/);
  const completed = await client.complete("incidents://{id}", "id", "INC-");
  expect(completed.completion.values).toEqual(["INC-1", "INC-2", "INC-3"]);
}

const env = { ...process.env, MCP_STATE_SECRET: TEST_STATE_SECRET } as Record<string, string>;

describe("examples/incidents with the official clients", () => {
  it("SDK v2 client (2026-07-28) over stdio", async () => {
    const client = v2Client();
    await client.connect(new V2Stdio({ command: process.execPath, args: [exampleMain("incidents")], env, stderr: "pipe" }));
    await flow(v2Driver(client)).finally(() => client.close());
  });

  it("SDK v2 client (2026-07-28) over Streamable HTTP", async () => {
    const server = await startHttpExample("incidents");
    const client = v2Client();
    try {
      await client.connect(new V2Http(new URL(server.url)));
      await flow(v2Driver(client));
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it("SDK v1 client (2025-11-25) over stdio: the form becomes a real elicitation/create", async () => {
    const answer = { resolution: "" };
    const client = v1Client(answer);
    await client.connect(new V1Stdio({ command: process.execPath, args: [exampleMain("incidents")], env, stderr: "pipe" }));
    expect(client.getServerVersion()?.name).toBe("mcp-gen-incidents");
    await flow(v1Driver(client, answer)).finally(() => client.close());
  });

  it("SDK v1 client (2025-11-25) over Streamable HTTP", async () => {
    const server = await startHttpExample("incidents");
    const answer = { resolution: "" };
    const client = v1Client(answer);
    try {
      await client.connect(new V1Http(new URL(server.url)));
      await flow(v1Driver(client, answer));
    } finally {
      await client.close();
      await server.stop();
    }
  });
});

describe("the same incident log on the official SDK v2 server (the yardstick)", () => {
  const dir = join(REPO_ROOT, "test/tmp/incidents-sdk");
  const main = join(dir, "incidents-sdk.mjs");
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    // The peer the cold-start and bundle benches measure examples/incidents against.
    const source = readFileSync(join(REPO_ROOT, "bench/peers/incidents-sdk.ts"), "utf8");
    writeFileSync(main, ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText);
  });

  it("passes the same flow with the SDK v2 client over stdio", async () => {
    const client = v2Client();
    await client.connect(new V2Stdio({ command: process.execPath, args: [main], env, stderr: "pipe" }));
    await flow(v2Driver(client)).finally(() => client.close());
  });
});


describe("examples/incidents --auth-issuer (issue 31)", () => {
  it("takes only that issuer's tokens, and opening an incident needs incidents:write", async () => {
    const scopes = ["incidents:read", "incidents:write"];
    const loopbackMcp = (indicator: string) => /^http:\/\/127\.0\.0\.1:\d+\/mcp$/.test(indicator);
    const as = await startAuthorizationServer({ resource: "http://127.0.0.1:1/mcp", acceptResource: loopbackMcp, opaqueResource: "https://opaque.example/mcp", scopes, clients: { reader: ["incidents:read"], writer: scopes } });
    const server = await startHttpExample("incidents", {}, ["--auth-issuer", as.issuer]);
    try {
      const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
      const open = (headers: Record<string, string>) =>
        fetch(server.url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "open_incident", ...headers },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "open_incident", arguments: { title: "disk full", severity: "sev2" }, _meta: meta } }),
        });
      const anonymous = await open({});
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("www-authenticate")).toContain(`resource_metadata="${new URL("/.well-known/oauth-protected-resource/mcp", server.url).href}"`);
      const refused = await open({ authorization: `Bearer ${await as.token("reader", "incidents:read", server.url)}` });
      expect([refused.status, refused.headers.get("www-authenticate")]).toEqual([403, expect.stringContaining('scope="incidents:write"')]);
      // The official client finds the issuer through the metadata and gets a token with the scope the 401 names.
      const client = v2Client();
      await client.connect(new V2Http(new URL(server.url), { authProvider: new ClientCredentialsProvider({ clientId: "writer", clientSecret: "writer-secret", expectedIssuer: as.issuer }) }));
      try {
        const opened = await client.callTool({ name: "open_incident", arguments: { title: "disk full", severity: "sev2" } });
        expect(opened.structuredContent).toEqual({ handle: expect.stringMatching(/^INC-/) });
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
      await as.close();
    }
  });
});
