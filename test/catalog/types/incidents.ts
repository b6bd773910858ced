// The stubs of the SDK v2 fixture's catalog at the type level (compiled by test/catalog/servers.test.ts).
import { connect } from "@gen-root/connect";
import { createResourceTemplates, createResources, createTools, type IncidentVariables, type OpenIncidentArgs, type OpenIncidentOutput, type SearchIncidentsOutput, type Tools } from "@catalog/incidents";
import type { Assert, Equal } from "./assert.js";

declare const connected: Awaited<ReturnType<typeof connect>>;

// What the server's Zod declares: z.enum, .optional(), a nested object, z.array(...).max(10).
export type Severity = Assert<Equal<OpenIncidentArgs["severity"], "sev1" | "sev2" | "sev3">>;
export type Owner = Assert<Equal<NonNullable<OpenIncidentArgs["owner"]>, { name: string; email?: string }>>;
export type Opened = Assert<Equal<OpenIncidentOutput, { id: string; url: string; createdAt: string }>>;
export type Found = Assert<Equal<SearchIncidentsOutput["items"][number], { id: string; title: string; severity: string }>>;

// incident://{id}: one required string variable.
export type Incident = Assert<Equal<IncidentVariables, { id: string }>>;

export async function resources(): Promise<void> {
  const incident = await createResourceTemplates(connected).incident({ id: "INC-1" });
  const json: "application/json" = incident.mimeType;
  const runbook = await createResources(connected).runbook();
  const markdown: "text/markdown" = runbook.mimeType;
  void [json, markdown];
  // @ts-expect-error: the template's variable is id
  await createResourceTemplates(connected).incident({ incident: "INC-1" });
}

export async function uses(): Promise<void> {
  const tools: Tools = createTools(connected);
  const opened = await tools.openIncident({ title: "Disk full", severity: "sev1", tags: ["disk"], owner: { name: "Ada" } });
  const id: string = opened.structuredContent.id;
  const found = await tools.searchIncidents({ query: id, limit: 5, status: "open" });
  const total: number = found.structuredContent.total;
  void total;
  await tools.annotate({ id, entry: { kind: "link", href: "https://example.com" }, at: 3 });
  await tools.setLabels({ id, labels: { team: "infra" }, weight: null });

  // @ts-expect-error: a wrong argument name
  await tools.openIncident({ titel: "Disk full", severity: "sev1" });
  // @ts-expect-error: a wrong argument type
  await tools.searchIncidents({ query: "x", limit: "5" });
  // @ts-expect-error: a value outside the enum
  await tools.openIncident({ title: "Disk full", severity: "sev9" });
  // @ts-expect-error: an unknown tool
  await tools.deleteIncident({ id });
  // @ts-expect-error: a field the output schema does not have
  void opened.structuredContent.created;
  // @ts-expect-error: a member of the discriminated union with the wrong fields
  await tools.annotate({ id, entry: { kind: "note", value: 1 } });
}
