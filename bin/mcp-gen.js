#!/usr/bin/env node
// The V8 code cache first, so that TypeScript and ts-morph load from it (src/compile-cache.ts).
import { enableCompileCache } from "../dist/compile-cache.js";

enableCompileCache();
const { main } = await import("../dist/cli.js");

// A reader that stops early (`mcp-gen model … | head`) is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
