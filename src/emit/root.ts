import { protocolVersionOf } from "../model/derive.js";
import { deriveServerFacts, deriveSurface } from "../model/surface.js";
import type { SchemaModel } from "../model/types.js";
import type { OutputFile } from "./common.js";

export interface RootUnit {
  /** The revision's folder under the output root. */
  dir: string;
  model: SchemaModel;
}

/** A TypeScript identifier for a revision folder (`2026-07-28` → `v2026_07_28`). */
export function namespaceOf(dir: string): string {
  const safe = dir.replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[A-Za-z_$]/.test(safe) ? safe : `v${safe}`;
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

/** The data of templates/root-*.hbs: revision folders, their namespaces, the handler revision. */
export function rootView(units: RootUnit[]): { revisions: Array<{ dir: string; ns: string }>; handlers: string } {
  return { revisions: units.map((u) => ({ dir: u.dir, ns: namespaceOf(u.dir) })), handlers: handlerRevision(units).dir };
}

export type RootFiles = (units: RootUnit[]) => OutputFile[];
