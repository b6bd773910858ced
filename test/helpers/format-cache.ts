import { createHash } from "node:crypto";
import type { OutputFile } from "../../src/emit/common.js";
import type { FormatSettings } from "../../src/write/format.js";

// Prettier is most of a generation's time, and every generation formats the same runtime files
// again. Tests about writing, manifests and errors share prettier's output per worker: the same
// text, path and options give the same formatted file (the real prettier result, computed once).

const formatted = new Map<string, string>();

function keyOf(file: OutputFile, options: string): string {
  return `${options}\0${file.path}\0${createHash("sha256").update(file.content).digest("hex")}`;
}

type FormatFiles = (files: OutputFile[], settings: FormatSettings) => Promise<OutputFile[]>;

/**
 * src/write/format.js with `formatFiles` memoized. Use in a test file as
 *   vi.mock("../../src/write/format.js", async (original) => (await import("../helpers/format-cache.js")).withFormatCache(await original()));
 */
export function withFormatCache<M extends { formatFiles: FormatFiles }>(module: M): M {
  const formatFiles: FormatFiles = async (files, settings) => {
    const options = JSON.stringify(settings.options);
    const missing = files.filter((f) => !formatted.has(keyOf(f, options)));
    const fresh = await module.formatFiles(missing, settings);
    fresh.forEach((f, i) => formatted.set(keyOf(missing[i]!, options), f.content));
    return files.map((f) => ({ path: f.path, content: formatted.get(keyOf(f, options))! }));
  };
  return { ...module, formatFiles };
}
