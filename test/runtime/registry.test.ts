// The registry on the generated root server (every revision of the mirror; handlers written
// against 2026-07-28): tools, resources, templates and prompts declared with the factories,
// answered over both eras through `server.handle`.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GENERATED_ROOT } from "../helpers/spec.js";
import { LEGACY, meta } from "./wire-server.js";

let gen: any;
beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
});

const SERVER_INFO = { name: "registry", version: "1.0.0" };
let nextId = 1;

/** One stateless request; resolves with the JSON-RPC answer (notifications go to `notes`). */
async function modern(server: any, method: string, params: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}, notes: unknown[] = []) {
  return server.handle({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: meta({}, capabilities) } }, { notify: (m: unknown) => notes.push(m) });
}

/** A legacy session, initialized; `call` sends a request in it. */
async function legacy(server: any) {
  const session = server.createSession(`s${nextId}`);
  const sent: unknown[] = [];
  session.send = (m: unknown) => sent.push(m);
  await server.handle({ jsonrpc: "2.0", id: nextId++, method: "initialize", params: { protocolVersion: LEGACY, capabilities: { elicitation: {} }, clientInfo: { name: "l", version: "1" } } }, { session });
  await server.handle({ jsonrpc: "2.0", method: "notifications/initialized" }, { session });
  return { session, sent, call: (method: string, params: Record<string, unknown> = {}, notify: (m: any) => void = () => undefined) => server.handle({ jsonrpc: "2.0", id: nextId++, method, params }, { session, notify }) };
}

function incidents(extra: Record<string, unknown> = {}) {
  const errors: unknown[] = [];
  const store = new Map([["INC-1", { id: "INC-1", title: "db down", severity: "sev1" }]]);
  const search = gen.tool(
    "search_incidents",
    { title: "Search", description: "Find incidents", input: z.object({ query: z.string().min(1).describe("Words to look for"), severity: z.enum(["sev1", "sev2", "sev3"]).optional() }), output: z.object({ ids: z.array(z.string()) }) },
    (args: { query: string }) => ({ structuredContent: { ids: [...store.values()].filter((i) => i.title.includes(args.query)).map((i) => i.id) } }),
  );
  const tools = [
    search,
    gen.tool("hello", {}, () => "hello"),
    gen.tool("fails", {}, () => Promise.reject(new Error("secret: password is hunter2"))),
    gen.tool("refuses", {}, () => {
      throw new gen.ToolError("not today");
    }),
    gen.tool("lies", { output: z.object({ n: z.number() }) }, () => ({ structuredContent: { n: "one" } })),
  ];
  const open = gen.resource("incidents://open", { name: "open incidents", mimeType: "application/json" }, () => ({ text: JSON.stringify([...store.keys()]) }));
  const one = gen.resourceTemplate(
    "incidents://{id}",
    { name: "incident", mimeType: "application/json", list: () => [...store.keys()].map((id) => ({ uri: `incidents://${id}`, name: id })), complete: { id: (value: string) => [...store.keys()].filter((k) => k.startsWith(value)) } },
    (vars: { id: string }) => ({ text: JSON.stringify(store.get(vars.id) ?? null) }),
  );
  const postmortem = gen.prompt(
    "postmortem",
    { description: "Write a postmortem", args: z.object({ id: z.string().describe("The incident"), tone: z.string().optional() }), complete: { id: (v: string) => [...store.keys()].filter((k) => k.startsWith(v)) } },
    (args: { id: string }) => `Write the postmortem of ${args.id}`,
  );
  const server = gen.createServer({ serverInfo: SERVER_INFO, stateSecret: "registry tests: a secret of 32 bytes or more", onError: (e: unknown) => errors.push(e), tools, resources: [open], resourceTemplates: [one], prompts: [postmortem], ...extra });
  return { server, errors, store };
}

describe("tools", () => {
  it("tools/list carries each tool's JSON Schema in the revision's dialect, and the revision's required fields", async () => {
    const { server } = incidents({ resultDefaults: { ttlMs: 5000, cacheScope: "public" } });
    const answer = await modern(server, "tools/list");
    const search = answer.result.tools.find((t: any) => t.name === "search_incidents");
    expect(search).toMatchObject({ title: "Search", description: "Find incidents", inputSchema: { type: "object", properties: { query: { type: "string", minLength: 1, description: "Words to look for" }, severity: { enum: ["sev1", "sev2", "sev3"] } }, required: ["query"] } });
    expect(search.inputSchema.$schema).toBeUndefined();
    expect(search.outputSchema).toMatchObject({ type: "object", properties: { ids: { type: "array" } } });
    expect(answer.result.tools.find((t: any) => t.name === "hello").inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect([answer.result.ttlMs, answer.result.cacheScope, answer.result.resultType]).toEqual([5000, "public", "complete"]);
    const old = await (await legacy(server)).call("tools/list");
    expect(old.result.tools).toHaveLength(5);
    expect(Object.keys(old.result).sort()).toEqual(["tools"]); // 2025-11-25's ListToolsResult has no ttlMs or cacheScope
  });

  it("without resultDefaults the conservative values are used (ttlMs 0, private)", async () => {
    const { server } = incidents();
    const answer = await modern(server, "tools/list");
    expect([answer.result.ttlMs, answer.result.cacheScope]).toEqual([0, "private"]);
  });

  it("calls: typed args, bad args as isError in words, unknown tool -32602, ToolError, failures that do not leak, structured output", async () => {
    const { server, errors } = incidents();
    const found = await modern(server, "tools/call", { name: "search_incidents", arguments: { query: "db" } });
    expect(found.result).toMatchObject({ structuredContent: { ids: ["INC-1"] }, content: [{ type: "text", text: '{"ids":["INC-1"]}' }] });
    const bad = await modern(server, "tools/call", { name: "search_incidents", arguments: { query: "", severity: "sev9" } });
    expect(bad.result.isError).toBe(true);
    expect(bad.result.content[0].text).toMatch(/Invalid arguments for tool "search_incidents":\n- query: .*\n- severity: .*sev1/);
    expect((await modern(server, "tools/call", { name: "nope" })).error.code).toBe(-32602);
    expect((await modern(server, "tools/call", { name: "hello" })).result.content).toEqual([{ type: "text", text: "hello" }]);
    expect((await modern(server, "tools/call", { name: "hello", arguments: { x: 1 } })).result.isError).toBe(true);
    expect((await modern(server, "tools/call", { name: "refuses" })).result).toMatchObject({ isError: true, content: [{ text: "not today" }] });
    const failed = await modern(server, "tools/call", { name: "fails" });
    expect([failed.result.isError, JSON.stringify(failed).includes("hunter2")]).toEqual([true, false]);
    const lies = await modern(server, "tools/call", { name: "lies" });
    expect(lies.error.code).toBe(-32603);
    expect(errors.map((e) => String((e as Error).message))).toEqual([expect.stringContaining("hunter2"), expect.stringMatching(/"lies" returned structuredContent that does not match/)]);
  });
});

describe("resources, templates, prompts, completion", () => {
  it("reads a resource and a template URI (uri and mimeType filled in); an unknown URI is the era's not-found error", async () => {
    const { server } = incidents();
    const open = await modern(server, "resources/read", { uri: "incidents://open" });
    expect(open.result.contents).toEqual([{ uri: "incidents://open", mimeType: "application/json", text: '["INC-1"]' }]);
    expect([open.result.ttlMs, open.result.cacheScope]).toEqual([0, "private"]);
    const one = await modern(server, "resources/read", { uri: "incidents://INC-1" });
    expect(JSON.parse(one.result.contents[0].text)).toMatchObject({ title: "db down" });
    expect(await modern(server, "resources/read", { uri: "elsewhere://x" })).toMatchObject({ error: { code: -32602, data: { uri: "elsewhere://x" } } });
    const old = await legacy(server);
    expect(await old.call("resources/read", { uri: "elsewhere://x" })).toMatchObject({ error: { code: -32002 } });
  });

  it("refuses template values that decode to a '/' in a simple {var}, or to a NUL in any, with -32602 (issue 32 item 17)", async () => {
    const { server } = incidents();
    for (const uri of ["incidents://..%2F..%2Fetc%2Fpasswd", "incidents://a%2Fb", "incidents://INC%00-1"]) {
      expect(await modern(server, "resources/read", { uri }), uri).toMatchObject({ error: { code: -32602, data: { uri } } });
    }
    const old = await legacy(server);
    expect(await old.call("resources/read", { uri: "incidents://..%2Fx" })).toMatchObject({ error: { code: -32602 } });
    // Other encoded characters still decode, and reach the handler decoded.
    expect((await modern(server, "resources/read", { uri: "incidents://INC%2D1" })).result.contents[0].text).toContain("db down");
    // {+var} admits "/" (reserved expansion), never a NUL.
    const path = gen.resourceTemplate("files://{+path}", { name: "file" }, (vars: { path: string }) => `file ${vars.path}`);
    const files = gen.createServer({ serverInfo: SERVER_INFO, stateSecret: "registry tests: a secret of 32 bytes or more", resourceTemplates: [path] });
    expect((await modern(files, "resources/read", { uri: "files://a/b%20c" })).result.contents[0].text).toBe("file a/b c");
    expect(await modern(files, "resources/read", { uri: "files://a%00b" })).toMatchObject({ error: { code: -32602 } });
  });

  it("lists resources (with the templates' own), templates and prompts, with arguments derived from args", async () => {
    const { server } = incidents();
    expect((await modern(server, "resources/list")).result.resources.map((r: any) => r.uri)).toEqual(["incidents://open", "incidents://INC-1"]);
    expect((await modern(server, "resources/templates/list")).result.resourceTemplates).toEqual([{ uriTemplate: "incidents://{id}", name: "incident", mimeType: "application/json" }]);
    const [listed] = (await modern(server, "prompts/list")).result.prompts;
    expect(listed).toEqual({ name: "postmortem", description: "Write a postmortem", arguments: [{ name: "id", description: "The incident", required: true }, { name: "tone", required: false }] });
  });

  it("prompts/get: typed args, missing ones -32602, text becomes a user message", async () => {
    const { server } = incidents();
    const got = await modern(server, "prompts/get", { name: "postmortem", arguments: { id: "INC-1" } });
    expect(got.result).toMatchObject({ description: "Write a postmortem", messages: [{ role: "user", content: { type: "text", text: "Write the postmortem of INC-1" } }] });
    expect((await modern(server, "prompts/get", { name: "postmortem", arguments: {} })).error).toMatchObject({ code: -32602, message: expect.stringMatching(/Invalid arguments for prompt "postmortem"/) });
    expect((await modern(server, "prompts/get", { name: "other" })).error.code).toBe(-32602);
  });

  it("completion/complete answers per template variable and per prompt argument", async () => {
    const { server, store } = incidents();
    store.set("INC-12", { id: "INC-12", title: "x", severity: "sev2" });
    const variable = await modern(server, "completion/complete", { ref: { type: "ref/resource", uri: "incidents://{id}" }, argument: { name: "id", value: "INC-1" } });
    expect(variable.result.completion).toEqual({ values: ["INC-1", "INC-12"], total: 2, hasMore: false });
    const argument = await modern(server, "completion/complete", { ref: { type: "ref/prompt", name: "postmortem" }, argument: { name: "id", value: "INC-12" } });
    expect(argument.result.completion.values).toEqual(["INC-12"]);
    expect((await modern(server, "completion/complete", { ref: { type: "ref/prompt", name: "postmortem" }, argument: { name: "tone", value: "" } })).result.completion.values).toEqual([]);
  });
});

describe("what the registry does for the author", () => {
  it("derives capabilities from what is registered, the author's on top", async () => {
    const { server } = incidents({ capabilities: { logging: {}, resources: { subscribe: true } } });
    const discovered = await modern(server, "server/discover");
    expect(discovered.result.capabilities).toEqual({ tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, completions: {}, logging: {} });
  });

  it("paginates with opaque cursors (pageSize), and refuses a cursor it did not make", async () => {
    const { server } = incidents({ pageSize: 2 });
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await modern(server, "tools/list", cursor === undefined ? {} : { cursor });
      names.push(...page.result.tools.map((t: any) => t.name));
      cursor = page.result.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect([pages, names]).toEqual([3, ["search_incidents", "hello", "fails", "refuses", "lies"]]);
    expect((await modern(server, "tools/list", { cursor: "garbage" })).error.code).toBe(-32602);
  });

  it("add and remove while running announce the list change (a listen stream and a legacy session hear it)", async () => {
    const { server } = incidents();
    const notes: any[] = [];
    const controller = new AbortController();
    void server.handle({ jsonrpc: "2.0", id: nextId++, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true, promptsListChanged: true }, _meta: meta() } }, { notify: (m: unknown) => notes.push(m), signal: controller.signal });
    const old = await legacy(server);
    server.add(gen.tool("added", {}, () => "new"));
    expect((await modern(server, "tools/list")).result.tools.map((t: any) => t.name)).toContain("added");
    expect(server.remove("prompt", "postmortem")).toBe(true);
    expect(server.remove("prompt", "postmortem")).toBe(false);
    expect((await modern(server, "prompts/list")).result.prompts).toEqual([]);
    controller.abort();
    expect(notes.map((n) => n.method)).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed", "notifications/prompts/list_changed"]);
    expect(old.sent.map((n: any) => n.method)).toEqual(["notifications/tools/list_changed", "notifications/prompts/list_changed"]);
  });

  it("mistakes are errors when the server is created", () => {
    const base = { serverInfo: SERVER_INFO };
    expect(() => gen.tool("has space", {}, () => "x")).toThrow(/tool name "has space" is invalid/);
    expect(() => gen.tool("x".repeat(129), {}, () => "x")).toThrow(/invalid/);
    expect(() => gen.tool("t", { input: { type: "object" } }, () => "x")).toThrow(/Zod object schema/);
    expect(() => gen.createServer({ ...base, tools: [gen.tool("t", {}, () => "x"), gen.tool("t", {}, () => "y")] })).toThrow(/registered twice/);
    expect(() => gen.createServer({ ...base, tools: [], handlers: { "tools/call": () => ({ content: [] }) } })).toThrow(/tools\/call is answered both by raw handlers and by registered definitions/);
    expect(() => gen.resourceTemplate("a://{id", { name: "n" }, () => "x")).toThrow(/never closed/);
    expect(() => gen.resourceTemplate("a://{id}", { name: "n", complete: { other: () => [] } }, () => "x")).toThrow(/not one of its variables/);
    expect(() => gen.prompt("p", { args: z.object({ n: z.number() }) }, () => "x")).toThrow(/must be a string schema/);
    expect(() => gen.elicitForm({ message: "m", schema: z.object({ nested: z.object({ a: z.string() }) }) })).toThrow(/outside what 2026-07-28 lets a form ask/);
    expect(() => gen.createServer({ ...base }).add(gen.tool("t", {}, () => "x"))).toThrow(/created without definitions/);
    expect(() => gen.createServer({ ...base, prompts: [] }).add(gen.tool("t", {}, () => "x"))).toThrow(/created without tools/);
  });

  it("raw handlers work beside the factories", async () => {
    const server = gen.createServer({ serverInfo: SERVER_INFO, tools: [gen.tool("hello", {}, () => "hi")], handlers: { "prompts/list": () => ({ prompts: [{ name: "raw" }], ttlMs: 0, cacheScope: "private" }) } });
    expect((await modern(server, "prompts/list")).result.prompts).toEqual([{ name: "raw" }]);
    expect((await modern(server, "tools/call", { name: "hello" })).result.content[0].text).toBe("hi");
  });
});

describe("typed elicitation, the same on both eras", () => {
  function resolving() {
    const confirm = gen.elicitForm({ message: "Resolve it?", schema: z.object({ confirm: z.boolean(), note: z.string().optional() }) });
    const resolve = gen.tool("resolve_incident", { input: z.object({ id: z.string() }) }, (args: { id: string }, ctx: any) => {
      const answer = ctx.accepted("confirm", confirm);
      if (!answer) return ctx.inputRequired({ inputRequests: { confirm }, requestState: { id: args.id } });
      return answer.confirm ? `resolved ${args.id} (${answer.note ?? "no note"})` : "kept open";
    });
    return gen.createServer({ serverInfo: SERVER_INFO, stateSecret: "registry tests: a secret of 32 bytes or more", tools: [resolve] });
  }

  it("2026-07-28: the form goes out as an input request (its schema as JSON Schema, nothing else), the answer comes back typed", async () => {
    const server = resolving();
    const first = await modern(server, "tools/call", { name: "resolve_incident", arguments: { id: "INC-1" } }, { elicitation: {} });
    expect(first.result.resultType).toBe("input_required");
    expect(first.result.inputRequests.confirm).toEqual({ method: "elicitation/create", params: { mode: "form", message: "Resolve it?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" }, note: { type: "string" } }, required: ["confirm"] } } });
    const retry = (content: unknown) => modern(server, "tools/call", { name: "resolve_incident", arguments: { id: "INC-1" }, requestState: first.result.requestState, inputResponses: { confirm: { action: "accept", content } } }, { elicitation: {} });
    expect((await retry({ confirm: true, note: "fixed" })).result.content[0].text).toBe("resolved INC-1 (fixed)");
    expect((await retry({ confirm: "yes" })).result.resultType).toBe("input_required"); // content that does not fit: asked again
  });

  it("2025-11-25: the runtime asks the client with a real elicitation/create and runs the handler again", async () => {
    const server = resolving();
    const old = await legacy(server);
    const answered = old.call("tools/call", { name: "resolve_incident", arguments: { id: "INC-2" } }, (request: any) => {
      expect(request.method).toBe("elicitation/create");
      queueMicrotask(() => void server.handle({ jsonrpc: "2.0", id: request.id, result: { action: "accept", content: { confirm: true } } }, { session: old.session }));
    });
    expect((await answered).result.content[0].text).toBe("resolved INC-2 (no note)");
  });
});

