// JSON Schemas through the JSON Schema front end and the emitters into a scratch folder, imported
// back (vitest compiles the TypeScript) so tests can run the generated validators; and Ajv, the
// oracle, for the dialect of each schema.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv, { type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { z } from "zod";
import { emitDeclarationModules } from "../../src/emit/index.js";
import type { Warning } from "../../src/errors.js";
import type { SchemaModel } from "../../src/model/types.js";
import { DeclarationNames, readJsonSchema, type Dialect } from "../../src/parse/json-schema/index.js";
import { dialectOf } from "../../src/parse/json-schema/document.js";
import { GENERATED_ROOT, scratchDir } from "./spec.js";

export interface NamedSchema {
  name: string;
  schema: unknown;
}

export interface BuiltSchemas {
  dir: string;
  model: SchemaModel;
  /** The declared name of each input (its root declaration). */
  names: Map<string, string>;
  warnings: Warning[];
  files: Array<{ path: string; content: string }>;
}

/** Reads the schemas into one model and writes its types/schemas/validators under test/tmp/scratch. */
export function buildSchemas(label: string, schemas: NamedSchema[], dialect: Dialect = "2020-12"): BuiltSchemas {
  const names = new DeclarationNames();
  const model: SchemaModel = { modelVersion: 2, source: { revision: null, file: `${label}.json`, sha256: "0".repeat(64) }, declarations: [], constants: [] };
  const warnings: Warning[] = [];
  const declared = new Map<string, string>();
  for (const { name, schema } of schemas) {
    const result = readJsonSchema({ name, schema, owner: `schema ${name}`, at: "" }, { names, dialect, locate: () => ({ file: `${label}.json`, line: 1, column: 1 }) });
    model.declarations.push(...result.declarations);
    warnings.push(...result.warnings);
    declared.set(name, result.name);
  }
  const dir = scratchDir(label);
  mkdirSync(dir, { recursive: true });
  const runtimeImport = relative(dir, join(GENERATED_ROOT, "runtime")).split("\\").join("/");
  const files = emitDeclarationModules(model, { generatorVersion: "test", runtimeImport, source: label });
  for (const file of files) writeFileSync(join(dir, file.path), file.content);
  return { dir, model, names: declared, warnings, files };
}

export interface LoadedSchemas {
  /** The fast guard `isX` of a declaration. */
  guard(name: string): (value: unknown) => boolean;
  /** The Zod schema `XSchema` of a declaration. */
  zod(name: string): z.ZodType;
}

export async function loadSchemas(built: BuiltSchemas): Promise<LoadedSchemas> {
  const validators = (await import(pathToFileURL(join(built.dir, "validators.ts")).href)) as Record<string, (v: unknown) => boolean>;
  const schemas = (await import(pathToFileURL(join(built.dir, "schemas.ts")).href)) as Record<string, z.ZodType>;
  return {
    guard: (name) => validators[`is${name}`]!,
    zod: (name) => schemas[`${name}Schema`]!,
  };
}

const ajvs = new Map<Dialect, InstanceType<typeof Ajv.default>>();

/**
 * Ajv 8 for the schema's dialect (its `$schema`, else the fallback), with ajv-formats: the
 * official SDK's validator; `ownProperties`, since a JSON object's members are its own keys (by
 * default Ajv counts `{}`'s inherited `constructor` as present).
 */
export function ajvValidator(schema: unknown, fallback: Dialect = "2020-12"): ValidateFunction | undefined {
  const dialect = dialectOf(schema, fallback);
  let ajv = ajvs.get(dialect);
  if (!ajv) {
    const AjvClass = (dialect === "2020-12" ? Ajv2020 : Ajv) as unknown as typeof Ajv.default;
    ajv = new AjvClass({ strict: false, allErrors: false, validateFormats: true, validateSchema: false, ownProperties: true });
    (addFormats as unknown as typeof addFormats.default)(ajv);
    ajvs.set(dialect, ajv);
  }
  const copy = typeof schema === "object" && schema !== null ? { ...(schema as object) } : schema;
  if (typeof copy === "object" && copy !== null) delete (copy as { $schema?: unknown }).$schema;
  try {
    return ajv.compile(copy as object);
  } catch {
    return undefined; // a schema Ajv cannot compile has no oracle
  }
}
