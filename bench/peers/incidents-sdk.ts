// examples/incidents (main.ts + store.ts, served over stdio as examples/shared/serve.ts serves it)
// written on the official SDK v2, @modelcontextprotocol/server 2.4.0, the way its docs recommend:
// McpServer.registerTool/registerResource/registerPrompt with Zod schemas, a ResourceTemplate with
// completions, `inputRequired` + `acceptedContent` for the sev1 form, and `serveStdio` with a
// factory, which serves both eras (2026-07-28 per-request `_meta`, 2025-11-25 `initialize`).
// Same tools (names, schemas, descriptions), resources, template, prompt and behaviour: the peer
// of bench/startup.mjs (cold start) and bench/bundle.mjs (bundle size), and the yardstick server
// test/examples/incidents.test.ts drives with the example's own client flow. Not part of the examples.
import {
  acceptedContent,
  completable,
  inputRequired,
  McpServer,
  requireScopes,
  ResourceNotFoundError,
  ResourceTemplate,
  type CallToolResult,
  type McpRequestContext,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

// ── The incident log (examples/incidents/store.ts): in memory, seeded with two incidents ──
type Severity = "sev1" | "sev2" | "sev3";
interface Incident {
  id: string;
  title: string;
  severity: Severity;
  status: "open" | "resolved";
  openedAt: string;
  resolution?: string;
}
const incidents = new Map<string, Incident>();
let last = 0;
function openIncident(title: string, severity: Severity): Incident {
  const incident: Incident = { id: `INC-${++last}`, title, severity, status: "open", openedAt: new Date().toISOString() };
  incidents.set(incident.id, incident);
  return incident;
}
openIncident("Checkout latency above 2 s", "sev2");
openIncident("Database primary unreachable", "sev1");

// ── The schemas, as main.ts declares them ──
const Severity = z.enum(["sev1", "sev2", "sev3"]).describe("sev1: customer-facing and urgent; sev3: can wait");
const Status = z.enum(["open", "resolved"]);
const IncidentShape = z.object({ id: z.string(), title: z.string(), severity: Severity, status: Status, openedAt: z.string(), resolution: z.string().optional() });
const ResolutionForm = z.object({ resolution: z.string().min(1).describe("One line for the postmortem") });
const ids = (prefix: string) => [...incidents.keys()].filter((id) => id.startsWith(prefix));
const OPEN_URI = "incidents://open";
const JSON_TYPE = "application/json";

/** A structured result with its text twin (what mcp-gen's runtime fills in when `content` is left out). */
function structured<T extends Record<string, unknown>>(value: T): CallToolResult {
  return { structuredContent: value, content: [{ type: "text", text: JSON.stringify(value) }] };
}
const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/**
 * One server instance per stdio connection (serveStdio calls the factory when the client opens,
 * and pins the instance to that era). The log itself is module state, shared like main.ts's.
 */
function createIncidentServer({ era }: McpRequestContext): McpServer {
  const server = new McpServer({ name: "sdk-incidents", version: "1.0.0" }, { capabilities: { resources: { subscribe: true } } });
  // 2025-11-25: resources/subscribe is the application's to serve (McpServer only advertises it);
  // 2026-07-28: serveStdio's subscriptions/listen router filters the updates itself.
  const subscribed = new Set<string>();
  const updated = (uri: string) => {
    if (era === "modern" || subscribed.has(uri)) server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  };
  if (era === "legacy") {
    server.server.setRequestHandler("resources/subscribe", (request) => (subscribed.add(request.params.uri), {}));
    server.server.setRequestHandler("resources/unsubscribe", (request) => (subscribed.delete(request.params.uri), {}));
  }

  server.registerTool(
    "search_incidents",
    {
      title: "Search incidents",
      description: "Finds incidents whose title contains the query",
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ query: z.string().describe("Words the title contains"), severity: Severity.optional(), status: Status.optional() }),
      outputSchema: z.object({ incidents: z.array(IncidentShape) }),
    },
    ({ query, severity, status }) => {
      const found = [...incidents.values()].filter((i) => i.title.toLowerCase().includes(query.toLowerCase()) && (severity ?? i.severity) === i.severity && (status ?? i.status) === i.status);
      return structured({ incidents: found });
    },
  );

  server.registerTool(
    "open_incident",
    {
      description: "Opens an incident; returns the handle resolve_incident takes",
      scopeChallenge: requireScopes("incidents:write"),
      inputSchema: z.object({ title: z.string().min(3), severity: Severity }),
      outputSchema: z.object({ handle: z.string() }),
    },
    ({ title, severity }) => {
      const incident = openIncident(title, severity);
      updated(OPEN_URI);
      return structured({ handle: incident.id });
    },
  );

  server.registerTool(
    "resolve_incident",
    {
      description: "Resolves an open incident by its handle; a sev1 needs a resolution (asked for when missing)",
      scopeChallenge: requireScopes("incidents:write"),
      inputSchema: z.object({ handle: z.string(), resolution: z.string().optional() }),
    },
    ({ handle, resolution }, ctx) => {
      const incident = incidents.get(handle);
      if (!incident || incident.status === "resolved") return toolError(`${handle} is not an open incident (search_incidents lists them)`);
      const given = resolution ?? acceptedContent(ctx.mcpReq.inputResponses, "resolution", ResolutionForm)?.resolution;
      if (given === undefined && incident.severity === "sev1") {
        return inputRequired({ inputRequests: { resolution: inputRequired.elicit({ message: "This is a sev1: what resolved it?", requestedSchema: ResolutionForm }) } });
      }
      Object.assign(incident, { status: "resolved", resolution: given ?? "resolved" } satisfies Partial<Incident>);
      updated(OPEN_URI);
      return { content: [{ type: "text", text: `Resolved ${handle}: ${incident.resolution}` }] };
    },
  );

  server.registerResource("open incidents", OPEN_URI, { mimeType: JSON_TYPE }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify([...incidents.values()].filter((i) => i.status === "open")) }],
  }));

  const byId = new ResourceTemplate("incidents://{id}", {
    list: () => ({ resources: [...incidents.keys()].map((id) => ({ uri: `incidents://${id}`, name: id })) }),
    complete: { id: ids },
  });
  server.registerResource("incident", byId, { mimeType: JSON_TYPE }, (uri, { id }) => {
    const incident = typeof id === "string" ? incidents.get(id) : undefined;
    if (!incident) throw new ResourceNotFoundError(uri.href, `No incident ${String(id)}`);
    return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(incident) }] };
  });

  server.registerPrompt(
    "postmortem",
    {
      description: "Drafts the postmortem of an incident",
      argsSchema: z.object({ id: completable(z.string().describe("The incident's handle"), ids), audience: z.string().describe("Who reads it").optional() }),
    },
    ({ id, audience }) => ({
      description: "Drafts the postmortem of an incident",
      messages: [
        { role: "user", content: { type: "resource", resource: { uri: `incidents://${id}`, mimeType: JSON_TYPE, text: JSON.stringify(incidents.get(id) ?? { id }) } } },
        { role: "user", content: { type: "text", text: `Draft a blameless postmortem of ${id} for ${audience ?? "the engineering team"}: timeline, impact, root cause, follow-ups.` } },
      ],
    }),
  );
  return server;
}

serveStdio(createIncidentServer);
