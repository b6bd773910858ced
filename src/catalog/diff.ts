// The diff of two catalogs, for a caller written against the older one. Tools, prompts, resources
// and templates present on one side only are told here; for those on both, the revision diff's
// engine compares the models: each entity is wrapped as a message the client sends (its
// arguments) answered by a result the server sends (a tool's structuredContent), so the engine's
// sender/receiver rules classify every change, and the report keeps the clients' side of it.
import { catalogModel, type CatalogModel, type Entity } from "./model.js";
import type { Catalog } from "./types.js";
import { renderCatalog } from "./snapshot.js";
import { hashText } from "../project.js";
import { byText } from "../model/order.js";
import type { Declaration, Property, SchemaModel, TypeNode } from "../model/types.js";
import { diffModels, summarise } from "../diff/compare.js";
import { withRules } from "../diff/rules.js";
import { code } from "../diff/text.js";
import type { Change, DiffReport, MethodRow } from "../diff/types.js";

const CLIENTS = "clients";
const NOWHERE = { file: "catalog.json", line: 1, column: 1 };

export function diffCatalogs(before: Catalog, after: Catalog): DiffReport {
  const sides = [catalogModel(before, "before", () => NOWHERE), catalogModel(after, "after", () => NOWHERE)] as const;
  const [old, now] = sides.map((side) => new Map(side.entities.map((e) => [e.label, e])));
  const common = [...old!.keys()].filter((label) => now!.has(label));
  const found: Change[] = [...presence(old!, now!), ...shapeChanges(sides[0], sides[1], common), ...descriptionChanges(old!, now!, common)];
  const changes = withRules(found.sort((a, b) => byText(a.group, b.group) || byText(a.kind, b.kind) || byText(a.path, b.path) || byText(a.summary, b.summary)));
  return { from: sideOf(before), to: sideOf(after), parties: [CLIENTS], summary: summarise(changes, [CLIENTS]), methods: rows(changes), changes };
}

function sideOf(catalog: Catalog): DiffReport["from"] {
  return { revision: `${catalog.server.name} ${catalog.server.version}`, sha256: hashText(renderCatalog(catalog)) };
}

function presence(old: Map<string, Entity>, now: Map<string, Entity>): Change[] {
  const entry = (e: Entity, removed: boolean): Change => ({
    kind: removed ? "message-removed" : "message-added",
    level: "wire",
    scope: "method",
    group: e.label,
    types: e.declarations.length ? e.declarations : [e.id],
    path: "",
    summary: `${e.kind} ${code(e.id)} ${removed ? "removed" : "added"}`,
    breaking: removed ? [CLIENTS] : [],
    reason: removed ? "callers of it break: the server no longer offers it" : "new: callers may use it",
  });
  return [...[...old.values()].filter((e) => !now.has(e.label)).map((e) => entry(e, true)), ...[...now.values()].filter((e) => !old.has(e.label)).map((e) => entry(e, false))];
}

/** The engine's changes on the wrapped models, told per entity, for clients. */
function shapeChanges(before: CatalogModel, after: CatalogModel, common: string[]): Change[] {
  const wrapped = [wrap(before, common), wrap(after, common)] as const;
  const owners = new Map([...wrapped[0].owners, ...wrapped[1].owners]);
  const report = diffModels(wrapped[0].model, wrapped[1].model);
  return report.changes.flatMap((change) => {
    const owner = change.types.map((t) => owners.get(t)).find((o) => o !== undefined);
    if (!owner) return [];
    const output = change.path === "structuredContent" && change.types.every((t) => t.endsWith("$Result"));
    const summary = output ? `output schema ${change.kind === "property-added" ? "added" : change.kind === "property-removed" ? "removed" : "changed"}` : change.summary;
    const types = change.types.filter((t) => !t.includes("$"));
    return [{ ...change, scope: "method" as const, group: owner, types: types.length ? types : [owner], summary, breaking: change.breaking.filter((p) => p === CLIENTS) }];
  });
}

const object = (properties: Property[]): TypeNode => ({ kind: "object", properties });
const property = (name: string, type: TypeNode): Property => ({ name, optional: false, type, doc: { text: "" } });
const literal = (value: string): TypeNode => ({ kind: "literal", value });

/**
 * The catalog's declarations of the common entities, each entity a message `W$<n>$Request` (its
 * arguments in params) in `ClientRequest` and a `W$<n>$Result` (a tool's structuredContent) in
 * `ServerResult`. The `$` keeps these names apart from any the front end gives.
 */
function wrap(side: CatalogModel, common: string[]): { model: SchemaModel; owners: Map<string, string> } {
  const byLabel = new Map(side.entities.map((e) => [e.label, e]));
  const owners = new Map<string, string>();
  const declarations: Declaration[] = [];
  const requests: TypeNode[] = [];
  const results: TypeNode[] = [];
  const declare = (name: string, type: TypeNode): void => {
    declarations.push({ kind: "alias", name, exported: true, doc: { text: "" }, location: NOWHERE, type });
  };
  common.forEach((label, i) => {
    const entity = byLabel.get(label)!;
    for (const name of entity.declarations) owners.set(name, label);
    const [request, result] = [`W$${i}$Request`, `W$${i}$Result`];
    owners.set(request, label).set(result, label);
    const params = [property(entity.kind === "resource" ? "uri" : "name", literal(entity.id)), ...(entity.args ? [property("arguments", { kind: "ref", name: entity.args })] : [])];
    declare(request, object([property("method", literal(`${entity.kind} ${entity.id}`)), property("params", object(params))]));
    declare(result, object(entity.output ? [property("structuredContent", { kind: "ref", name: entity.output })] : []));
    requests.push({ kind: "ref", name: request });
    results.push({ kind: "ref", name: result });
  });
  const owned = new Set(owners.keys());
  declarations.unshift(...side.model.declarations.filter((d) => owned.has(d.name)));
  const union = (members: TypeNode[]): TypeNode => (members.length === 1 ? members[0]! : members.length ? { kind: "union", members } : { kind: "unknown" });
  declare("ClientRequest", union(requests));
  declare("ServerResult", union(results));
  for (const group of ["ClientNotification", "ClientResult", "ServerNotification"]) declare(group, { kind: "unknown" });
  return { model: { ...side.model, declarations }, owners };
}

/** Descriptions, titles and annotations of entities, and descriptions of their top-level arguments: notes. */
function descriptionChanges(old: Map<string, Entity>, now: Map<string, Entity>, common: string[]): Change[] {
  const changes: Change[] = [];
  for (const label of common) {
    const [a, b] = [old.get(label)!, now.get(label)!];
    for (const key of ["description", "title", "annotations", "mimeType"]) {
      const [x, y] = [JSON.stringify(a.item[key]), JSON.stringify(b.item[key])];
      if (x !== y) changes.push(note(b, "", `${key} changed`, x, y));
    }
    for (const [name, before, after] of argumentDocs(a, b)) changes.push(note(b, name, `argument ${code(name)}: description changed`, before, after));
  }
  return changes;
}

function note(entity: Entity, path: string, summary: string, before: string | undefined, after: string | undefined): Change {
  return {
    kind: "description-changed",
    level: "type",
    scope: "method",
    group: entity.label,
    types: entity.args ? [entity.args] : [entity.id],
    path,
    summary,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    breaking: [],
    reason: "what a model reads changed; no call changes",
  };
}

/** Arguments on both sides whose description differs: [name, before, after]. */
function argumentDocs(a: Entity, b: Entity): Array<[string, string, string]> {
  const docs = (entity: Entity) => {
    const schema = entity.kind === "tool" ? entity.item["inputSchema"] : undefined;
    const properties = (schema as { properties?: Record<string, { description?: unknown }> } | undefined)?.properties;
    const list = entity.kind === "prompt" && Array.isArray(entity.item["arguments"]) ? (entity.item["arguments"] as Array<{ name?: unknown; description?: unknown }>) : [];
    const pairs: Array<[string, unknown]> = properties && typeof properties === "object" ? Object.entries(properties).map(([k, v]) => [k, v?.description]) : list.map((x) => [String(x.name), x.description]);
    return new Map(pairs.map(([k, v]) => [k, JSON.stringify(v ?? "")]));
  };
  const [before, after] = [docs(a), docs(b)];
  return [...before].filter(([name, text]) => after.has(name) && after.get(name) !== text).map(([name, text]) => [name, text, after.get(name)!]);
}


/** One row per entity added, removed or changed on the wire. */
function rows(changes: Change[]): MethodRow[] {
  const byGroup = new Map<string, MethodRow>();
  for (const change of changes.filter((c) => c.level === "wire")) {
    const status = change.kind === "message-added" ? "added" : change.kind === "message-removed" ? "removed" : "changed";
    const row = byGroup.get(change.group) ?? { method: change.group, kind: "request" as const, directions: { [CLIENTS]: status }, breaking: [] };
    if (status !== "changed") row.directions[CLIENTS] = status;
    row.breaking = [...new Set([...row.breaking, ...change.breaking])].sort(byText);
    byGroup.set(change.group, row);
  }
  return [...byGroup.values()].sort((a, b) => byText(a.method, b.method));
}
