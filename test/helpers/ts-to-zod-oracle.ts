// An oracle for an extension's types that shares nothing with mcp-gen: ts-to-zod (what upstream
// made the Tasks extension's schema.json with) turns the extension's schema.ts, with the core's
// schema.ts beside it, into Zod schemas; z.toJSONSchema makes JSON Schema of them, and Ajv judges.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import ts from "typescript";
import { generate } from "ts-to-zod";
import { z } from "zod";
import { REPO_ROOT } from "./spec.js";

/**
 * One source for ts-to-zod: the core, the extension's aliased imports as aliases of the core's
 * names (`type JSONRPCErrorObject = Error`), then the extension without its import. `typeof X`
 * of a literal constant (which ts-to-zod reads as any) is written as the literal, and an
 * interface extending an alias of a record gets the record's index signature instead.
 */
export function oracleSource(coreText: string, extensionText: string): string {
  const imported = /import type \{([^}]*)\} from "[^"]+";/.exec(extensionText);
  if (!imported) throw new Error("the extension imports no core types");
  const aliases = imported[1]!.split(",").map((s) => s.trim().split(/\s+as\s+/)).filter((p) => p.length === 2).map(([name, local]) => `export type ${local} = ${name};`);
  const text = `${coreText}\n${aliases.join("\n")}\n${extensionText.replace(imported[0], "")}`;
  const constants = new Map([...text.matchAll(/export const (\w+) = ("[^"]*"|-?\d+)/g)].map((m) => [m[1]!, m[2]!]));
  // ts-to-zod cannot extend a record (`interface A extends MetaObject`, `MetaObject = Record<string, unknown>`): its index signature written in A instead.
  let records = text;
  for (const [, name, value] of text.matchAll(/export type (\w+) = Record<string, (\w+)>;/g)) {
    records = records.replaceAll(`extends ${name} {`, `{\n  [key: string]: ${value};`);
  }
  return records.replace(/typeof (\w+)/g, (whole, name: string) => constants.get(name) ?? whole);
}

/**
 * ts-to-zod extends a base schema with `.extend({…})`, which a base with an index signature (an
 * intersection, `z.record(…).and(…)`) lacks: `.and(z.object({…}))` means the same for validation.
 */
function extendAsAnd(code: string): string {
  let out = "";
  let at = 0;
  for (let found = code.indexOf(".extend(", at); found !== -1; found = code.indexOf(".extend(", at)) {
    let depth = 0;
    let end = found + ".extend".length;
    for (; end < code.length; end++) {
      if (code[end] === "(") depth++;
      if (code[end] === ")" && --depth === 0) break;
    }
    out += `${code.slice(at, found)}.and(z.object(${extendAsAnd(code.slice(found + ".extend(".length, end))}))`;
    at = end + 1;
  }
  return out + code.slice(at);
}

/** Ajv validators of the extension's declarations, by name, from ts-to-zod's schemas. */
export async function tsToZodOracle(coreText: string, extensionText: string, names: string[], tag: string): Promise<(name: string) => ValidateFunction> {
  const generated = generate({ sourceText: oracleSource(coreText, extensionText), keepComments: false });
  if (generated.errors.length) throw new Error(`ts-to-zod: ${generated.errors.join("; ")}`);
  const typescript = generated.getZodSchemasFile("./schema").replace(/^import \{ type [^\n]*$/m, "");
  const javascript = ts.transpileModule(extendAsAnd(typescript), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const dir = join(REPO_ROOT, "test/tmp/ts-to-zod");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${tag}.mjs`);
  writeFileSync(file, javascript);
  const module = (await import(pathToFileURL(file).href)) as Record<string, z.ZodType>;
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, validateFormats: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  const validators = new Map<string, ValidateFunction>();
  for (const name of names) {
    const schema = module[`${name[0]!.toLowerCase()}${name.slice(1)}Schema`];
    if (!schema) throw new Error(`ts-to-zod made no schema for ${name}`);
    validators.set(name, ajv.compile(z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "ref", reused: "inline" }) as object));
  }
  return (name) => validators.get(name)!;
}
