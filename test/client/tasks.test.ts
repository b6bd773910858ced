// Issue 52 item 4: Tasks on the client. A client that declares the extension (clientTasks) gets the
// final CallToolResult from callTool() whether or not the server made a task: it polls tasks/get
// at the task's pollIntervalMs (floor and ceiling), answers input_required with its own handlers
// through tasks/update (each key once), and turns an aborted signal into tasks/cancel. The handles
// (over(client)) start, get, update, cancel and resume a task by id. Against examples/everything's
// task tools, in this process (its fetch handler), each request recorded as it went on the wire.
import { afterAll, describe, expect, it } from "vitest";
import { TASKS_EXTENSION } from "../../examples/shared/tasks-extension.js";
import { everythingServer } from "../../examples/everything/server.js";
import * as gen from "../../examples/gen/index.js";
import { isClientError, McpError } from "../../examples/gen/index.js";
import { pollDelay } from "../../templates/runtime/client/tasks.js";

const ID = TASKS_EXTENSION.id;
const server = everythingServer("tasks client tests: a state secret of at least 32 bytes");
/** Every request sent: its method, Mcp-Name header, and declared extensions. */
type Sent = { method: string; name: string | null; extensions: unknown; params: any };
const opened: Array<{ close(): Promise<void> }> = [];

function recorded(log: Sent[]) {
  const fetch = gen.v2026_07_28.inProcessFetch(server);
  return async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}"));
    const headers = new Headers(init?.headers);
    if (body.method) log.push({ method: body.method, name: headers.get("Mcp-Name"), extensions: (body.params?._meta?.["io.modelcontextprotocol/clientCapabilities"] ?? body.params?.capabilities)?.extensions, params: body.params });
    return fetch(url as URL, init!);
  };
}

async function client(options: { tasks?: boolean; versions?: string[]; handlers?: any; log?: Sent[] } = {}) {
  const tasks = gen.clientTasks(TASKS_EXTENSION);
  const log = options.log ?? [];
  const revision = options.versions?.includes("2025-11-25") ? gen.v2025_11_25 : gen.v2026_07_28;
  const made = revision.createClient(new gen.StreamableHttpTransport("http://localhost/mcp", { fetch: recorded(log) }), {
    clientInfo: { name: "tasks-test", version: "1.0.0" },
    ...(options.tasks === false ? {} : { extensions: [tasks] }),
    handlers: options.handlers,
  }) as gen.ConnectedClient;
  opened.push(made);
  return { client: made, tasks, log, handles: () => tasks.over(made) };
}

afterAll(async () => void (await Promise.all(opened.map((c) => c.close()))));

const text = (result: any) => result.content.map((c: { text: string }) => c.text).join("");
const methods = (log: Sent[]) => log.map((s) => s.method);

describe("callTool on a client that declares Tasks", () => {
  it("returns the final CallToolResult of a task: tasks/get polled at the task's interval, each carrying Mcp-Name: taskId", async () => {
    const { client: c, log } = await client();
    const result = await c.callTool({ name: "slow_compute", arguments: { seconds: 0.7, label: "pi" } });
    expect(text(result)).toBe("Computed pi after 0.7s");
    expect(result.isError).toBeUndefined();
    const call = log.find((s) => s.method === "tools/call")!;
    expect(call.extensions).toEqual({ [ID]: {} });
    const polls = log.filter((s) => s.method === "tasks/get");
    // the server suggests 500 ms: 0.7 s of work takes 2 polls, never a tight loop
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(3);
    const taskId = polls[0]!.params.taskId;
    expect(polls.every((p) => p.name === taskId && p.params.taskId === taskId)).toBe(true);
  });

  it("returns an ordinary result when the server made no task (greet), and a tool error as isError", async () => {
    const { client: c, log } = await client();
    expect(text(await c.callTool({ name: "greet", arguments: { name: "Ada" } }))).toBe("Hello, Ada!");
    const failed = await c.callTool({ name: "failing_job", arguments: {} });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toContain("failed on purpose");
    expect(methods(log)).toContain("tasks/get");
  });

  it("a failed task rejects with its JSON-RPC error as McpError", async () => {
    const { client: c } = await client();
    const error = await c.callTool({ name: "protocol_error_job", arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32603);
    expect((error as Error).message).toContain("backend failed");
  });

  it("answers input_required with the client's elicitation handler, once per key, through tasks/update", async () => {
    const asked: string[] = [];
    const handlers = { "elicitation/create": async (params: any, ctx: any) => (asked.push(ctx.inputKey), { action: "accept", content: params.message.includes("name") ? { name: "Ada" } : { confirm: true } }) };
    const { client: c, log } = await client({ handlers });
    expect(text(await c.callTool({ name: "confirm_delete", arguments: { filename: "a.txt" } }))).toBe("Deleted a.txt");
    expect(text(await c.callTool({ name: "multi_input", arguments: {} }))).toBe("Got Ada and true");
    expect(asked.sort()).toEqual(["confirm", "first", "second"]);
    const updates = log.filter((s) => s.method === "tasks/update");
    expect(updates.map((u) => Object.keys(u.params.inputResponses).sort())).toEqual([["confirm"], ["first", "second"]]);
    expect(updates.every((u) => u.name === u.params.taskId)).toBe(true);
  });

  it("an aborted signal sends tasks/cancel and rejects; the task ends cancelled", async () => {
    const { client: c, log, handles } = await client();
    const controller = new AbortController();
    const pending = c.callTool({ name: "slow_compute", arguments: { seconds: 60 } }, { signal: controller.signal });
    for (let i = 0; i < 250 && !log.some((s) => s.method === "tasks/get"); i++) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const error = await pending.then(() => undefined, (e: unknown) => e);
    expect(isClientError(error, "aborted")).toBe(true);
    const cancel = log.find((s) => s.method === "tasks/cancel")!;
    expect(cancel.params.taskId).toBe(log.find((s) => s.method === "tasks/get")!.params.taskId);
    expect((await handles().resume(cancel.params.taskId).get()).status).toBe("cancelled");
  });

  it("without the extension: no task, the same tool answers at once; a required task tool is -32021", async () => {
    const { client: c, log } = await client({ tasks: false });
    expect(text(await c.callTool({ name: "slow_compute", arguments: { seconds: 0 } }))).toBe("Computed result after 0s");
    expect(log.find((s) => s.method === "tools/call")!.extensions).toBeUndefined();
    const error = await c.callTool({ name: "failing_job", arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect((error as McpError).code).toBe(-32021);
    expect(methods(log)).not.toContain("tasks/get");
  });

  it("session era (2025-11-25): the extension is declared in initialize's capabilities", async () => {
    const { client: c, log } = await client({ versions: ["2025-11-25"] });
    expect(c.revision).toBe("2025-11-25");
    expect(text(await c.callTool({ name: "greet", arguments: { name: "Bo" } }))).toBe("Hello, Bo!");
    expect(log.find((s) => s.method === "initialize")!.extensions).toEqual({ [ID]: {} });
  });
});

describe("results a server should not send", () => {
  /** A client whose tools/call gets `answer`; anything else goes to examples/everything. */
  function answering(answer: object) {
    const fetch = gen.v2026_07_28.inProcessFetch(server);
    const fake = async (url: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      if (body.method !== "tools/call") return fetch(url, init);
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: answer }), { headers: { "content-type": "application/json" } });
    };
    const made = gen.v2026_07_28.createClient(new gen.StreamableHttpTransport("http://localhost/mcp", { fetch: fake as typeof globalThis.fetch }), { clientInfo: { name: "t", version: "1" }, extensions: [gen.clientTasks(TASKS_EXTENSION)] });
    opened.push(made);
    return made;
  }
  const handle = { resultType: "task", taskId: "t-1", status: "working", createdAt: "2026-01-01T00:00:00Z", lastUpdatedAt: "2026-01-01T00:00:00Z", ttlMs: 1000 };

  it("a task handle that is not a CreateTaskResult, or a resultType no declared extension adds, is invalid-result", async () => {
    const { taskId: _id, ...noId } = handle;
    for (const [answer, message] of [
      [noId, /does not match extension io.modelcontextprotocol\/tasks/],
      [{ ...handle, resultType: "job" }, /resultType "job", which this client does not know/],
    ] as const) {
      const error = await answering(answer).callTool({ name: "greet", arguments: { name: "x" } }).then(() => undefined, (e: unknown) => e);
      expect(isClientError(error, "invalid-result")).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe("a server that keeps listing an answered input request", () => {
  it("is not asked twice: one handler call, one tasks/update, then the result", async () => {
    const polls = [{ status: "input_required", inputRequests: { k: { method: "elicitation/create", params: { mode: "form", message: "ok?", requestedSchema: { type: "object", properties: {} } } } } }];
    polls.push(polls[0]!, polls[0]!, { status: "completed", result: { content: [{ type: "text", text: "done" }] } } as never);
    const task = { taskId: "t-2", createdAt: "2026-01-01T00:00:00Z", lastUpdatedAt: "2026-01-01T00:00:00Z", ttlMs: 60_000, pollIntervalMs: 1 };
    const updates: unknown[] = [];
    const fake = async (_url: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      const result =
        body.method === "tools/call" ? { resultType: "task", status: "working", ...task }
        : body.method === "tasks/get" ? { resultType: "complete", ...task, ...polls.shift() }
        : (updates.push(body.params.inputResponses), { resultType: "complete" });
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), { headers: { "content-type": "application/json" } });
    };
    let asked = 0;
    const made = gen.v2026_07_28.createClient(new gen.StreamableHttpTransport("http://localhost/mcp", { fetch: fake as typeof globalThis.fetch }), {
      clientInfo: { name: "t", version: "1" },
      extensions: [gen.clientTasks(TASKS_EXTENSION)],
      handlers: { "elicitation/create": async () => (asked++, { action: "accept", content: {} }) },
    });
    opened.push(made);
    expect(text(await made.callTool({ name: "anything", arguments: {} }))).toBe("done");
    expect(asked).toBe(1);
    expect(updates).toEqual([{ k: { action: "accept", content: {} } }]);
    expect(polls).toEqual([]);
  });
});

describe("a server whose task never ends", () => {
  it("is polled until the task's ttlMs (on the client's clock), then cancelled and given up as task-expired", async () => {
    const task = { taskId: "t-3", status: "working", createdAt: "2026-01-01T00:00:00Z", lastUpdatedAt: "2026-01-01T00:00:00Z", ttlMs: 300, pollIntervalMs: 100 };
    const sent: string[] = [];
    const fake = async (_url: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      sent.push(body.method);
      const result = body.method === "tools/call" ? { resultType: "task", ...task } : body.method === "tasks/get" ? { resultType: "complete", ...task } : { resultType: "complete" };
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), { headers: { "content-type": "application/json" } });
    };
    const made = gen.v2026_07_28.createClient(new gen.StreamableHttpTransport("http://localhost/mcp", { fetch: fake as typeof globalThis.fetch }), { clientInfo: { name: "t", version: "1" }, extensions: [gen.clientTasks(TASKS_EXTENSION)] });
    opened.push(made);
    const error = await made.callTool({ name: "anything", arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect(isClientError(error, "task-expired")).toBe(true);
    expect((error as { detail: unknown }).detail).toEqual({ taskId: "t-3", ttlMs: 300 });
    // 300 ms of ttl at the 100 ms floor: a handful of polls, then one tasks/cancel
    const polls = sent.filter((m) => m === "tasks/get").length;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(8);
    expect(sent.at(-1)).toBe("tasks/cancel");
  });
});

describe("the handles (clientTasks(…).over(client))", () => {
  it("start gives the task's handle; another client (after a restart) resumes it by id and gets the typed result", async () => {
    const first = await client();
    const started = await first.handles().callTool({ name: "slow_compute", arguments: { seconds: 0.3 } });
    expect(started.task?.taskId).toEqual(expect.any(String));
    expect(["working", "completed"]).toContain((await started.task!.get()).status);
    await first.client.close();
    const second = await client();
    const result = await second.handles().resume(started.task!.taskId).result();
    expect(text(result)).toBe("Computed result after 0.3s");
    const immediate = await second.handles().callTool({ name: "greet", arguments: { name: "Cy" } });
    expect(text(immediate.result)).toBe("Hello, Cy!");
  });

  it("update answers input by hand; cancel stops the task", async () => {
    const { handles } = await client({ handlers: { "elicitation/create": async () => ({ action: "decline" }) } });
    const started = await handles().callTool({ name: "confirm_delete", arguments: { filename: "b.txt" } });
    const task = started.task!;
    let state = await task.get();
    while (state.status === "working") state = (await new Promise((r) => setTimeout(r, 50)), await task.get());
    expect(state.status).toBe("input_required");
    expect(Object.keys(state.inputRequests!)).toEqual(["confirm"]);
    await task.update({ confirm: { action: "accept", content: { confirm: false } } });
    expect(text(await task.result())).toBe("Kept b.txt");
    const slow = (await handles().callTool({ name: "slow_compute", arguments: { seconds: 60 } })).task!;
    await slow.cancel();
    expect((await slow.get()).status).toBe("cancelled");
    expect(isClientError(await slow.result().then(() => undefined, (e: unknown) => e), "task-cancelled")).toBe(true);
  });

  it("refuses a client made without the extension", async () => {
    const { client: c, tasks } = await client({ tasks: false });
    expect(() => tasks.over(c)).toThrow(/not made with this extension/);
  });
});

describe("the poll interval's bounds", () => {
  const bounds = { pollIntervalMs: 1000, min: 100, max: 30_000, maxInputRounds: 8 };
  it("follows the task's pollIntervalMs between the floor (100 ms) and the ceiling (30 s), 1 s when it names none", () => {
    expect(pollDelay({ pollIntervalMs: 500 }, bounds)).toBe(500);
    expect(pollDelay({ pollIntervalMs: 1 }, bounds)).toBe(100);
    expect(pollDelay({ pollIntervalMs: 86_400_000 }, bounds)).toBe(30_000);
    expect(pollDelay({}, bounds)).toBe(1000);
  });

  it("refuses bounds that cannot hold", () => {
    expect(() => gen.clientTasks(TASKS_EXTENSION, { minPollIntervalMs: 0 })).toThrow(/minPollIntervalMs must be a positive integer/);
    expect(() => gen.clientTasks(TASKS_EXTENSION, { minPollIntervalMs: 5000, maxPollIntervalMs: 1000 })).toThrow(/above maxPollIntervalMs/);
  });
});
