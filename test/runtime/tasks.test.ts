// The Tasks extension on the generated root server, in process (server.handle): a task's life
// (working, input_required, resumed, completed / failed / cancelled), its binding to the principal
// that created it, notifications/tasks on listen streams, and its bounds as counts and bytes.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GENERATED_ROOT, REPO_ROOT } from "../helpers/spec.js";
import { meta } from "./wire-server.js";

let gen: any;
let EXT: any;
beforeAll(async () => {
  gen = await import(pathToFileURL(join(GENERATED_ROOT, "index.ts")).href);
  EXT = (await import(pathToFileURL(join(REPO_ROOT, "examples/shared/tasks-extension.ts")).href)).TASKS_EXTENSION;
});

const TASKS = { extensions: { "io.modelcontextprotocol/tasks": {} }, elicitation: {} };
let nextId = 1;
const seen = { aborted: 0 };

function server(options: Record<string, unknown> = {}) {
  const errors: unknown[] = [];
  const confirm = gen.elicitForm({ message: "Sure?", schema: z.object({ ok: z.boolean() }) });
  const gate = { open: () => undefined as unknown };
  const tools = [
    gen.tool("wait", { task: "optional" }, (_a: unknown, ctx: any) => new Promise((resolve, reject) => {
      gate.open = () => resolve("opened");
      ctx.signal.addEventListener("abort", () => (seen.aborted++, reject(new Error("aborted"))));
    })),
    gen.tool("big", { task: "optional", input: z.object({ n: z.number() }) }, ({ n }: { n: number }) => "x".repeat(n)),
    gen.tool("ask", { task: "optional" }, (_a: unknown, ctx: any) => (ctx.accepted("sure", confirm)?.ok ? "confirmed" : ctx.inputRequired({ inputRequests: { sure: confirm } }))),
    gen.tool("refuse", { task: "required" }, () => {
      throw new gen.ToolError("no");
    }),
    gen.tool("broken", { task: "optional" }, () => {
      throw new gen.McpError(-32602, "bad thing", { why: "test" });
    }),
    gen.tool("plain", {}, () => "plain"),
    gen.tool("insatiable", { task: "optional" }, (_a: unknown, ctx: any) => ctx.inputRequired({ inputRequests: { more: confirm } })),
  ];
  const s = gen.createServer({ serverInfo: { name: "tasks", version: "1" }, tools, extensions: [gen.tasks(EXT, options)], onError: (e: unknown) => errors.push(e) });
  return { s, errors, gate };
}

const call = (s: any, method: string, params: Record<string, unknown>, principal = "alice", caps: Record<string, unknown> = TASKS, exchange: Record<string, unknown> = {}) =>
  s.handle({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: meta({}, caps) } }, { principal, ...exchange });

async function until(s: any, taskId: string, status: string, principal = "alice") {
  for (let i = 0; i < 200; i++) {
    const got = await call(s, "tasks/get", { taskId }, principal);
    if (got.result?.status === status) return got.result;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}

describe("Tasks, server side", () => {
  it("makes a task for a declaring caller, runs the same handler, and inlines its result", async () => {
    const { s, gate } = server({ pollIntervalMs: 250, ttlMs: 60_000 });
    const created = await call(s, "tools/call", { name: "wait", arguments: {} });
    expect(created.result).toMatchObject({ resultType: "task", status: "working", ttlMs: 60_000, pollIntervalMs: 250 });
    expect(await call(s, "tasks/get", { taskId: created.result.taskId })).toMatchObject({ result: { status: "working", resultType: "complete" } });
    gate.open();
    expect((await until(s, created.result.taskId, "completed")).result).toEqual({ content: [{ type: "text", text: "opened" }] });
  });

  it("answers a caller without the extension synchronously, or -32021 for a task-only tool", async () => {
    const { s } = server();
    expect((await call(s, "tools/call", { name: "ask", arguments: {} }, "alice", { elicitation: {} })).result.resultType).toBe("input_required");
    const refused = await call(s, "tools/call", { name: "refuse", arguments: {} }, "alice", {});
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } } } });
    expect((await call(s, "tools/call", { name: "plain", arguments: {} })).result.content[0].text).toBe("plain");
  });

  it("is bound to its principal: another caller gets what an unknown id gets", async () => {
    const { s } = server();
    const { taskId } = (await call(s, "tools/call", { name: "wait", arguments: {} }, "alice")).result;
    const unknown = await call(s, "tasks/get", { taskId: "no-such-task" }, "bob");
    for (const method of ["tasks/get", "tasks/cancel"]) expect((await call(s, method, { taskId }, "bob")).error).toEqual({ ...unknown.error });
    expect((await call(s, "tasks/update", { taskId, inputResponses: {} }, "bob")).error).toEqual(unknown.error);
    expect(unknown.error.code).toBe(-32602);
    expect((await call(s, "tasks/get", { taskId }, "alice")).result.status).toBe("working");
  });

  it("moves to input_required, resumes on tasks/update, and ignores keys that are not outstanding", async () => {
    const { s } = server();
    const { taskId } = (await call(s, "tools/call", { name: "ask", arguments: {} })).result;
    const waiting = await until(s, taskId, "input_required");
    expect(Object.keys(waiting.inputRequests)).toEqual(["sure"]);
    expect((await call(s, "tasks/update", { taskId, inputResponses: { other: { anything: 1 } } })).result).toMatchObject({ resultType: "complete" });
    expect((await call(s, "tasks/update", { taskId, inputResponses: { sure: { action: "oops" } } })).error.code).toBe(-32602);
    await call(s, "tasks/update", { taskId, inputResponses: { sure: { action: "accept", content: { ok: true } } } });
    expect((await until(s, taskId, "completed")).result.content[0].text).toBe("confirmed");
  });

  it("cancels: the handler's signal aborts and the task settles to cancelled", async () => {
    const { s } = server();
    const before = seen.aborted;
    const { taskId } = (await call(s, "tools/call", { name: "wait", arguments: {} })).result;
    expect((await call(s, "tasks/cancel", { taskId })).result).toMatchObject({ resultType: "complete" });
    expect((await call(s, "tasks/get", { taskId })).result.status).toBe("cancelled");
    expect(seen.aborted).toBe(before + 1);
    expect((await call(s, "tasks/cancel", { taskId })).result.resultType).toBe("complete");
  });

  it("survives a lost signal: the renewal of the lease reads answers and cancellation back from the store", async () => {
    // A store whose bus loses every signal (a shared store's subscriber reconnecting).
    const inner = gen.memoryTaskStore();
    const deaf = { ...inner, create: inner.create, get: inner.get, update: inner.update, answer: inner.answer, onSignal: inner.onSignal, signal: async () => undefined };
    const { s } = server({ store: deaf, leaseMs: 60 });
    const asked = (await call(s, "tools/call", { name: "ask", arguments: {} })).result.taskId;
    await until(s, asked, "input_required");
    await call(s, "tasks/update", { taskId: asked, inputResponses: { sure: { action: "accept", content: { ok: true } } } });
    expect((await until(s, asked, "completed")).result.content[0].text).toBe("confirmed");
    expect(await inner.get(asked, "alice")).not.toHaveProperty("answered");
    const before = seen.aborted;
    const waiting = (await call(s, "tools/call", { name: "wait", arguments: {} })).result.taskId;
    await call(s, "tasks/cancel", { taskId: waiting });
    for (let i = 0; i < 200 && seen.aborted === before; i++) await new Promise((r) => setTimeout(r, 5));
    expect(seen.aborted).toBe(before + 1);
    expect((await call(s, "tasks/get", { taskId: waiting })).result.status).toBe("cancelled");
  });

  it("ends a ToolError completed with isError, a protocol error failed with that error", async () => {
    const { s } = server();
    const refused = (await call(s, "tools/call", { name: "refuse", arguments: {} })).result.taskId;
    expect((await until(s, refused, "completed")).result).toEqual({ content: [{ type: "text", text: "no" }], isError: true });
    const broken = (await call(s, "tools/call", { name: "broken", arguments: {} })).result.taskId;
    expect((await until(s, broken, "failed")).error).toEqual({ code: -32602, message: "bad thing", data: { why: "test" } });
  });

  it("sends notifications/tasks to listen streams that asked for their own task ids", async () => {
    const { s, gate } = server();
    const { taskId } = (await call(s, "tools/call", { name: "wait", arguments: {} })).result;
    const mine: any[] = [];
    const theirs: any[] = [];
    const stop = new AbortController();
    const a = call(s, "subscriptions/listen", { notifications: { taskIds: [taskId, "nope"] } }, "alice", TASKS, { notify: (m: unknown) => mine.push(m), signal: stop.signal });
    const b = call(s, "subscriptions/listen", { notifications: { taskIds: [taskId] } }, "bob", TASKS, { notify: (m: unknown) => theirs.push(m), signal: stop.signal });
    await new Promise((r) => setTimeout(r, 20));
    gate.open();
    await until(s, taskId, "completed");
    stop.abort();
    await Promise.all([a, b]);
    expect(mine[0].params.notifications.taskIds).toEqual([taskId]);
    expect(theirs[0].params.notifications.taskIds).toEqual([]);
    expect(mine.slice(1).map((m) => [m.method, m.params.status])).toEqual([["notifications/tasks", "completed"]]);
    expect(theirs.length).toBe(1);
    const refused = await call(s, "subscriptions/listen", { notifications: { taskIds: [taskId] } }, "alice", {}, { notify: () => undefined });
    expect(refused.error.code).toBe(-32021);
  });

  it("bounds live tasks per principal (a count)", async () => {
    const { s } = server({ maxTasksPerPrincipal: 2 });
    for (let i = 0; i < 2; i++) expect((await call(s, "tools/call", { name: "wait", arguments: {} })).result.resultType).toBe("task");
    const third = await call(s, "tools/call", { name: "wait", arguments: {} });
    expect(third.error).toMatchObject({ code: -32000, data: { maxTasksPerPrincipal: 2 } });
    expect(s.statusOf(third)).toBe(429);
    expect((await call(s, "tools/call", { name: "wait", arguments: {} }, "bob")).result.resultType).toBe("task");
  });

  it("bounds a task's result (bytes): a larger one fails the task, saying how large", async () => {
    const { s } = server({ maxResultBytes: 1_000 });
    const small = (await call(s, "tools/call", { name: "big", arguments: { n: 900 } })).result.taskId;
    expect((await until(s, small, "completed")).result.content[0].text.length).toBe(900);
    const large = (await call(s, "tools/call", { name: "big", arguments: { n: 1_000 } })).result.taskId;
    const failed = await until(s, large, "failed");
    expect(failed.error.data).toEqual({ maxResultBytes: 1_000, bytes: 1_039 });
  });

  it("bounds the rounds of input one task asks for (a count)", async () => {
    const { s } = server({ maxInputRounds: 2 });
    const { taskId } = (await call(s, "tools/call", { name: "insatiable", arguments: {} })).result;
    for (const key of ["more", "more.1"]) {
      expect(Object.keys((await until(s, taskId, "input_required")).inputRequests)).toEqual([key]);
      await call(s, "tasks/update", { taskId, inputResponses: { [key]: { action: "accept", content: { ok: false } } } });
    }
    const failed = await until(s, taskId, "failed");
    expect(failed.error.message).toMatch(/after 2 rounds \(maxInputRounds\)/);
  });

  it("bounds the taskIds one listen stream names (a count)", async () => {
    const { s } = server();
    const ids = Array.from({ length: 101 }, (_, i) => `t${i}`);
    const refused = await call(s, "subscriptions/listen", { notifications: { taskIds: ids } }, "alice", TASKS, { notify: () => undefined });
    expect(refused.error).toMatchObject({ code: -32602, data: { maxTaskIds: 100 } });
  });

  it("refuses bad options at construction: ttlMs over 24 hours, a non-integer bound", () => {
    expect(() => gen.tasks(EXT, { ttlMs: 86_400_001 })).toThrow(/at most 86400000/);
    expect(() => gen.tasks(EXT, { maxTasksPerPrincipal: 0 })).toThrow(/positive integer/);
    expect(() => gen.tool("t", { task: "sometimes" }, () => "")).toThrow(/task must be/);
  });
});
