// The body of a Streamable HTTP POST: checked before it is read (Content-Type, Content-Length),
// then read as a stream up to a limit, and decoded exactly once.
import { errorResponse, isObject, JSONRPC } from "../shared/messages.js";
import { NODE_BODIES } from "./node.js";
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
export function refuseBeforeReading(request: Request, maxBytes: number): BodyRefusal | undefined {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return refusal(415, JSONRPC.invalidRequest, "Unsupported Media Type: a POST body must be application/json");
  const length = request.headers.get("content-length");
  if (length !== null && /^\d+$/.test(length.trim()) && Number(length) > maxBytes) return tooLarge(maxBytes);
  return undefined;
}

function tooLarge(maxBytes: number): BodyRefusal {
  return refusal(413, JSONRPC.invalidRequest, `Payload Too Large: a message is at most ${maxBytes} bytes`);
}

/** The body's bytes, or a refusal once it passes `maxBytes` (the rest is not read). */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | BodyRefusal> {
  const fromNode = NODE_BODIES.get(request);
  if (fromNode) {
    const read = await fromNode(maxBytes);
    if (read === "too-large") return tooLarge(maxBytes);
    return read === "broken" ? refusal(400, JSONRPC.invalidRequest, "Bad Request: the body could not be read") : read;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        return tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch {
    // The client went away (or the stream broke) mid-body: nobody reads this answer.
    return refusal(400, JSONRPC.invalidRequest, "Bad Request: the body could not be read");
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The body decoded once: a JSON-RPC object (a request, a notification or a response). Anything
 * else (not UTF-8, not JSON, a batch, a JSON string or number) is refused as what it is.
 */
export function decodeBody(bytes: Uint8Array): Record<string, unknown> | BodyRefusal {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return refusal(400, JSONRPC.parseError, "Parse error");
  }
  if (Array.isArray(value)) return refusal(400, JSONRPC.invalidRequest, "Invalid Request: batches are not supported");
  if (!isObject(value)) return refusal(400, JSONRPC.invalidRequest, "Invalid Request: a message is a JSON object");
  return value;
}
