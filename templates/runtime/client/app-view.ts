// The page side of MCP Apps: a view's own code calls its server's tools through ext-apps's `App`
// (the user's instance: the runtime does not depend on ext-apps), typed from the server's tool
// definitions when both live in one codebase. `import type` brings the definitions' types only,
// so nothing of the server reaches the page's bundle. A misspelt tool name, a missing or mistyped
// argument, or a misread structured result is a compile error in the page. Types only: the host
// relays what the server sent, and the page trusts it as the server's own runtime checked it.
import type { TOOL_TYPES, ToolTypes } from "../shared/app-tools.js";

/** What this module uses of ext-apps's `App` (its class fits as it is). */
export interface AppLike {
  callServerTool(params: { name: string; arguments?: { [key: string]: unknown } }, options?: never): Promise<unknown>;
  ontoolresult?: ((params: never) => void) | undefined;
}

/** The tools a page may call: a union or a list of the server's tool definitions (`typeof chart | typeof form`). */
type ToolsOf<T> = T extends readonly (infer E)[] ? E : T;
type Carried<T> = T extends { readonly [TOOL_TYPES]?: infer C } ? NonNullable<C> : never;
/** The tool named `N` among `T`. */
type Named<T, N extends string> = Extract<ToolsOf<T>, { readonly name: N }>;
/** Tool names among `T`. */
export type AppToolName<T> = ToolsOf<T> extends ToolTypes<infer N> ? N : never;
/** What the tool `N` takes. */
export type AppToolArgs<T, N extends string> = Carried<Named<T, N>> extends { args: infer A } ? A : never;
type Structured<T, N extends string> = Carried<Named<T, N>> extends { structured: infer S } ? S : never;

/** A content block, as far as a page reads it without the protocol's types. */
export interface AppContent {
  type: string;
  [key: string]: unknown;
}

/** A tool's result as the page gets it: `structuredContent` typed by the tool's output schema, absent on an error. */
export type AppToolResult<S> =
  | ({ isError?: false; content: AppContent[]; _meta?: { [key: string]: unknown } } & ([S] extends [undefined] ? { structuredContent?: { [key: string]: unknown } } : { structuredContent: S }))
  | { isError: true; content: AppContent[]; structuredContent?: { [key: string]: unknown }; _meta?: { [key: string]: unknown } };

/** The params of a call: `arguments` required when the tool requires any. */
type CallParams<T, N extends string> = {} extends AppToolArgs<T, N> ? { name: N; arguments?: AppToolArgs<T, N> } : { name: N; arguments: AppToolArgs<T, N> };

export interface AppView<T, Own extends AppToolName<T>> {
  /** The `App` given, for everything else it does (connect, sendMessage, host context…). */
  readonly app: AppLike;
  /** Calls one of the server's tools through the host. */
  callServerTool<N extends AppToolName<T>>(params: CallParams<T, N>): Promise<AppToolResult<Structured<T, N>>>;
  /** The host's `ui/notifications/tool-result`: the result of the call of `Own`, the tool this view was opened for. */
  onToolResult(handler: (result: AppToolResult<Structured<T, Own>>) => void): void;
}

/**
 * Wraps ext-apps's `App` for a view of `Own`, one of the tools `T` (e.g.
 * `appView<typeof chart | typeof chartData, "show_chart">(new App(...))`).
 */
export function appView<T, Own extends AppToolName<T>>(app: AppLike): AppView<T, Own> {
  return {
    app,
    callServerTool: (params) => app.callServerTool(params as { name: string; arguments?: { [key: string]: unknown } }) as Promise<never>,
    onToolResult: (handler) => {
      app.ontoolresult = handler as (params: never) => void;
    },
  };
}
