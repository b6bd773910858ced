import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Warning } from "../../src/errors.js";
import type { SchemaModel } from "../../src/model/types.js";
import { parseSchema } from "../../src/parse/index.js";
import type { SchemaSource } from "../../src/schema/resolve.js";
import { SPEC_ROOT } from "./spec.js";

// Parsing a revision costs a ts-morph project and a few hundred milliseconds; tests that only
// need the model (the diff, the renderers, the CLI's output around them) share one per worker.
// Cached models are deeply frozen: a consumer that mutated them would throw, not leak state.

type Parsed = { model: SchemaModel; warnings: Warning[] };
const cache = new Map<string, Parsed>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function cached(key: string, parse: () => Parsed): Parsed {
  let parsed = cache.get(key);
  if (!parsed) {
    parsed = deepFreeze(parse());
    cache.set(key, parsed);
  }
  return parsed;
}

/** The model of a revision of the spec mirror, parsed once per worker (read-only). */
export function revisionModel(revision: string): SchemaModel {
  const text = readFileSync(join(SPEC_ROOT, revision, "schema.ts"), "utf8");
  const fileName = `${revision}/schema.ts`;
  return cached(keyOf(fileName, revision, text), () => parseSchema({ text, fileName, revision })).model;
}

/** A fresh parse, never cached: for checks that two independent parses agree. */
export function freshRevisionModel(revision: string): SchemaModel {
  const text = readFileSync(join(SPEC_ROOT, revision, "schema.ts"), "utf8");
  return parseSchema({ text, fileName: `${revision}/schema.ts`, revision }).model;
}

function keyOf(file: string, revision: string | null, text: string): string {
  return JSON.stringify([file, revision, createHash("sha256").update(text).digest("hex")]);
}

/**
 * src/generate.js with `buildModel` answered from the cache, keyed by the source's file,
 * revision and text, so that in-process CLI runs (`runCli`) of the same schemas parse once. Use as
 *   vi.mock("../../src/generate.js", async (original) => (await import("../helpers/models.js")).withModelCache(await original()));
 */
export function withModelCache<M extends { buildModel: (source: SchemaSource) => Promise<Parsed> }>(module: M): M {
  const buildModel = async (source: SchemaSource): Promise<Parsed> => {
    const key = keyOf(source.file, source.revision, source.text);
    const hit = cache.get(key);
    if (hit) return hit;
    const parsed = deepFreeze(await module.buildModel(source));
    cache.set(key, parsed);
    return parsed;
  };
  return { ...module, buildModel };
}
