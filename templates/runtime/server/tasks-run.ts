// Running one task (the Tasks extension, tasks.ts): the tool's own handler, called again each
// time the input it asked for (`ctx.inputRequired`) is all answered through `tasks/update`, until
// it gives a result (completed, `isError` included), throws a protocol error (failed), or the task
// is cancelled (its AbortSignal aborts). Each change goes to the store and to listeners.
import { McpErrorBase } from "../shared/errors.js";
import { isObject, JSONRPC, ProtocolError, type ClientFacts, type JsonObject } from "../shared/messages.js";
import { capabilityFor, isInputRequired, markedState, missingCapabilities } from "./context.js";
import { acceptedContent } from "./elicit.js";
import type { TaskPatch, TaskRecord, TaskStore } from "../stores/tasks.js";
import type { MethodInfo, RequestContext, RevisionBinding } from "./types.js";

/** What a running task needs of the extension that started it. */
export interface TaskHost {
  store: TaskStore;
  /** Announces a changed task (notifications/tasks). */
  changed(record: TaskRecord): void;
  report(error: unknown): void;
  maxResultBytes: number;
  maxInputRounds: number;
}

/** A task running in this process: its abort, and the answers it waits for. */
export interface LiveTask {
  controller: AbortController;
  answers: JsonObject;
  wake: (() => void) | undefined;
  /** Set when the runner itself ends the task (its result or its failure): nothing aborts it then. */
  ending?: boolean;
}

/** The context of the handler inside a task: the task's signal, this round's answers, no progress or logs (the request has been answered). */
function taskContext(ctx: RequestContext, signal: AbortSignal, responses: Record<string, unknown> | undefined, state: unknown): RequestContext {
  const derived: RequestContext = { ...ctx, signal, inputResponses: responses, requestState: state, log: () => undefined, accepted: ((key: string, form: unknown) => acceptedContent(responses, key, form)) as RequestContext["accepted"] };
  delete derived.progress;
  return derived;
}

/** A JSON-RPC error object for what the handler threw (anything but a protocol error is reported and said as -32603). */
export function errorOf(error: unknown, report: (error: unknown) => void): JsonObject {
  if (error instanceof ProtocolError || error instanceof McpErrorBase) {
    const data = (error as { data?: unknown }).data;
    return { code: (error as { code: number }).code, message: error.message, ...(data !== undefined ? { data } : {}) };
  }
  report(error);
  return { code: JSONRPC.internalError, message: "Internal error" };
}

/** The input requests of a round under keys unique over the task's life (round 0 keeps the handler's). */
function wireRequests(result: JsonObject, round: number, client: ClientFacts, binding: RevisionBinding): { requests: JsonObject; keys: Record<string, string> } {
  const asked = isObject(result["inputRequests"]) ? result["inputRequests"] : {};
  const requests: JsonObject = {};
  const keys: Record<string, string> = {};
  for (const [key, request] of Object.entries(asked)) {
    const method = isObject(request) && typeof request["method"] === "string" ? request["method"] : "";
    if (!binding.inputRequestMethods.includes(method)) throw new TypeError(`input request "${key}" names ${JSON.stringify(method)}, which is not an input request of ${binding.version}`);
    const missing = missingCapabilities(client.capabilities, { [capabilityFor(method)]: {} });
    if (missing) throw new ProtocolError(-32021, `Cannot ask for input "${key}" (${method}): the client did not declare ${Object.keys(missing).join(", ")}`, { requiredCapabilities: missing });
    const wire = round === 0 ? key : `${key}.${round}`;
    requests[wire] = request;
    keys[wire] = key;
  }
  if (!Object.keys(requests).length) throw new TypeError("a task's handler asked for input without inputRequests");
  return { requests, keys };
}

/** Waits until every key has an answer, or the task is aborted (undefined then). */
function answered(live: LiveTask, keys: readonly string[]): Promise<JsonObject | undefined> {
  return new Promise((resolve) => {
    const check = () => {
      if (live.controller.signal.aborted) return resolve(undefined);
      if (keys.every((k) => Object.hasOwn(live.answers, k))) {
        live.wake = undefined;
        resolve(live.answers);
      } else live.wake = check;
    };
    live.controller.signal.addEventListener("abort", () => resolve(undefined), { once: true });
    check();
  });
}

/** The final result as the task keeps it: checked with the core result's schema and the size bound. */
function completed(result: unknown, info: MethodInfo | undefined, max: number): TaskPatch {
  const value: JsonObject = typeof result === "string" ? { content: [{ type: "text", text: result }] } : { ...(result as JsonObject) };
  const schema = info?.complete ?? info?.result;
  const checked = schema?.safeParse({ resultType: "complete", ...value });
  if (checked && !checked.success) throw new TypeError(`the task's handler returned an invalid result: ${(checked.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const bytes = new TextEncoder().encode(JSON.stringify(value)).byteLength;
  if (bytes > max) return { status: "failed", statusMessage: `Result too large: ${bytes} bytes (maxResultBytes ${max})`, error: { code: JSONRPC.internalError, message: `Result too large: ${bytes} bytes, the bound is ${max}`, data: { maxResultBytes: max, bytes } } };
  return { status: "completed", result: value };
}

/**
 * Runs a task's handler to its end. `next` is the core method's handler (tools/call), given the
 * task's context each round.
 */
export async function runTask(host: TaskHost, live: LiveTask, record: TaskRecord, ctx: RequestContext, next: (ctx: RequestContext) => Promise<unknown>, client: ClientFacts, binding: RevisionBinding, method: string): Promise<void> {
  const signal = live.controller.signal;
  const settle = async (patch: TaskPatch) => {
    // An ending task keeps no answers: they were the handler's input, not its result.
    const ending = patch.status === "completed" || patch.status === "failed";
    if (ending) live.ending = true;
    const next$ = await host.store.update(record.taskId, ending ? { ...patch, answered: undefined } : patch);
    if (next$) host.changed(next$);
  };
  let responses = ctx.inputResponses as Record<string, unknown> | undefined;
  let state = ctx.requestState;
  try {
    for (let round = 0; ; round++) {
      const result = await next(taskContext(ctx, signal, responses, state));
      if (signal.aborted) return;
      if (!isInputRequired(result)) return await settle(completed(result, binding.methods(method) as MethodInfo | undefined, host.maxResultBytes));
      if (round >= host.maxInputRounds) throw new ProtocolError(JSONRPC.internalError, `The task still asked for input after ${host.maxInputRounds} rounds (maxInputRounds)`);
      const { requests, keys } = wireRequests(result, round, client, binding);
      live.answers = {};
      await settle({ status: "input_required", inputRequests: requests, answered: undefined });
      const answers = await answered(live, Object.keys(requests));
      if (!answers) return;
      responses = Object.fromEntries(Object.entries(keys).map(([wire, key]) => [key, answers[wire]]));
      state = markedState(result)?.state ?? result["requestState"];
    }
  } catch (error) {
    if (signal.aborted) return;
    const failure = error instanceof TypeError ? (host.report(error), { code: JSONRPC.internalError, message: "Internal error" }) : errorOf(error, host.report);
    await settle({ status: "failed", statusMessage: String(failure["message"]), error: failure, inputRequests: undefined }).catch(host.report);
  }
}
