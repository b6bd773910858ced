import type { SourceLocation } from "./model/types.js";

/**
 * Text from outside (a server's name, its stray stdout, a schema's strings) as the CLI prints it:
 * C0 and C1 controls, DEL and U+2028/2029 shown as `\uXXXX`, so none reaches the terminal as a
 * control sequence (clear screen, window title, a forged line). Tab is kept; newlines only with
 * `lines` (for multi-line text mcp-gen composed itself; a value from outside is one line).
 */
export function printable(text: string, lines = false): string {
  return String(text).replace(lines ? TERMINAL_CONTROLS_BUT_NEWLINE : TERMINAL_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const TERMINAL_CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;
const TERMINAL_CONTROLS_BUT_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

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

/** An extension imports a name its core revision does not declare: with several revisions, that one is skipped. */
export class UnboundImportError extends GeneratorError {
  constructor(message: string, location: SourceLocation) {
    super(message, location);
    this.name = "UnboundImportError";
  }
}

/** A non-fatal finding (e.g. an unknown `@format`), reported on stderr with its location. */
export interface Warning {
  message: string;
  location: SourceLocation;
}
