import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { main } from "../../src/cli.js";
import type { GeneratedModule } from "./generated.js";
import { scratchDir } from "./spec.js";

export interface Fixture {
  module: GeneratedModule;
  /** The generated TypeScript sources (`--emit ts`: index.ts, schemas.ts, validators.ts, runtime/…). */
  outDir: string;
}

/** Generates a schema given as text as TypeScript sources, through the CLI entry point, and imports its index.ts. */
export async function generateFromText(name: string, schemaText: string): Promise<Fixture> {
  const outDir = await generateOnly(name, schemaText);
  return { module: (await import(pathToFileURL(join(outDir, "index.ts")).href)) as GeneratedModule, outDir };
}

/** The same generation, without importing the output (a test that only reads its files); returns the output folder. */
export async function generateOnly(name: string, schemaText: string): Promise<string> {
  const dir = scratchDir(name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "schema.ts");
  writeFileSync(file, schemaText);
  const outDir = join(dir, "gen");
  const code = await main(["--quiet", "--emit", "ts", "--schema", file, "--out", outDir]);
  if (code !== 0) throw new Error(`generation of ${name} failed (exit code ${code})`);
  return outDir;
}

/** Zod's verdict, or "throws". */
export function zodVerdict(module: GeneratedModule, type: string, value: unknown): boolean | "throws" {
  const schema = module[`${type}Schema`] as { safeParse(value: unknown): { success: boolean } };
  try {
    return z.safeParse(schema as unknown as z.ZodType, value).success;
  } catch {
    return "throws";
  }
}

/** The fast validator's verdict. */
export function fastVerdict(module: GeneratedModule, type: string, value: unknown): boolean {
  return (module[`is${type}`] as (value: unknown) => boolean)(value);
}
