import { relative } from "node:path";
import { Command, CommanderError, Option } from "commander";
import { GeneratorError, printable } from "./errors.js";
import { generate, buildModel, type EmitKind, type GenerateResult } from "./generate.js";
import { fetchSchemas } from "./schema/fetch.js";
import { defaultSpecRoot, readRevision, readSchemaFile, specRootFrom, type SchemaSource } from "./schema/resolve.js";
import { GENERATOR_VERSION } from "./version.js";
import type { DiffFormat } from "./diff/render.js";
import type { CatalogOptions } from "./catalog/command.js";
import type { MigrateOptions } from "./migrate/command.js";

/** Exit codes: 0 done / up to date / identical, 1 `--check` or `diff` found differences, 2 error. */
export const EXIT = { ok: 0, different: 1, error: 2 } as const;

interface SourceOptions {
  revision?: string[];
  schema?: string[];
  specRoot?: string;
}

interface GenerateOptions extends SourceOptions {
  out: string;
  check?: boolean;
  quiet?: boolean;
  json?: boolean;
  force?: boolean;
  emit: EmitKind;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

async function sourcesFrom(options: SourceOptions): Promise<SchemaSource[]> {
  const specRoot = specRootFrom(options.specRoot);
  const sources: SchemaSource[] = [];
  for (const revision of options.revision ?? []) sources.push(await readRevision(revision, specRoot, { fetchMissing: !options.specRoot && !process.env.MCP_SPEC_ROOT }));
  for (const file of options.schema ?? []) sources.push(readSchemaFile(file));
  if (!sources.length) throw new GeneratorError("nothing to do: pass --revision R (repeatable) or --schema FILE");
  return sources;
}

function addSourceOptions(command: Command): Command {
  return command
    .option("-r, --revision <revision>", "MCP revision to read as <spec-root>/<revision>/schema.ts (repeatable)", collect)
    .option("-s, --schema <file>", "read this schema.ts directly (repeatable)", collect)
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the project cache .mcp-gen/schema, filled on demand)");
}

async function runGenerate(options: GenerateOptions): Promise<number> {
  const started = performance.now();
  const check = options.check ?? false;
  const result = await generate({ sources: await sourcesFrom(options), outDir: options.out, check, force: options.force, emit: options.emit });
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
    .option("--check", "write nothing; exit 1 and list the files that would change")
    .option("--force", "regenerate even when the manifest shows unchanged inputs")
    .addOption(new Option("--emit <kind>", "js: JavaScript with declarations (.js + .d.ts); ts: TypeScript sources, formatted with prettier").choices(["js", "ts"]).default("js"))
    .option("-q, --quiet", "no summary on stderr")
    .option("--json", "print a JSON summary on stdout");
}

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command("mcp-gen")
    .description("Generate TypeScript types, Zod 4 validators and protocol code from an MCP schema.ts")
    .version(GENERATOR_VERSION)
    .option("--debug", "print the stack of internal errors")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  const generateCommand = generateOptions(program.command("generate", { isDefault: true }).description("generate code (the default command)")).action(
    async (options: GenerateOptions) => setExit(await runGenerate(options)),
  );
  program.addHelpText("after", `\nOptions of the default command (generate):\n${generateCommand.helpInformation().split("Options:\n")[1] ?? ""}`);
  addSourceOptions(program.command("model").description("print the intermediate model as JSON (for debugging and other tools)")).action(async (options: SourceOptions) => {
    const sources = await sourcesFrom(options);
    if (sources.length > 1) throw new GeneratorError(`model prints one schema at a time; ${sources.length} were given`);
    const { model } = await buildModel(sources[0]!);
    process.stdout.write(`${JSON.stringify(model, null, 2)}\n`);
  });
  program
    .command("diff")
    .description("what changed between two schemas, classified as breaking for clients/servers or additive (exit 0 identical, 1 different)")
    .requiredOption("--from <revision|file>", "the older side: a revision under the spec root, a path to a schema.ts, or a catalog.json (then --to is one too)")
    .requiredOption("--to <revision|file>", "the newer side")
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the project cache)")
    .addOption(new Option("--format <format>", "output format").choices(["text", "md", "json"]).default("text"))
    .option("--generated", "show a unified diff of the generated code of both sides instead")
    .action(async (options: { from: string; to: string; specRoot?: string; format: DiffFormat; generated?: boolean }) => {
      if ([options.from, options.to].some((side) => side.endsWith(".json"))) {
        const { runCatalogDiff } = await import("./catalog/diff-command.js");
        const { output, different } = runCatalogDiff(options);
        process.stdout.write(output);
        return setExit(different ? EXIT.different : EXIT.ok);
      }
      const { runDiff } = await import("./diff/index.js");
      const { output, different } = await runDiff({ ...options, generated: options.generated ?? false });
      process.stdout.write(output);
      setExit(different ? EXIT.different : EXIT.ok);
    });
  addCatalogCommand(program, setExit);
  addMigrateCommand(program, setExit);
  program
    .command("init [dir]")
    .description("scaffold an MCP server project in DIR (default: here) that builds and runs as it is: package.json, a strict tsconfig.json, src/server.ts")
    .option("--force", "scaffold into a non-empty folder too (a file already there is never overwritten: init then writes nothing)")
    .option("--name <name>", "the package's name (default: derived from DIR's name)")
    .action(async (dir: string | undefined, options: { force?: boolean; name?: string }) => {
      const { runInit } = await import("./init/command.js");
      const { dir: target, files, mcpGen } = runInit(dir, options);
      const where = relative(process.cwd(), target) || ".";
      process.stderr.write(printable(`mcp-gen init: ${where}: ${files.join(", ")} (mcp-gen from ${mcpGen})\nnext: ${where === "." ? "" : `cd ${where} && `}npm install && npm run build && npm start\n`, true));
    });
  const schema = program.command("schema").description("manage the pinned schema files");
  schema
    .command("fetch")
    .description("fill <dest>/<revision>/schema.ts from a mirror or the pinned upstream commit, verifying sha256")
    .option("-r, --revision <revision>", "revision to fetch (repeatable; default: every pinned revision)", collect)
    .option("--from <dir>", "copy from a mirror folder instead of downloading")
    .option("--base-url <url>", "download from this base URL instead of the pinned upstream commit")
    .option("--dest <dir>", "where to write (default: the project cache .mcp-gen/schema, or $MCP_GEN_CACHE)")
    .action(async (options: { revision?: string[]; from?: string; baseUrl?: string; dest?: string }) => {
      const fetched = await fetchSchemas({ revisions: options.revision ?? [], from: options.from, baseUrl: options.baseUrl, dest: options.dest ?? defaultSpecRoot() });
      for (const f of fetched) process.stderr.write(`mcp-gen: ${f.revision}: ${f.source} → ${f.file} (sha256 verified)\n`);
    });
  return program;
}

function addCatalogCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command("catalog")
    .description("typed stubs for one server's tools and prompts, resources and resource templates: read its catalog (live, or from catalog.json), snapshot it with the options it was read with, generate createTools/createPrompts/createResources/createResourceTemplates; --check: exit 1 when the server drifted or the files are stale")
    .option("--stdio <command>", 'start the server with this command line and talk over stdio (e.g. "node server.js")')
    .option("--url <url>", "talk to a Streamable HTTP server at this URL")
    .option("--from <file>", "regenerate from a catalog.json snapshot, without a server (what a prebuild runs)")
    .requiredOption("-o, --out <dir>", "output folder: catalog.json, types, schemas, validators and index modules (and protocol/ unless --protocol)")
    .option("--protocol <dir>", "an mcp-gen protocol output to connect with and import from (default: generate <out>/protocol for --revision)")
    .option("-r, --revision <revision>", "protocol revisions to generate and connect with (repeatable; default: those catalog.json records, else the one the server negotiates and the newest of the other era)", collect)
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the project cache)")
    .option("--check", "write nothing; exit 1 with a short summary when the live catalog differs from <out>/catalog.json or the files are stale")
    .option("--header <K:V>", "an HTTP header for --url (repeatable), e.g. \"Authorization: Bearer …\"", collect)
    .option("--env <K=V>", "an environment variable for the --stdio server (repeatable; added to mcp-gen's own)", collect)
    .option("--cwd <dir>", "the working directory of the --stdio server")
    .option("--capability <name>", "declare this client capability while reading (repeatable: sampling, elicitation, roots…), for servers that list more to such clients; default: those catalog.json records", collect)
    .option("--timeout <ms>", "per-request timeout while reading the catalog", "30000")
    .addOption(new Option("--emit <kind>", "js: JavaScript with declarations (.js + .d.ts); ts: TypeScript sources (for this folder and protocol/)").choices(["js", "ts"]).default("js"))
    .option("-q, --quiet", "no summary or warnings on stderr (and the stdio server's stderr is dropped)")
    .action(async (options: CatalogOptions) => {
      const { runCatalog } = await import("./catalog/command.js");
      setExit(await runCatalog(options));
    });
}

function addMigrateCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command("migrate")
    .description("what breaks in your project on a newer revision: generates --to into a temporary folder (never touching --out), type-checks the project against it as if it stood at --out, and lists every error and every literal whose meaning changed, each with its diff entry (exit 0 nothing breaks, 1 items found)")
    .requiredOption("-o, --out <dir>", "the output your code imports today (its .mcp-gen.json says which revision and options)")
    .requiredOption("--to <revision>", "the revision to migrate to (or a schema.ts)")
    .option("--from <revision>", "the revision the code is written for (default: the manifest's; with several, the one --to replaces)")
    .option("--project <tsconfig>", "the project's tsconfig.json", "./tsconfig.json")
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the project cache)")
    .addOption(new Option("--format <format>", "output format").choices(["text", "json", "markdown"]).default("text"))
    .action(async (options: MigrateOptions) => {
      const { runMigrate } = await import("./migrate/command.js");
      const { output, code } = await runMigrate(options);
      process.stdout.write(output);
      setExit(code);
    });
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
