// The runtime's options of a client (a generated client.ts types them per revision), apart from
// the engine that reads them (core.ts).
import type { CacheOptions } from "./cache.js";
import type { ClientMiddleware } from "./middleware.js";
import type { ClientExtension } from "./extension.js";
import type { HandlerTable } from "./handlers.js";
import type { JsonRpcNotification } from "../shared/jsonrpc.js";
import type { TracingOption } from "../shared/tracing.js";

/** A tool dropped from tools/list because its `x-mcp-header` annotations are invalid. */
export interface RejectedTool {
  name: string;
  reason: string;
}

/** The runtime's view of the options of a generated client (which types them per revision). */
export interface CoreOptions {
  clientInfo: { name: string; version: string; [key: string]: unknown };
  capabilities?: { [key: string]: unknown } | undefined;
  handlers?: HandlerTable | undefined;
  timeoutMs?: number | undefined;
  maxInputRounds?: number | undefined;
  /** The most input requests answered in one input_required round (default 16). */
  maxInputRequests?: number | undefined;
  /** The longest a request may run, however often progress restarts its timeout (default 10 minutes; 0: no bound). */
  maxTotalTimeoutMs?: number | undefined;
  maxPages?: number | undefined;
  /** Send this protocol version instead of the revision's own (tests, forward compatibility). */
  protocolVersion?: string | undefined;
  /** Retry once with a version from `-32022`'s `data.supported` that this client speaks (default true). */
  retryOnUnsupportedVersion?: boolean | undefined;
  /** Session-era: the versions an initialize result may name (default: the revision's own). */
  acceptVersions?: readonly string[] | undefined;
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined;
  onRejectedTool?: ((tool: RejectedTool) => void) | undefined;
  onWarning?: ((message: string, cause?: unknown) => void) | undefined;
  /** Reuse results that carry caching hints (`ttlMs`, `cacheScope`) for their TTL (cache.ts). */
  cache?: CacheOptions | boolean | undefined;
  /** Around every request sent (not those answered from the cache), the first outermost (middleware.ts). */
  middleware?: readonly ClientMiddleware[] | undefined;
  /** Extensions (SEP-2133) the client declares and whose widened results it accepts (extension.ts; Tasks: `clientTasks`). */
  extensions?: readonly ClientExtension[] | undefined;
  /** OpenTelemetry spans and duration metrics per request sent, trace context in `_meta` (shared/tracing.ts): `true` (global providers) or the providers to use. */
  tracing?: TracingOption;
}
