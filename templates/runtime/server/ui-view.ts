// MCP Apps (io.modelcontextprotocol/ui) as the tool factory sees it: what a UI view is, and the
// `_meta` an app tool is listed with. Kept apart from apps.ts so that define.ts can read it
// without importing the factory that builds views on top of define.ts. The types are our own,
// written from the extension's 2026-01-26 schema; the generated ones replace them once the
// generator emits extensions.
import type { JsonObject } from "./types.js";

/** The extension identifier. */
export const UI_EXTENSION_ID = "io.modelcontextprotocol/ui";
/** The MIME type a UI resource is served as. */
export const UI_MIME_TYPE = "text/html;profile=mcp-app";
/** The flat `_meta` key older hosts read the view's URI from (ext-apps still writes it beside `_meta.ui`). */
export const LEGACY_URI_KEY = "ui/resourceUri";

/**
 * Marks a resource made by `uiResource`. A unique symbol: each generated output has its own, so a
 * view made by another output's runtime (another server's) is a different type, and `tool(…, { ui })`
 * refuses it at compile time as it refuses a plain resource.
 */
export const UI_VIEW: unique symbol = Symbol("mcp-gen ui view") as never;

/** Who may call an app tool: the model, the app (the view of this server), or both (the default). */
export type AppVisibility = "model" | "app";

/** What the tool factory reads of a view (apps.ts's UiView is the whole resource definition). */
export interface ViewMark {
  readonly kind: "resource";
  readonly uri: string;
  readonly [UI_VIEW]: true;
}

/** The app fields of a tool's config (they are listed under `_meta.ui`, not as fields of the tool). */
export interface AppToolFields {
  /** The view the host renders for this tool's results (`_meta.ui.resourceUri`). */
  ui?: ViewMark;
  /** Who may call the tool (`_meta.ui.visibility`; default both). */
  visibility?: readonly AppVisibility[];
}

export function isUiView(value: unknown): value is ViewMark {
  return typeof value === "object" && value !== null && (value as { [UI_VIEW]?: unknown })[UI_VIEW] === true;
}

const VISIBILITY: ReadonlySet<unknown> = new Set<AppVisibility>(["model", "app"]);

/** The tool's `_meta` with its app fields folded in (undefined when it has none and no `_meta`). */
export function appToolMeta(what: string, fields: AppToolFields, meta: JsonObject | undefined): JsonObject | undefined {
  const { ui, visibility } = fields;
  if (ui === undefined && visibility === undefined) return meta;
  if (ui !== undefined && !isUiView(ui)) throw new TypeError(`${what}: ui must be a view made by uiResource (not a URI string or another resource)`);
  if (visibility !== undefined && (!Array.isArray(visibility) || !visibility.length || !visibility.every((v) => VISIBILITY.has(v)) || new Set(visibility).size !== visibility.length)) {
    throw new TypeError(`${what}: visibility must be a non-empty list of "model" and "app", each at most once`);
  }
  const own = isPlain(meta?.["ui"]) ? (meta!["ui"] as JsonObject) : {};
  const app: JsonObject = { ...own, ...(ui ? { resourceUri: ui.uri } : {}), ...(visibility ? { visibility: [...visibility] } : {}) };
  return { ...meta, ui: app, ...(ui ? { [LEGACY_URI_KEY]: ui.uri } : {}) };
}

function isPlain(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
