// What a server author declares: tools, resources, resource templates and prompts, each once,
// with Zod (or Standard Schema) schemas for what they take and give. The definitions are plain
// values checked when they are made (a bad tool name, a malformed URI template, a schema that is
// not an object schema or cannot be listed as JSON Schema are errors at startup, not at the first
// call); the registry (registry.ts) turns them into the dispatcher's handlers. The generated
// server.ts types these factories per revision (define-types.ts).
import { z } from "zod";
import { TOOL_NAME } from "../shared/protocol.js";
import { jsonSchemaChecker } from "./json-schema.js";
import { isStandardSchema, isZodSchema, standardJsonSchema, standardParser, type ParseResult, type StandardSchemaV1 } from "./standard-schema.js";
import { parseUriTemplate, type UriTemplate } from "./uri-template.js";
import { appToolMeta, type AppToolFields } from "./ui-view.js";
import type { JsonObject, RequestContext } from "./types.js";

/** A Zod object schema (any shape, any unknown-key mode): for the factories' types only. */
export type ZodObjectSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/**
 * What the runtime does with a schema: parse. The runtime's own structural view of a Zod schema,
 * so that its code relates no Zod types (which would cost every consumer's type check dearly).
 * A Standard Schema's validate may answer with a Promise (standard-schema.ts); Zod's never does.
 */
export interface Parser {
  safeParse(value: unknown): SyncParse | Promise<ParseResult>;
}
type SyncParse = { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };

/** The context a definition's callback gets (the revision's RequestContext, untyped here). */
export type DefinitionContext = RequestContext<any, any, any, any>;

export interface ToolDefinition {
  readonly kind: "tool";
  readonly name: string;
  /** The tool's listing fields besides name and schemas (title, description, annotations, icons, _meta…). */
  readonly info: JsonObject;
  /** What arguments and structured results are checked with: the Zod or Standard schemas, or the raw JSON Schemas (json-schema.ts). */
  readonly input: Parser | undefined;
  readonly output: Parser | undefined;
  /** The Zod or Standard schemas themselves, when given (their JSON Schema is listed). */
  readonly inputValidator: object | undefined;
  readonly outputValidator: object | undefined;
  /** The listed schemas, when given as raw JSON Schema (else made from the Zod or Standard ones). */
  readonly inputSchema: JsonObject | undefined;
  readonly outputSchema: JsonObject | undefined;
  readonly handler: (args: any, ctx: DefinitionContext) => unknown;
  /** The OAuth scopes a call needs (all of them). */
  readonly scopes: readonly string[];
  /** How a call runs as a task (an extension such as Tasks reads it): never, when the caller allows it, or only so. */
  readonly task: TaskMode;
  /** For a tool that may run as a task: whether this call becomes one (default: always), given its validated arguments. */
  readonly taskPolicy: ((args: any, ctx: DefinitionContext) => boolean | Promise<boolean>) | undefined;
  /** Its MCP Apps view (`ui`), served as a resource whether or not it is also in `resources`. */
  readonly view?: ResourceDefinition | undefined;
}

/** How a tool runs as a task: "never" (the default), "optional" (when the caller declared tasks), "required" (-32021 for a caller that did not). */
export type TaskMode = "never" | "optional" | "required";
const TASK_MODES: readonly TaskMode[] = ["never", "optional", "required"];

export interface ResourceDefinition {
  readonly kind: "resource";
  readonly uri: string;
  /** The resource's listing fields besides its uri (name, title, description, mimeType, annotations, size…). */
  readonly info: JsonObject;
  /** Result fields of this resource's reads that override the server's `resultDefaults`. */
  readonly resultDefaults: JsonObject;
  readonly read: (ctx: DefinitionContext) => unknown;
  readonly scopes: readonly string[];
}

export type Completer = (value: string, ctx: DefinitionContext) => string[] | Promise<string[]>;

export interface ResourceTemplateDefinition {
  readonly kind: "resourceTemplate";
  readonly uriTemplate: string;
  readonly template: UriTemplate;
  readonly info: JsonObject;
  readonly resultDefaults: JsonObject;
  /** Concrete resources the template stands for, added to resources/list. */
  readonly list: ((ctx: DefinitionContext) => unknown[] | Promise<unknown[]>) | undefined;
  readonly complete: Readonly<Record<string, Completer>>;
  readonly read: (variables: Record<string, string>, ctx: DefinitionContext) => unknown;
  readonly scopes: readonly string[];
}

export interface PromptDefinition {
  readonly kind: "prompt";
  readonly name: string;
  readonly info: JsonObject;
  readonly resultDefaults: JsonObject;
  /** What the arguments are checked with (the Zod schema itself, or a Standard Schema's validate). */
  readonly args: (Parser & object) | undefined;
  /** The schema as given (its JSON Schema gives the listed `arguments`). */
  readonly argsSchema: object | undefined;
  readonly complete: Readonly<Record<string, Completer>>;
  readonly get: (args: any, ctx: DefinitionContext) => unknown;
  readonly scopes: readonly string[];
}

export type Definition = ToolDefinition | ResourceDefinition | ResourceTemplateDefinition | PromptDefinition;
export type DefinitionKind = Definition["kind"];

/**
 * A tool execution error on purpose: `throw new ToolError("…")` answers the call with an
 * `isError` result carrying that message (any other exception gets a generic one).
 */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

/**
 * Thrown by a read (a template whose variables name nothing, say): answered with the serving
 * revision's resource-not-found error for the URI that was asked.
 */
export class ResourceNotFound extends Error {
  constructor(message = "Resource not found") {
    super(message);
    this.name = "ResourceNotFound";
  }
}


function isZodObject(value: unknown): value is Parser & object {
  const def = (value as { _zod?: { def?: { type?: unknown } } } | null)?._zod?.def;
  return def?.type === "object";
}

/**
 * The parser of a definition's schema: a Zod object schema as it is (Zod's own parser), a Standard
 * Schema through its validate, once its JSON Schema (`io`, the default dialect) has been made,
 * so that a schema that cannot be listed is refused now.
 */
function objectSchema(value: unknown, what: string, io: "input" | "output"): (Parser & object) | undefined {
  if (value === undefined) return undefined;
  if (isZodSchema(value) || !isStandardSchema(value)) {
    if (!isZodObject(value)) throw new TypeError(`${what} must be a Zod object schema (z.object({...})) or a Standard Schema object schema (Valibot, ArkType...)`);
    return value;
  }
  standardJsonSchema(value, io, "draft-2020-12", what);
  return standardParser(value);
}

/** `config` without the keys a factory reads itself (and `scopes`, which every factory reads). */
function infoOf(config: object, taken: readonly string[]): JsonObject {
  const info: JsonObject = {};
  for (const [key, value] of Object.entries(config)) if (!taken.includes(key) && key !== "scopes" && value !== undefined) info[key] = value;
  return info;
}

/** An RFC 6749 scope token: printable ASCII without space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** The `scopes` of a definition's config ([] when none): checked here, so that a typo is an error at startup. */
function scopesOf(config: object, what: string): readonly string[] {
  const scopes = (config as { scopes?: unknown }).scopes;
  if (scopes === undefined) return Object.freeze([]);
  if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === "string" && SCOPE_TOKEN.test(s))) throw new TypeError(`${what}: scopes must be an array of scope tokens (printable ASCII, no spaces or quotes)`);
  return Object.freeze([...new Set(scopes as string[])]);
}

export function tool(name: string, config: object, handler: (args: any, ctx: DefinitionContext) => unknown): ToolDefinition {
  if (!TOOL_NAME.test(name)) throw new TypeError(`tool name ${JSON.stringify(name)} is invalid: 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."`);
  if (typeof handler !== "function") throw new TypeError(`tool ${JSON.stringify(name)}: the handler must be a function`);
  const { input, output, inputSchema, outputSchema } = config as { input?: unknown; output?: unknown; inputSchema?: JsonObject; outputSchema?: JsonObject };
  const what = `tool ${JSON.stringify(name)}`;
  const { task = "never", taskPolicy } = config as { task?: TaskMode; taskPolicy?: ToolDefinition["taskPolicy"] };
  if (!TASK_MODES.includes(task)) throw new TypeError(`${what}: task must be "never", "optional" or "required" (got ${JSON.stringify(task)})`);
  if (taskPolicy !== undefined && (typeof taskPolicy !== "function" || task === "never")) throw new TypeError(`${what}: taskPolicy must be a function, on a tool whose task is "optional" or "required"`);
  if (input !== undefined && inputSchema !== undefined) throw new TypeError(`${what}: give input (a Zod or Standard schema) or inputSchema (raw JSON Schema), not both`);
  if (output !== undefined && outputSchema !== undefined) throw new TypeError(`${what}: give output (a Zod or Standard schema) or outputSchema (raw JSON Schema), not both`);
  for (const [key, raw] of [["inputSchema", inputSchema], ["outputSchema", outputSchema]] as const) {
    if (raw !== undefined && (raw === null || typeof raw !== "object" || raw["type"] !== "object")) throw new TypeError(`${what}: ${key} must be a JSON Schema object with type "object"`);
  }
  const info = infoOf(config, ["input", "output", "inputSchema", "outputSchema", "task", "taskPolicy", "ui", "visibility"]);
  const meta = appToolMeta(what, config as AppToolFields, info["_meta"] as JsonObject | undefined);
  if (meta) info["_meta"] = meta;
  return Object.freeze({
    kind: "tool",
    name,
    info,
    view: (config as { ui?: ResourceDefinition }).ui,
    input: objectSchema(input, `${what}: input`, "input") ?? (inputSchema && jsonSchemaChecker(inputSchema)),
    output: objectSchema(output, `${what}: output`, "output") ?? (outputSchema && jsonSchemaChecker(outputSchema)),
    inputValidator: input === undefined ? undefined : (input as object),
    outputValidator: output === undefined ? undefined : (output as object),
    inputSchema,
    outputSchema,
    handler,
    scopes: scopesOf(config, what),
    task,
    taskPolicy,
  });
}

export function resource(uri: string, config: object, read: (ctx: DefinitionContext) => unknown): ResourceDefinition {
  try {
    new URL(uri);
  } catch {
    throw new TypeError(`resource ${JSON.stringify(uri)}: not an absolute URI`);
  }
  if (typeof (config as { name?: unknown }).name !== "string") throw new TypeError(`resource ${JSON.stringify(uri)}: a name is required`);
  const { resultDefaults = {} } = config as { resultDefaults?: JsonObject };
  return Object.freeze({ kind: "resource", uri, info: infoOf(config, ["resultDefaults"]), resultDefaults, read, scopes: scopesOf(config, `resource ${JSON.stringify(uri)}`) });
}

export function resourceTemplate(uriTemplate: string, config: object, read: (variables: Record<string, string>, ctx: DefinitionContext) => unknown): ResourceTemplateDefinition {
  const template = parseUriTemplate(uriTemplate);
  const { list, complete = {}, resultDefaults = {} } = config as { list?: ResourceTemplateDefinition["list"]; complete?: Record<string, Completer>; resultDefaults?: JsonObject };
  if (typeof (config as { name?: unknown }).name !== "string") throw new TypeError(`resource template ${JSON.stringify(uriTemplate)}: a name is required`);
  for (const variable of Object.keys(complete)) {
    if (!template.variables.some((v) => v.name === variable)) throw new TypeError(`resource template ${JSON.stringify(uriTemplate)}: complete names ${JSON.stringify(variable)}, which is not one of its variables`);
  }
  const scopes = scopesOf(config, `resource template ${JSON.stringify(uriTemplate)}`);
  return Object.freeze({ kind: "resourceTemplate", uriTemplate, template, info: infoOf(config, ["list", "complete", "resultDefaults"]), resultDefaults, list, complete, read, scopes });
}

export function prompt(name: string, config: object, get: (args: any, ctx: DefinitionContext) => unknown): PromptDefinition {
  const { args, complete = {}, resultDefaults = {} } = config as { args?: unknown; complete?: Record<string, Completer>; resultDefaults?: JsonObject };
  const what = `prompt ${JSON.stringify(name)}: args`;
  const schema = objectSchema(args, what, "input");
  const json = schema && (isZodSchema(args) ? z.toJSONSchema(args as never, { io: "input" }) : standardJsonSchema(args as StandardSchemaV1, "input", "draft-2020-12", what));
  const properties = (json as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  for (const [key, field] of Object.entries(properties)) {
    if (field.type !== "string") throw new TypeError(`prompt ${JSON.stringify(name)}: argument ${JSON.stringify(key)} must be a string schema (prompt arguments are strings)`);
  }
  for (const variable of Object.keys(complete)) {
    if (!schema || !Object.hasOwn(properties, variable)) throw new TypeError(`prompt ${JSON.stringify(name)}: complete names ${JSON.stringify(variable)}, which is not one of its args`);
  }
  return Object.freeze({ kind: "prompt", name, info: infoOf(config, ["args", "complete", "resultDefaults"]), resultDefaults, args: schema, argsSchema: args as object | undefined, complete, get, scopes: scopesOf(config, `prompt ${JSON.stringify(name)}`) });
}

/** The key a definition is known by within its kind (a tool's name, a resource's URI…). */
export function keyOf(definition: Definition): string {
  switch (definition.kind) {
    case "tool":
    case "prompt":
      return definition.name;
    case "resource":
      return definition.uri;
    default:
      return definition.uriTemplate;
  }
}
