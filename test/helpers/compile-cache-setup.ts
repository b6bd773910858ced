// Every test file runs in a fresh process (pool: forks), and most load TypeScript (9 MB, through
// ts-morph or tsc's API): V8 compiled it anew each time. The generator's own code cache
// (src/compile-cache.ts, what bin/mcp-gen.js turns on) lets each process load it compiled. In a
// folder of its own: V8 takes an entry only for the flags it was made with, and vitest's workers
// run with other flags than the bin's processes, which would replace each other's entries.
import { join } from "node:path";
import { enableCompileCache } from "../../src/compile-cache.js";
import { REPO_ROOT } from "./spec.js";

enableCompileCache({ ...process.env, MCP_GEN_COMPILE_CACHE: join(REPO_ROOT, "node_modules/.cache/mcp-gen-test-workers", `${process.version}-${process.arch}`) });
