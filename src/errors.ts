import type { SourceLocation } from "./model/types.js";

/**
 * An error the user can act on: bad input, an untranslatable construct, a checksum mismatch.
 * The CLI prints `file:line:col: message` and exits with code 2; anything else is a bug.
 */
export class GeneratorError extends Error {
  readonly location?: SourceLocation;

  constructor(message: string, location?: SourceLocation) {
    super(message);
    this.name = "GeneratorError";
    this.location = location;
  }

  /** `file:line:col: message`, the format editors and CI logs link from. */
  format(): string {
    const where = this.location
      ? `${this.location.file}:${this.location.line}:${this.location.column}: `
      : "";
    return `${where}${this.message}`;
  }
}

/** A non-fatal finding (e.g. an unknown `@format`), reported on stderr with its location. */
export interface Warning {
  message: string;
  location: SourceLocation;
}
