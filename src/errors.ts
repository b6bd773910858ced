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

/**
 * A download that failed: `unreachable` when no answer came (no network, refused, unknown
 * host), else the server's status. The message adds the ways out of `schema fetch`; callers
 * that give their own advice use `source` and `reason`.
 */
export class DownloadError extends GeneratorError {
  readonly source: string;
  readonly reason: string;
  readonly unreachable: boolean;

  constructor(source: string, reason: string, unreachable: boolean) {
    const advice = unreachable ? ". Offline? Copy from a mirror with --from DIR, or download from a reachable mirror with --base-url URL" : "";
    super(`download failed: ${source}: ${reason}${advice}`);
    this.source = source;
    this.reason = reason;
    this.unreachable = unreachable;
  }
}

/** A non-fatal finding (e.g. an unknown `@format`), reported on stderr with its location. */
export interface Warning {
  message: string;
  location: SourceLocation;
}
