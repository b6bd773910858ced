// The options every revision's createServer takes: the server's own facts and the registry's
// definitions. Above both server/types.ts and server/registry.ts, so neither imports the other.
import type { RegistryOptions } from "./registry.js";
import type { ServerExtension } from "./extension.js";
import type { Middleware } from "./middleware.js";
import type { TracingOption } from "../shared/tracing.js";
import type { JsonObject, RuntimeHandler } from "./types.js";

export interface ServerOptionsBase extends RegistryOptions {
  serverInfo: JsonObject;
  /** What the server declares; with definitions, merged over what they stand for (tools, resources, prompts, completions). */
  capabilities?: JsonObject | undefined;
  instructions?: string | undefined;
  /** Raw handlers, beside the definitions (a method both claim is an error). */
  handlers?: Record<string, RuntimeHandler | undefined> | undefined;
  /** Secret that seals `requestState` (≥ 32 bytes); without it (or with "") a random key per process (state then dies with it). */
  stateSecret?: string | Uint8Array | undefined;
  /** How long a sealed requestState stays valid (ms, default 10 minutes). */
  stateTtlMs?: number | undefined;
  /** Validate handler results against the revision's schemas before sending (default true). */
  validateResults?: boolean | undefined;
  /** Cache hints for `server/discover` (default ttlMs 0, private). */
  discoverCache?: { ttlMs: number; cacheScope: "public" | "private" } | undefined;
  /** The most `resources/subscribe` URIs one session holds at once, and the most `resourceSubscriptions` one `subscriptions/listen` names (default 100): one more gets -32602. */
  maxSubscriptions?: number | undefined;
  /** The longest URI `resources/subscribe` or a `subscriptions/listen` stream takes, in characters (default 2,048): a longer one gets -32602. */
  maxSubscriptionUriLength?: number | undefined;
  /**
   * The most `subscriptions/listen` streams one caller holds open at once in this process
   * (default 100): one more gets -32000 (HTTP 429). A caller is the request's principal (with
   * the fetch handler's `auth`, the token's subject and client); every caller without one counts as one.
   */
  maxListenStreams?: number | undefined;
  /** Rounds of input a session runs before giving up (default 8). */
  maxInputRounds?: number | undefined;
  /** Around every request a handler answers, the first outermost, inside validation, scopes and sealing (middleware.ts). */
  middleware?: readonly Middleware[] | undefined;
  /**
   * OpenTelemetry spans and duration metrics per request, after the MCP semantic conventions
   * (shared/tracing.ts): `true` uses `@opentelemetry/api`'s global providers, an object the
   * providers it gives. The API is imported only then (an optional peer).
   */
  tracing?: TracingOption;
  /** The extensions served (SEP-2133): each declares its capability, answers its methods, and may widen core results. */
  extensions?: readonly ServerExtension[] | undefined;
  /** Internal errors (handler exceptions, invalid results): the client only sees -32603. Default: stderr. */
  onError?: ((error: unknown, context: { method?: string | undefined }) => void) | undefined;
}
