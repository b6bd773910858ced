import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { protocolVersionOf } from "../model/derive.js";
import type { Constant, SchemaModel } from "../model/types.js";
import { jsDoc, type EmitOptions, type OutputFile } from "./common.js";
import { emitTypeDeclarations } from "./types.js";
import { emitSchemaDeclarations } from "./zod.js";

export type { EmitOptions, OutputFile } from "./common.js";

const TEMPLATE_DIR = new URL("../../templates/", import.meta.url);

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

function renderSchemas(render: (name: string, data: object) => string, declarations: string[]): string {
  return render("schemas.ts", { declarations, usesRuntime: declarations.some((code) => /\brt\./.test(code)) });
}

/** Every output file for one model: pure, deterministic, unformatted. */
export function emitAll(model: SchemaModel, options: EmitOptions): OutputFile[] {
  const header = {
    generatorVersion: options.generatorVersion,
    source: model.source.revision ? `revision ${model.source.revision}` : "file",
    sha256: model.source.sha256,
  };
  const protocolVersion = protocolVersionOf(model);
  const render = (name: string, data: object = {}): string => template(name)({ ...header, ...data });
  return [
    { path: "types.ts", content: render("types.ts", { declarations: emitTypeDeclarations(model) }) },
    { path: "schemas.ts", content: renderSchemas(render, emitSchemaDeclarations(model)) },
    {
      path: "constants.ts",
      content: render("constants.ts", {
        constants: model.constants.map(constantDeclaration),
        protocolVersion: protocolVersion && JSON.stringify(protocolVersion),
      }),
    },
    { path: "runtime.ts", content: render("runtime.ts") },
    { path: "index.ts", content: render("index.ts") },
  ];
}
