// The `mcp-gen` command line: a thin caller of the programmatic API (src/index.ts). Each command's
// options and output live in src/cli/; here are the program, and how errors become exit codes.
import { Command, CommanderError } from "commander";
import { GeneratorError, printable } from "./errors.js";
import { GENERATOR_VERSION } from "./version.js";
import { addCatalogCommand, addDiffCommand, addInitCommand, addMigrateCommand, addSchemaCommand } from "./cli/commands.js";
import { addGenerateCommand, addModelCommand } from "./cli/generate.js";
import { EXIT } from "./cli/options.js";

export { EXIT } from "./cli/options.js";

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command("mcp-gen")
    .description("Generate TypeScript types, Zod 4 validators and protocol code from an MCP schema.ts")
    .version(GENERATOR_VERSION)
    .option("--debug", "print the stack of internal errors")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  addGenerateCommand(program, setExit);
  addModelCommand(program);
  addDiffCommand(program, setExit);
  addCatalogCommand(program, setExit);
  addMigrateCommand(program, setExit);
  addInitCommand(program);
  addSchemaCommand(program);
  return program;
}

/** Runs the CLI and returns the exit code; every error is exit 2 with a message (a stack only under --debug). */
export async function main(argv: string[]): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram((c) => (code = c));
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.ok;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.error;
    if (error instanceof GeneratorError) {
      process.stderr.write(`mcp-gen: error: ${printable(error.format(), true)}\n`);
      return EXIT.error;
    }
    const debug = argv.includes("--debug");
    const detail = error instanceof Error ? (debug ? error.stack ?? error.message : `${error.name}: ${error.message}`) : String(error);
    process.stderr.write(`mcp-gen: internal error: ${printable(detail, true)}\n${debug ? "" : "(run again with --debug for the stack trace, and report it)\n"}`);
    return EXIT.error;
  }
}
