import { join } from "node:path";
import type { OutputFile } from "../emit/common.js";

export interface FormatSettings {
  /** The prettier options in force for the output folder (user config, if any, wins). */
  options: Record<string, unknown>;
}

/** Finds the user's prettier config as seen from the output folder (even before it exists). */
export async function resolveFormatSettings(outDir: string): Promise<FormatSettings> {
  const prettier = await import("prettier");
  const config = await prettier.resolveConfig(join(outDir, "index.ts"), { editorconfig: true });
  return { options: { ...(config ?? {}), parser: "typescript" } };
}

/** Formats every file; the header comment stays first because prettier keeps comments. */
export async function formatFiles(files: OutputFile[], settings: FormatSettings): Promise<OutputFile[]> {
  const prettier = await import("prettier");
  return Promise.all(
    files.map(async (file) => ({ path: file.path, content: await prettier.format(file.content, { ...settings.options, filepath: file.path }) })),
  );
}
