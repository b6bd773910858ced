import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { z } from "zod";
import { generatedJsDir } from "./spec.js";

export type GeneratedModule = Record<string, unknown>;

const cache = new Map<string, Promise<GeneratedModule>>();

/** Imports the generated index.js of a revision: the JavaScript of the default output, as users run it. */
export function loadGenerated(revision: string): Promise<GeneratedModule> {
  let loaded = cache.get(revision);
  if (!loaded) {
    loaded = import(pathToFileURL(join(generatedJsDir(revision), "index.js")).href) as Promise<GeneratedModule>;
    cache.set(revision, loaded);
  }
  return loaded;
}

/**
 * Zod's own parse of a generated schema (`z.safeParse` runs the schema's internals): the oracle
 * the fast path is held to. `XSchema.safeParse` itself takes its verdict from `isX`
 * (templates/runtime/shared/fast-zod.ts), so a test comparing the two must not call it.
 */
export function zodSafeParse(schema: unknown, value: unknown): ReturnType<typeof z.safeParse> {
  return z.safeParse(schema as z.ZodType, value);
}

/** The generated validator for a type, by the naming contract `X` → `XSchema`. */
export function schemaFor(module: GeneratedModule, typeName: string): z.ZodType {
  const schema = module[`${typeName}Schema`];
  if (!schema || typeof (schema as z.ZodType).safeParse !== "function") {
    throw new Error(`generated module has no ${typeName}Schema`);
  }
  return schema as z.ZodType;
}
