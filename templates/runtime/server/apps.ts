// MCP Apps (io.modelcontextprotocol/ui, spec 2026-01-26): `uiResource` makes a view (an HTML
// resource served as text/html;profile=mcp-app, its `_meta.ui` from its options) that
// `tool(…, { ui })` links to by value, and `apps()` is the extension as createServer takes it:
// it declares the capability in both eras and gives a client that did not declare the extension
// the core protocol's tools (no `_meta.ui`, no tools only an app may call), as SEP-2133's graceful
// degradation asks; such a client's `tools/call` of an app-only tool is refused with -32021 naming
// the extension (the spec: an app-only tool is not callable by the agent; SEP-2133: a server that
// needs an extension the client did not declare says so with -32021). The extension has no methods
// of its own on the server's side: everything between a view and its host travels over postMessage.
import { isObject, type JsonObject } from "../shared/messages.js";
import { declaredExtensions, missingExtension, type ExtensionCall, type ExtensionHost, type ExtensionSchema, type ServerExtension } from "./extension.js";
import { resource, type DefinitionContext, type ResourceDefinition } from "./define.js";
import { LEGACY_URI_KEY, UI_EXTENSION_ID, UI_MIME_TYPE, UI_VIEW } from "./ui-view.js";

export { LEGACY_URI_KEY, UI_EXTENSION_ID, UI_MIME_TYPE, type AppVisibility } from "./ui-view.js";

/** A UI resource, as `uiResource` returns it: the only value `tool(…, { ui })` takes. */
export interface UiView<U extends string = string> extends ResourceDefinition {
  readonly uri: U;
  readonly [UI_VIEW]: true;
}

/** The origins a view may reach (the host builds its Content-Security-Policy from them). */
export interface UiCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** The browser permissions a view asks for (the host may refuse them). */
export interface UiPermissions {
  camera?: {};
  microphone?: {};
  geolocation?: {};
  clipboardWrite?: {};
}

export interface UiResourceOptions {
  name: string;
  title?: string;
  description?: string;
  csp?: UiCsp;
  permissions?: UiPermissions;
  /** The dedicated origin the host should give the view, in the host's own format. */
  domain?: string;
  /** Whether the view wants the host's border and background around it. */
  prefersBorder?: boolean;
  /** OAuth scopes a read needs (as on every factory). */
  scopes?: readonly string[];
}

const UI_META_KEYS = ["csp", "permissions", "domain", "prefersBorder"] as const;

/**
 * A view: `read` returns the page's HTML; it is served with the MIME type, and `_meta.ui` (csp,
 * permissions, domain, prefersBorder) on both the `resources/list` entry and the read content,
 * where hosts look first.
 */
export function uiResource<const U extends string>(uri: U, options: UiResourceOptions, read: (ctx: DefinitionContext) => string | Promise<string>): UiView<U> {
  if (typeof uri !== "string" || !uri.startsWith("ui://")) throw new TypeError(`uiResource ${JSON.stringify(uri)}: a view's URI must use the ui:// scheme`);
  if (typeof read !== "function") throw new TypeError(`uiResource ${JSON.stringify(uri)}: read must be a function returning the page's HTML`);
  const ui: JsonObject = {};
  for (const key of UI_META_KEYS) if (options[key] !== undefined) ui[key] = options[key] as JsonObject[string];
  const meta = Object.keys(ui).length ? { _meta: { ui } } : {};
  const { name, title, description, scopes } = options;
  const config = { name, ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), mimeType: UI_MIME_TYPE, ...meta, ...(scopes ? { scopes } : {}) };
  const served = resource(uri, config, async (ctx) => {
    const html = await read(ctx);
    if (typeof html !== "string") throw new TypeError(`uiResource ${JSON.stringify(uri)}: read returned ${typeof html}, not the page's HTML`);
    return { contents: [{ uri, mimeType: UI_MIME_TYPE, text: html, ...meta }] };
  });
  return Object.freeze({ ...served, uri, [UI_VIEW]: true as const });
}

/** The extension without a generated schema: its id, no methods of its own (the generated EXTENSION object fits here too). */
export const APPS_SCHEMA: ExtensionSchema = { id: UI_EXTENSION_ID, methods: {} };

export interface AppsOptions {
  /** What the server declares under `capabilities.extensions["io.modelcontextprotocol/ui"]` (default {}). */
  capability?: JsonObject;
}

/** MCP Apps for createServer's `extensions`: declared in both eras; tools/list degrades for a client without it. */
export function apps(schema: ExtensionSchema = APPS_SCHEMA, options: AppsOptions = {}): ServerExtension {
  if (schema.id !== UI_EXTENSION_ID) throw new TypeError(`apps(): the schema is ${JSON.stringify(schema.id)}, not ${UI_EXTENSION_ID}`);
  let host: ExtensionHost | undefined;
  return {
    schema,
    capability: options.capability ?? {},
    eras: ["stateless", "session"],
    attach(attached) {
      host = attached;
    },
    around: {
      "tools/call": async (params, _ctx, next, call) => {
        const name = params["name"];
        if (typeof name === "string" && !rendersApps(call) && appOnly(host?.tool(name)?.info)) throw missingExtension(UI_EXTENSION_ID, `the app-only tool ${JSON.stringify(name)}`);
        return next();
      },
      "tools/list": async (_params, _ctx, next, call) => {
        const result = await next();
        return rendersApps(call) || !isObject(result) || !Array.isArray(result["tools"]) ? result : { ...result, tools: result["tools"].flatMap(coreTool) };
      },
    },
  };
}

/** Whether the caller renders views: it declared the extension, with the MIME type if it lists any. */
export function rendersApps(call: Pick<ExtensionCall, "client">): boolean {
  const declared = declaredExtensions(call.client)[UI_EXTENSION_ID];
  if (!isObject(declared)) return false;
  const types = declared["mimeTypes"];
  return !Array.isArray(types) || types.includes(UI_MIME_TYPE);
}

/** Whether a tool's listing says only an app may call it (`_meta.ui.visibility` without "model"). */
function appOnly(tool: JsonObject | undefined): boolean {
  const ui = isObject(tool?.["_meta"]) ? tool["_meta"]["ui"] : undefined;
  return isObject(ui) && Array.isArray(ui["visibility"]) && !ui["visibility"].includes("model");
}

/** A tool as a client without the extension gets it: no app metadata; none at all when only an app may call it. */
function coreTool(tool: unknown): unknown[] {
  if (!isObject(tool) || !isObject(tool["_meta"])) return [tool];
  if (appOnly(tool)) return [];
  const { ui: _ui, [LEGACY_URI_KEY]: _legacy, ...rest } = tool["_meta"];
  const { _meta: _dropped, ...core } = tool;
  return [Object.keys(rest).length ? { ...core, _meta: rest } : core];
}
