import { protocolVersionOf } from "../model/derive.js";
import { deriveServerFacts, deriveSurface } from "../model/surface.js";
import type { SchemaModel } from "../model/types.js";
import { clientView } from "./client.js";

/** One generated revision as the root files see it: its folder and its model. */
export interface RootUnit {
  /** The revision's folder under the output root. */
  dir: string;
  model: SchemaModel;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Names the root modules export themselves: a revision folder so named gets the `v` prefix. */
const ROOT_NAMES = new Set(["connect", "ConnectedClient", "ConnectedCommon", "ConnectedMethod", "ConnectedParams", "ConnectedResult", "ConnectedPagedMethod", "ConnectedPageItem", "ConnectOptions", "ConnectHandlers", "CLIENT_REVISIONS", "createServer", "REVISIONS", "RequestContext", "ServerOptions", "McpServer", "serveStdio", "toFetchHandler", "toNodeListener", "FetchHandlerOptions"]);

/** The namespace a revision's folder is re-exported under: the folder name, else `v` + it (`v2026_07_28`). */
export function namespaceOf(dir: string): string {
  return IDENTIFIER.test(dir) && !ROOT_NAMES.has(dir) ? dir : `v${dir.replace(/[^A-Za-z0-9_$]/g, "_")}`;
}

/**
 * The revision whose handler types a multi-revision server uses: the newest stateless one (its
 * MRTR-style handlers serve legacy sessions too), else the newest of all.
 */
export function handlerRevision(units: RootUnit[]): RootUnit {
  const ranked = units.map((unit) => ({
    unit,
    stateless: deriveServerFacts(unit.model, deriveSurface(unit.model)).era === "stateless" ? 1 : 0,
    version: protocolVersionOf(unit.model) ?? "",
  }));
  ranked.sort((a, b) => b.stateless - a.stateless || (a.version < b.version ? 1 : a.version > b.version ? -1 : 0));
  return ranked[0]!.unit;
}

/** The data of templates/root-server.ts.hbs and root-index.ts.hbs: revision folders, their namespaces, the handler revision. */
export function rootView(units: RootUnit[]): { revisions: Array<{ dir: string; ns: string }>; handlers: string } {
  return { revisions: units.map((u) => ({ dir: u.dir, ns: namespaceOf(u.dir) })), handlers: handlerRevision(units).dir };
}

/** The view of connect.ts: each revision's folder, its import alias and protocol version. */
export function connectView(units: RootUnit[]): { revisions: Array<{ dir: string; alias: string; protocolVersion: string; last: boolean }> } {
  return {
    revisions: units.map((unit, i) => ({ dir: unit.dir, alias: `r${i}`, protocolVersion: clientView(unit.model).protocolVersion, last: i === units.length - 1 })),
  };
}
