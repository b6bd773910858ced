import { readdirSync, readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { protocolVersionOf } from "../model/derive.js";
import type { Constant, SchemaModel } from "../model/types.js";
import { byText } from "../model/order.js";
import { jsDoc, type EmitOptions, type OutputFile } from "./common.js";
import { emitTypeDeclarations } from "./types.js";
import { emitSchemaDeclarations } from "./zod.js";

export type { EmitOptions, OutputFile } from "./common.js";

const TEMPLATE_DIR = new URL("../../templates/", import.meta.url);
const RUNTIME_DIR = new URL("runtime/", TEMPLATE_DIR);

/** Where the revision-independent runtime goes, relative to the output root. */
export const RUNTIME_FOLDER = "runtime";

const engine = Handlebars.create();
let templates: Map<string, Handlebars.TemplateDelegate> | undefined;

function template(name: string): Handlebars.TemplateDelegate {
  if (!templates) {
    engine.registerPartial("header", readFileSync(new URL("header.hbs", TEMPLATE_DIR), "utf8"));
    templates = new Map();
  }
  let compiled = templates.get(name);
  if (!compiled) {
    compiled = engine.compile(readFileSync(new URL(`${name}.hbs`, TEMPLATE_DIR), "utf8"), { noEscape: true, strict: true });
    templates.set(name, compiled);
  }
  return compiled;
}

function constantDeclaration(constant: Constant): string {
  return `${jsDoc(constant.doc)}export const ${constant.name} = ${JSON.stringify(constant.value)};`;
}

export interface RevisionEmitOptions extends EmitOptions {
  /** Import path from the revision's folder to the runtime folder (`./runtime`, `../runtime`). */
  runtimeImport: string;
}

/** Every file of one revision: pure, deterministic, unformatted; paths relative to its folder. */
export function emitRevision(model: SchemaModel, options: RevisionEmitOptions): OutputFile[] {
  const header = {
    generatorVersion: options.generatorVersion,
    source: model.source.revision ? `MCP schema revision ${model.source.revision}` : "MCP schema file",
    sha256: model.source.sha256,
  };
  const protocolVersion = protocolVersionOf(model);
  const render = (name: string, data: object = {}): string => template(name)({ ...header, runtime: options.runtimeImport, ...data });
  const schemas = emitSchemaDeclarations(model);
  return [
    { path: "types.ts", content: render("types.ts", { declarations: emitTypeDeclarations(model) }) },
    { path: "schemas.ts", content: render("schemas.ts", { declarations: schemas, usesRuntime: schemas.some((code) => /\brt\./.test(code)) }) },
    {
      path: "constants.ts",
      content: render("constants.ts", {
        constants: model.constants.map(constantDeclaration),
        protocolVersion: protocolVersion && JSON.stringify(protocolVersion),
      }),
    },
    { path: "index.ts", content: render("index.ts") },
  ];
}

/**
 * The revision-independent runtime, copied verbatim from `templates/runtime/` (real TypeScript,
 * type-checked and tested in this repository) with the provenance header.
 */
export function emitRuntime(options: EmitOptions): OutputFile[] {
  const header = template("header")({ generatorVersion: options.generatorVersion, source: "the mcp-gen runtime (revision-independent)", sha256: "" });
  const names = readdirSync(RUNTIME_DIR).filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts")).sort(byText);
  return names.map((name) => ({ path: `${RUNTIME_FOLDER}/${name}`, content: `${header}${readFileSync(new URL(name, RUNTIME_DIR), "utf8")}` }));
}
