// The apps example over stdio (or `--port PORT`: http://127.0.0.1:PORT/mcp). Build the pages
// first: `node examples/apps/build-pages.mjs` writes examples/dist-apps/{chart,form}.html; the
// folder can be given with MCP_APPS_PAGES.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../shared/serve.js";
import { createAppsServer } from "./server.js";

const dir = process.env["MCP_APPS_PAGES"] ?? fileURLToPath(new URL("../../dist-apps/", import.meta.url));
await serve(createAppsServer((name) => readFile(join(dir, `${name}.html`), "utf8")));
