import type { Facts } from "../model/analyze.js";
import { jsonSchemaDialectOf, objectBehind } from "../model/derive.js";
import type { Surface } from "../model/surface.js";
import type { Declaration } from "../model/types.js";
import type { Emitter } from "./contract.js";
import { servingParty } from "./methods.js";

export interface ServerView {
  version: string;
  /** The JSON Schema dialect of the revision's tool schemas (Zod's target name). */
  dialect: string;
  /** Per request method, its complete result's required keys (besides the filled ones) and declared keys, as code. */
  results: Array<{ key: string; required: string; known: string }>;
  /** The result keys the dispatcher fills, as a TS union (`never` when none). */
  filled: string;
  era: "stateless" | "session";
  initializeMethod: string | undefined;
  inputRequestMethods: string;
  /** The handler map type of the serving party, or a generic one when the schema has no parties. */
  handlers: string;
  types: Record<"clientCapabilities" | "clientInfo" | "serverCapabilities" | "serverInfo" | "inputRequests" | "inputResponses", string>;
}

/** The TS type of a derived declaration, or the runtime's generic shape when the revision has none. */
const typeOr = (name: string | undefined, fallback: string) => (name ? `T.${name}` : fallback);

/**
 * What server.ts binds for one revision: its version (the schema's date-shaped constant, else the
 * revision label), its era, the input request methods (request groups no party owns), and the
 * declarations that type the context and options.
 */
export function serverView({ model, surface, server: facts, protocolVersion, byName }: Facts): ServerView {
  const input = surface.groups.filter((g) => g.kind === "request" && !g.party).flatMap((g) => g.methods);
  const t = facts.types;
  return {
    version: JSON.stringify(protocolVersion ?? model.source.revision ?? "unknown"),
    dialect: jsonSchemaDialectOf(model),
    results: resultKeys(byName, surface),
    filled: surface.baseResult?.required.map((k) => JSON.stringify(k)).join(" | ") || "never",
    era: facts.era,
    initializeMethod: facts.initializeMethod && JSON.stringify(facts.initializeMethod),
    inputRequestMethods: `[${[...new Set(input)].map((m) => JSON.stringify(m)).join(", ")}]`,
    handlers: servingHandlers(surface),
    types: {
      clientCapabilities: typeOr(t.clientCapabilities, "Record<string, unknown>"),
      clientInfo: typeOr(t.clientInfo, "Record<string, unknown>"),
      serverCapabilities: typeOr(t.serverCapabilities, "Record<string, unknown>"),
      serverInfo: typeOr(t.serverInfo, "{ name: string; version: string }"),
      inputRequests: typeOr(t.inputRequests, "Record<string, { method: string; params?: unknown }>"),
      inputResponses: typeOr(t.inputResponses, "Record<string, unknown>"),
    },
  };
}

function servingHandlers(surface: Surface): string {
  const party = servingParty(surface);
  return party ? `M.${party.name}Handlers<RequestContext>` : "Record<string, (params: never, ctx: RequestContext) => unknown>";
}

/** The top-level keys of each request's complete result (what the registry fills, per revision). */
function resultKeys(byName: ReadonlyMap<string, Declaration>, surface: Surface): ServerView["results"] {
  const filled = new Set(surface.baseResult?.required ?? []);
  const list = (names: string[]) => names.map((n) => JSON.stringify(n)).join(", ");
  return surface.requests.flatMap((fact) => {
    const name = fact.complete ?? (fact.result?.kind === "declaration" ? fact.result.name : undefined);
    const shape = name ? objectBehind({ kind: "ref", name }, byName) : undefined;
    if (!shape) return [];
    const required = shape.properties.filter((p) => !p.optional && !filled.has(p.name)).map((p) => p.name);
    return [{ key: JSON.stringify(fact.method), required: list(required), known: list(shape.properties.map((p) => p.name)) }];
  });
}

/** server.ts: the revision's typed server, bound to its version, era and handler types. */
export const emitServer: Emitter = (facts, { render }) => {
  const data = { ...serverView(facts), typeImport: "" };
  const body = render("server.ts", data);
  return [{ path: "server.ts", content: render("server.ts", { ...data, typeImport: /\bT\./.test(body) ? `import type * as T from "./types.js";` : "" }) }];
};
