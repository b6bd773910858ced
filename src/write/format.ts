import { join } from "node:path";
import { GeneratorError } from "../errors.js";
import type { OutputFile } from "../emit/common.js";
import { preformatted } from "./preformatted.js";

export interface FormatSettings {
  /** The prettier options in force for the output folder (user config, if any, wins). */
  options: Record<string, unknown>;
  /** No prettier or editorconfig settings apply: prettier's defaults (build-time formatting is valid). */
  defaults?: boolean;
}

/** Finds the user's prettier config as seen from the output folder (even before it exists). */
export async function resolveFormatSettings(outDir: string): Promise<FormatSettings> {
  const prettier = await import("prettier");
  try {
    const config = await prettier.resolveConfig(join(outDir, "index.ts"), { editorconfig: true });
    return { options: { ...(config ?? {}), parser: "typescript" }, defaults: config === null };
  } catch (error) {
    throw new GeneratorError(`cannot read the prettier configuration that applies to ${outDir}: ${(error as Error).message}`);
  }
}

/**
 * Large files are formatted in parts of about this many characters, split between top-level
 * statements: prettier's output is the same (test/write/format.test.ts holds it to formatting the
 * whole file), and its memory follows the part, not the file (a 1 MB schema's validators.ts is
 * about 9 MB).
 */
export const FORMAT_PART_CHARS = 64 * 1024;

/** A blank line before a top-level statement of the generated code (declarations, comments, imports). */
const STATEMENT_BREAK = /\n\n(?=(?:export |const |let |function |type |interface |\/\*\*|rt\.|import |declare ))/;

/** The generated text in parts of about `partChars`, each ending where a top-level statement does. */
export function formatParts(content: string, partChars: number): string[] {
  if (content.length <= partChars) return [content];
  const parts: string[] = [];
  let current = "";
  for (const statement of content.split(STATEMENT_BREAK)) {
    if (current && current.length + statement.length > partChars) {
      parts.push(current);
      current = statement;
    } else {
      current = current ? `${current}\n\n${statement}` : statement;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** Options under which each part is formatted as it would be inside the whole file (no pragmas, no plugins). */
function splittable(options: Record<string, unknown>): boolean {
  return !options["insertPragma"] && !options["requirePragma"] && !options["plugins"];
}

/**
 * prettier.format under the typescript parser's name, parsed by babel-ts where it can: the same
 * printer, so the same text for the generated code (prettier's own tests run its TypeScript
 * fixtures through both; test/write/format.test.ts holds every file of two revisions to the
 * typescript parser), in about 0.6× the time. What babel cannot parse goes to the typescript parser.
 */
async function prettierFormat(text: string, options: Record<string, unknown>): Promise<string> {
  const prettier = await import("prettier");
  if (options["parser"] !== "typescript") return prettier.format(text, options);
  try {
    return await prettier.format(text, { ...options, parser: "babel-ts" });
  } catch {
    return prettier.format(text, options);
  }
}

/** Prettier's output for one generated file: in parts when it is large (the same text), else whole. */
export async function formatText(content: string, options: Record<string, unknown>, partChars = FORMAT_PART_CHARS): Promise<string> {
  const parts = splittable(options) ? formatParts(content, partChars) : [content];
  if (parts.length === 1) return prettierFormat(content, options);
  const formatted: string[] = [];
  try {
    for (const part of parts) formatted.push(await prettierFormat(part, options));
  } catch {
    // A split inside a multi-line literal leaves a part that does not parse: format it whole.
    return prettierFormat(content, options);
  }
  // Each formatted part ends with one newline; one more restores the blank line between them.
  return formatted.join("\n");
}

/**
 * Formats every file; the header comment stays first because prettier keeps comments. One file
 * (and one part of a large file) at a time: prettier's work is synchronous CPU either way, and
 * holding one syntax tree bounds the memory of a large output.
 */
export async function formatFiles(files: OutputFile[], settings: FormatSettings): Promise<OutputFile[]> {
  const prettier = await import("prettier");
  const formatted: OutputFile[] = [];
  for (const file of files) {
    const ready = settings.defaults ? preformatted(file.content, prettier.version) : undefined;
    if (ready !== undefined) {
      formatted.push({ path: file.path, content: ready });
      continue;
    }
    try {
      formatted.push({ path: file.path, content: await formatText(file.content, { ...settings.options, filepath: file.path }) });
    } catch (error) {
      throw new GeneratorError(`prettier could not format ${file.path} with the configuration found for the output folder: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  return formatted;
}
