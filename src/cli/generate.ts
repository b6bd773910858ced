// `mcp-gen [generate]` and `mcp-gen model`: options, a call to the API, and what the terminal shows.
import { Option, type Command } from "commander";
import { GeneratorError, printable } from "../errors.js";
import type { GenerateResult } from "../generate.js";
import { generate, model, resolveInputs } from "../index.js";
import { addSourceOptions, collect, EXIT, requireSources, type SetExit, type SourceFlags } from "./options.js";

interface GenerateFlags extends SourceFlags {
  extension?: string[];
  out: string;
  check?: boolean;
  quiet?: boolean;
  json?: boolean;
  force?: boolean;
  emit: "js" | "ts";
}

async function runGenerate(options: GenerateFlags): Promise<number> {
  const started = performance.now();
  const check = options.check ?? false;
  requireSources(options);
  const result = await generate({ revisions: options.revision ?? [], schemas: options.schema ?? [], specRoot: options.specRoot, extensions: options.extension ?? [], out: options.out, check, force: options.force ?? false, emit: options.emit });
  const seconds = (performance.now() - started) / 1000;
  for (const w of result.warnings) {
    if (!options.quiet) process.stderr.write(printable(`${w.location.file}:${w.location.line}:${w.location.column}: warning: ${w.message}`, true) + "\n");
  }
  const changed = result.files.filter((f) => f.status !== "unchanged");
  if (options.json) process.stdout.write(`${JSON.stringify(summaryJson(result, check, seconds), null, 2)}\n`);
  if (!options.quiet) process.stderr.write(summaryText(result, check, seconds));
  if (check && changed.length) {
    if (!options.json) for (const f of changed) process.stdout.write(`${result.outDir}/${f.path}: ${CHECK_WORDS[f.status]}\n`);
    return EXIT.different;
  }
  return EXIT.ok;
}

const CHECK_WORDS = { created: "missing", updated: "out of date", removed: "would be removed", unchanged: "up to date" } as const;

function summaryJson(result: GenerateResult, check: boolean, seconds: number): object {
  return {
    check,
    seconds: Number(seconds.toFixed(3)),
    out: result.outDir,
    upToDate: result.upToDate,
    revisions: result.revisions.map((r) => ({ revision: r.label, out: r.dir ? `${result.outDir}/${r.dir}` : result.outDir, types: r.types })),
    files: result.files,
    warnings: result.warnings,
  };
}

function summaryText(result: GenerateResult, check: boolean, seconds: number): string {
  const count = (status: string) => result.files.filter((f) => f.status === status).length;
  const revisions = result.revisions.map((r) => `${r.label} (${r.types} types)`).join(", ");
  const words = check ? ["would create", "would update", "would remove"] : ["created", "updated", "removed"];
  const what = result.upToDate
    ? "up to date (inputs unchanged)"
    : `${result.files.length} files: ${count("created")} ${words[0]}, ${count("updated")} ${words[1]}, ${count("unchanged")} unchanged, ${count("removed")} ${words[2]}`;
  return `mcp-gen${check ? " --check" : ""}: ${revisions} → ${result.outDir}: ${what} in ${seconds.toFixed(2)} s\n`;
}

function generateOptions(command: Command): Command {
  return addSourceOptions(command)
    .requiredOption("-o, --out <dir>", "output folder (one subfolder per schema when several are given)")
    .option("--extension <id-or-path>", "also generate this extension (SEP-2133) into <revision>/ext/<name>/: a name under <spec-root>/extensions (tasks), a schema.ts path, or vendor/name=path (repeatable)", collect)
    .option("--check", "write nothing; exit 1 and list the files that would change")
    .option("--force", "regenerate even when the manifest shows unchanged inputs")
    .addOption(new Option("--emit <kind>", "js: JavaScript with declarations (.js + .d.ts); ts: TypeScript sources, formatted with prettier").choices(["js", "ts"]).default("js"))
    .option("-q, --quiet", "no summary on stderr")
    .option("--json", "print a JSON summary on stdout");
}

/** The default command, and its options listed in the program's own help. */
export function addGenerateCommand(program: Command, setExit: SetExit): void {
  const generateCommand = generateOptions(program.command("generate", { isDefault: true }).description("generate code (the default command)")).action(async (options: GenerateFlags) =>
    setExit(await runGenerate(options)),
  );
  program.addHelpText("after", `\nOptions of the default command (generate):\n${generateCommand.helpInformation().split("Options:\n")[1] ?? ""}`);
}

export function addModelCommand(program: Command): void {
  const command = addSourceOptions(program.command("model").description("print the intermediate model as JSON (for debugging and other tools)"));
  command.option("--extension <id-or-path>", "print this extension's model, its imports bound to the revision or schema").action(async (options: SourceFlags & { extension?: string }) => {
    requireSources(options);
    const given = [...(options.revision ?? []), ...(options.schema ?? [])].length;
    if (given > 1) {
      // A name that does not resolve is said first, as for one schema.
      await resolveInputs({ revisions: options.revision ?? [], schemas: options.schema ?? [], specRoot: options.specRoot });
      throw new GeneratorError(`model prints one schema at a time; ${given} were given`);
    }
    const { model: parsed } = await model({ revision: options.revision?.[0], schema: options.schema?.[0], specRoot: options.specRoot, extension: options.extension });
    process.stdout.write(`${JSON.stringify(parsed, null, 2)}\n`);
  });
}
