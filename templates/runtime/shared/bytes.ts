// Bytes received in chunks, joined: what the server's body readers and the client's node:http
// answers share.

/** The chunks as one array of `size` bytes (the chunk itself when there is one, no copy). */
export function concatBytes(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/**
 * A stream's bytes, read chunk by chunk and joined; "too-large" (and the stream cancelled) once
 * they pass `maxBytes`, so that no more than that is ever held; "broken" when the stream fails.
 */
export async function readBounded(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | "too-large" | "broken"> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "broken";
  }
  return concatBytes(chunks, size);
}
