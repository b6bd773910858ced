// The types a tool definition carries for the code that calls it from a page (MCP Apps): its
// name, arguments and structured result, read off the server's own declarations. Types only:
// the symbol below is never created, so nothing of the server reaches a page's bundle.

/** The key of the types-only member (declared, never set). */
export declare const TOOL_TYPES: unique symbol;

/** A tool definition as a page's code sees it: `A` the arguments it takes, `S` its structured content (undefined: none). */
export interface ToolTypes<N extends string = string, A = unknown, S = unknown> {
  readonly name: N;
  readonly [TOOL_TYPES]?: { readonly args: A; readonly structured: S };
}
