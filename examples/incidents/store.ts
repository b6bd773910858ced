// The incident log: in the process's memory (one process serves it), seeded with two incidents.
export type Severity = "sev1" | "sev2" | "sev3";

export interface Incident {
  id: string;
  title: string;
  severity: Severity;
  status: "open" | "resolved";
  openedAt: string;
  resolution?: string;
}

export const incidents = new Map<string, Incident>();
let last = 0;

export function openIncident(title: string, severity: Severity): Incident {
  const incident: Incident = { id: `INC-${++last}`, title, severity, status: "open", openedAt: new Date().toISOString() };
  incidents.set(incident.id, incident);
  return incident;
}

openIncident("Checkout latency above 2 s", "sev2");
openIncident("Database primary unreachable", "sev1");
