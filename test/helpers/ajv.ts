import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { SPEC_ROOT } from "./spec.js";

export interface SchemaJson {
  $schema: string;
  $defs?: Record<string, unknown>;
  definitions?: Record<string, unknown>;
}

export function readSchemaJson(revision: string): SchemaJson {
  return JSON.parse(readFileSync(join(SPEC_ROOT, revision, "schema.json"), "utf8")) as SchemaJson;
}

export function definitionsOf(schema: SchemaJson): Record<string, unknown> {
  return schema.$defs ?? schema.definitions ?? {};
}

/**
 * Ajv for the dialect the revision's schema.json declares (2020-12 or draft-07), with
 * ajv-formats; returns a validator per definition name.
 */
export function ajvValidators(schema: SchemaJson): (name: string) => ValidateFunction {
  const is2020 = schema.$schema.includes("2020-12");
  const AjvClass = (is2020 ? Ajv2020 : Ajv) as unknown as typeof Ajv.default;
  const ajv = new AjvClass({ strict: false, allErrors: false, validateFormats: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  const id = "mcp-schema";
  ajv.addSchema({ ...schema, $id: id });
  const section = is2020 ? "$defs" : "definitions";
  const cache = new Map<string, ValidateFunction>();
  return (name) => {
    let validate = cache.get(name);
    if (!validate) {
      validate = ajv.getSchema(`${id}#/${section}/${name}`);
      if (!validate) throw new Error(`schema.json has no ${section}/${name}`);
      cache.set(name, validate);
    }
    return validate;
  };
}
