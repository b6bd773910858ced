// The body of a Streamable HTTP POST: checked before it is read (Content-Type, Content-Length),
// then read as a stream up to a limit, and decoded exactly once.
import { errorResponse, isObject, JSONRPC } from "../shared/messages.js";
import type { HeaderReader, HttpRequest } from "./http-reply.js";
import type { JsonRpcResponse } from "./types.js";

/** The default largest POST body (the official SDK's limit is 4 MB too). */
export const DEFAULT_MAX_BODY_BYTES: number = 4 * 1024 * 1024;

/** A refusal: the HTTP status and the JSON-RPC error answer (id null: the body was not read). */
export class BodyRefusal {
  readonly answer: JsonRpcResponse;
  constructor(
    readonly status: number,
    code: number,
    message: string,
  ) {
    this.answer = errorResponse(null, code, message);
  }
}

const refusal = (status: number, code: number, message: string): BodyRefusal => new BodyRefusal(status, code, message);

/** Why a POST is refused before its body is read, or undefined. */
export function refuseBeforeReading(headers: HeaderReader, maxBytes: number): BodyRefusal | undefined {
  const type = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return refusal(415, JSONRPC.invalidRequest, "Unsupported Media Type: a POST body must be application/json");
  const length = headers.get("content-length");
  if (length !== null && /^\d+$/.test(length.trim()) && Number(length) > maxBytes) return tooLarge(maxBytes);
  return undefined;
}

function tooLarge(maxBytes: number): BodyRefusal {
  return refusal(413, JSONRPC.invalidRequest, `Payload Too Large: a message is at most ${maxBytes} bytes`);
}

/**
 * Said when something in front of the handler read the body first: the server's setup, not the
 * client, is at fault, and without this the request was never answered (node) or failed on a
 * locked stream (web).
 */
export const BODY_READ_ALREADY =
  "Internal error: the request body was already read before the MCP handler, by a body parser (express.json(), or a middleware that read the Request, as Hono's c.req.json() does): mount the MCP handler before any body parser";

/** The body's bytes, or a refusal once it passes `maxBytes` (the rest is not read). */
export async function readBody(request: HttpRequest, maxBytes: number): Promise<Uint8Array | BodyRefusal> {
  const read = await request.body(maxBytes);
  if (read === "too-large") return tooLarge(maxBytes);
  if (read === "consumed") return refusal(500, JSONRPC.internalError, BODY_READ_ALREADY);
  return read === "broken" ? refusal(400, JSONRPC.invalidRequest, "Bad Request: the body could not be read") : read;
}

/** Strict: a body that is not UTF-8 is a parse error, not replacement characters. Stateless, so shared. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body decoded once: a JSON-RPC object (a request, a notification or a response). Anything
 * else (not UTF-8, not JSON, a batch, a JSON string or number) is refused as what it is.
 */
export function decodeBody(bytes: Uint8Array): Record<string, unknown> | BodyRefusal {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    return refusal(400, JSONRPC.parseError, "Parse error");
  }
  if (Array.isArray(value)) return refusal(400, JSONRPC.invalidRequest, "Invalid Request: batches are not supported");
  if (!isObject(value)) return refusal(400, JSONRPC.invalidRequest, "Invalid Request: a message is a JSON object");
  return value;
}
