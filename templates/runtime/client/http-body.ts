// Reading an HTTP answer's body with a bound: a hostile or broken server's answer of any length
// must not be buffered whole (a 400 MB one took 1.34 GB). The body is read chunk by chunk; once
// it passes the bound (or its Content-Length says it will), reading stops and the body is cancelled.
import type { HttpAnswer } from "./node-http.js";
import { MAX_LINE_LENGTH } from "../shared/ndjson.js";

/** The default longest body read, in bytes: the stdio binding's longest line. */
export const DEFAULT_MAX_MESSAGE_BYTES: number = MAX_LINE_LENGTH;

/** The body as UTF-8 text when it has at most `maxBytes` bytes; `undefined` (and the body cancelled) when it has more. */
export async function readBoundedText(response: HttpAnswer, maxBytes: number): Promise<string | undefined> {
  if (response.readText) return response.readText(maxBytes);
  const body = response.body;
  if (!body) return "";
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    void body.cancel().catch(() => undefined);
    return undefined;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
