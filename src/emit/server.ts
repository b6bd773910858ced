import { protocolVersionOf } from "../model/derive.js";
import { deriveServerFacts, type Surface } from "../model/surface.js";
import type { SchemaModel } from "../model/types.js";
import { servingParty } from "./methods.js";

export interface ServerView {
  version: string;
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
export function serverView(model: SchemaModel, surface: Surface): ServerView {
  const facts = deriveServerFacts(model, surface);
  const input = surface.groups.filter((g) => g.kind === "request" && !g.party).flatMap((g) => g.methods);
  const t = facts.types;
  return {
    version: JSON.stringify(protocolVersionOf(model) ?? model.source.revision ?? "unknown"),
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
