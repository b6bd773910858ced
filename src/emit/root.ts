import { clientView } from "./client.js";
import type { SchemaModel } from "../model/types.js";

/** One generated revision as the root files see it: its folder and its model. */
export interface RootUnit {
  dir: string;
  model: SchemaModel;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const TAKEN = new Set(["connect", "ConnectedClient", "ConnectOptions", "ConnectHandlers", "CLIENT_REVISIONS"]);

/** The namespace a revision's folder is re-exported under: the folder name, else `v` + it (`v2026_07_28`). */
export function namespaceOf(dir: string): string {
  return IDENTIFIER.test(dir) && !TAKEN.has(dir) ? dir : `v${dir.replace(/[^A-Za-z0-9_$]/g, "_")}`;
}

/** The view of connect.ts: each revision's folder, its import alias and protocol version. */
export function connectView(units: RootUnit[]): { revisions: Array<{ dir: string; alias: string; protocolVersion: string; last: boolean }> } {
  return {
    revisions: units.map((unit, i) => ({ dir: unit.dir, alias: `r${i}`, protocolVersion: clientView(unit.model).protocolVersion, last: i === units.length - 1 })),
  };
}

/** The view of the root index.ts: every revision as a namespace, plus each root module. */
export function rootIndexView(units: RootUnit[], modules: string[]): { namespaces: Array<{ name: string; dir: string }>; modules: string[] } {
  return { namespaces: units.map((unit) => ({ name: namespaceOf(unit.dir), dir: unit.dir })), modules };
}
