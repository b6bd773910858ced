// What the CLI's command modules share: exit codes, and the options that name schema inputs.
import type { Command } from "commander";
import { GeneratorError } from "../errors.js";

/** Exit codes: 0 done / up to date / identical, 1 `--check` or `diff` found differences, 2 error. */
export const EXIT = { ok: 0, different: 1, error: 2 } as const;

/** How a command's action reports its exit code to `main`. */
export type SetExit = (code: number) => void;

export interface SourceFlags {
  revision?: string[];
  schema?: string[];
  specRoot?: string;
}

/** Commander's collector for a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function addSourceOptions(command: Command): Command {
  return command
    .option("-r, --revision <revision>", "MCP revision to read as <spec-root>/<revision>/schema.ts (repeatable)", collect)
    .option("-s, --schema <file>", "read this schema.ts directly (repeatable)", collect)
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the project cache .mcp-gen/schema, filled on demand)");
}

/** The CLI's words for "no schema named" (the API says it in its own option names). */
export function requireSources(flags: SourceFlags): void {
  if (!flags.revision?.length && !flags.schema?.length) throw new GeneratorError("nothing to do: pass --revision R (repeatable) or --schema FILE");
}
