// `mcp-gen catalog` against real servers over stdio: @modelcontextprotocol/server-everything (every
// tool, including get-structured-content and its output schema) and an official SDK v2 server
// with Zod-declared tools. The catalog is held to what the official SDK's client lists, and the
// generated stubs call every tool through the generated connect().
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_INFO } from "../helpers/client.js";
import { GENERATED_ROOT, REPO_ROOT, SPEC_ROOT, scratchDir } from "../helpers/spec.js";
import { STRICTEST, compile } from "../helpers/tsc.js";
import { EVERYTHING, EVERYTHING_ARGS, INCIDENTS, INCIDENTS_ARGS, catalog, importTs, type Module } from "./helpers.js";

export const OUT = scratchDir("catalog-servers");
const dirs = { everything: join(OUT, "everything"), incidents: join(OUT, "incidents"), odd: join(OUT, "odd") };

/** What the official SDK's own client lists (every page), for the same capabilities. */
async function sdkLists(command: string, args: string[]): Promise<Record<string, Array<Record<string, unknown>>>> {
  const client = new Client({ name: "oracle", version: "1" }, { capabilities: { sampling: {}, elicitation: {}, roots: {} } });
  await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
  try {
    const caps = client.getServerCapabilities() ?? {};
    return {
      tools: (await client.listTools()).tools,
      prompts: caps.prompts ? (await client.listPrompts()).prompts : [],
      resources: caps.resources ? (await client.listResources()).resources : [],
      resourceTemplates: caps.resources ? (await client.listResourceTemplates()).resourceTemplates : [],
    };
  } finally {
    await client.close();
  }
}

const byId = (items: Array<Record<string, unknown>>, id: string) => [...items].sort((a, b) => String(a[id]).localeCompare(String(b[id])));
const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((c) => c.text ?? "").join("");

beforeAll(async () => {
  for (const [name, args] of [["everything", EVERYTHING_ARGS], ["incidents", INCIDENTS_ARGS]] as const) {
    const result = await catalog(args, dirs[name]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  }
  expect((await catalog(["--from", join(REPO_ROOT, "test/catalog/fixtures/odd-names.catalog.json")], dirs.odd)).code).toBe(0);
});

describe.each([
  ["everything", process.execPath, [EVERYTHING, "stdio"]],
  ["incidents", process.execPath, [INCIDENTS]],
] as const)("the catalog of %s", (name, command, args) => {
  it("holds every tool, prompt, resource and template the official SDK client lists, as listed", async () => {
    const lists = await sdkLists(command, [...args]);
    const written = JSON.parse(readFileSync(join(dirs[name], "catalog.json"), "utf8"));
    expect(written.tools.map((t: { name: string }) => t.name)).toEqual(byId(lists.tools!, "name").map((t) => t["name"]));
    expect(written.tools).toEqual(byId(lists.tools!, "name"));
    expect(written.prompts).toEqual(byId(lists.prompts!, "name"));
    expect(written.resources).toEqual(byId(lists.resources!, "uri"));
    expect(written.resourceTemplates).toEqual(byId(lists.resourceTemplates!, "uriTemplate"));
    expect(written.tools.length).toBeGreaterThanOrEqual(name === "everything" ? 16 : 6);
  });
});

describe("typed calls through the stubs and the generated connect()", () => {
  let connect: (factory: () => unknown, options: object) => Promise<any>;
  let StdioTransport: new (options: object) => unknown;
  const clients: Array<{ close(): Promise<void> }> = [];
  const handlers = {
    "elicitation/create": async () => ({ action: "decline" }),
    "sampling/createMessage": async () => ({ role: "assistant", content: { type: "text", text: "sampled" }, model: "m" }),
    "roots/list": async () => ({ roots: [{ uri: "file:///work", name: "work" }] }),
  };
  const open = async (command: string[], env: Record<string, string> = {}) => {
    const client = await connect(() => new StdioTransport({ command: process.execPath, args: command, stderr: "ignore", env: { ...process.env, ...env } }), { clientInfo: CLIENT_INFO, handlers });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    ({ connect, StdioTransport } = (await importTs(join(GENERATED_ROOT, "connect.ts"))) as Module);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it("server-everything: every tool, get-structured-content's output typed and checked", async () => {
    const stubs: Module = await importTs(join(dirs.everything, "index.ts"));
    const client = await open([EVERYTHING, "stdio"]);
    expect(client.revision).toBe("2025-11-25");
    const tools = stubs.createTools(client);
    const progress: number[] = [];
    const calls: Record<string, () => Promise<any>> = {
      echo: () => tools.echo({ message: "hi" }),
      getAnnotatedMessage: () => tools.getAnnotatedMessage({ messageType: "success", includeImage: false }),
      getEnv: () => tools.getEnv(),
      getResourceLinks: () => tools.getResourceLinks({ count: 2 }),
      getResourceReference: () => tools.getResourceReference({ resourceType: "Text", resourceId: 1 }),
      getStructuredContent: () => tools.getStructuredContent({ location: "Chicago" }),
      getSum: () => tools.getSum({ a: 2, b: 3 }),
      getTinyImage: () => tools.getTinyImage(),
      gzipFileAsResource: () => tools.gzipFileAsResource({ name: "hello.gz", data: "data:text/plain;base64,SGVsbG8=", outputType: "resource" }),
      toggleSimulatedLogging: async () => [await tools.toggleSimulatedLogging(), await tools.toggleSimulatedLogging()][1],
      toggleSubscriberUpdates: async () => [await tools.toggleSubscriberUpdates(), await tools.toggleSubscriberUpdates()][1],
      triggerLongRunningOperation: () => tools.triggerLongRunningOperation({ duration: 0.2, steps: 2 }, { onprogress: (p: { progress: number }) => progress.push(p.progress) }),
      getRootsList: () => tools.getRootsList(),
      triggerElicitationRequest: () => tools.triggerElicitationRequest(),
      triggerSamplingRequest: () => tools.triggerSamplingRequest({ prompt: "hi", maxTokens: 5 }),
      simulateResearchQuery: () => tools.simulateResearchQuery({ topic: "tasks" }),
    };
    expect(Object.keys(calls).sort()).toEqual(Object.keys(tools).sort());
    const outcomes: Record<string, string> = {};
    for (const [method, call] of Object.entries(calls)) outcomes[method] = await call().then((r) => (Array.isArray(r.content) ? "result" : "?"), (e: Error) => e.name);
    // A task-only tool answers a plain call with isError (it wants the task parameter): a ToolCallError.
    expect(outcomes).toEqual({ ...Object.fromEntries(Object.keys(calls).map((k) => [k, "result"])), simulateResearchQuery: "ToolCallError" });
    const taskOnly = await tools.simulateResearchQuery({ topic: "tasks" }).catch((e: unknown) => e);
    expect(stubs.isToolCallError(taskOnly, "simulate-research-query") && taskOnly.result.isError).toBe(true);
    const weather = await tools.getStructuredContent({ location: "Chicago" });
    expect(typeof weather.structuredContent.temperature).toBe("number");
    expect(Object.keys(weather.structuredContent).sort()).toEqual(["conditions", "humidity", "temperature"]);
    expect(text(await tools.getSum({ a: 2, b: 3 }))).toContain("5");
    expect(text(await tools.triggerSamplingRequest({ prompt: "hi", maxTokens: 5 }))).toContain("sampled");
    expect(progress.length).toBeGreaterThan(0);
    const prompts = stubs.createPrompts(client);
    expect(JSON.stringify((await prompts.argsPrompt({ city: "Paris" })).messages)).toContain("Paris");
  });

  it("bad arguments throw before anything goes on the wire: wrong name, wrong type, bad enum value, a missing required one", async () => {
    const stubs: Module = await importTs(join(dirs.everything, "index.ts"));
    const sent: unknown[] = [];
    const spy = { callTool: async (params: unknown) => (sent.push(params), { content: [] }), getPrompt: async (params: unknown) => (sent.push(params), { messages: [] }) };
    const tools = stubs.createTools(spy);
    for (const call of [() => tools.getSum({ a: 1, c: 2 }), () => tools.getSum({ a: 1, b: "2" }), () => tools.getStructuredContent({ location: "Paris" }), () => tools.echo({})]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: "ClientError", kind: "invalid-arguments" });
    }
    await expect(stubs.createPrompts(spy).argsPrompt({ state: "IDF" })).rejects.toMatchObject({ kind: "invalid-arguments" });
    expect(sent).toEqual([]);
    await tools.getSum({ a: 1, b: 2 });
    expect(sent).toEqual([{ name: "get-sum", arguments: { a: 1, b: 2 } }]);
  });

  it("server-everything's resources and templates: typed reads through the generated connect(), the listed MIME type in the result", async () => {
    const stubs: Module = await importTs(join(dirs.everything, "index.ts"));
    const client = await open([EVERYTHING, "stdio"]);
    const listed = JSON.parse(readFileSync(join(dirs.everything, "catalog.json"), "utf8")) as { resources: Array<{ uri: string }> };
    const resources = stubs.createResources(client);
    expect(Object.keys(resources)).toHaveLength(listed.resources.length);
    const document = await resources.featuresMd();
    expect([document.mimeType, document.contents[0].uri]).toEqual(["text/markdown", "demo://resource/static/document/features.md"]);
    expect(document.contents[0].text).toContain("Features");
    const templates = stubs.createResourceTemplates(client);
    const text = await templates.dynamicTextResource({ resourceId: "7" });
    expect([text.mimeType, text.contents[0].uri]).toEqual(["text/plain", "demo://resource/dynamic/text/7"]);
    expect(text.contents[0].text).toMatch(/^Resource 7: /);
    const blob = await templates.dynamicBlobResource({ resourceId: "3" });
    // The listed MIME type, beside the one each item was sent with (this server's differ).
    expect([blob.mimeType, blob.contents[0].mimeType]).toEqual(["application/octet-stream", "text/plain"]);
    expect(Buffer.from(blob.contents[0].blob, "base64").toString()).toMatch(/^Resource 3: /);
  });

  it("template variables are checked before anything is sent, then expanded (percent-encoded); contents with both text and blob are refused", async () => {
    const stubs: Module = await importTs(join(dirs.everything, "index.ts"));
    const sent: unknown[] = [];
    const answers = [{ contents: [{ uri: "u", text: "t" }] }, { contents: [{ uri: "u", text: "t", blob: "Yg==" }] }];
    const templates = stubs.createResourceTemplates({ readResource: async (params: unknown) => (sent.push(params), answers.shift()) });
    for (const variables of [{}, { resourceId: 7 }, { resourceId: ["1"] }, undefined]) {
      await expect(templates.dynamicTextResource(variables)).rejects.toMatchObject({ name: "ClientError", kind: "invalid-arguments" });
    }
    expect(sent).toEqual([]);
    expect((await templates.dynamicTextResource({ resourceId: "a/b c%" })).contents[0].text).toBe("t");
    expect(sent).toEqual([{ uri: "demo://resource/dynamic/text/a%2Fb%20c%25" }]);
    await expect(templates.dynamicTextResource({ resourceId: "1" })).rejects.toMatchObject({ kind: "invalid-result", message: expect.stringContaining("contents[0] holds neither a text nor a blob string, or both") });
  });

  it("the SDK v2 server (2026-07-28): structuredContent typed and checked, isError as ToolCallError with the result", async () => {
    const stubs: Module = await importTs(join(dirs.incidents, "index.ts"));
    const client = await open([INCIDENTS]);
    expect(client.revision).toBe("2026-07-28");
    const tools = stubs.createTools(client);
    const opened = await tools.openIncident({ title: "Disk full again", severity: "sev1", owner: { name: "Ada" } });
    expect(opened.structuredContent).toEqual({ id: "INC-2", url: "https://incidents.example/INC-2", createdAt: "2026-01-02T03:04:05Z" });
    const found = await tools.searchIncidents({ query: "disk", status: "all" });
    expect(found.structuredContent.total).toBe(2);
    expect((await tools.getStats()).structuredContent).toEqual({ open: 2, closed: 0 });
    expect(text(await tools.annotate({ id: "INC-1", entry: { kind: "metric", name: "p99", value: 1.5 } }))).toBe("annotated with a metric");
    const failed = await tools.closeIncident({ id: "INC-404" }).catch((e: unknown) => e);
    expect(stubs.isToolCallError(failed, "close_incident")).toBe(true);
    expect(stubs.isToolCallError(failed, "get-stats")).toBe(false);
    expect(failed).toMatchObject({ tool: "close_incident", result: { isError: true, content: [{ type: "text", text: "no incident INC-404" }] } });
    expect(text(await tools.closeIncident({ id: "INC-1" }))).toBe("closed INC-1");
    const incident = await stubs.createResourceTemplates(client).incident({ id: "INC-1" });
    expect([incident.mimeType, incident.contents[0].uri, JSON.parse(incident.contents[0].text).title]).toEqual(["application/json", "incident://INC-1", "Disk full"]);
    expect((await stubs.createResources(client).runbook()).contents[0].text).toBe("# Runbook");
    const prompt = await stubs.createPrompts(client).triage({ incident: "INC-1", tone: "calm" });
    expect(prompt.messages[0].content.text).toBe("Triage INC-1 (calm).");
  });

  it("a result whose structuredContent is missing or wrong is a ClientError of kind invalid-result, carrying the result", async () => {
    const stubs: Module = await importTs(join(dirs.incidents, "index.ts"));
    const answers = [{ content: [] }, { content: [], structuredContent: { open: "2", closed: 0 } }, { content: [], structuredContent: { open: 2, closed: 0 } }];
    const tools = stubs.createTools({ callTool: async () => answers.shift() });
    await expect(tools.getStats()).rejects.toMatchObject({ kind: "invalid-result", message: expect.stringContaining("no structuredContent") });
    await expect(tools.getStats()).rejects.toMatchObject({ kind: "invalid-result", detail: { result: { structuredContent: { open: "2" } } } });
    expect((await tools.getStats()).structuredContent).toEqual({ open: 2, closed: 0 });
  });
});

/**
 * test/catalog/types/*.ts against the generated stubs, under the strictest settings, as written
 * (no error) and in a copy where a negative case lost its directive and a fact was falsified
 * (both must be reported: the assertions can fail).
 */
describe("the stubs' types", () => {
  const root = join(OUT, "types");
  const copy = (dir: string) => {
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(REPO_ROOT, "test/catalog/types"), dir, { recursive: true });
    cpSync(join(REPO_ROOT, "test/types/assert.ts"), join(dir, "assert.ts"));
  };
  /** The catalog example of docs/catalog.md, against the incidents catalog and the suite's connect(). */
  const readmeSnippet = (dir: string) => {
    const readme = readFileSync(join(REPO_ROOT, "docs/catalog.md"), "utf8");
    const code = /<!-- compile-catalog -->\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code, "docs/catalog.md has a compiled catalog example").toBeDefined();
    const rewritten = code!.replace('"./incidents/protocol/connect.js"', '"@gen-root/connect"').replace('"./incidents/index.js"', '"@catalog/incidents"');
    expect(rewritten).not.toContain(`from "./incidents`);
    writeFileSync(join(dir, "readme.ts"), `${rewritten}\nexport {};\n`);
  };
  const program = () => {
    copy(join(root, "facts"));
    copy(join(root, "broken"));
    readmeSnippet(join(root, "facts"));
    for (const [file, from, to] of [
      ["everything.ts", "{ temperature: number; conditions: string; humidity: number }", "{ temperature: string; conditions: string; humidity: number }"],
      ["everything.ts", "  // @ts-expect-error: a value outside the enum\n", ""],
      ["incidents.ts", "  // @ts-expect-error: a field the output schema does not have\n", ""],
      ["everything.ts", "  // @ts-expect-error: a variable the template does not have\n", ""],
      ["everything.ts", '"application/octet-stream">>;', '"text/plain">>;'],
    ]) {
      const path = join(root, "broken", file!);
      const text = readFileSync(path, "utf8");
      expect(text.includes(from!)).toBe(true);
      writeFileSync(path, text.replace(from!, to!));
    }
    const options = {
      ...STRICTEST,
      isolatedDeclarations: false,
      declaration: false,
      noUnusedLocals: false,
      paths: { "@gen/*": [join(GENERATED_ROOT, "*/index.ts")], "@gen-root/*": [join(GENERATED_ROOT, "*.ts")], "@catalog/*": [join(OUT, "*/index.ts")], "@spec/*": [join(SPEC_ROOT, "*/schema.ts")] },
    };
    return compile(root, options, ["facts/*.ts", "broken/*.ts", join(dirs.odd, "*.ts")]);
  };
  let compiled: ReturnType<typeof compile> | undefined;
  const inside = (dir: string) => (file: string) => file.startsWith(join(root, dir));

  it("hold for both servers: typed arguments and structuredContent, each mistake an error", () => {
    compiled ??= program();
    expect(compiled.diagnostics((file) => file.startsWith(dirs.odd))).toEqual([]);
    expect(readdirSync(join(root, "facts")).filter((f) => f.endsWith(".ts")).sort()).toEqual(["assert.ts", "everything.ts", "incidents.ts", "odd.ts", "readme.ts"]);
    expect(compiled.diagnostics(inside("facts"))).toEqual([]);
  });

  it("can fail: a falsified fact and negative cases without their directive are reported", () => {
    compiled ??= program();
    const text = compiled.diagnostics(inside("broken")).join("\n");
    expect(text).toMatch(/everything\.ts\(\d+,\d+\): error TS2344/);
    expect(text).toMatch(/everything\.ts\(\d+,\d+\): error TS2322: Type '"Paris"' is not assignable/);
    expect(text).toMatch(/incidents\.ts\(\d+,\d+\): error TS(2339|2551): Property 'created' does not exist/);
    expect(text).toMatch(/everything\.ts\(\d+,\d+\): error TS2353: Object literal may only specify known properties, and 'id' does not exist in type 'DynamicTextResourceVariables'/);
    expect(text.match(/everything\.ts\(\d+,\d+\): error TS2344/g)?.length).toBe(2);
  });
});
