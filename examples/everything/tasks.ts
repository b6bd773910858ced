// The tools the conformance suite's Tasks scenarios (SEP-2663) call, each declared with how it
// runs as a task; the handlers are ordinary tool handlers (the same one runs in a task or not).
import * as z from "zod";
import { elicitForm, McpError, tool, ToolError } from "../gen/index.js";

/** Waits `ms`, or rejects when `signal` aborts (a cancelled task stops here). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

const confirm = elicitForm({ message: "Delete the file?", schema: z.object({ confirm: z.boolean() }) });
const askName = elicitForm({ message: "What is your name?", schema: z.object({ name: z.string() }) });

export function taskTools() {
  return [
    tool("greet", { description: "Greets by name (never a task)", input: z.object({ name: z.string() }) }, ({ name }) => `Hello, ${name}!`),
    tool("slow_compute", { description: "Sleeps for `seconds`, then answers (a task when the caller allows it)", task: "optional", input: z.object({ seconds: z.number().min(0).max(600), label: z.string().optional() }) }, async ({ seconds, label }, ctx) => {
      await sleep(seconds * 1000, ctx.signal);
      return `Computed ${label ?? "result"} after ${seconds}s`;
    }),
    tool("failing_job", { description: "Fails with a tool error after a second (always a task)", task: "required" }, async (_args, ctx) => {
      await sleep(1000, ctx.signal);
      throw new ToolError("failing_job failed on purpose");
    }),
    tool("protocol_error_job", { description: "Ends with a JSON-RPC error (a task when the caller allows it)", task: "optional" }, async (_args, ctx) => {
      await sleep(100, ctx.signal);
      throw new McpError(-32603, "protocol_error_job: the job's backend failed");
    }),
    tool("confirm_delete", { description: "Asks for confirmation, then deletes (a task when the caller allows it)", task: "optional", input: z.object({ filename: z.string() }) }, ({ filename }, ctx) => {
      const answer = ctx.accepted("confirm", confirm);
      if (!answer) return ctx.inputRequired({ inputRequests: { confirm } });
      return answer.confirm ? `Deleted ${filename}` : `Kept ${filename}`;
    }),
    tool("multi_input", { description: "Asks two questions at once (a task when the caller allows it)", task: "optional" }, (_args, ctx) => {
      const first = ctx.accepted("first", askName);
      const second = ctx.accepted("second", confirm);
      if (!first || !second) return ctx.inputRequired({ inputRequests: { first: askName, second: confirm } });
      return `Got ${first.name} and ${second.confirm}`;
    }),
    // Input first, over multi round-trip requests, then a task for the work (SEP-2663's composition).
    tool("test_tool_with_task", { description: "Asks for a name, then works on it as a task", task: "required", taskPolicy: (_args, ctx) => ctx.inputResponses?.["user_name"] !== undefined }, (_args, ctx) => {
      const answer = ctx.accepted("user_name", askName);
      return answer ? `Hello, ${answer.name}! (from a task)` : ctx.inputRequired({ inputRequests: { user_name: askName } });
    }),
  ];
}
