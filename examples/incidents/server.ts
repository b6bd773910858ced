// The incident log's server, declared with the factories: search, open (which returns a handle)
// and resolve (which takes it, and on a sev1 asks for the resolution with a typed form); the open
// incidents as a resource, each incident under a URI template whose ids complete; a postmortem
// prompt. main.ts serves it; tests connect to it in-process (docs/testing.md).
import * as z from "zod";
import { createServer, elicitForm, prompt, resource, ResourceNotFound, resourceTemplate, tool, ToolError } from "../gen/server.js";
import { stateSecret } from "../shared/serve.js";
import { incidents, openIncident, type Incident } from "./store.js";

const Severity = z.enum(["sev1", "sev2", "sev3"]).describe("sev1: customer-facing and urgent; sev3: can wait");
const IncidentShape = z.object({ id: z.string(), title: z.string(), severity: Severity, status: z.enum(["open", "resolved"]), openedAt: z.string(), resolution: z.string().optional() });
const ids = (prefix: string) => [...incidents.keys()].filter((id) => id.startsWith(prefix));

const search = tool(
  "search_incidents",
  {
    title: "Search incidents",
    description: "Finds incidents whose title contains the query",
    annotations: { readOnlyHint: true },
    input: z.object({ query: z.string().describe("Words the title contains"), severity: Severity.optional(), status: z.enum(["open", "resolved"]).optional() }),
    output: z.object({ incidents: z.array(IncidentShape) }),
  },
  ({ query, severity, status }, ctx) => {
    const found = [...incidents.values()].filter((i) => i.title.toLowerCase().includes(query.toLowerCase()) && (severity ?? i.severity) === i.severity && (status ?? i.status) === i.status);
    return ctx.result({ structuredContent: { incidents: found } });
  },
);

const open = tool(
  "open_incident",
  { description: "Opens an incident; returns the handle resolve_incident takes", scopes: ["incidents:write"], input: z.object({ title: z.string().min(3), severity: Severity }), output: z.object({ handle: z.string() }) },
  ({ title, severity }, ctx) => {
    const incident = openIncident(title, severity);
    server.notify.resourceUpdated("incidents://open");
    return ctx.result({ structuredContent: { handle: incident.id } });
  },
);

const askResolution = elicitForm({ message: "This is a sev1: what resolved it?", schema: z.object({ resolution: z.string().min(1).describe("One line for the postmortem") }) });

const resolve = tool(
  "resolve_incident",
  { description: "Resolves an open incident by its handle; a sev1 needs a resolution (asked for when missing)", scopes: ["incidents:write"], input: z.object({ handle: z.string(), resolution: z.string().optional() }) },
  ({ handle, resolution }, ctx) => {
    const incident = incidents.get(handle);
    if (!incident || incident.status === "resolved") throw new ToolError(`${handle} is not an open incident (search_incidents lists them)`);
    const given = resolution ?? ctx.accepted("resolution", askResolution)?.resolution;
    if (given === undefined && incident.severity === "sev1") return ctx.inputRequired({ inputRequests: { resolution: askResolution } });
    Object.assign(incident, { status: "resolved", resolution: given ?? "resolved" } satisfies Partial<Incident>);
    server.notify.resourceUpdated("incidents://open");
    return `Resolved ${handle}: ${incident.resolution}`;
  },
);

const openList = resource("incidents://open", { name: "open incidents", mimeType: "application/json" }, () => JSON.stringify([...incidents.values()].filter((i) => i.status === "open")));

const byId = resourceTemplate(
  "incidents://{id}",
  { name: "incident", mimeType: "application/json", list: () => [...incidents.keys()].map((id) => ({ uri: `incidents://${id}`, name: id })), complete: { id: ids } },
  ({ id }) => {
    const incident = incidents.get(id);
    if (!incident) throw new ResourceNotFound(`No incident ${id}`);
    return JSON.stringify(incident);
  },
);

const postmortem = prompt(
  "postmortem",
  { description: "Drafts the postmortem of an incident", args: z.object({ id: z.string().describe("The incident's handle"), audience: z.string().describe("Who reads it").optional() }), complete: { id: ids } },
  ({ id, audience }) => [
    { role: "user", content: { type: "resource", resource: { uri: `incidents://${id}`, mimeType: "application/json", text: JSON.stringify(incidents.get(id) ?? { id }) } } },
    { role: "user", content: { type: "text", text: `Draft a blameless postmortem of ${id} for ${audience ?? "the engineering team"}: timeline, impact, root cause, follow-ups.` } },
  ],
);

export const server = createServer({
  serverInfo: { name: "mcp-gen-incidents", version: "1.0.0" },
  capabilities: { resources: { subscribe: true } },
  tools: [search, open, resolve],
  resources: [openList],
  resourceTemplates: [byId],
  prompts: [postmortem],
  stateSecret: stateSecret(),
});
