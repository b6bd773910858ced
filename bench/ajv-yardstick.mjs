// The yardstick of the validation benches (validate-worker.mjs, validate-types-worker.mjs): Ajv 8
// with ajv-formats on a revision's schema.json, one compiled validator per type.
import { readFileSync } from "node:fs";

/** `(type) => validate` for the types of the schema.json at `schemaJsonFile` (draft-07 or 2020-12). */
export async function ajvValidators(schemaJsonFile) {
  const schema = JSON.parse(readFileSync(schemaJsonFile, "utf8"));
  const is2020 = String(schema.$schema).includes("2020-12");
  const { default: Ajv } = await import(is2020 ? "ajv/dist/2020.js" : "ajv");
  const { default: addFormats } = await import("ajv-formats");
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  ajv.addSchema({ ...schema, $id: "mcp" });
  const section = is2020 ? "$defs" : "definitions";
  return (type) => ajv.getSchema(`mcp#/${section}/${type}`);
}
