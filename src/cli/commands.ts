// The CLI's other commands: each parses its options and calls the API (src/index.ts).
import { relative } from "node:path";
import { Option, type Command } from "commander";
import { printable } from "../errors.js";
import { catalog, diff, diffGenerated, fetchSchemas, migrate, renderDiff, type CatalogOptions, type MigrateOptions } from "../index.js";
import type { DiffFormat } from "../diff/render.js";
import { collect, EXIT, type SetExit } from "./options.js";

const SPEC_ROOT_HELP = "folder holding <revision>/schema.ts (default: $MCP_SPEC_ROOT, else the project cache)";

export function addDiffCommand(program: Command, setExit: SetExit): void {
  program
    .command("diff")
    .description("what changed between two schemas, classified as breaking for clients/servers or additive (exit 0 identical, 1 different)")
    .requiredOption("--from <revision|file>", "the older side: a revision under the spec root, a path to a schema.ts, or a catalog.json (then --to is one too)")
    .requiredOption("--to <revision|file>", "the newer side")
    .option("--spec-root <dir>", SPEC_ROOT_HELP)
    .addOption(new Option("--format <format>", "output format").choices(["text", "md", "json"]).default("text"))
    .option("--generated", "show a unified diff of the generated code of both sides instead")
    .option("--core <revision|file>", "compare two versions of an extension's schema (--from/--to: an extension name or a schema.ts path), both bound to this core revision")
    .action(async (options: { from: string; to: string; specRoot?: string; format: DiffFormat; generated?: boolean; core?: string }) => {
      const sides = { from: options.from, to: options.to, specRoot: options.specRoot, core: options.core };
      const report = options.generated ? undefined : await diff(sides);
      const output = report ? renderDiff(report, options.format) : await diffGenerated(sides);
      process.stdout.write(output);
      setExit((report ? report.changes.length > 0 : output.length > 0) ? EXIT.different : EXIT.ok);
    });
}

export function addCatalogCommand(program: Command, setExit: SetExit): void {
  program
    .command("catalog")
    .description("typed stubs for one server's tools and prompts, resources and resource templates: read its catalog (live, or from catalog.json), snapshot it with the options it was read with, generate createTools/createPrompts/createResources/createResourceTemplates; --check: exit 1 when the server drifted or the files are stale")
    .option("--stdio <command>", 'start the server with this command line and talk over stdio (e.g. "node server.js")')
    .option("--url <url>", "talk to a Streamable HTTP server at this URL")
    .option("--from <file>", "regenerate from a catalog.json snapshot, without a server (what a prebuild runs)")
    .requiredOption("-o, --out <dir>", "output folder: catalog.json, types, schemas, validators and index modules (and protocol/ unless --protocol)")
    .option("--protocol <dir>", "an mcp-gen protocol output to connect with and import from (default: generate <out>/protocol for --revision)")
    .option("-r, --revision <revision>", "protocol revisions to generate and connect with (repeatable; default: those catalog.json records, else the one the server negotiates and the newest of the other era)", collect)
    .option("--spec-root <dir>", SPEC_ROOT_HELP)
    .option("--check", "write nothing; exit 1 with a short summary when the live catalog differs from <out>/catalog.json or the files are stale")
    .option("--header <K:V>", "an HTTP header for --url (repeatable), e.g. \"Authorization: Bearer …\"", collect)
    .option("--env <K=V>", "an environment variable for the --stdio server (repeatable; added to mcp-gen's own)", collect)
    .option("--cwd <dir>", "the working directory of the --stdio server")
    .option("--capability <name>", "declare this client capability while reading (repeatable: sampling, elicitation, roots…), for servers that list more to such clients; default: those catalog.json records", collect)
    .option("--timeout <ms>", "per-request timeout while reading the catalog", "30000")
    .addOption(new Option("--emit <kind>", "js: JavaScript with declarations (.js + .d.ts); ts: TypeScript sources (for this folder and protocol/)").choices(["js", "ts"]).default("js"))
    .option("-q, --quiet", "no summary or warnings on stderr (and the stdio server's stderr is dropped)")
    .action(async (options: CatalogOptions) => setExit((await catalog(options)).stale ? EXIT.different : EXIT.ok));
}

export function addMigrateCommand(program: Command, setExit: SetExit): void {
  program
    .command("migrate")
    .description("what breaks in your project on a newer revision: generates --to into a temporary folder (never touching --out), type-checks the project against it as if it stood at --out, and lists every error and every literal whose meaning changed, each with its diff entry (exit 0 nothing breaks, 1 items found)")
    .requiredOption("-o, --out <dir>", "the output your code imports today (its .mcp-gen.json says which revision and options)")
    .requiredOption("--to <revision>", "the revision to migrate to (or a schema.ts)")
    .option("--from <revision>", "the revision the code is written for (default: the manifest's; with several, the one --to replaces)")
    .option("--project <tsconfig>", "the project's tsconfig.json", "./tsconfig.json")
    .option("--spec-root <dir>", SPEC_ROOT_HELP)
    .addOption(new Option("--format <format>", "output format").choices(["text", "json", "markdown"]).default("text"))
    .action(async (options: MigrateOptions) => {
      const { output, found } = await migrate(options);
      process.stdout.write(output);
      setExit(found ? EXIT.different : EXIT.ok);
    });
}

export function addInitCommand(program: Command): void {
  program
    .command("init [dir]")
    .description("scaffold an MCP server project in DIR (default: here) that builds and runs as it is: package.json, a strict tsconfig.json, src/server.ts")
    .option("--force", "scaffold into a non-empty folder too (a file already there is never overwritten: init then writes nothing)")
    .option("--name <name>", "the package's name (default: derived from DIR's name)")
    .action(async (dir: string | undefined, options: { force?: boolean; name?: string }) => {
      const { runInit } = await import("../init/command.js");
      const { dir: target, files, mcpGen } = runInit(dir, options);
      const where = relative(process.cwd(), target) || ".";
      process.stderr.write(printable(`mcp-gen init: ${where}: ${files.join(", ")} (mcp-gen from ${mcpGen})\nnext: ${where === "." ? "" : `cd ${where} && `}npm install && npm run build && npm start\n`, true));
    });
}

export function addSchemaCommand(program: Command): void {
  program
    .command("schema")
    .description("manage the pinned schema files")
    .command("fetch")
    .description("fill <dest>/<revision>/schema.ts from a mirror or the pinned upstream commit, verifying sha256")
    .option("-r, --revision <revision>", "revision to fetch (repeatable; default: every pinned revision)", collect)
    .option("--from <dir>", "copy from a mirror folder instead of downloading")
    .option("--base-url <url>", "download from this base URL instead of the pinned upstream commit")
    .option("--dest <dir>", "where to write (default: the project cache .mcp-gen/schema, or $MCP_GEN_CACHE)")
    .action(async (options: { revision?: string[]; from?: string; baseUrl?: string; dest?: string }) => {
      const fetched = await fetchSchemas({ revisions: options.revision ?? [], from: options.from, baseUrl: options.baseUrl, dest: options.dest });
      for (const f of fetched) process.stderr.write(`mcp-gen: ${f.revision}: ${f.source} → ${f.file} (sha256 verified)\n`);
    });
}
