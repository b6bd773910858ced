// A client narrowed to the tools a server declares, when client and server share a codebase: the
// server's tool definitions (its `tool(…)` factory results) carry their name and arguments as
// types, so `callTool` takes only those names, each with its own arguments. Types only: the
// client is the same object, and nothing is checked at run time that was not before (a listed
// catalog, `mcp-gen catalog`, is the path that also validates).
import type { ToolTypes } from "../shared/app-tools.js";

/**
 * What a tool definition carries as types: the server's `tool(name, { input }, …)` gives its
 * literal name and the input of its Zod schema (shared/app-tools.ts: the same types a page's
 * code reads; never set at run time).
 */
export type ToolDeclaration<N extends string = string, A = unknown> = ToolTypes<N, A, unknown>;

/** The declarations in `T`: one definition, a list (`typeof tools`), or an object of them. */
type DeclarationsIn<T> = T extends readonly (infer D)[] ? D : T extends ToolDeclaration ? T : T extends object ? T[keyof T] : never;

/** The tool names declared in `T`. */
export type DeclaredToolName<T> = DeclarationsIn<T> extends infer D ? (D extends ToolDeclaration<infer N> ? N : never) : never;

/** The arguments of the tool `N` declared in `T` (what its schema takes as input). */
export type DeclaredToolArgs<T, N extends string> = DeclarationsIn<T> extends infer D ? (D extends ToolDeclaration<N, infer A> ? (unknown extends A ? { [key: string]: unknown } : A) : never) : never;

/** A call of a declared tool: its name, and the arguments it declares (optional when it takes none). */
type DeclaredCall<T, N extends string> = { name: N } & ({} extends DeclaredToolArgs<T, N> ? { arguments?: DeclaredToolArgs<T, N> } : { arguments: DeclaredToolArgs<T, N> });

type CallParams<C> = C extends { callTool(params: infer P, ...rest: infer _R): unknown } ? P : never;
type CallRest<C> = C extends { callTool(params: never, ...rest: infer R): unknown } ? R : never;
type CallResult<C> = C extends { callTool(...args: never[]): infer R } ? R : never;

/**
 * The client `C` (one revision's, or connect()'s union of them: each member is narrowed) whose
 * `callTool` takes only the tools declared in `T`, each with its arguments.
 */
export type WithDeclaredTools<C, T> = C extends unknown
  ? Omit<C, "callTool"> & {
      callTool<N extends DeclaredToolName<T>>(params: Omit<CallParams<C>, "name" | "arguments"> & DeclaredCall<T, N>, ...rest: CallRest<C>): CallResult<C>;
    }
  : never;
