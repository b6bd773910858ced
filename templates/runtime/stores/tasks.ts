// Where the Tasks extension keeps its tasks: state that outlives the request that made it. A task
// is bound to the principal that created it (another one is told what an unknown id gets), expires
// `ttlMs` after it was created, and is counted against its principal's bound. The store also
// carries the signals for the process running a task: the answers of `tasks/update` and
// `tasks/cancel` (on one process they are calls; a shared store sends them over its bus).
// `memoryTaskStore()` is one process's and the default.
import type { JsonObject } from "../shared/messages.js";

export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

export const TERMINAL: readonly TaskStatus[] = ["completed", "failed", "cancelled"];

/** A task as the store keeps it: its wire fields, its owner and when it goes. */
export interface TaskRecord {
  taskId: string;
  /** The principal that created it (null: a caller without one). */
  principal: string | null;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
  /** Outstanding input requests (input_required), by the key the client answers. */
  inputRequests?: JsonObject;
  result?: JsonObject;
  error?: JsonObject;
  /** When it is deleted (ms since the epoch), null: never. */
  expiresAt: number | null;
  /** Until when the process running it holds it (ms since the epoch): past it, nobody runs it. */
  leaseUntil?: number;
  /**
   * The answers taken this round, kept beside the signal that carries them: the process running
   * the task reads them back when it renews its lease, so a signal lost on the bus delays the task
   * by one renewal instead of leaving it `working` for ever. Never on the wire.
   */
  answered?: JsonObject;
}

/** What a store tells the process running a task. */
export type TaskSignal = { taskId: string; kind: "answers"; answers: JsonObject } | { taskId: string; kind: "cancel" };

/** A change of a task: its fields, applied only while the task is not terminal. */
export type TaskPatch = { [K in "status" | "statusMessage" | "inputRequests" | "result" | "error" | "leaseUntil" | "answered"]?: TaskRecord[K] | undefined };

export interface TaskStore {
  /** Stores a new task, durably (a `get` on any replica finds it when this resolves); false when its principal holds `maxPerPrincipal` live tasks. */
  create(record: TaskRecord, maxPerPrincipal: number): Promise<boolean>;
  /** The task with this id, if it exists, has not expired, and is this principal's. */
  get(taskId: string, principal: string | null): Promise<TaskRecord | undefined>;
  /** Applies a patch unless the task is terminal (or gone): the new record, else undefined. `lastUpdatedAt` is set. */
  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined>;
  /**
   * Takes the answers to outstanding input requests (others are ignored): they leave
   * `inputRequests`, and when none is left the task is `working` again. `check` validates an
   * answer against its request (it throws to refuse). The answers taken, or undefined for an unknown task.
   */
  answer(taskId: string, principal: string | null, responses: JsonObject, check: (key: string, request: unknown, response: unknown) => void): Promise<{ record: TaskRecord; taken: JsonObject } | undefined>;
  /** Sends a signal to the process running the task. */
  signal(signal: TaskSignal): Promise<void>;
  /** Hears the signals for tasks (of this process); the returned function stops. */
  onSignal(listener: (signal: TaskSignal) => void): () => void;
}

/** Tasks in this process's memory (the default): bounded per principal, expired ones swept when tasks are created. */
export function memoryTaskStore(): TaskStore {
  const tasks = new Map<string, TaskRecord>();
  const listeners = new Set<(signal: TaskSignal) => void>();
  const live = (record: TaskRecord | undefined, now = Date.now()) => record !== undefined && (record.expiresAt === null || record.expiresAt > now);
  const sweep = () => {
    const now = Date.now();
    for (const [id, record] of tasks) if (!live(record, now)) tasks.delete(id);
  };
  const copy = (record: TaskRecord): TaskRecord => structuredClone(record);
  return {
    async create(record, maxPerPrincipal) {
      sweep();
      let held = 0;
      for (const other of tasks.values()) if (other.principal === record.principal) held++;
      if (held >= maxPerPrincipal) return false;
      tasks.set(record.taskId, copy(record));
      return true;
    },
    async get(taskId, principal) {
      const record = tasks.get(taskId);
      return live(record) && record!.principal === principal ? copy(record!) : undefined;
    },
    async update(taskId, patch) {
      const record = tasks.get(taskId);
      if (!live(record) || TERMINAL.includes(record!.status)) return undefined;
      const next = applyPatch(record!, patch);
      tasks.set(taskId, next);
      return copy(next);
    },
    async answer(taskId, principal, responses, check) {
      const record = tasks.get(taskId);
      if (!live(record) || record!.principal !== principal) return undefined;
      const { next, taken } = takeAnswers(record!, responses, check);
      tasks.set(taskId, next);
      return { record: copy(next), taken };
    },
    async signal(signal) {
      for (const listener of [...listeners]) listener(signal);
    },
    onSignal(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A record with a patch applied (undefined fields removed) and its update time set. */
export function applyPatch(record: TaskRecord, patch: TaskPatch): TaskRecord {
  const next = { ...record, ...patch, lastUpdatedAt: new Date().toISOString() } as TaskRecord;
  for (const key of Object.keys(patch) as (keyof TaskPatch)[]) if (patch[key] === undefined) delete next[key];
  return next;
}

/** The answers a record takes: outstanding keys only, each checked; none left: working again. */
export function takeAnswers(record: TaskRecord, responses: JsonObject, check: (key: string, request: unknown, response: unknown) => void): { next: TaskRecord; taken: JsonObject } {
  const outstanding = record.status === "input_required" ? { ...(record.inputRequests ?? {}) } : {};
  const taken: JsonObject = {};
  for (const [key, response] of Object.entries(responses)) {
    if (!Object.hasOwn(outstanding, key)) continue;
    check(key, outstanding[key], response);
    taken[key] = response;
    delete outstanding[key];
  }
  if (!Object.keys(taken).length) return { next: record, taken };
  const left = Object.keys(outstanding).length > 0;
  const answered = { ...record.answered, ...taken };
  return { next: applyPatch(record, left ? { inputRequests: outstanding, answered } : { status: "working", inputRequests: undefined, answered }), taken };
}
