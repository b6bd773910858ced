#!/usr/bin/env node
import { main } from "../dist/cli.js";

// A reader that stops early (`mcp-gen model … | head`) is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
