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
