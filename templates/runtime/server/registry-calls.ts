// The registry's answers to calls: tools/call (arguments validated against the tool's input,
// execution errors as isError results, structured output validated and mirrored as text),
// resources/read (static URIs, then templates), prompts/get and completion/complete.
import { McpErrorBase } from "../shared/errors.js";
import { RESOURCE_NOT_FOUND } from "../shared/protocol.js";
import { isInputRequired } from "./context.js";
import { ResourceNotFound, ToolError, type Completer, type DefinitionContext, type PromptDefinition, type ResourceDefinition, type ResourceTemplateDefinition, type ToolDefinition } from "./define.js";
import { innermostIssues, issueData, type Issue, isObject, JSONRPC, ProtocolError } from "../shared/messages.js";
import type { JsonObject } from "./types.js";
import { refuseLongUri } from "./uri-template.js";
import { isThenable } from "./standard-schema.js";

type Issues = ReadonlyArray<Issue>;

/** Issues in words a model can act on: one line per issue, with where it is. */
function issueText(issues: Issues, input: unknown): string {
  return innermostIssues(issues, input)
    .slice(0, 20)
    .map((i) => `- ${i.path.length ? i.path.map(String).join(".") : "(the arguments)"}: ${i.message}`)
    .join("\n");
}

const toolError = (text: string): JsonObject => ({ content: [{ type: "text", text }], isError: true });

/** A tool call: unknown tool -32602; invalid arguments, ToolError and failures are isError results. */
export async function callTool(tool: ToolDefinition | undefined, params: JsonObject, ctx: DefinitionContext, report: (error: unknown) => void): Promise<unknown> {
  if (!tool) throw new ProtocolError(JSONRPC.invalidParams, `Unknown tool: ${String(params["name"])}`, { name: params["name"] });
  const verdict = (tool.input ?? NO_ARGUMENTS).safeParse(params["arguments"] ?? {});
  const parsed = isThenable(verdict) ? await verdict : verdict; // only a Standard Schema's validate may answer later
  if (!parsed.success) return toolError(`Invalid arguments for tool "${tool.name}":\n${issueText(parsed.error.issues, params["arguments"] ?? {})}`);
  let returned: unknown;
  try {
    returned = await tool.handler(parsed.data, ctx);
  } catch (error) {
    if (error instanceof ToolError) return toolError(error.message);
    if (error instanceof McpErrorBase || error instanceof ProtocolError) throw error;
    report(error);
    return toolError(`Tool "${tool.name}" failed with an internal error.`);
  }
  if (isInputRequired(returned)) return returned;
  const result: JsonObject = typeof returned === "string" ? { content: [{ type: "text", text: returned }] } : { ...(returned as JsonObject) };
  if (!tool.output) return result;
  const outcome = tool.output.safeParse(result["structuredContent"]);
  const checked = isThenable(outcome) ? await outcome : outcome;
  if (!checked.success) {
    report(new TypeError(`tool "${tool.name}" returned structuredContent that does not match its output schema: ${issueData(checked.error.issues, result["structuredContent"]).issues.join("; ")}`));
    throw new ProtocolError(JSONRPC.internalError, "Internal error", undefined, 500);
  }
  result["structuredContent"] = checked.data;
  if (result["content"] === undefined) result["content"] = [{ type: "text", text: JSON.stringify(checked.data) }];
  return result;
}

/** What a tool without `input` takes: nothing (an empty object; other keys are an error). */
const NO_ARGUMENTS = {
  safeParse(value: unknown): { success: true; data: JsonObject } | { success: false; error: { issues: Issues } } {
    if (isObject(value) && Object.keys(value).length === 0) return { success: true, data: {} };
    return { success: false, error: { issues: [{ path: [], message: "this tool takes no arguments" }] } };
  },
};

/** What a read callback returned, as a result: contents with their uri (and mimeType) filled in. */
function readResult(returned: unknown, uri: string, mimeType: unknown): JsonObject {
  const fill = (item: unknown): JsonObject => ({ uri, ...(typeof mimeType === "string" ? { mimeType } : {}), ...(isObject(item) ? item : {}) });
  if (typeof returned === "string") return { contents: [fill({ text: returned })] };
  if (Array.isArray(returned)) return { contents: returned.map(fill) };
  if (isObject(returned) && Array.isArray(returned["contents"])) return { ...returned, contents: returned["contents"].map(fill) };
  return { contents: [fill(returned)] };
}

/** What the calls need of their registry: its finishing of a result (server/registry.ts), as an interface so the two modules do not import each other. */
export interface ResultFinisher {
  finish(method: string, result: JsonObject, version: string, own?: JsonObject): JsonObject;
}

/** resources/read: a registered URI, else the first template that matches; else the revision's resource-not-found error. A URI over MAX_URI_LENGTH is -32602. */
export async function readResource(
  registry: ResultFinisher,
  resources: ReadonlyMap<string, ResourceDefinition>,
  templates: ReadonlyMap<string, ResourceTemplateDefinition>,
  params: JsonObject,
  ctx: DefinitionContext,
  era: "stateless" | "session",
): Promise<unknown> {
  const uri = String(params["uri"]);
  refuseLongUri(uri); // before any template is tried: bounds the matching work per template
  const notFound = (message = "Resource not found") => new ProtocolError(RESOURCE_NOT_FOUND[era], message, { uri });
  const read = async (run: () => unknown, mimeType: unknown, own: JsonObject) => {
    let returned: unknown;
    try {
      returned = await run();
    } catch (error) {
      throw error instanceof ResourceNotFound ? notFound(error.message) : error;
    }
    return isInputRequired(returned) ? returned : registry.finish("resources/read", readResult(returned, uri, mimeType), ctx.protocolVersion, own);
  };
  const found = findResource(resources, templates, uri);
  if (!found) throw notFound();
  if (found.kind === "resource") return read(() => found.read(ctx), found.info["mimeType"], found.resultDefaults);
  const { template, variables } = found;
  return read(() => template.read(variables, ctx), template.info["mimeType"], template.resultDefaults);
}

/** What a (bounded) URI reads: a registered resource, else the first template that matches it, with its variables. */
export function findResource(
  resources: ReadonlyMap<string, ResourceDefinition>,
  templates: ReadonlyMap<string, ResourceTemplateDefinition>,
  uri: string,
): ResourceDefinition | { kind: "match"; template: ResourceTemplateDefinition; variables: Record<string, string> } | undefined {
  const exact = resources.get(uri);
  if (exact) return exact;
  for (const template of templates.values()) {
    const variables = template.template.match(uri);
    if (variables) return { kind: "match", template, variables };
  }
  return undefined;
}

/** prompts/get: unknown prompt or invalid arguments -32602; a string or a list of messages is enough. */
export async function getPrompt(registry: ResultFinisher, prompt: PromptDefinition | undefined, params: JsonObject, ctx: DefinitionContext): Promise<unknown> {
  if (!prompt) throw new ProtocolError(JSONRPC.invalidParams, `Unknown prompt: ${String(params["name"])}`, { name: params["name"] });
  let args: unknown = {};
  if (prompt.args) {
    const verdict = prompt.args.safeParse(params["arguments"] ?? {});
    const parsed = isThenable(verdict) ? await verdict : verdict;
    if (!parsed.success) throw new ProtocolError(JSONRPC.invalidParams, `Invalid arguments for prompt "${prompt.name}":\n${issueText(parsed.error.issues, params["arguments"] ?? {})}`, issueData(parsed.error.issues, params["arguments"] ?? {}));
    args = parsed.data;
  }
  const returned = await prompt.get(args, ctx);
  if (isInputRequired(returned)) return returned;
  const result: JsonObject =
    typeof returned === "string" ? { messages: [{ role: "user", content: { type: "text", text: returned } }] } : Array.isArray(returned) ? { messages: returned } : { ...(returned as JsonObject) };
  if (result["description"] === undefined && typeof prompt.info["description"] === "string") result["description"] = prompt.info["description"];
  return registry.finish("prompts/get", result, ctx.protocolVersion, prompt.resultDefaults);
}

/** The spec's bound on completion values per answer. */
const MAX_VALUES = 100;

/** completion/complete for a prompt argument or a template variable; no completer: no values. */
export async function complete(prompts: ReadonlyMap<string, PromptDefinition>, templates: ReadonlyMap<string, ResourceTemplateDefinition>, params: JsonObject, ctx: DefinitionContext): Promise<JsonObject> {
  const ref = isObject(params["ref"]) ? params["ref"] : {};
  const argument = isObject(params["argument"]) ? params["argument"] : {};
  const owner = ref["type"] === "ref/prompt" ? prompts.get(String(ref["name"])) : ref["type"] === "ref/resource" ? templates.get(String(ref["uri"])) : undefined;
  if (!owner) throw new ProtocolError(JSONRPC.invalidParams, `Nothing to complete for ${JSON.stringify(ref)}`, { ref });
  const name = String(argument["name"]);
  const completer: Completer | undefined = Object.hasOwn(owner.complete, name) ? owner.complete[name] : undefined;
  const values = completer ? await completer(String(argument["value"] ?? ""), ctx) : [];
  return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
}

