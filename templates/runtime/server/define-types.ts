// The types of the definition factories, over a revision: the generated server.ts binds them to
// its RequestMap (results and list items), the keys the dispatcher fills (`resultType`) and its
// RequestContext. Everything a factory takes or returns is read off the revision's own types,
// so a tool's result, a resource's contents or a prompt's messages are checked at compile time.
import type { z } from "zod";
import type { Completer, PromptDefinition, TaskMode, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition, ZodObjectSchema } from "./define.js";
import type { ElicitForm } from "./elicit.js";
import type { StandardInput, StandardObjectSchema, StandardOutput } from "./standard-schema.js";
import type { InputRequiredMarker } from "./types.js";
import type { TemplateVariableNames, TemplateVariables } from "./uri-template.js";
import type { AppVisibility, UiResourceOptions, UiView } from "./apps.js";
import type { ToolTypes } from "../shared/app-tools.js";

/** `T` without the keys `K`, keeping its other members and any index signature (unlike Omit). */
export type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };
/** The declared keys of `T` (index signatures left out). */
type KnownKeys<T> = keyof { [P in keyof T as string extends P ? never : number extends P ? never : symbol extends P ? never : P]: 0 };
/** The declared keys of `T` that are required. */
type RequiredKeys<T> = { [P in KnownKeys<T>]-?: {} extends Pick<T, P> ? never : P }[KnownKeys<T>];

/**
 * The OAuth scopes a definition needs, on every factory: a call, get or read without all of
 * them is refused, with 403 by `toFetchHandler`'s `auth`, and by the dispatcher for any
 * transport that passes `auth` to `server.handle`. A message handled without `auth` (stdio, a
 * server without `auth`) is not checked. No scope implies another: list every one, or check
 * `ctx.auth` yourself.
 */
export interface Scoped {
  scopes?: readonly string[];
}

/**
 * A definition handler's context adds `result()`: it returns its argument as it is, typed as the
 * handler's result, so that a mistake in a returned object is reported where it is written.
 * (TypeScript checks a block-bodied handler's plain `return { … }` only as part of the whole
 * handler, and so reports it at the factory's call.)
 */
export interface Results<T> {
  /** `return ctx.result({ … })`: the result, checked here (a misspelt or mistyped field is reported at it). */
  result(value: T): T;
}

/** A revision, as the factories read it. */
export interface RevisionTypes {
  /** The revision's RequestMap (methods.ts). */
  map: object;
  /** The result keys the dispatcher fills (`resultType`). */
  filled: PropertyKey;
  /** The revision's RequestContext (server.ts). */
  ctx: object;
}

type Entry<R extends RevisionTypes, M extends string> = M extends keyof R["map"] ? R["map"][M] : never;
/** The complete result of a method (its `XResult`, without the input_required branch). */
export type CompleteOf<R extends RevisionTypes, M extends string> = Entry<R, M> extends { complete: infer C } ? C : Entry<R, M> extends { result: infer C } ? C : never;
/** The item type of a list result (`tools/list` → its `Tool`). */
type ItemOf<R extends RevisionTypes, M extends string, K extends string> = CompleteOf<R, M> extends { [P in K]: Array<infer I> } ? I : never;
/** What a handler may return for a result: the dispatcher fills `filled`. */
type Returned<R extends RevisionTypes, T> = Without<T, R["filled"]>;

/** What `input`, `output`, `args` and a form's `schema` take: a Zod object schema, or a Standard Schema (Valibot, ArkType...) of an object. */
export type ObjectSchema = ZodObjectSchema | StandardObjectSchema;
/** A schema's output type (what a handler gets), Zod's own inference first. */
export type OutputOf<S> = S extends ZodObjectSchema ? z.output<S> : S extends StandardObjectSchema ? StandardOutput<S> : never;
/** A schema's input type (what a handler returns as structured content, what a caller sends). */
export type InputOf<S> = S extends ZodObjectSchema ? z.input<S> : S extends StandardObjectSchema ? StandardInput<S> : never;
/** A handler's arguments: the output of its schema, else the raw arguments (none, unless a raw inputSchema says otherwise). */
type ArgsOf<S> = S extends ObjectSchema ? OutputOf<S> : { [key: string]: unknown };
type Awaitable<T> = T | Promise<T>;
type Marker = InputRequiredMarker<unknown>;

type CallResult<R extends RevisionTypes> = Returned<R, CompleteOf<R, "tools/call">>;
/** A result with structured content `S`: `content` may then be left out (the JSON text block is added). */
export type StructuredReturn<R extends RevisionTypes, S> = Without<CallResult<R>, "structuredContent" | "content"> & { structuredContent: S; content?: CallResult<R> extends { content: infer C } ? C : never };
/** What a tool handler returns: text, a complete result (or, with an output schema, a structured one), or `ctx.inputRequired(…)`. */
export type ToolReturn<R extends RevisionTypes, O> = string | Marker | (O extends ObjectSchema ? StructuredReturn<R, InputOf<O>> : CallResult<R>);

type ToolInfo<R extends RevisionTypes> = ItemOf<R, "tools/list", "tools">;
/** MCP Apps: the view a tool's results are shown in, and who may call it (listed under `_meta.ui`). */
export interface AppFields {
  /** A view made by this server's `uiResource` (a URI string or another resource does not compile). */
  ui?: UiView;
  /** Who may call the tool: the model, this server's views, or both (the default). */
  visibility?: readonly AppVisibility[];
}
export type ToolConfig<R extends RevisionTypes, I, O> = Without<ToolInfo<R>, "name" | "inputSchema" | "outputSchema"> &
  Scoped & {
    /** How a call runs as a task (with the Tasks extension): "never" (default), "optional", "required" (-32021 for a caller without the extension). */
    task?: TaskMode;
    /** Whether this call becomes a task (default: always), given its validated arguments. */
    taskPolicy?: (args: ArgsOf<NoInfer<I>>, ctx: R["ctx"]) => Awaitable<boolean>;
  } &
  AppFields &
  (I extends ObjectSchema
    ? { /** The arguments, as a Zod object schema or a Standard Schema (its JSON Schema is the listed `inputSchema`). */ input: I; inputSchema?: never }
    : { input?: undefined; /** Raw JSON Schema instead, for what Zod cannot say (args then untyped; checked as far as Zod reads it). */ inputSchema?: ToolInfo<R> extends { inputSchema: infer S } ? S : never }) &
  (O extends ObjectSchema
    ? { /** The structured result, as a Zod object schema or a Standard Schema (its JSON Schema is the listed `outputSchema`). */ output: O; outputSchema?: never }
    : { output?: undefined; outputSchema?: ToolInfo<R> extends { outputSchema?: infer S } ? S : never });

/**
 * The tool factory: with an output schema the handler returns structured content of it, without
 * one a complete result. Two signatures rather than a conditional return type, so that the
 * handler's return is checked against a concrete type (its literals, such as an enum value, kept).
 */
export interface ToolFactory<R extends RevisionTypes> {
  <const N extends string, O extends ObjectSchema, I extends ObjectSchema | undefined = undefined>(
    name: N,
    config: ToolConfig<R, I, O>,
    handler: (args: ArgsOf<NoInfer<I>>, ctx: R["ctx"] & Results<StructuredReturn<R, InputOf<NoInfer<O>>>>) => Awaitable<string | Marker | StructuredReturn<R, InputOf<NoInfer<O>>>>,
  ): TypedTool<N, I, OutputOf<O>>;
  <const N extends string, I extends ObjectSchema | undefined = undefined>(name: N, config: ToolConfig<R, I, undefined>, handler: (args: ArgsOf<NoInfer<I>>, ctx: R["ctx"] & Results<CallResult<R>>) => Awaitable<string | Marker | CallResult<R>>): TypedTool<N, I, undefined>;
}

/** A tool definition that carries, as types only, what a page sends it (the input's input type) and gets back (MCP Apps, client/app-view.ts). */
export type TypedTool<N extends string, I, S> = ToolDefinition & ToolTypes<N, I extends ObjectSchema ? InputOf<I> : { [key: string]: unknown }, S>;

/** The view factory, over a revision: `read` gets the revision's context and returns the page's HTML. */
export type UiResourceFactory<R extends RevisionTypes> = <const U extends string>(uri: U, options: UiResourceOptions, read: (ctx: R["ctx"]) => Awaitable<string>) => UiView<U>;

type ReadResult<R extends RevisionTypes> = CompleteOf<R, "resources/read">;
/** One content of a read, its `uri` (and `mimeType`) filled in when left out. */
type ContentInput<R extends RevisionTypes> = ReadResult<R> extends { contents: Array<infer C> } ? (C extends unknown ? Without<C, "uri"> & { uri?: string } : never) : never;
/** What a read returns: text, one content, several, or a whole result (its defaulted fields optional). */
export type ReadReturn<R extends RevisionTypes> = string | ContentInput<R> | ContentInput<R>[] | WholeRead<R> | Marker;
/** A whole read result: its contents, the other fields optional (the server's defaults fill them). */
type WholeRead<R extends RevisionTypes> = Partial<Without<Returned<R, ReadResult<R>>, "contents">> & { contents: ContentInput<R>[] };
/** A read handler's context: `ctx.result()` checks a whole result where it is written. */
type ReadContext<R extends RevisionTypes> = R["ctx"] & Results<WholeRead<R>>;
/** Result fields of an item's reads that override the server's defaults. */
type ItemDefaults<R extends RevisionTypes, M extends string> = Partial<Pick<CompleteOf<R, M>, Exclude<KnownKeys<CompleteOf<R, M>>, R["filled"]>>>;

export type ResourceConfig<R extends RevisionTypes> = Without<ItemOf<R, "resources/list", "resources">, "uri"> & Scoped & { resultDefaults?: ItemDefaults<R, "resources/read"> };

export type ResourceFactory<R extends RevisionTypes> = (uri: string, config: ResourceConfig<R>, read: (ctx: ReadContext<R>) => Awaitable<ReadReturn<R>>) => ResourceDefinition;

export type TemplateCompleters<Names extends PropertyKey, Ctx> = { [K in Names]?: (value: string, ctx: Ctx) => Awaitable<string[]> };

export type ResourceTemplateConfig<R extends RevisionTypes, T extends string> = Without<ItemOf<R, "resources/templates/list", "resourceTemplates">, "uriTemplate"> & Scoped & {
  /** Concrete resources of the template, listed in resources/list. */
  list?: (ctx: R["ctx"]) => Awaitable<ItemOf<R, "resources/list", "resources">[]>;
  /** Completions per template variable (completion/complete). */
  complete?: TemplateCompleters<TemplateVariableNames<T>, R["ctx"]>;
  resultDefaults?: ItemDefaults<R, "resources/read">;
};

export type ResourceTemplateFactory<R extends RevisionTypes> = <const T extends string>(
  uriTemplate: T,
  config: ResourceTemplateConfig<R, NoInfer<T>>,
  read: (variables: TemplateVariables<NoInfer<T>>, ctx: ReadContext<R>) => Awaitable<ReadReturn<R>>,
) => ResourceTemplateDefinition;

type PromptResult<R extends RevisionTypes> = CompleteOf<R, "prompts/get">;
type MessageOf<R extends RevisionTypes> = PromptResult<R> extends { messages: Array<infer M> } ? M : never;
/** What a prompt returns: text (one user message), messages, or a whole result. */
export type PromptReturn<R extends RevisionTypes> = string | MessageOf<R>[] | Returned<R, PromptResult<R>> | Marker;

export type PromptConfig<R extends RevisionTypes, A> = Without<ItemOf<R, "prompts/list", "prompts">, "name" | "arguments"> & Scoped & {
  /** The arguments, as a Zod object (or a Standard Schema of an object) of string fields (the listed `arguments` are derived from its JSON Schema). */
  args?: A;
  /** Completions per argument (completion/complete). */
  complete?: TemplateCompleters<A extends ObjectSchema ? keyof InputOf<A> : never, R["ctx"]>;
  resultDefaults?: ItemDefaults<R, "prompts/get">;
};

export type PromptFactory<R extends RevisionTypes> = <A extends ObjectSchema | undefined = undefined>(name: string, config: PromptConfig<R, A>, get: (args: ArgsOf<NoInfer<A>>, ctx: R["ctx"] & Results<Returned<R, PromptResult<R>>>) => Awaitable<PromptReturn<R>>) => PromptDefinition;

/** The params of the revision's elicitation request (what a form is sent as). */
export type ElicitParamsOf<R extends RevisionTypes> = Entry<R, "elicitation/create"> extends { params: infer P } ? P : never;

export type ElicitFormFactory<R extends RevisionTypes> = <S extends ObjectSchema>(options: { message: string; schema: S }) => ElicitForm<S, ElicitParamsOf<R>>;

/** The server-wide values of the result fields a revision requires and the registry does not produce (2026-07-28: ttlMs, cacheScope). */
export type ResultDefaults<R extends RevisionTypes> = Partial<
  Pick<CompleteOf<R, "resources/read">, Exclude<RequiredKeys<CompleteOf<R, "resources/read">>, R["filled"] | "contents">> &
    Pick<CompleteOf<R, "tools/list">, Exclude<RequiredKeys<CompleteOf<R, "tools/list">>, R["filled"] | "tools">>
>;

export type { Completer };
