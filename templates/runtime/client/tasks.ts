// Extensions on the client (SEP-2133), and the first of them, Tasks (SEP-2663): an extension
// declares itself in the client's capabilities (`extensions[id]`, sent with every request) and may
// settle a result whose `resultType` the core does not know. With Tasks, `callTool()` returns the
// final CallToolResult whether or not the server made a task: it polls `tasks/get` at the task's
// `pollIntervalMs`, answers `input_required` with the client's own handlers (elicitation,
// sampling, roots) through `tasks/update`, and turns the call's AbortSignal into `tasks/cancel`.
import { ClientError } from "./errors.js";

type JsonObject = { [key: string]: unknown };
interface Check {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** What an extension may do with one request of the client. */
export interface ClientExtensionIo {
  /** Sends a request of the extension (with the envelope); extra headers such as `Mcp-Name`. */
  request(method: string, params: JsonObject, headers?: Readonly<Record<string, string>>): Promise<JsonObject>;
  /** Answers input requests with the client's handlers (as an input_required round is). */
  fulfil(inputRequests: unknown): Promise<JsonObject>;
  /** The call's signal (its AbortSignal, else one that never aborts). */
  signal: AbortSignal;
  /** The revision's error for a JSON-RPC error object. */
  toError(error: { code: number; message: string; data?: unknown }): Error;
}

/** One extension as a client takes it (`extensions: [...]`). */
export interface ClientExtension {
  readonly schema: { readonly id: string; readonly methods: Readonly<Record<string, object>>; readonly results?: Readonly<Record<string, Check>> };
  /** What the client declares under `capabilities.extensions[id]` (default {}). */
  readonly capability?: JsonObject;
  /** A result of `method` whose resultType the core does not know: the complete result it comes to, or undefined (not this extension's). */
  settle?(method: string, result: JsonObject, io: ClientExtensionIo): Promise<JsonObject> | undefined;
}

export interface ClientTasksOptions {
  /** Polling interval when the server suggests none (ms, default 1,000); the server's is used otherwise, at least `minPollIntervalMs`. */
  pollIntervalMs?: number;
  /** The shortest interval the client polls at, whatever the server says (ms, default 50). */
  minPollIntervalMs?: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function checked(schema: Check | undefined, value: JsonObject, what: string): JsonObject {
  const verdict = schema?.safeParse(value);
  if (verdict && !verdict.success) throw new ClientError("invalid-result", `${what} does not match the tasks extension's schema: ${(verdict.error?.issues ?? []).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`, { detail: { result: value } });
  return value;
}

/** The Tasks extension for a client's `extensions`, from its generated EXTENSION object. */
export function clientTasks(schema: ClientExtension["schema"], options: ClientTasksOptions = {}): ClientExtension {
  const row = (method: string) => (schema.methods[method] as { result?: Check } | undefined)?.result;
  return {
    schema,
    settle(method, result, io) {
      if (result["resultType"] !== "task") return undefined;
      return follow(method, checked(schema.results?.["CreateTaskResult"], result, `${method}'s task`), io);
    },
  };

  async function follow(method: string, created: JsonObject, io: ClientExtensionIo): Promise<JsonObject> {
    const taskId = String(created["taskId"]);
    const name = { "Mcp-Name": taskId };
    const answered = new Set<string>(); // inputRequests keys are unique over a task's life: each answered once
    let task = created;
    for (;;) {
      const interval = typeof task["pollIntervalMs"] === "number" ? task["pollIntervalMs"] : (options.pollIntervalMs ?? 1_000);
      await sleep(Math.max(options.minPollIntervalMs ?? 50, interval), io.signal);
      if (io.signal.aborted) {
        await io.request("tasks/cancel", { taskId }, name).catch(() => undefined);
        throw new ClientError("aborted", `${method}: aborted; task ${taskId} was cancelled`, { detail: { taskId } });
      }
      task = checked(row("tasks/get"), await io.request("tasks/get", { taskId }, name), "tasks/get's result");
      // SEP-2663's backstop: past createdAt + ttlMs the task is no longer usable.
      const ttl = task["ttlMs"];
      if (typeof ttl === "number" && Date.now() > Date.parse(String(task["createdAt"])) + ttl && (task["status"] === "working" || task["status"] === "input_required")) {
        throw new ClientError("timeout", `${method}: task ${taskId} is still ${String(task["status"])} past its ttlMs (${ttl} ms)`, { detail: { taskId } });
      }
      switch (task["status"]) {
        case "completed":
          return { ...(task["result"] as JsonObject), resultType: "complete" };
        case "failed":
          throw io.toError(task["error"] as { code: number; message: string; data?: unknown });
        case "cancelled":
          throw new ClientError("aborted", `${method}: task ${taskId} was cancelled by the server${typeof task["statusMessage"] === "string" ? `: ${task["statusMessage"]}` : ""}`, { detail: { taskId } });
        case "input_required": {
          const asked = Object.fromEntries(Object.entries((task["inputRequests"] ?? {}) as JsonObject).filter(([key]) => !answered.has(key)));
          if (!Object.keys(asked).length) break;
          const inputResponses = await io.fulfil(asked);
          for (const key of Object.keys(asked)) answered.add(key);
          await io.request("tasks/update", { taskId, inputResponses }, name);
        }
      }
    }
  }
}

/** The capabilities with every extension under `extensions[id]`. */
export function withExtensions(capabilities: { [key: string]: unknown }, extensions: readonly ClientExtension[]): { [key: string]: unknown } {
  if (!extensions.length) return capabilities;
  const given = capabilities["extensions"];
  const declared: { [key: string]: unknown } = given !== null && typeof given === "object" ? { ...(given as object) } : {};
  for (const extension of extensions) declared[extension.schema.id] = extension.capability ?? {};
  return { ...capabilities, extensions: declared };
}
