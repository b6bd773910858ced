// The client's side of the extension contract (SEP-2133), the mirror of the server's: an extension
// is its generated EXTENSION object (id, method rows, the results that widen core results, its
// capability's validator) plus what the client does with it. The client declares it under
// `capabilities.extensions[id]` (in each request's `_meta` from 2026-07-28, in initialize before),
// validates its own methods' results with its rows, sends the `Mcp-Name` its methods need, and
// hands a core result it widened (a `resultType` of its own) to the extension, which settles it
// into the method's final result. The engine knows "extensions", never one of them by name.
import type { MethodSpec, Validator } from "./handlers.js";
import type { RequestOptions } from "./channel.js";

/** The generated `EXTENSION` object of `<out>/ext/<name>/index.ts`, as the client reads it. */
export interface ClientExtensionSchema {
  /** The extension identifier, e.g. `io.modelcontextprotocol/tasks`. */
  readonly id: string;
  /** Its METHODS table: rows shaped like the core's (kind, request, params, result). */
  readonly methods: object;
  /** Results that no method of its own answers: they widen core results (by type name). */
  readonly results?: Readonly<Record<string, Validator>>;
  /** The validator of its capability object. */
  readonly capability?: Validator;
}

/** A result type an extension adds to core methods: the `resultType` value, the methods, the schema's result name. */
export interface Widening {
  readonly resultType: string;
  readonly methods: readonly string[];
  readonly result: string;
}

/** What an extension uses of the client's engine (ClientCore has it; named here so that this module needs no import of it). */
export interface ExtensionEngine {
  readonly spec: { toError(error: { code: number; message: string; data?: unknown }): Error };
  readonly extensions: { readonly list: readonly ClientExtension[] };
  /** A request by method (an extension's own included), its result validated and settled. */
  call(method: string, params: unknown, options?: RequestOptions): Promise<unknown>;
  /** A request whose widened result comes back as it is (a task handle). */
  start(method: string, params: unknown, options?: RequestOptions): Promise<{ [key: string]: unknown }>;
  /** A final result obtained for `method`, held to the method's complete result. */
  finish(method: string, result: unknown): unknown;
  /** An `inputRequests` map answered with the client's handlers. */
  answerInputs(method: string, inputRequests: unknown, signal: AbortSignal): Promise<{ [key: string]: unknown }>;
}

/** What an extension is given to settle a widened result. */
export interface SettleCall {
  readonly method: string;
  /** The widened result, validated with its schema. */
  readonly result: { [key: string]: unknown };
  readonly core: ExtensionEngine;
  readonly options: RequestOptions;
}

/** One extension as a client takes it (`extensions: [...]` of createClient or connect). */
export interface ClientExtension {
  readonly schema: ClientExtensionSchema;
  /** What the client declares under `capabilities.extensions[id]` (default {}). */
  readonly capability?: { [key: string]: unknown } | undefined;
  /** The results it adds to core methods. */
  readonly widens?: readonly Widening[] | undefined;
  /** Turns a widened result into the method's final result (validated by the core as the method's complete result). */
  settle?(call: SettleCall): Promise<unknown>;
  /** The `Mcp-Name` header value a request of its methods must carry, if any. */
  routingName?(method: string, params: { [key: string]: unknown }): string | undefined;
}

/** The extensions of one client: checked once, looked up per request. */
export class ClientExtensions {
  readonly list: readonly ClientExtension[];

  constructor(list: readonly ClientExtension[] = []) {
    const ids = new Set<string>();
    for (const extension of list) {
      const id = extension?.schema?.id;
      if (typeof id !== "string" || !id.includes("/")) throw new TypeError(`createClient: an extension's schema must have an id like "vendor/name" (got ${JSON.stringify(id)})`);
      if (ids.has(id)) throw new TypeError(`createClient: extension ${id} is given twice`);
      ids.add(id);
      const checked = extension.schema.capability?.safeParse(extension.capability ?? {});
      if (checked && !checked.success) throw new TypeError(`createClient: extension ${id}: its capability does not fit the extension's schema`);
    }
    this.list = list;
  }

  /** `base` with `extensions` declaring each of them (none: unchanged). */
  capabilities(base: { [key: string]: unknown }): { [key: string]: unknown } {
    if (!this.list.length) return base;
    const given = base["extensions"];
    const extensions: { [key: string]: unknown } = given !== null && typeof given === "object" ? { ...(given as object) } : {};
    for (const e of this.list) extensions[e.schema.id] = e.capability ?? {};
    return { ...base, extensions };
  }

  /** The row of an extension's own method, if one has it. */
  method(method: string): MethodSpec | undefined {
    for (const e of this.list) if (Object.hasOwn(e.schema.methods, method)) return (e.schema.methods as Record<string, object>)[method] as MethodSpec;
    return undefined;
  }

  /** The extension that widens `method` with this `resultType`, and the validator of that result. */
  widening(method: string, resultType: unknown): { extension: ClientExtension; validator: Validator | undefined } | undefined {
    for (const extension of this.list) {
      const found = extension.widens?.find((w) => w.resultType === resultType && w.methods.includes(method));
      if (found) return { extension, validator: extension.schema.results && Object.hasOwn(extension.schema.results, found.result) ? extension.schema.results[found.result] : undefined };
    }
    return undefined;
  }

  routingName(method: string, params: { [key: string]: unknown }): string | undefined {
    for (const e of this.list) {
      const name = e.routingName?.(method, params);
      if (name !== undefined) return name;
    }
    return undefined;
  }
}

/** Where a generated client keeps its engine (for an extension's lower-level API, such as the tasks handles). */
export const CORE: unique symbol = Symbol.for("mcp-gen.client.core");

/** The engine of a generated client (or the engine itself). */
export function coreOf(client: object): ExtensionEngine {
  const core = (client as { [CORE]?: ExtensionEngine })[CORE];
  if (core) return core;
  if (typeof (client as { call?: unknown }).call === "function" && "spec" in client) return client as ExtensionEngine;
  throw new TypeError("expected a client made by a generated createClient() or connect()");
}
