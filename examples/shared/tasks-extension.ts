// The Tasks extension's EXTENSION object (io.modelcontextprotocol/tasks, SEP-2663), written by
// hand with Zod in the shape `mcp-gen --extension tasks` generates (ext/tasks/index.ts): its
// methods' rows, the result that widens tools/call, its capability. Until the generated one is in
// the examples' output, the examples and the tests use this one.
import * as z from "zod";

const meta = z.record(z.string(), z.unknown()).optional();
const id = z.union([z.string(), z.number().int()]);
const status = z.enum(["working", "input_required", "completed", "failed", "cancelled"]);
const task = { taskId: z.string(), status, statusMessage: z.string().optional(), createdAt: z.string(), lastUpdatedAt: z.string(), ttlMs: z.number().int().nullable(), pollIntervalMs: z.number().int().optional() };
const detailed = z.discriminatedUnion("status", [
  z.looseObject({ ...task, status: z.literal("working") }),
  z.looseObject({ ...task, status: z.literal("input_required"), inputRequests: z.record(z.string(), z.looseObject({ method: z.string() })) }),
  z.looseObject({ ...task, status: z.literal("completed"), result: z.record(z.string(), z.unknown()) }),
  z.looseObject({ ...task, status: z.literal("failed"), error: z.looseObject({ code: z.number().int(), message: z.string() }) }),
  z.looseObject({ ...task, status: z.literal("cancelled") }),
]);
const ack = z.looseObject({ resultType: z.literal("complete"), _meta: meta });
const byId = z.looseObject({ taskId: z.string(), _meta: meta });
const update = z.looseObject({ taskId: z.string(), inputResponses: z.record(z.string(), z.unknown()), _meta: meta });

function request(method: string, params: z.ZodType, result: z.ZodType) {
  return { kind: "request", sender: ["client"], groups: ["tasks"], request: z.looseObject({ jsonrpc: z.literal("2.0"), id, method: z.literal(method), params }), params, result } as const;
}

export const TASKS_EXTENSION = {
  id: "io.modelcontextprotocol/tasks",
  methods: {
    "tasks/get": request("tasks/get", byId, z.intersection(detailed, z.looseObject({ resultType: z.literal("complete"), _meta: meta }))),
    "tasks/update": request("tasks/update", update, ack),
    "tasks/cancel": request("tasks/cancel", byId, ack),
    "notifications/tasks": { kind: "notification", sender: ["server"], groups: ["tasks"], params: detailed, notification: z.looseObject({ jsonrpc: z.literal("2.0"), method: z.literal("notifications/tasks"), params: detailed }) },
  },
  results: { CreateTaskResult: z.looseObject({ ...task, resultType: z.literal("task"), _meta: meta }) },
  capability: z.object({}).strict(),
} as const;
