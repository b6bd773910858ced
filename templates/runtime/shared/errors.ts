// The revision-independent part of MCP errors: one base class for every revision's McpError,
// so a dispatcher recognises an error thrown on purpose whichever revision's types built it.
import { innermostIssues, type Issue } from "./messages.js";

/** A JSON-RPC error object. */
export interface ErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** Error data that failed its code's schema: kept for diagnostics, never trusted as typed. */
export interface InvalidErrorData {
  value: unknown;
  issues: string[];
}

/**
 * An MCP error: a JSON-RPC error code, a message and data. Handlers throw it on purpose (its
 * message and data are sent to the peer; any other exception becomes a bare internal error),
 * and clients get it for error responses.
 */
export class McpErrorBase<C extends number = number, D = unknown> extends Error {
  readonly code: C;
  readonly data: D;
  /** Set when the data of a received error did not validate: `data` is then undefined. */
  readonly invalidData: InvalidErrorData | undefined;

  constructor(code: C, message: string, data: D, invalidData?: InvalidErrorData) {
    super(message);
    this.name = "McpError";
    this.code = code;
    this.data = data;
    this.invalidData = invalidData;
  }

  /** The JSON-RPC error object (no `data` key when there is no data). */
  toErrorObject(): ErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

/** An error object as JSON-RPC defines it: an integer code and a string message. */
export function isErrorObject(value: unknown): value is ErrorObject {
  if (value === null || typeof value !== "object") return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === "number" && Number.isInteger(code) && typeof message === "string";
}

/** Zod-style issues as short lines (`path: message`), a union's naming its innermost field (messages.ts). */
export function issueLines(issues: ReadonlyArray<Issue>, input?: unknown): string[] {
  return innermostIssues(issues, input).map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`);
}
