// Typed message corpora for the validation benchmark: each message with the type it is validated as.
//  - the issue's corpus: 20 messages of 2026-07-28 read from the spec's examples (bench/issue-corpus.json);
//  - per revision: valid messages generated from the model (test/helpers/payloads.ts, seeded), for
//    every request and notification of the revision and every request's result (its
//    `…ResultResponse` where the revision has one, else its `…Result`).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/** The issue's 20 typed messages. */
export function issueCorpus(root, specRoot) {
  const list = JSON.parse(readFileSync(join(root, "bench/issue-corpus.json"), "utf8"));
  const example = (type, file) => JSON.parse(readFileSync(join(specRoot, list.revision, "examples", type, file), "utf8"));
  const [envelopeType, resultType, resultFile] = list.inputRequiredResponse;
  const inputRequired = { jsonrpc: "2.0", id: "call-tool-input-required", result: example(resultType, resultFile) };
  return {
    revision: list.revision,
    messages: [
      ...list.requests.map(([type, file]) => ({ type, role: "request", value: example(type, file) })),
      ...list.responses.map(([type, file]) => ({ type, role: "response", value: example(type, file) })),
      { type: envelopeType, role: "response", value: inputRequired },
      ...list.notifications.map(([type, file]) => ({ type, role: "notification", value: example(type, file) })),
    ],
  };
}

/** Loads the seeded payload generator (TypeScript in test/helpers) as JavaScript. */
async function payloadModule(root, scratch) {
  const source = readFileSync(join(root, "test/helpers/payloads.ts"), "utf8");
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true } });
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, "payloads.mjs");
  // Its imports of the generator's source resolve to the built package.
  writeFileSync(file, outputText.replaceAll('"../../src/', `"${pathToFileURL(join(root, "dist")).href}/`));
  return import(pathToFileURL(file).href);
}

/** The message types of a revision: requests, notifications, and the results of requests. */
function messageTypes(surface) {
  const types = new Set();
  for (const fact of [...surface.requests, ...surface.notifications]) for (const name of fact.messages) types.add(name);
  for (const fact of surface.requests) if (fact.result) types.add(fact.result.name);
  return [...types];
}

/** Per revision, `perType` valid generated messages of every message type. */
export async function generatedCorpus(root, specRoot, revision, scratch, perType = 8) {
  const { parseSchema } = await import(pathToFileURL(join(root, "dist/parse/index.js")).href);
  const { analyze } = await import(pathToFileURL(join(root, "dist/model/analyze.js")).href);
  const { PayloadGenerator, rng } = await payloadModule(root, scratch);
  const file = join(specRoot, revision, "schema.ts");
  const { model } = parseSchema({ text: readFileSync(file, "utf8"), fileName: file, revision });
  const byName = new Map(model.declarations.map((d) => [d.name, d]));
  const generator = new PayloadGenerator(model, rng(0xbe4c + revision.length));
  const types = messageTypes(analyze(model).surface).filter((name) => byName.has(name));
  const messages = types.flatMap((type) => Array.from({ length: perType }, () => ({ type, role: "generated", value: generator.sample(generator.typeOf(type)) })));
  return { revision, types: types.length, messages };
}
