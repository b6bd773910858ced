// Typed calls to one server's tools and prompts: what the stubs of a catalog (`mcp-gen catalog`)
// run. Arguments are checked before anything is sent, `structuredContent` is checked on arrival
// against the tool's output schema, and a tool result with `isError: true` is thrown as a
// ToolCallError carrying the result. Any generated client will do: one revision's createClient()
// or what connect() returns.
import { ClientError } from "./errors.js";
import type { RequestOptions } from "./channel.js";
import type { SafeParseResult } from "../shared/fast.js";
import { issueLines } from "../shared/errors.js";

export type { RequestOptions } from "./channel.js";

/** What the tool stubs need of a client (every generated client has it). */
export interface ToolClient {
  callTool(params: { name: string; arguments?: { [key: string]: unknown } }, options?: RequestOptions): Promise<unknown>;
}

/** What the prompt stubs need of a client (every generated client has it). */
export interface PromptClient {
  getPrompt(params: { name: string; arguments?: { [key: string]: string } }, options?: RequestOptions): Promise<unknown>;
}

/** The fields of a tool result the stubs read; the generated index types the rest by revision. */
export interface ToolResultShape {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

/** A tool answered with `isError: true` (the tool failed, the call did not): the whole result is in `result`. */
export class ToolCallError<R = ToolResultShape> extends Error {
  readonly tool: string;
  readonly result: R;

  constructor(tool: string, result: R) {
    super(`tool ${JSON.stringify(tool)} failed: ${errorText(result)}`);
    this.name = "ToolCallError";
    this.tool = tool;
    this.result = result;
  }
}

/** The text blocks of a failed result, for the error's message (at most 500 characters). */
function errorText(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  const texts = Array.isArray(content) ? content.flatMap((block) => (typeof block?.text === "string" ? [block.text as string] : [])) : [];
  const text = texts.join(" ").trim() || "no text content";
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** A check of the generated validators (`safeParseX`): the input itself, or Zod's issues. */
export type Check = (value: unknown) => SafeParseResult<unknown>;

export interface ToolSpec {
  name: string;
  args: Check;
  /** The check of `structuredContent`, when the tool declares an output schema. */
  output?: Check;
}

export interface PromptSpec {
  name: string;
  args: Check;
}

export function checkedArguments(what: string, check: Check, args: unknown): { [key: string]: unknown } {
  const value = args === undefined ? {} : args;
  const verdict = check(value);
  if (!verdict.success) {
    throw new ClientError("invalid-arguments", `${what}: invalid arguments (nothing was sent): ${issueLines(verdict.error.issues, value).join("; ")}`, {
      detail: { issues: verdict.error.issues, arguments: value },
    });
  }
  return value as { [key: string]: unknown };
}

/**
 * Calls a tool: the arguments are checked first (a ClientError of kind `invalid-arguments`, and
 * nothing on the wire, when they fail); `isError: true` throws ToolCallError; with an output
 * schema, `structuredContent` must be there and valid (else `invalid-result`).
 */
export async function callTool(client: ToolClient, spec: ToolSpec, args: unknown, options?: RequestOptions): Promise<unknown> {
  const what = `tool ${JSON.stringify(spec.name)}`;
  const params = { name: spec.name, arguments: checkedArguments(what, spec.args, args) };
  const result = (await (options === undefined ? client.callTool(params) : client.callTool(params, options))) as ToolResultShape;
  if (result.isError === true) throw new ToolCallError(spec.name, result);
  if (spec.output) {
    if (result.structuredContent === undefined) throw new ClientError("invalid-result", `${what} declares an output schema but returned no structuredContent`, { detail: { result } });
    const verdict = spec.output(result.structuredContent);
    if (!verdict.success) throw new ClientError("invalid-result", `${what}: structuredContent does not match the output schema`, { detail: { issues: verdict.error.issues, result } });
  }
  return result;
}

/** Gets a prompt, its arguments checked first (`invalid-arguments`, nothing sent, when they fail). */
export async function getPrompt(client: PromptClient, spec: PromptSpec, args: unknown, options?: RequestOptions): Promise<unknown> {
  const params = { name: spec.name, arguments: checkedArguments(`prompt ${JSON.stringify(spec.name)}`, spec.args, args) as { [key: string]: string } };
  return options === undefined ? client.getPrompt(params) : client.getPrompt(params, options);
}
