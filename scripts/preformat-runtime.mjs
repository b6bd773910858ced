// Part of `npm run build`: formats the shared runtime once, with prettier's defaults and the
// exact call generation makes, into dist/preformatted.json (see src/write/preformatted.ts).
import { writeFileSync } from "node:fs";
import * as prettier from "prettier";
import { emitRuntime } from "../dist/emit/index.js";
import { GENERATOR_VERSION } from "../dist/version.js";
import { contentKey } from "../dist/write/preformatted.js";

const options = { parser: "typescript" };
const files = {};
for (const file of emitRuntime({ generatorVersion: GENERATOR_VERSION })) {
  files[contentKey(file.content)] = await prettier.format(file.content, { ...options, filepath: file.path });
}
writeFileSync(new URL("../dist/preformatted.json", import.meta.url), `${JSON.stringify({ prettier: prettier.version, files })}\n`);

// The runtime's JavaScript and declarations for the default output (src/write/pretranspiled.ts):
// transpiled once here, by the TypeScript generation uses.
const { splitHeader, transpileSources, typescript } = await import("../dist/write/transpile.js");
const bodies = new Map(emitRuntime({ generatorVersion: GENERATOR_VERSION }).map((file) => [`/${file.path}`, splitHeader(file.content).body]));
const transpiled = {};
for (const [path, out] of transpileSources(bodies)) transpiled[contentKey(bodies.get(path))] = out;
writeFileSync(new URL("../dist/pretranspiled.json", import.meta.url), `${JSON.stringify({ typescript: typescript().version, files: transpiled })}\n`);
