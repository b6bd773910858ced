// The Tasks extension (SEP-2663, io.modelcontextprotocol/tasks) on the client's extension contract
// (extension.ts). Declared, it lets a server answer `tools/call` with a task handle
// (`resultType: "task"`); `callTool()` then polls `tasks/get` at the task's `pollIntervalMs`
// (between a floor and a ceiling), answers `input_required` with the client's own handlers through
// `tasks/update` (each key once), turns an aborted signal into `tasks/cancel`, and resolves with
// the final result (a `failed` task rejects with its JSON-RPC error as McpError). `over(client)`
// gives the handles: start, get, update, cancel, and resume by taskId after a restart. It takes the
// generated EXTENSION object as an argument and imports no generated code.
import { ClientError } from "./errors.js";
import { coreOf, type ClientExtension, type ClientExtensionSchema, type ExtensionEngine } from "./extension.js";
import type { RequestOptions } from "./channel.js";

/** The bounds' defaults (docs/tasks.md, docs/security.md). */
export const TASK_CLIENT_DEFAULTS = { pollIntervalMs: 1000, minPollIntervalMs: 100, maxPollIntervalMs: 30_000, maxInputRounds: 8, cancelTimeoutMs: 5000 } as const;

export interface ClientTasksOptions {
  /** The interval when a task suggests none (ms, default 1000). */
  pollIntervalMs?: number | undefined;
  /** The shortest wait between two polls, whatever the server suggests (ms, default 100). */
  minPollIntervalMs?: number | undefined;
  /** The longest wait between two polls, whatever the server suggests (ms, default 30 s). */
  maxPollIntervalMs?: number | undefined;
  /** Rounds of input one task may ask for (default 8): one more is a ClientError `input-rounds-exceeded` and a `tasks/cancel`. */
  maxInputRounds?: number | undefined;
}

/** A task as `tasks/get` returns it (the fields the client reads; the schema's validator checked the rest). */
export interface TaskState {
  taskId: string;
  status: "working" | "input_required" | "completed" | "failed" | "cancelled";
  statusMessage?: string | undefined;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number | undefined;
  inputRequests?: { [key: string]: unknown } | undefined;
  result?: { [key: string]: unknown } | undefined;
  error?: { code: number; message: string; data?: unknown } | undefined;
  [key: string]: unknown;
}

/** One task of a client: what the lower-level API hands out. */
export interface TaskHandle<R = unknown> {
  readonly taskId: string;
  /** The request the task is the work of (`tools/call`). */
  readonly method: string;
  /** Its state now (`tasks/get`). */
  get(options?: RequestOptions): Promise<TaskState>;
  /** Answers some of its outstanding input requests (`tasks/update`). */
  update(inputResponses: { [key: string]: unknown }, options?: RequestOptions): Promise<void>;
  /** Asks the server to stop it (`tasks/cancel`); the server acknowledges, the task may still end otherwise. */
  cancel(options?: RequestOptions): Promise<void>;
  /** Polls it to its end, answering input with the client's handlers: the final result (an aborted signal sends tasks/cancel). */
  result(options?: RequestOptions): Promise<R>;
}

/** A request that may become a task: its final result at once, or the task's handle. */
export type Started<R> = { task: TaskHandle<R>; result?: undefined } | { task?: undefined; result: R };

export interface TaskCalls<R = unknown> {
  /** `tools/call` without waiting for a task it becomes. */
  callTool(params: { name: string; arguments?: { [key: string]: unknown } | undefined; _meta?: { [key: string]: unknown } }, options?: RequestOptions): Promise<Started<R>>;
  /** Any request the extension widens, without waiting for a task it becomes. */
  start(method: string, params: unknown, options?: RequestOptions): Promise<Started<unknown>>;
  /** The handle of a task this client (or one before a restart, same principal) started. */
  resume(taskId: string, method?: string): TaskHandle<R>;
}

/** The final result type of a generated client's `callTool`. */
export type ToolResultOf<C> = C extends { callTool(params: never, options?: never): Promise<infer R> } ? R : { [key: string]: unknown };

export interface ClientTasks extends ClientExtension {
  /** The handles over a client made with this extension in its `extensions`. */
  over<C extends object>(client: C): TaskCalls<ToolResultOf<C>>;
}

const WIDENED_METHODS = ["tools/call"];
const TASK_METHODS = ["tasks/get", "tasks/update", "tasks/cancel"];

function positive(value: number | undefined, what: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`clientTasks(): ${what} must be a positive integer (got ${value})`);
  return value;
}

/** The Tasks extension for a client's `extensions`, from its generated EXTENSION object. */
export function clientTasks(schema: ClientExtensionSchema, options: ClientTasksOptions = {}): ClientTasks {
  const bounds = {
    pollIntervalMs: positive(options.pollIntervalMs, "pollIntervalMs", TASK_CLIENT_DEFAULTS.pollIntervalMs),
    min: positive(options.minPollIntervalMs, "minPollIntervalMs", TASK_CLIENT_DEFAULTS.minPollIntervalMs),
    max: positive(options.maxPollIntervalMs, "maxPollIntervalMs", TASK_CLIENT_DEFAULTS.maxPollIntervalMs),
    maxInputRounds: positive(options.maxInputRounds, "maxInputRounds", TASK_CLIENT_DEFAULTS.maxInputRounds),
  };
  if (bounds.min > bounds.max) throw new TypeError(`clientTasks(): minPollIntervalMs (${bounds.min}) is above maxPollIntervalMs (${bounds.max})`);
  const extension: ClientTasks = {
    schema,
    widens: [{ resultType: "task", methods: WIDENED_METHODS, result: "CreateTaskResult" }],
    settle: ({ method, result, core, options: requestOptions }) => waitFor(core, method, result as TaskState, requestOptions, bounds),
    routingName: (method, params) => (TASK_METHODS.includes(method) && typeof params["taskId"] === "string" ? params["taskId"] : undefined),
    over: <C extends object>(client: C) => taskCalls(coreOf(client), extension, bounds) as TaskCalls<ToolResultOf<C>>,
  };
  return extension;
}

type Bounds = { pollIntervalMs: number; min: number; max: number; maxInputRounds: number };

/** Only what a poll needs of the caller's options (no progress token on tasks/get). */
const pollOptions = (options: RequestOptions): RequestOptions => ({ signal: options.signal, timeoutMs: options.timeoutMs });

function taskCalls(core: ExtensionEngine, extension: ClientTasks, bounds: Bounds): TaskCalls {
  if (!core.extensions.list.includes(extension)) throw new TypeError(`clientTasks().over(client): the client was not made with this extension in its extensions`);
  const handle = (taskId: string, method: string): TaskHandle => ({
    taskId,
    method,
    get: (options = {}) => core.call("tasks/get", { taskId }, pollOptions(options)) as Promise<TaskState>,
    update: async (inputResponses, options = {}) => void (await core.call("tasks/update", { taskId, inputResponses }, pollOptions(options))),
    cancel: async (options = {}) => void (await core.call("tasks/cancel", { taskId }, pollOptions(options))),
    result: async (options = {}) => core.finish(method, await waitFor(core, method, { taskId, status: "working" } as TaskState, options, bounds, true)),
  });
  const start = async (method: string, params: unknown, options: RequestOptions = {}): Promise<Started<unknown>> => {
    const result = await core.start(method, params, options);
    return result["resultType"] === "task" && typeof result["taskId"] === "string" ? { task: handle(result["taskId"], method) } : { result };
  };
  return { start, callTool: (params, options) => start("tools/call", params, options), resume: (taskId, method = "tools/call") => handle(taskId, method) };
}

/** Waits `ms`, or rejects when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => (signal?.removeEventListener("abort", stop), resolve()), ms);
    const stop = () => (clearTimeout(timer), reject(signal!.reason));
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** The wait before the next poll: the task's suggestion (or the default), within the floor and the ceiling. */
export function pollDelay(task: { pollIntervalMs?: number | undefined }, bounds: Bounds): number {
  const asked = typeof task.pollIntervalMs === "number" && Number.isFinite(task.pollIntervalMs) ? task.pollIntervalMs : bounds.pollIntervalMs;
  return Math.min(bounds.max, Math.max(bounds.min, asked));
}

/**
 * Polls a task until it ends: its final result (`completed`), its error (`failed`, as the
 * revision's McpError), a ClientError (`cancelled`). An aborted signal sends `tasks/cancel` (once,
 * bounded by a short timeout, whatever it answers) and rejects with a ClientError `aborted`.
 */
async function waitFor(core: ExtensionEngine, method: string, seed: TaskState, options: RequestOptions, bounds: Bounds, pollFirst = false): Promise<unknown> {
  const { taskId } = seed;
  const signal = options.signal;
  try {
    return await follow(core, method, seed, options, bounds, pollFirst);
  } catch (error) {
    const ownBound = error instanceof ClientError && (error.kind === "input-rounds-exceeded" || error.kind === "task-expired");
    if (!signal?.aborted && !ownBound) throw error;
    await core.call("tasks/cancel", { taskId }, { timeoutMs: TASK_CLIENT_DEFAULTS.cancelTimeoutMs }).catch(() => undefined);
    if (ownBound) throw error;
    throw new ClientError("aborted", `${method}: the caller aborted while waiting for task ${taskId}; tasks/cancel was sent`, { cause: signal?.reason, detail: { taskId } });
  }
}

async function follow(core: ExtensionEngine, method: string, seed: TaskState, options: RequestOptions, bounds: Bounds, pollFirst: boolean): Promise<unknown> {
  const { taskId } = seed;
  const get = () => core.call("tasks/get", { taskId }, pollOptions(options)) as Promise<TaskState>;
  const answered = new Set<string>();
  let rounds = 0;
  // A task handle carries no input requests nor result: those come from tasks/get.
  let task = pollFirst || seed.status !== "working" ? await get() : seed;
  // The task's own ttlMs, on this client's clock from when it first saw the task (no skew with the server's createdAt).
  const expires = typeof task.ttlMs === "number" ? Date.now() + task.ttlMs : Infinity;
  for (;;) {
    if (task.status === "completed") return task.result ?? {};
    if (task.status === "failed") throw core.spec.toError(task.error ?? { code: -32603, message: "the task failed without an error" });
    if (task.status === "cancelled") throw new ClientError("task-cancelled", `${method}: task ${taskId} was cancelled${task.statusMessage ? `: ${task.statusMessage}` : ""}`, { detail: { taskId } });
    const pending = task.status === "input_required" ? Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key)) : [];
    if (pending.length) {
      if (++rounds > bounds.maxInputRounds) throw new ClientError("input-rounds-exceeded", `${method}: task ${taskId} still asked for input after ${bounds.maxInputRounds} rounds; it was cancelled (raise maxInputRounds to allow more)`, { detail: { taskId, rounds: bounds.maxInputRounds } });
      const inputResponses = await core.answerInputs(method, Object.fromEntries(pending), options.signal ?? new AbortController().signal);
      await core.call("tasks/update", { taskId, inputResponses }, pollOptions(options));
      for (const [key] of pending) answered.add(key);
    } else {
      if (Date.now() > expires) throw new ClientError("task-expired", `${method}: task ${taskId} is still ${task.status} past its ttlMs (${task.ttlMs} ms); the client stopped polling`, { detail: { taskId, ttlMs: task.ttlMs } });
      await sleep(pollDelay(task, bounds), options.signal);
    }
    task = await get();
  }
}
