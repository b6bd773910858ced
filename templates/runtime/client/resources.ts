// Typed reads of one server's resources and resource templates: what a catalog's
// createResources(client) and createResourceTemplates(client) run. A template's variables are
// checked, then expanded into the URI (RFC 6570); each item of the contents must be text or a
// blob, not both; the MIME type the server lists for the resource is added to the result.
import { checkedArguments, type Check } from "./catalog.js";
import { ClientError } from "./errors.js";
import type { RequestOptions } from "./channel.js";
import { expandUriTemplate, type TemplateValue } from "./uri-template.js";

/** What the resource stubs need of a client (every generated client has it). */
export interface ResourceClient {
  readResource(params: { uri: string }, options?: RequestOptions): Promise<unknown>;
}

export interface ResourceSpec {
  uri: string;
  /** The MIME type the server lists for it, if any. */
  mimeType?: string;
}

export interface TemplateSpec {
  uriTemplate: string;
  /** The check of the variables (the generated `safeParse<Template>Variables`). */
  variables: Check;
  mimeType?: string;
}

/** Reads a resource; with a listed MIME type, the result says it as `mimeType` (each content still carries its own). */
export async function readResource(client: ResourceClient, spec: ResourceSpec, options?: RequestOptions): Promise<unknown> {
  const params = { uri: spec.uri };
  const result = (await (options === undefined ? client.readResource(params) : client.readResource(params, options))) as { contents?: unknown };
  const what = `resource ${JSON.stringify(spec.uri)}`;
  const contents = Array.isArray(result.contents) ? (result.contents as unknown[]) : [];
  const bad = contents.findIndex((item) => !isTextOrBlob(item));
  if (bad >= 0) throw new ClientError("invalid-result", `${what}: contents[${bad}] holds neither a text nor a blob string, or both`, { detail: { result } });
  return spec.mimeType === undefined ? result : { ...result, mimeType: spec.mimeType };
}

/** Reads a resource of a template: the variables are checked (nothing is sent when they fail), then expanded into its URI. */
export async function readTemplate(client: ResourceClient, spec: TemplateSpec, variables: unknown, options?: RequestOptions): Promise<unknown> {
  const checked = checkedArguments(`resource template ${JSON.stringify(spec.uriTemplate)}`, spec.variables, variables) as { [name: string]: TemplateValue };
  const uri = expandUriTemplate(spec.uriTemplate, checked);
  return readResource(client, { uri, ...(spec.mimeType === undefined ? {} : { mimeType: spec.mimeType }) }, options);
}

function isTextOrBlob(item: unknown): boolean {
  const c = item as { text?: unknown; blob?: unknown } | null;
  return typeof c === "object" && c !== null && (typeof c.text === "string") !== (typeof c.blob === "string") && (c.text === undefined || c.blob === undefined);
}
