// The floor of bench/startup.mjs and bench/bundle.mjs: examples/incidents' tool listing served with
// no MCP library at all. It holds what any server of that app built on Zod must pay (Node, zod, the
// app's schemas, their JSON Schema by z.toJSONSchema, a stdio line loop) and nothing else: no
// validation, no dispatch, no resources or prompts served, errors answered for every other method.
// Its time and size against the SDK v2 peer are the lowest ratios any Zod-based server of the app
// could show, as the minimal client is the floor of bench/client.mjs.
import * as z from "zod";

// ── The schemas, as examples/incidents/server.ts declares them ──
const Severity = z.enum(["sev1", "sev2", "sev3"]).describe("sev1: customer-facing and urgent; sev3: can wait");
const Status = z.enum(["open", "resolved"]);
const IncidentShape = z.object({ id: z.string(), title: z.string(), severity: Severity, status: Status, openedAt: z.string(), resolution: z.string().optional() });
// Declared by the app (the sev1 form, the prompt's arguments) though never listed here.
export const ResolutionForm = z.object({ resolution: z.string().min(1).describe("One line for the postmortem") });
export const PostmortemArgs = z.object({ id: z.string().describe("The incident's handle"), audience: z.string().describe("Who reads it").optional() });

interface ToolEntry {
  name: string;
  info: Record<string, unknown>;
  input: z.ZodObject;
  output?: z.ZodObject;
}

const TOOLS: ToolEntry[] = [
  {
    name: "search_incidents",
    info: { title: "Search incidents", description: "Finds incidents whose title contains the query", annotations: { readOnlyHint: true } },
    input: z.object({ query: z.string().describe("Words the title contains"), severity: Severity.optional(), status: Status.optional() }),
    output: z.object({ incidents: z.array(IncidentShape) }),
  },
  {
    name: "open_incident",
    info: { description: "Opens an incident; returns the handle resolve_incident takes" },
    input: z.object({ title: z.string().min(3), severity: Severity }),
    output: z.object({ handle: z.string() }),
  },
  {
    name: "resolve_incident",
    info: { description: "Resolves an open incident by its handle; a sev1 needs a resolution (asked for when missing)" },
    input: z.object({ handle: z.string(), resolution: z.string().optional() }),
  },
];

function jsonSchema(schema: z.ZodObject, io: "input" | "output"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io }) as Record<string, unknown>;
  delete json["$schema"];
  return json;
}

const listing = (): unknown[] =>
  TOOLS.map((t) => ({ name: t.name, ...t.info, inputSchema: jsonSchema(t.input, "input"), ...(t.output ? { outputSchema: jsonSchema(t.output, "output") } : {}) }));

const SERVER_INFO = { name: "incidents-floor", version: "1.0.0" };
const CAPABILITIES = { tools: {} };

function result(method: string, params: { protocolVersion?: unknown } | undefined): unknown {
  switch (method) {
    case "initialize":
      return { protocolVersion: params?.protocolVersion, capabilities: CAPABILITIES, serverInfo: SERVER_INFO };
    case "server/discover":
      return { supportedVersions: ["2026-07-28"], capabilities: CAPABILITIES, resultType: "complete" };
    case "tools/list":
      return { tools: listing(), resultType: "complete" };
    default:
      return undefined;
  }
}

function answer(line: string): void {
  const message = JSON.parse(line) as { id?: string | number; method: string; params?: { protocolVersion?: unknown } };
  if (message.id === undefined) return; // a notification
  const value = result(message.method, message.params);
  const reply = value === undefined ? { error: { code: -32601, message: `Method not found: ${message.method}` } } : { result: value };
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, ...reply })}\n`);
}

let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.trim()) answer(line);
  }
});
