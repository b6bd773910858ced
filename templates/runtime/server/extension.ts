// The extension contract (SEP-2133): one way every extension plugs into a server. An extension
// is its generated EXTENSION object (its id, its method rows, the results that widen core results,
// its capability's validator) plus what the runtime does with it: the capability it declares under
// `capabilities.extensions[id]`, handlers for its own methods (validated with its rows, refused with
// -32021 for a caller that did not declare it), middleware around core methods that may answer with
// a widened result, its own part of a `subscriptions/listen` filter, and the `Mcp-Name` source of
// its methods. The dispatcher knows "extensions", never one of them by name.
import { isObject, ProtocolError, type ClientFacts, type JsonObject, type JsonRpcNotification } from "../shared/messages.js";
import { META } from "../shared/protocol.js";
import type { ToolDefinition } from "./define.js";
import type { MethodInfo, RequestContext, RevisionBinding, Validator } from "./types.js";

/** The code of MissingRequiredClientCapabilityError (-32021). */
const MISSING_CLIENT_CAPABILITY = -32021;

/** The generated `EXTENSION` object of `<out>/ext/<name>/index.ts`, as the runtime reads it. */
export interface ExtensionSchema {
  /** The extension identifier, e.g. `io.modelcontextprotocol/tasks`. */
  readonly id: string;
  /** Its METHODS table: rows shaped like the core's (kind, sender, request, params, result). */
  readonly methods: object;
  /** Results that no method of its own answers: they widen core results (by type name). */
  readonly results?: Readonly<Record<string, Validator>>;
  /** The validator of its capability object. */
  readonly capability?: Validator;
}

export type Era = "stateless" | "session";

/** What an extension's code gets with each call it takes part in. */
export interface ExtensionCall {
  /** Whether the caller declared this extension: on this request (stateless) or for its session. */
  readonly declared: boolean;
  readonly client: ClientFacts;
  /** The revision the request is served with. */
  readonly binding: RevisionBinding;
  /** Throws -32021 with `data.requiredCapabilities.extensions[id]` unless the caller declared the extension. */
  require(): void;
  /** Marks `result` as the extension's widening result `name` (validated with it, not the core's); throws unless declared. */
  widen(name: string, result: JsonObject): JsonObject;
}

/** A handler of one of the extension's own request methods. */
export type ExtensionHandler = (params: JsonObject, ctx: RequestContext, call: ExtensionCall) => unknown;

/** Middleware around a core method's handler: `next(ctx)` runs the core handler (with another context if given). */
export type Around = (params: JsonObject, ctx: RequestContext, next: (ctx?: RequestContext) => Promise<unknown>, call: ExtensionCall) => Promise<unknown>;

/** An extension's part of a listen stream: what it acknowledges, and which of its notifications the stream gets. */
export interface ListenPart {
  acknowledged: JsonObject;
  wants(message: JsonRpcNotification): boolean;
}

/** What the server gives an extension once, when it is created. */
export interface ExtensionHost {
  readonly serverInfo: JsonObject;
  /** A registered tool by name (undefined without one, or without definitions). */
  tool(name: string): ToolDefinition | undefined;
  /** The revision served under this version. */
  binding(version: string): RevisionBinding | undefined;
  /** Sends one of the extension's notifications to the listen streams that want it (other replicas' too). */
  publish(message: JsonRpcNotification): void;
  /** Reports an internal error through the server's onError. */
  report(error: unknown, method: string): void;
}

/** One extension as createServer takes it (`extensions: [...]`). */
export interface ServerExtension {
  readonly schema: ExtensionSchema;
  /** What the server declares under `capabilities.extensions[id]` (default {}), checked with the schema's validator. */
  readonly capability?: JsonObject;
  /** The eras it is served in (default: stateless only). */
  readonly eras?: readonly Era[];
  /** Its own request methods; `gated` (default true): -32021 unless the caller declared the extension. */
  readonly methods?: Readonly<Record<string, { handle: ExtensionHandler; params?: Validator; gated?: boolean }>>;
  /** Middleware around core methods, by method. */
  readonly around?: Readonly<Record<string, Around>>;
  /** The `Mcp-Name` header value a request of its methods must carry, if any. */
  routingName?(method: string, params: JsonObject): string | undefined;
  /** Its part of a `subscriptions/listen` filter (undefined: it takes no part in this one). */
  listen?(requested: JsonObject, ctx: RequestContext, call: ExtensionCall): Promise<ListenPart | undefined> | ListenPart | undefined;
  /** Called once by createServer. */
  attach?(host: ExtensionHost): void;
}

/** An own method as the dispatcher answers it. */
export interface OwnMethod {
  extension: ServerExtension;
  info: MethodInfo;
  handle: ExtensionHandler;
  gated: boolean;
}

const WIDENED: unique symbol = Symbol("mcp-gen widened result");

/** The validator of a result an extension widened (undefined for any other result). */
export function widenedValidator(result: unknown): Validator | undefined {
  return isObject(result) ? (result as { [WIDENED]?: Validator })[WIDENED] : undefined;
}

/** The extensions a client declared (`capabilities.extensions`), by id. */
export function declaredExtensions(client: ClientFacts): JsonObject {
  const declared = client.capabilities["extensions"];
  return isObject(declared) ? declared : {};
}

/** The -32021 error that names a missing extension. */
export function missingExtension(id: string, what: string): ProtocolError {
  return new ProtocolError(MISSING_CLIENT_CAPABILITY, `Missing required client capability: ${what} needs the extension ${id}, which the request did not declare in _meta["${META.clientCapabilities}"].extensions`, { requiredCapabilities: { extensions: { [id]: {} } } }, 400);
}

/** Typed access to a `_meta` key: its value when it passes `validator` (or without one, when present). */
export function metaValue<T>(meta: JsonObject, key: string, validator?: Validator): T | undefined {
  if (!Object.hasOwn(meta, key)) return undefined;
  const value = meta[key];
  return validator && !validator.safeParse(value).success ? undefined : (value as T);
}

/** The extensions of one server: checked once at createServer, then looked up per request. */
export class ExtensionSet {
  readonly #list: readonly ServerExtension[];
  readonly #own = new Map<string, Map<Era, OwnMethod>>();

  constructor(extensions: readonly ServerExtension[]) {
    this.#list = extensions;
    const ids = new Set<string>();
    for (const extension of extensions) {
      const id = extension.schema?.id;
      if (typeof id !== "string" || !id.includes("/")) throw new TypeError(`createServer: an extension's schema must have an id like "vendor/name" (got ${JSON.stringify(id)})`);
      if (ids.has(id)) throw new TypeError(`createServer: extension ${id} is given twice`);
      ids.add(id);
      const checked = extension.schema.capability?.safeParse(extension.capability ?? {});
      if (checked && !checked.success) throw new TypeError(`createServer: extension ${id}: its capability does not fit the extension's schema (${(checked.error?.issues ?? []).map((i) => i.message).join("; ")})`);
      for (const [method, own] of Object.entries(extension.methods ?? {})) this.#addOwn(extension, method, own);
    }
  }

  #addOwn(extension: ServerExtension, method: string, own: { handle: ExtensionHandler; params?: Validator; gated?: boolean }): void {
    const id = extension.schema.id;
    const row = (Object.hasOwn(extension.schema.methods, method) ? (extension.schema.methods as Record<string, object>)[method] : undefined) as MethodInfo | undefined;
    if (!row || row.kind !== "request" || !row.sender.includes("client")) throw new TypeError(`createServer: extension ${id} answers ${method}, which is not a client request of its schema`);
    const info: MethodInfo = own.params ? { ...row, request: paramsOnly(own.params) } : row;
    for (const era of extension.eras ?? ["stateless"]) {
      const byEra = this.#own.get(method) ?? new Map<Era, OwnMethod>();
      if (byEra.has(era)) throw new TypeError(`createServer: ${method} is answered by two extensions`);
      byEra.set(era, { extension, info, handle: own.handle, gated: own.gated ?? true });
      this.#own.set(method, byEra);
    }
  }

  get size(): number {
    return this.#list.length;
  }

  /** The capabilities with `extensions` holding every extension served in this era (none: unchanged). */
  capabilities(base: JsonObject, era: Era): JsonObject {
    const served = this.#list.filter((e) => (e.eras ?? ["stateless"]).includes(era));
    if (!served.length) return base;
    const extensions: JsonObject = { ...(isObject(base["extensions"]) ? base["extensions"] : {}) };
    for (const e of served) extensions[e.schema.id] = e.capability ?? {};
    return { ...base, extensions };
  }

  /** The extension method a request names in this era, if any. */
  own(method: string, era: Era): OwnMethod | undefined {
    return this.#own.get(method)?.get(era);
  }

  /** The middleware around a core method, in the order the extensions were given. */
  around(method: string, era: Era): Array<{ extension: ServerExtension; around: Around }> {
    return this.#list.flatMap((extension) => ((extension.eras ?? ["stateless"]).includes(era) && extension.around && Object.hasOwn(extension.around, method) ? [{ extension, around: extension.around[method]! }] : []));
  }

  /** The `Mcp-Name` source of an extension method's request (undefined: none). */
  routingName(method: string, params: JsonObject): string | undefined {
    for (const extension of this.#list) {
      const name = extension.routingName?.(method, params);
      if (name !== undefined) return name;
    }
    return undefined;
  }

  /** The extensions taking part in listen streams of this era. */
  listeners(era: Era): ServerExtension[] {
    return this.#list.filter((e) => e.listen && (e.eras ?? ["stateless"]).includes(era));
  }

  attach(host: ExtensionHost): void {
    for (const extension of this.#list) extension.attach?.(host);
  }
}

/** A params validator as a request validator (the message's `params` checked). */
function paramsOnly(params: Validator): Validator {
  return {
    safeParse(message: unknown) {
      const checked = params.safeParse(isObject(message) ? (message["params"] ?? {}) : undefined);
      return checked.success ? { success: true } : { success: false, error: { issues: (checked.error?.issues ?? []).map((i) => ({ ...i, path: ["params", ...i.path] })) } };
    },
  };
}

/** The call an extension's code gets for one request. */
export function extensionCall(extension: ServerExtension, client: ClientFacts, binding: RevisionBinding, what: string): ExtensionCall {
  const id = extension.schema.id;
  const declared = isObject(declaredExtensions(client)[id]);
  return {
    declared,
    client,
    binding,
    require: () => {
      if (!declared) throw missingExtension(id, what);
    },
    widen: (name, result) => {
      if (!declared) throw new TypeError(`extension ${id} widened ${what} for a caller that did not declare it`);
      const validator = extension.schema.results && Object.hasOwn(extension.schema.results, name) ? extension.schema.results[name] : undefined;
      if (!validator) throw new TypeError(`extension ${id} has no result ${name} to widen ${what} with`);
      Object.defineProperty(result, WIDENED, { value: validator, enumerable: false });
      return result;
    },
  };
}
