const HEADER = /^(?:\/\/[^\n]*\n)+/;

/** The provenance header (leading `//` lines) and the rest: declaration emit drops comments before imports, so the header is put back by hand. */
export function splitHeader(content: string): { header: string; body: string } {
  const header = HEADER.exec(content)?.[0] ?? "";
  return { header, body: content.slice(header.length) };
}
