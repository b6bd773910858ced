import { readdirSync, readFileSync } from "node:fs";
import { analyze, type Facts } from "../model/analyze.js";
import type { SchemaModel } from "../model/types.js";
import { byText } from "../model/order.js";
import type { EmitOptions, OutputFile } from "./common.js";
import type { EmitContext, Emitter } from "./contract.js";
import { emitClient } from "./client.js";
import { emitConstants } from "./constants.js";
import { emitErrors } from "./errors.js";
import { emitMethods } from "./methods.js";
import { checkExportClashes } from "./names.js";
import { emitContext, TEMPLATE_DIR, template } from "./render.js";
import { emitSchemas } from "./schemas.js";
import { emitServer } from "./server.js";
import { emitTypes } from "./types.js";
import { emitFastZod, emitValidators, hasFastZod } from "./validators.js";

export type { EmitOptions, OutputFile } from "./common.js";
export type { EmitContext, Emitter } from "./contract.js";
export { renderTemplate } from "./render.js";
export { emitRoot } from "./root.js";

const RUNTIME_DIR = new URL("runtime/", TEMPLATE_DIR);

/** Where the revision-independent runtime goes, relative to the output root. */
export const RUNTIME_FOLDER = "runtime";

/** index.ts: the revision's modules re-exported, and fast-zod.ts loaded where there is one. */
const emitIndex: Emitter = (facts, { render }) => [{ path: "index.ts", content: render("index.ts", { fastZod: hasFastZod(facts) }) }];

/** in-process.ts: the revision's client wired to a server in the same process (tests). */
const emitInProcess: Emitter = (_facts, { render }) => [{ path: "in-process.ts", content: render("in-process.ts") }];

/** The modules of any model's declarations: a revision's, and a server catalog's (catalog/stubs.ts). */
export const DECLARATION_EMITTERS: readonly Emitter[] = [emitTypes, emitSchemas, emitValidators, emitFastZod];

/** Every file of a revision, in output order. */
export const REVISION_EMITTERS: readonly Emitter[] = [emitTypes, emitSchemas, emitConstants, emitMethods, emitErrors, emitValidators, emitFastZod, emitServer, emitClient, emitInProcess, emitIndex];

export interface RevisionEmitOptions extends EmitOptions {
  /** Import path from the revision's folder to the runtime folder (`./runtime`, `../runtime`). */
  runtimeImport: string;
}

/** Runs emitters on one set of facts: pure, deterministic, unformatted; checks that no two files export one name. */
export function runEmitters(emitters: readonly Emitter[], facts: Facts, context: EmitContext): OutputFile[] {
  const files = emitters.flatMap((emit) => emit(facts, context));
  checkExportClashes(facts.model, files);
  return files;
}

/** Every file of one revision: paths relative to its folder. */
export function emitRevision(model: SchemaModel, options: RevisionEmitOptions): OutputFile[] {
  const source = model.source.revision ? `MCP schema revision ${model.source.revision}` : "MCP schema file";
  return runEmitters(REVISION_EMITTERS, analyze(model), emitContext({ source, ...options, sha256: model.source.sha256 }));
}

/** types.ts, schemas.ts, validators.ts and fast-zod.ts of any model, with the revision output's templates. */
export function emitDeclarationModules(model: SchemaModel, options: RevisionEmitOptions & { source: string }): OutputFile[] {
  return runEmitters(DECLARATION_EMITTERS, analyze(model), emitContext(options));
}

/**
 * The revision-independent runtime, copied verbatim from `templates/runtime/` (real TypeScript,
 * type-checked and tested in this repository) with the provenance header.
 */
export function emitRuntime(options: EmitOptions): OutputFile[] {
  const header = template("header")({ generatorVersion: options.generatorVersion, source: "the mcp-gen runtime (revision-independent)", sha256: "" });
  const names = runtimeSources().sort(byText);
  return names.map((name) => ({ path: `${RUNTIME_FOLDER}/${name}`, content: `${header}${readFileSync(new URL(name, RUNTIME_DIR), "utf8")}` }));
}

/** The runtime's sources, as paths relative to `templates/runtime/`: one folder per role (shared, stores, server, client). */
function runtimeSources(): string[] {
  return readdirSync(RUNTIME_DIR, { recursive: true, encoding: "utf8" })
    .map((name) => name.split("\\").join("/"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));
}
