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
