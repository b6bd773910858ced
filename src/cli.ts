import { Command, CommanderError, Option } from "commander";
import { GeneratorError } from "./errors.js";
import { generate, buildModel, type GenerateResult } from "./generate.js";
import { fetchSchemas } from "./schema/fetch.js";
import { readRevision, readSchemaFile, specRootFrom, type SchemaSource } from "./schema/resolve.js";
import { GENERATOR_VERSION, PACKAGE_ROOT } from "./version.js";
import { fileURLToPath } from "node:url";
import type { DiffFormat } from "./diff/render.js";

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
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function sourcesFrom(options: SourceOptions): SchemaSource[] {
  const specRoot = specRootFrom(options.specRoot);
  const sources = [
    ...(options.revision ?? []).map((r) => readRevision(r, specRoot)),
    ...(options.schema ?? []).map((file) => readSchemaFile(file)),
  ];
  if (!sources.length) throw new GeneratorError("nothing to do: pass --revision R (repeatable) or --schema FILE");
  return sources;
}

function addSourceOptions(command: Command): Command {
  return command
    .option("-r, --revision <revision>", "MCP revision to read as <spec-root>/<revision>/schema.ts (repeatable)", collect)
    .option("-s, --schema <file>", "read this schema.ts directly (repeatable)", collect)
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the package's schema/)");
}

async function runGenerate(options: GenerateOptions): Promise<number> {
  const started = performance.now();
  const result = await generate({ sources: sourcesFrom(options), outDir: options.out, check: options.check ?? false, force: options.force });
  const seconds = (performance.now() - started) / 1000;
  for (const w of result.warnings) {
    if (!options.quiet) process.stderr.write(`${w.location.file}:${w.location.line}:${w.location.column}: warning: ${w.message}\n`);
  }
  const changed = result.outcomes.flatMap((o) => o.files.filter((f) => f.status !== "unchanged").map((f) => ({ ...f, outDir: o.outDir })));
  if (options.json) process.stdout.write(`${JSON.stringify(summaryJson(result, options.check ?? false, seconds), null, 2)}\n`);
  if (!options.quiet) process.stderr.write(summaryText(result, options.check ?? false, seconds));
  if (options.check && changed.length) {
    if (!options.json) for (const f of changed) process.stdout.write(`${f.outDir}/${f.path}: ${f.status === "removed" ? "would be removed" : f.status === "created" ? "missing" : "out of date"}\n`);
    return EXIT.different;
  }
  return EXIT.ok;
}

function summaryJson(result: GenerateResult, check: boolean, seconds: number): object {
  return {
    check,
    seconds: Number(seconds.toFixed(3)),
    revisions: result.outcomes.map((o) => ({ revision: o.label, out: o.outDir, types: o.types, upToDate: o.upToDate, files: o.files })),
    warnings: result.warnings,
  };
}

function summaryText(result: GenerateResult, check: boolean, seconds: number): string {
  return result.outcomes
    .map((o) => {
      const count = (status: string) => o.files.filter((f) => f.status === status).length;
      const what = o.upToDate
        ? "up to date (inputs unchanged)"
        : `${o.types} types, ${o.files.length} files: ${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged, ${count("removed")} removed`;
      return `mcp-gen${check ? " --check" : ""}: ${o.label} → ${o.outDir}: ${what} in ${seconds.toFixed(2)} s\n`;
    })
    .join("");
}

function generateOptions(command: Command): Command {
  return addSourceOptions(command)
    .requiredOption("-o, --out <dir>", "output folder (one subfolder per schema when several are given)")
    .option("--check", "write nothing; exit 1 and list the files that would change")
    .option("--force", "regenerate even when the manifest shows unchanged inputs")
    .option("-q, --quiet", "no summary on stderr")
    .option("--json", "print a JSON summary on stdout");
}

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command("mcp-gen")
    .description("Generate TypeScript types and Zod 4 validators from an MCP schema.ts")
    .version(GENERATOR_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  generateOptions(program.command("generate", { isDefault: true }).description("generate code (the default command)")).action(
    async (options: GenerateOptions) => setExit(await runGenerate(options)),
  );
  addSourceOptions(program.command("model").description("print the intermediate model as JSON (for debugging and other tools)")).action(
    async (options: SourceOptions) => {
      const [source] = sourcesFrom(options);
      const { model } = await buildModel(source!);
      process.stdout.write(`${JSON.stringify(model, null, 2)}\n`);
    },
  );
  program
    .command("diff")
    .description("what changed between two schemas, classified as breaking for clients/servers or additive (exit 0 identical, 1 different)")
    .requiredOption("--from <revision|file>", "the older side: a revision under the spec root, or a path to a schema.ts")
    .requiredOption("--to <revision|file>", "the newer side")
    .option("--spec-root <dir>", "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the package's schema/)")
    .addOption(new Option("--format <format>", "output format").choices(["text", "md", "json"]).default("text"))
    .option("--generated", "show a unified diff of the generated code of both sides instead")
    .action(async (options: { from: string; to: string; specRoot?: string; format: DiffFormat; generated?: boolean }) => {
      const { runDiff } = await import("./diff/index.js");
      const { output, different } = await runDiff({ ...options, generated: options.generated ?? false });
      process.stdout.write(output);
      setExit(different ? EXIT.different : EXIT.ok);
    });
  const schema = program.command("schema").description("manage the pinned schema files");
  schema
    .command("fetch")
    .description("fill <dest>/<revision>/schema.ts from a mirror or the pinned upstream commit, verifying sha256")
    .option("-r, --revision <revision>", "revision to fetch (repeatable; default: every pinned revision)", collect)
    .option("--from <dir>", "copy from a mirror folder instead of downloading")
    .option("--base-url <url>", "download from this base URL instead of the pinned upstream commit")
    .addOption(new Option("--dest <dir>", "where to write").default(fileURLToPath(new URL("schema/", PACKAGE_ROOT)), "the package's schema/"))
    .action(async (options: { revision?: string[]; from?: string; baseUrl?: string; dest: string }) => {
      const fetched = await fetchSchemas({ revisions: options.revision ?? [], from: options.from, baseUrl: options.baseUrl, dest: options.dest });
      for (const f of fetched) process.stderr.write(`mcp-gen: ${f.revision}: ${f.source} → ${f.file} (sha256 verified)\n`);
    });
  return program;
}

/** Runs the CLI and returns the exit code; prints errors as `file:line:col: message`. */
export async function main(argv: string[]): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await buildProgram((c) => (code = c)).parseAsync(argv, { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.error;
    if (error instanceof GeneratorError) {
      process.stderr.write(`mcp-gen: error: ${error.format()}\n`);
      return EXIT.error;
    }
    throw error;
  }
}
