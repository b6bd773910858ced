// The Tasks extension (SEP-2663, io.modelcontextprotocol/tasks) on the extension contract
// (extension.ts): a tool declared with `task: "optional" | "required"` may answer `tools/call` with
// a task handle (`CreateTaskResult`) for a caller that declared the extension; the same handler
// then runs in the background (tasks-run.ts), and the client polls `tasks/get`, answers input with
// `tasks/update`, stops it with `tasks/cancel`, or hears `notifications/tasks` on a listen stream.
// Tasks live in a TaskStore (memory by default), bound to their principal. It takes the generated
// EXTENSION object as an argument and imports no generated code.
import { isObject, JSONRPC, notification, ProtocolError, type JsonObject, type JsonRpcNotification } from "../shared/messages.js";
import { MAX_SUBSCRIPTIONS } from "./listen.js";
import { runTask, type LiveTask, type TaskHost } from "./tasks-run.js";
import { memoryTaskStore, TERMINAL, type TaskRecord, type TaskStore } from "../stores/tasks.js";
import type { ExtensionCall, ExtensionHost, ExtensionSchema, ServerExtension } from "./extension.js";
import type { ToolDefinition } from "./define.js";
import { isThenable } from "./standard-schema.js";
import type { RequestContext, Validator } from "./types.js";

export interface TasksOptions {
  /** Where tasks live (default: this process's memory). */
  store?: TaskStore | undefined;
  /** How long a task is kept after it was created (ms; default 1 hour, at most 24 hours; null: until the process ends). */
  ttlMs?: number | null | undefined;
  /** The polling interval suggested to clients (ms, default 500). */
  pollIntervalMs?: number | undefined;
  /** The most live tasks one principal holds (default 100): one more call that would make a task gets -32000 (HTTP 429). */
  maxTasksPerPrincipal?: number | undefined;
  /** The largest final result a task keeps, in bytes of JSON (default 1 MiB): a larger one fails the task. */
  maxResultBytes?: number | undefined;
  /** Rounds of input a task asks for before it fails (default 8). */
  maxInputRounds?: number | undefined;
  /**
   * How long the process running a task holds it without renewing (ms, default 30,000; renewed
   * every third of it): a task whose process died is `failed` once this has run out, when it is
   * next read (with a shared store, by any replica).
   */
  leaseMs?: number | undefined;
}

/** The bounds' defaults (docs/security.md). */
export const TASK_DEFAULTS = { ttlMs: 3_600_000, maxTtlMs: 86_400_000, pollIntervalMs: 500, maxTasksPerPrincipal: 100, maxResultBytes: 1_048_576, maxInputRounds: 8, leaseMs: 30_000 } as const;

const TASK_METHODS = ["tasks/get", "tasks/update", "tasks/cancel"];

/** tasks/update's params as far as they are read before the task is found: a taskId and an object of answers. */
const UPDATE_PARAMS: Validator = {
  safeParse: (params) => {
    const ok = isObject(params) && typeof params["taskId"] === "string" && isObject(params["inputResponses"]);
    return ok ? { success: true } : { success: false, error: { issues: [{ path: [], message: "tasks/update takes { taskId: string, inputResponses: object }" }] } };
  },
};
const NOTIFICATION = "notifications/tasks";

/** The task's fields as `tasks/get` and `notifications/tasks` carry them (its status' own fields included). */
export function detailedTask(record: TaskRecord): JsonObject {
  const out: JsonObject = { taskId: record.taskId, status: record.status, createdAt: record.createdAt, lastUpdatedAt: record.lastUpdatedAt, ttlMs: record.ttlMs };
  if (record.statusMessage !== undefined) out["statusMessage"] = record.statusMessage;
  if (record.pollIntervalMs !== undefined) out["pollIntervalMs"] = record.pollIntervalMs;
  if (record.status === "input_required") out["inputRequests"] = record.inputRequests ?? {};
  if (record.status === "completed") out["result"] = record.result ?? {};
  if (record.status === "failed") out["error"] = record.error ?? { code: JSONRPC.internalError, message: "Internal error" };
  return out;
}

/** The same error as an unknown task for one that is another principal's or expired (-32602). */
const notFound = () => new ProtocolError(JSONRPC.invalidParams, "Failed to retrieve task: Task not found");

function positive(value: number | undefined, what: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`tasks(): ${what} must be a positive integer (got ${value})`);
  return value;
}

/** The Tasks extension for createServer's `extensions`, from its generated EXTENSION object. */
export function tasks(schema: ExtensionSchema, options: TasksOptions = {}): ServerExtension {
  const store = options.store ?? memoryTaskStore();
  const ttlMs = options.ttlMs === null ? null : positive(options.ttlMs, "ttlMs", TASK_DEFAULTS.ttlMs);
  if (ttlMs !== null && ttlMs > TASK_DEFAULTS.maxTtlMs) throw new TypeError(`tasks(): ttlMs is at most ${TASK_DEFAULTS.maxTtlMs} (24 hours); got ${ttlMs}`);
  const pollIntervalMs = positive(options.pollIntervalMs, "pollIntervalMs", TASK_DEFAULTS.pollIntervalMs);
  const maxPerPrincipal = positive(options.maxTasksPerPrincipal, "maxTasksPerPrincipal", TASK_DEFAULTS.maxTasksPerPrincipal);
  const running = new Map<string, LiveTask>();
  let host: ExtensionHost | undefined;
  const taskHost: TaskHost = {
    store,
    changed: (record) => host?.publish(notification(NOTIFICATION, detailedTask(record))),
    report: (error) => host?.report(error, "tools/call"),
    maxResultBytes: positive(options.maxResultBytes, "maxResultBytes", TASK_DEFAULTS.maxResultBytes),
    maxInputRounds: positive(options.maxInputRounds, "maxInputRounds", TASK_DEFAULTS.maxInputRounds),
  };
  const leaseMs = positive(options.leaseMs, "leaseMs", TASK_DEFAULTS.leaseMs);
  const principalOf = (ctx: RequestContext) => ctx.principal ?? null;
  /** The caller's task, failed first when the process running it let its lease run out. */
  const found = async (params: JsonObject, ctx: RequestContext): Promise<TaskRecord> => {
    const record = await store.get(String(params["taskId"]), principalOf(ctx));
    if (!record) throw notFound();
    if (TERMINAL.includes(record.status) || record.leaseUntil === undefined || record.leaseUntil >= Date.now()) return record;
    const at = new Date(record.leaseUntil).toISOString();
    const message = `The task's worker stopped: the process running it did not renew its lease, which ran out at ${at} (it died, or lost the store)`;
    const failed = await store.update(record.taskId, { status: "failed", statusMessage: message, error: { code: JSONRPC.internalError, message }, inputRequests: undefined, answered: undefined });
    if (failed) taskHost.changed(failed);
    return failed ?? (await store.get(record.taskId, principalOf(ctx))) ?? record;
  };

  /**
   * Renews a running task's lease and reads back what its signals carry, in case the bus lost one
   * (a shared store's subscriber reconnecting): answers taken wake the handler, a task that ended
   * elsewhere (cancelled) aborts it. False once the task is terminal or gone.
   */
  async function renewLease(taskId: string, live: LiveTask): Promise<boolean> {
    const renewed = await store.update(taskId, { leaseUntil: Date.now() + leaseMs });
    if (!renewed) {
      if (!live.ending) live.controller.abort();
      return false;
    }
    if (renewed.answered) {
      Object.assign(live.answers, renewed.answered);
      live.wake?.();
    }
    return true;
  }

  async function start(ctx: RequestContext, next: (ctx?: RequestContext) => Promise<unknown>, call: ExtensionCall): Promise<unknown> {
    const now = Date.now();
    const at = new Date(now).toISOString();
    const record: TaskRecord = { taskId: crypto.randomUUID(), principal: principalOf(ctx), status: "working", createdAt: at, lastUpdatedAt: at, ttlMs, pollIntervalMs, expiresAt: ttlMs === null ? null : now + ttlMs, leaseUntil: now + leaseMs };
    if (!(await store.create(record, maxPerPrincipal))) {
      throw new ProtocolError(-32000, `Too many tasks: a caller holds at most ${maxPerPrincipal} live tasks (maxTasksPerPrincipal); wait for one to expire`, { maxTasksPerPrincipal: maxPerPrincipal }, 429);
    }
    const live: LiveTask = { controller: new AbortController(), answers: {}, wake: undefined };
    running.set(record.taskId, live);
    // The lease is renewed while the task runs here; renewing stops once it is terminal.
    const renew = setInterval(() => void renewLease(record.taskId, live).then((held) => held || clearInterval(renew), () => undefined), Math.max(1, Math.floor(leaseMs / 3)));
    (renew as { unref?: () => void }).unref?.(); // leases alone keep no process alive
    void runTask(taskHost, live, record, ctx, (c) => next(c), call.client, call.binding, "tools/call")
      .catch(taskHost.report)
      .finally(() => {
        clearInterval(renew);
        running.delete(record.taskId);
      });
    const { inputRequests: _i, result: _r, error: _e, ...handle } = detailedTask(record);
    return call.widen("CreateTaskResult", { resultType: "task", ...handle });
  }

  /** Whether a call of this tool becomes a task: its mode, the caller's declaration, and the tool's policy (on valid arguments). */
  async function becomesTask(tool: ToolDefinition, params: JsonObject, ctx: RequestContext, call: ExtensionCall): Promise<boolean> {
    if (tool.task === "never") return false;
    if (!call.declared) {
      if (tool.task === "required") call.require();
      return false;
    }
    if (!tool.taskPolicy) return true;
    const verdict = tool.input ? tool.input.safeParse(params["arguments"] ?? {}) : { success: true as const, data: {} };
    const parsed = isThenable(verdict) ? await verdict : verdict;
    return parsed.success && (await tool.taskPolicy(parsed.data, ctx)) === true;
  }

  const inputCheck = (version: string) => (key: string, request: unknown, response: unknown) => {
    const method = isObject(request) ? String(request["method"]) : "";
    const result = (host?.binding(version)?.methods(method) as { result?: Validator } | undefined)?.result;
    const checked = result?.safeParse(response);
    if (checked && !checked.success) throw new ProtocolError(JSONRPC.invalidParams, `Invalid input response "${key}" to ${method}`, { key });
  };

  return {
    schema,
    methods: {
      "tasks/get": { handle: async (params, ctx) => detailedTask(await found(params, ctx)) },
      "tasks/update": {
        // Answers to keys that are not outstanding are ignored (SEP-2663); outstanding ones are checked with their request's result schema.
        params: UPDATE_PARAMS,
        handle: async (params, ctx) => {
          const responses = isObject(params["inputResponses"]) ? params["inputResponses"] : {};
          const answered = await store.answer(String(params["taskId"]), principalOf(ctx), responses, inputCheck(ctx.protocolVersion));
          if (!answered) throw notFound();
          if (Object.keys(answered.taken).length) {
            await store.signal({ taskId: answered.record.taskId, kind: "answers", answers: answered.taken });
            taskHost.changed(answered.record);
          }
          return {};
        },
      },
      "tasks/cancel": {
        handle: async (params, ctx) => {
          const record = await found(params, ctx);
          if (TERMINAL.includes(record.status)) return {};
          const cancelled = await store.update(record.taskId, { status: "cancelled", statusMessage: "Cancelled by the client", inputRequests: undefined, answered: undefined });
          await store.signal({ taskId: record.taskId, kind: "cancel" });
          if (cancelled) taskHost.changed(cancelled);
          return {};
        },
      },
    },
    around: {
      "tools/call": async (params, ctx, next, call) => {
        const tool = host?.tool(String(params["name"]));
        return tool && (await becomesTask(tool, params, ctx, call)) ? start(ctx, next, call) : next();
      },
    },
    routingName: (method, params) => (TASK_METHODS.includes(method) && typeof params["taskId"] === "string" ? params["taskId"] : undefined),
    listen: async (requested, ctx, call) => {
      if (requested["taskIds"] === undefined) return undefined;
      call.require();
      const ids = Array.isArray(requested["taskIds"]) ? [...new Set(requested["taskIds"].filter((id): id is string => typeof id === "string"))] : [];
      if (ids.length > MAX_SUBSCRIPTIONS) throw new ProtocolError(JSONRPC.invalidParams, `Invalid params: subscriptions/listen takes at most ${MAX_SUBSCRIPTIONS} taskIds; this one has ${ids.length}`, { maxTaskIds: MAX_SUBSCRIPTIONS }, 400);
      // Only the caller's own tasks are acknowledged (another's id is as unknown as a wrong one).
      const owned = new Set((await Promise.all(ids.map(async (id) => ((await store.get(id, principalOf(ctx))) ? id : undefined)))).filter((id): id is string => id !== undefined));
      return { acknowledged: { taskIds: [...owned] }, wants: (m: JsonRpcNotification) => m.method === NOTIFICATION && owned.has(String(m.params?.["taskId"])) };
    },
    attach: (h) => {
      host = h;
      store.onSignal((signal) => {
        const live = running.get(signal.taskId);
        if (!live) return;
        if (signal.kind === "cancel") live.controller.abort();
        else {
          Object.assign(live.answers, signal.answers);
          live.wake?.();
        }
      });
    },
  };
}

