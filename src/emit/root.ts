import type { Facts } from "../model/analyze.js";
import { clientView } from "./client.js";
import type { EmitOptions, OutputFile } from "./common.js";
import type { Emitter } from "./contract.js";
import { emitContext } from "./render.js";

/** One generated revision as the root files see it: its folder and the analysis of its model. */
export interface RootUnit {
  /** The revision's folder under the output root. */
  dir: string;
  facts: Facts;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Names the root modules export themselves: a revision folder so named gets the `v` prefix. */
const ROOT_NAMES = new Set(["connect", "ConnectedClient", "ConnectedCommon", "ConnectedMethod", "ConnectedParams", "ConnectedResult", "ConnectedPagedMethod", "ConnectedPageItem", "ConnectOptions", "ConnectHandlers", "CLIENT_REVISIONS", "createServer", "REVISIONS", "RequestContext", "ServerOptions", "McpServer", "serveStdio", "toFetchHandler", "toNodeListener", "FetchHandlerOptions", "connectInProcess", "inProcessFetch", "inProcessUrl", "InProcessOptions"]);

/** The namespace a revision's folder is re-exported under: the folder name, else `v` + it (`v2026_07_28`). */
export function namespaceOf(dir: string): string {
  return IDENTIFIER.test(dir) && !ROOT_NAMES.has(dir) ? dir : `v${dir.replace(/[^A-Za-z0-9_$]/g, "_")}`;
}

/**
 * The revision whose handler types a multi-revision server uses: the newest stateless one (its
 * MRTR-style handlers serve sessions too), else the newest of all.
 */
export function handlerRevision(units: readonly RootUnit[]): RootUnit {
  const ranked = units.map((unit) => ({
    unit,
    stateless: unit.facts.server.era === "stateless" ? 1 : 0,
    version: unit.facts.protocolVersion ?? "",
  }));
  ranked.sort((a, b) => b.stateless - a.stateless || (a.version < b.version ? 1 : a.version > b.version ? -1 : 0));
  return ranked[0]!.unit;
}

/** The data of templates/root-server.ts.hbs and root-index.ts.hbs: revision folders, their namespaces, the handler revision. */
export function rootView(units: readonly RootUnit[]): { revisions: Array<{ dir: string; ns: string }>; handlers: string } {
  return { revisions: units.map((u) => ({ dir: u.dir, ns: namespaceOf(u.dir) })), handlers: handlerRevision(units).dir };
}

/** The view of connect.ts: each revision's folder, its import alias and protocol version. */
export function connectView(units: readonly RootUnit[]): { revisions: Array<{ dir: string; alias: string; protocolVersion: string; last: boolean }> } {
  return {
    revisions: units.map((unit, i) => ({ dir: unit.dir, alias: `r${i}`, protocolVersion: clientView(unit.facts).protocolVersion, last: i === units.length - 1 })),
  };
}

/**
 * Files at the root of a multi-revision output, spanning the revisions: `server.ts` (one server
 * for all of them), `connect.ts` (a client that picks the revision the server speaks),
 * `in-process.ts` (that client wired to a server in this process, for tests) and
 * `index.ts` (each revision as a namespace, the handler revision's names, the root modules).
 */
const emitRootFiles: Emitter<readonly RootUnit[]> = (units, { render }) => {
  const view = rootView(units);
  const modules = [
    { name: "server", content: render("root-server.ts", view) },
    { name: "connect", content: render("connect.ts", connectView(units)) },
    { name: "in-process", content: render("root-in-process.ts", view) },
  ];
  return [
    ...modules.map((m) => ({ path: `${m.name}.ts`, content: m.content })),
    // server.ts's and in-process.ts's names are exported by name in the template (they shadow the handler revision's).
    { path: "index.ts", content: render("root-index.ts", { ...view, modules: modules.filter((m) => m.name === "connect").map((m) => m.name) }) },
  ];
};

/** The root files of the revisions `units`, with a header naming them. */
export function emitRoot(units: readonly RootUnit[], options: EmitOptions): OutputFile[] {
  const source = `MCP schema revisions ${units.map((u) => u.dir).join(", ")}`;
  return emitRootFiles(units, emitContext({ generatorVersion: options.generatorVersion, runtimeImport: "./runtime", source }));
}
