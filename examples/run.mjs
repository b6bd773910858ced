// `node examples/run.mjs <name> [args…]`: builds the example if its inputs changed, then runs
// examples/<name>/dist/main.js in this process with the remaining arguments.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt } from "./build.mjs";

const [name, ...rest] = process.argv.slice(2);
if (!name) {
  console.error("usage: node examples/run.mjs <example> [args…]");
  process.exit(2);
}
const dist = await ensureBuilt(name);
process.argv = [process.argv[0], join(dist, "main.js"), ...rest];
await import(pathToFileURL(join(dist, "main.js")).href);
