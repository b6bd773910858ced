// Issue 52: the official SDK v2 client (@modelcontextprotocol/client 2.4.0) against
// examples/everything's Tasks, in this process (the server's fetch handler as the SDK's fetch).
// What 2.4.0 has (read in its dist): it sends any request by method with a result schema of ours
// (the Mcp-Name of tasks/* is its taskId), declares extensions in the per-request capabilities, and
// answers multi round-trip input with its handlers. What it lacks: a `resultType: "task"` answer
// to tools/call is refused by its wire codec (SdkError UNSUPPORTED_RESULT_TYPE) before any hook, so
// it cannot start a task itself; the tests pin that, so a release that adds it shows here.
// Skills are not in main yet: only Tasks are checked.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { TASKS_EXTENSION } from "../../examples/shared/tasks-extension.js";
import { everythingServer } from "../../examples/everything/server.js";
import * as gen from "../../examples/gen/index.js";

const ID = TASKS_EXTENSION.id;
const server = everythingServer("sdk tasks tests: a state secret of at least 32 bytes");
// The SDK hands a custom schema the result without its resultType: the task as the extension's
// DetailedTask (its notification's params), an acknowledgement as an object.
const DETAILED = TASKS_EXTENSION.methods["notifications/tasks"].params;
const ACK = z.looseObject({});
const sent: Array<{ method: string; name: string | null }> = [];
const closing: Array<{ close(): Promise<void> }> = [];
afterAll(async () => void (await Promise.all(closing.map((c) => c.close()))));

function fetchOf() {
  const fetch = gen.v2026_07_28.inProcessFetch(server);
  return async (url: string | URL, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (body.method) sent.push({ method: body.method, name: new Headers(init?.headers).get("mcp-name") });
    return fetch(url as URL, init!);
  };
}

async function sdkClient(declare: boolean, elicit?: (params: any) => unknown) {
  const capabilities = { ...(declare ? { extensions: { [ID]: {} } } : {}), ...(elicit ? { elicitation: {} } : {}) };
  const client = new Client({ name: "sdk-v2", version: "2.4.0" }, { versionNegotiation: { mode: "auto" }, capabilities } as any);
  if (elicit) client.setRequestHandler("elicitation/create", async (request: any) => elicit(request.params) as any);
  await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch: fetchOf() as typeof fetch }));
  closing.push(client);
  expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  return client;
}

/** A task started by the generated client (the SDK cannot start one: see above). */
async function startedTask(name: string, args: object) {
  const tasks = gen.clientTasks(TASKS_EXTENSION);
  const ours = gen.v2026_07_28.createClient(new gen.StreamableHttpTransport("http://localhost/mcp", { fetch: gen.v2026_07_28.inProcessFetch(server) }), {
    clientInfo: { name: "starter", version: "1" },
    extensions: [tasks],
    // declared so that the server may ask for input; the SDK client answers it
    handlers: { "elicitation/create": async () => ({ action: "decline" }) },
  });
  closing.push(ours);
  const started = await tasks.over(ours).callTool({ name, arguments: args as { [key: string]: unknown } });
  return started.task!.taskId;
}

describe("the SDK v2 client and Tasks", () => {
  it("without the extension: optional task tools answer inline (input over its MRTR handlers); a required one is -32021 naming the extension", async () => {
    const client = await sdkClient(false, () => ({ action: "accept", content: { confirm: true } }));
    expect(await client.callTool({ name: "slow_compute", arguments: { seconds: 0 } })).toMatchObject({ content: [{ type: "text", text: "Computed result after 0s" }] });
    expect(await client.callTool({ name: "confirm_delete", arguments: { filename: "c.txt" } })).toMatchObject({ content: [{ text: "Deleted c.txt" }] });
    const error = await client.callTool({ name: "failing_job", arguments: {} }).then(() => undefined, (e: any) => e);
    expect(error.code).toBe(-32021);
    expect(error.data).toEqual({ requiredCapabilities: { extensions: { [ID]: {} } } });
  });

  it("declaring it: tasks/get, tasks/update and tasks/cancel by method, validated with the extension's DetailedTask, Mcp-Name the taskId", async () => {
    const client = await sdkClient(true);
    const slow = await startedTask("slow_compute", { seconds: 0.2 });
    const get = (taskId: string) => client.request({ method: "tasks/get", params: { taskId } } as any, DETAILED) as Promise<any>;
    /** Polls (at most 50 times, 50 ms apart) until the task has this status. */
    const until = async (taskId: string, status: string) => {
      for (let i = 0; i < 50; i++, await new Promise((r) => setTimeout(r, 50))) {
        const state = await get(taskId);
        if (state.status === status) return state;
      }
      throw new Error(`task ${taskId} never reached ${status}`);
    };
    let state = await until(slow, "completed");
    expect(state).toMatchObject({ status: "completed", result: { content: [{ text: "Computed result after 0.2s" }] } });
    expect(sent.filter((s) => s.method === "tasks/get").every((s) => s.name === slow)).toBe(true);

    const asking = await startedTask("confirm_delete", { filename: "d.txt" });
    state = await until(asking, "input_required");
    expect(Object.keys(state.inputRequests)).toEqual(["confirm"]);
    await client.request({ method: "tasks/update", params: { taskId: asking, inputResponses: { confirm: { action: "accept", content: { confirm: true } } } } } as any, ACK);
    state = await until(asking, "completed");
    expect(state.result).toMatchObject({ content: [{ text: "Deleted d.txt" }] });

    const long = await startedTask("slow_compute", { seconds: 60 });
    await client.request({ method: "tasks/cancel", params: { taskId: long } } as any, ACK);
    expect(await get(long)).toMatchObject({ status: "cancelled" });
  });

  it("declaring it, callTool of a task tool: 2.4.0 refuses the task handle (UNSUPPORTED_RESULT_TYPE), as its dist says", async () => {
    const client = await sdkClient(true);
    const error = await client.callTool({ name: "failing_job", arguments: {} }).then(() => undefined, (e: any) => e);
    expect(error?.code).toBe("UNSUPPORTED_RESULT_TYPE");
    expect(error.message).toContain("'task'");
  });
});
