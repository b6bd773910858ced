// The registry: sugar over the dispatcher, not a second one. From what the author declared
// (define.ts) it makes the same handlers the raw API takes (the list methods with cursor
// pagination, tools/call, resources/read, prompts/get, completion/complete), the capabilities
// they stand for, and the result fields each revision requires besides what the registry
// produces (2026-07-28's ttlMs and cacheScope), filled from the server's `resultDefaults` and
// only where the serving revision has them. Items can be added and removed while it runs, and
// a client paging through a list meanwhile misses nothing (cursors name places: server/pages.ts).
import { callTool, complete, findResource, getPrompt, readResource } from "./registry-calls.js";
import { jsonSchemaOf, type JsonSchemaDialect } from "./elicit.js";
import { keyOf, type Definition, type DefinitionKind, type PromptDefinition, type ResourceDefinition, type ResourceTemplateDefinition, type ToolDefinition } from "./define.js";
import { page, type Listed } from "./pages.js";
import type { JsonObject, RevisionBinding, RuntimeHandler } from "./types.js";
import { MAX_URI_LENGTH } from "./uri-template.js";

export interface RegistryOptions {
  tools?: readonly ToolDefinition[] | undefined;
  resources?: readonly ResourceDefinition[] | undefined;
  resourceTemplates?: readonly ResourceTemplateDefinition[] | undefined;
  prompts?: readonly PromptDefinition[] | undefined;
  /** Items per page of the list methods (default 100). */
  pageSize?: number | undefined;
  /** Values of the result fields a revision requires and the registry does not produce (2026-07-28: ttlMs, cacheScope). */
  resultDefaults?: JsonObject | undefined;
}

/** What the registry needs of its server. */
export interface RegistryHost {
  bindings: readonly RevisionBinding[];
  /** Announces a changed list (and drops what the server cached of it). */
  changed(kind: "tools" | "resources" | "prompts"): void;
  report(error: unknown, method: string): void;
}

/** The list methods and the items key of each result. */
const LISTS = {
  "tools/list": { key: "tools" },
  "resources/list": { key: "resources" },
  "resources/templates/list": { key: "resourceTemplates" },
  "prompts/list": { key: "prompts" },
} as const;

/** What each kind of definition makes the registry answer. */
const METHODS_OF: Record<"tools" | "resources" | "prompts", readonly string[]> = {
  tools: ["tools/list", "tools/call"],
  resources: ["resources/list", "resources/templates/list", "resources/read"],
  prompts: ["prompts/list", "prompts/get"],
};
const FAMILY: Record<DefinitionKind, "tools" | "resources" | "prompts"> = { tool: "tools", resource: "resources", resourceTemplate: "resources", prompt: "prompts" };
/** The result keys the registry produces itself, per method it answers. */
const PRODUCED: Record<string, readonly string[]> = {
  "tools/list": ["tools"],
  "resources/list": ["resources"],
  "resources/templates/list": ["resourceTemplates"],
  "prompts/list": ["prompts"],
  "tools/call": ["content"],
  "resources/read": ["contents"],
  "prompts/get": ["messages"],
  "completion/complete": ["completion"],
};
export const COMPLETE_METHOD = "completion/complete";
/**
 * Where the author gives none: the conservative cache hints of 2026-07-28's CacheableResult (no
 * caching, private), the values server/discover answers with too and the official SDK fills.
 */
const CONSERVATIVE: JsonObject = { ttlMs: 0, cacheScope: "private" };

export class Registry {
  readonly #items: { [K in DefinitionKind]: Map<string, Extract<Definition, { kind: K }>> } = { tool: new Map(), resource: new Map(), resourceTemplate: new Map(), prompt: new Map() };
  readonly #families: Set<"tools" | "resources" | "prompts">;
  readonly #host: RegistryHost;
  readonly #pageSize: number;
  readonly #defaults: JsonObject;
  readonly #schemas = new WeakMap<ToolDefinition, Map<string, JsonObject>>();
  /** Each registered definition's sequence number: its place in the lists, which removals do not shift (server/pages.ts). */
  readonly #sequence = new WeakMap<Definition, number>();
  #added = 0;
  /** The views tools brought (a view may be registered by several tools and listed in `resources` too). */
  readonly #views = new WeakSet<Definition>();
  /** The methods this registry answers. */
  readonly methods: readonly string[];

  constructor(options: RegistryOptions, host: RegistryHost, raw: ReadonlySet<string>) {
    this.#host = host;
    this.#pageSize = options.pageSize ?? 100;
    this.#defaults = { ...CONSERVATIVE, ...options.resultDefaults };
    if (!(this.#pageSize >= 1)) throw new TypeError("pageSize must be at least 1");
    this.#families = new Set();
    if (options.tools) this.#families.add("tools");
    // A tool's MCP Apps view is a resource: served even when `resources` is not given.
    if (options.resources || options.resourceTemplates || options.tools?.some((t) => t.view)) this.#families.add("resources");
    if (options.prompts) this.#families.add("prompts");
    const claimed = [...this.#families].flatMap((f) => METHODS_OF[f]);
    // completion/complete is the registry's when prompts or templates are, unless the author answers it.
    const completes = (this.#families.has("prompts") || this.#families.has("resources")) && !raw.has(COMPLETE_METHOD);
    this.methods = completes ? [...claimed, COMPLETE_METHOD] : claimed;
    const clash = this.methods.filter((m) => raw.has(m));
    if (clash.length) throw new TypeError(`createServer: ${clash.join(", ")} ${clash.length > 1 ? "are" : "is"} answered both by raw handlers and by registered definitions; pick one`);
    this.#checkDefaults();
    this.add(...(options.tools ?? []), ...(options.resources ?? []), ...(options.resourceTemplates ?? []), ...(options.prompts ?? []));
  }

  /** The capabilities the registered kinds stand for. */
  capabilities(): JsonObject {
    const caps: JsonObject = {};
    for (const family of this.#families) caps[family] = { listChanged: true };
    if (this.methods.includes(COMPLETE_METHOD)) caps["completions"] = {};
    return caps;
  }

  /** The handlers of the methods the registry answers. */
  handlers(): Record<string, RuntimeHandler> {
    const handlers: Record<string, RuntimeHandler> = {};
    for (const method of this.methods) handlers[method] = (params, ctx) => this.#answer(method, (params ?? {}) as JsonObject, ctx as never);
    return handlers;
  }

  /** Adds definitions (replacing none: a second one with the same name is an error); announces the lists that changed. */
  add(...definitions: Definition[]): void {
    const changed = new Set<"tools" | "resources" | "prompts">();
    for (const definition of withViews(definitions)) {
      const family = FAMILY[definition.kind];
      if (!this.#families.has(family)) throw new TypeError(`cannot add ${definition.kind} ${JSON.stringify(keyOf(definition))}: the server was created without ${family} (pass ${family === "resources" ? "resources or resourceTemplates" : family}: [] to createServer)`);
      const items = this.#items[definition.kind] as Map<string, Definition>;
      if (definition.kind === "resource" && items.get(definition.uri) === definition && this.#views.has(definition)) continue; // a view in `ui` and in `resources` too
      if (items.has(keyOf(definition))) throw new TypeError(`${definition.kind} ${JSON.stringify(keyOf(definition))} is registered twice`);
      if (definition.kind !== "tool" && definition.kind !== "resource" && Object.keys(definition.complete).length && !this.methods.includes(COMPLETE_METHOD)) {
        throw new TypeError(`${definition.kind} ${JSON.stringify(keyOf(definition))} has completions, but completion/complete is answered by a raw handler`);
      }
      items.set(keyOf(definition), definition);
      if (definition.kind === "tool" && definition.view) this.#views.add(definition.view);
      this.#sequence.set(definition, this.#added++);
      changed.add(family);
    }
    for (const family of changed) this.#host.changed(family);
  }

  /** The tool registered under this name, if any. */
  tool(name: string): ToolDefinition | undefined {
    return this.#items.tool.get(name);
  }

  /** Removes a definition by kind and name (or URI); announces the change. False when there was none. */
  remove(kind: DefinitionKind, key: string): boolean {
    const removed = (this.#items[kind] as Map<string, Definition>).delete(key);
    if (removed) this.#host.changed(FAMILY[kind]);
    return removed;
  }

  /** A revision's required result fields besides the produced ones must all have a default (an error at startup). */
  #checkDefaults(): void {
    const missing = new Set<string>();
    for (const binding of this.#host.bindings) {
      for (const method of this.methods) {
        for (const key of binding.results?.[method]?.required ?? []) if (!PRODUCED[method]?.includes(key) && this.#defaults[key] === undefined) missing.add(`${key} (${binding.version} ${method})`);
      }
    }
    if (missing.size) throw new TypeError(`createServer: results need values the registry cannot make up; pass resultDefaults with ${[...missing].join(", ")}`);
  }

  #binding(version: string): RevisionBinding | undefined {
    return this.#host.bindings.find((b) => b.version === version);
  }

  /** The result with the serving revision's required fields filled (the item's own values first, then the server's). */
  finish(method: string, result: JsonObject, version: string, own: JsonObject = {}): JsonObject {
    for (const key of this.#binding(version)?.results?.[method]?.required ?? []) {
      if (result[key] !== undefined) continue;
      const value = own[key] ?? this.#defaults[key];
      if (value !== undefined) result[key] = value;
    }
    return result;
  }

  async #answer(method: string, params: JsonObject, ctx: { protocolVersion: string }): Promise<unknown> {
    const list = LISTS[method as keyof typeof LISTS];
    if (list) return this.finish(method, page(list.key, params["cursor"], await this.#listed(method, ctx), this.#pageSize), ctx.protocolVersion);
    const binding = this.#binding(ctx.protocolVersion);
    const era = binding?.era ?? "stateless";
    switch (method) {
      case "tools/call":
        return callTool(this.#items.tool.get(String(params["name"])), params, ctx as never, (error) => this.#host.report(error, method));
      case "resources/read":
        return readResource(this, this.#items.resource, this.#items.resourceTemplate, params, ctx as never, era);
      case "prompts/get":
        return getPrompt(this, this.#items.prompt.get(String(params["name"])), params, ctx as never);
      default:
        return complete(this.#items.prompt, this.#items.resourceTemplate, params, ctx as never);
    }
  }

  /**
   * The OAuth scopes a request needs: those its tool, prompt, resource or (first matching)
   * template declares, as `resources/read` would pick it; [] for every other method (the lists
   * show everything, so that a client sees what it would step up for).
   */
  scopesFor(method: unknown, params: JsonObject): readonly string[] {
    switch (method) {
      case "tools/call":
        return this.#items.tool.get(String(params["name"]))?.scopes ?? [];
      case "prompts/get":
        return this.#items.prompt.get(String(params["name"]))?.scopes ?? [];
      case "resources/read": {
        const uri = params["uri"];
        if (typeof uri !== "string" || uri.length > MAX_URI_LENGTH) return []; // refused by the read itself
        const found = findResource(this.#items.resource, this.#items.resourceTemplate, uri);
        return found === undefined ? [] : found.kind === "resource" ? found.scopes : found.template.scopes;
      }
      default:
        return [];
    }
  }

  /** Every item of a list, as the serving revision lists it, each at its place (static resources before the templates' listings). */
  async #listed(method: string, ctx: { protocolVersion: string }): Promise<Listed[]> {
    const dialect = this.#binding(ctx.protocolVersion)?.jsonSchemaDialect ?? "draft-2020-12";
    const placed = <D extends Definition>(items: Map<string, D>, listing: (d: D) => unknown, part: number[] = []): Listed[] => [...items.values()].map((d) => ({ at: [...part, this.#sequence.get(d)!], item: listing(d) }));
    switch (method) {
      case "tools/list":
        return placed(this.#items.tool, (t) => this.#toolListing(t, dialect));
      case "resources/templates/list":
        return placed(this.#items.resourceTemplate, (t) => ({ uriTemplate: t.uriTemplate, ...t.info }));
      case "prompts/list":
        return placed(this.#items.prompt, (p) => promptListing(p, dialect));
      default: {
        const templates = [...this.#items.resourceTemplate.values()];
        const dynamic = await Promise.all(templates.map(async (t) => (t.list ? await t.list(ctx as never) : [])));
        // A template's own listing is paged by index within it: the author's callback decides what it holds.
        const listed = templates.flatMap((t, i) => dynamic[i]!.map((item, index): Listed => ({ at: [1, this.#sequence.get(t)!, index], item })));
        return [...placed(this.#items.resource, (r) => ({ uri: r.uri, ...r.info }), [0]), ...listed];
      }
    }
  }

  #toolListing(tool: ToolDefinition, dialect: JsonSchemaDialect): JsonObject {
    let byDialect = this.#schemas.get(tool);
    if (!byDialect) this.#schemas.set(tool, (byDialect = new Map()));
    let listing = byDialect.get(dialect);
    if (!listing) {
      listing = { name: tool.name, ...tool.info, inputSchema: tool.inputSchema ?? toolSchema(tool.inputValidator, dialect, "input") };
      const output = tool.outputSchema ?? (tool.outputValidator && toolSchema(tool.outputValidator, dialect, "output"));
      if (output) listing["outputSchema"] = output;
      byDialect.set(dialect, listing);
    }
    return listing;
  }
}

/** A tool's schema as listed: a JSON Schema object in the revision's dialect (its default, so without `$schema`). */
function toolSchema(schema: object | undefined, dialect: JsonSchemaDialect, io: "input" | "output"): JsonObject {
  if (!schema) return { type: "object", properties: {}, additionalProperties: false };
  const json = jsonSchemaOf(schema, dialect, io);
  delete json["$schema"];
  return json;
}

function promptListing(prompt: PromptDefinition, dialect: JsonSchemaDialect): JsonObject {
  const listing: JsonObject = { name: prompt.name, ...prompt.info };
  if (!prompt.argsSchema) return listing;
  const schema = jsonSchemaOf(prompt.argsSchema, dialect, "input") as { properties?: Record<string, { description?: string; title?: string }>; required?: string[] };
  listing["arguments"] = Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    ...(field.title !== undefined ? { title: field.title } : {}),
    ...(field.description !== undefined ? { description: field.description } : {}),
    required: schema.required?.includes(name) ?? false,
  }));
  return listing;
}

/** The definitions, each tool's view (if any) right after it: a view registered once, the first time. */
function withViews(definitions: readonly Definition[]): Definition[] {
  return definitions.flatMap((d) => (d.kind === "tool" && d.view ? [d, d.view] : [d]));
}
