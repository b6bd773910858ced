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
 * Formats every file; the header comment stays first because prettier keeps comments. One file
 * at a time: prettier's work is synchronous CPU either way, and holding one syntax tree instead
 * of all of them bounds the memory of a large output by its largest file.
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
      formatted.push({ path: file.path, content: await prettier.format(file.content, { ...settings.options, filepath: file.path }) });
    } catch (error) {
      throw new GeneratorError(`prettier could not format ${file.path} with the configuration found for the output folder: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  return formatted;
}
