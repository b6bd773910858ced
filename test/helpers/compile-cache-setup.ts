// Every test file runs in a fresh process (pool: forks), and most load TypeScript (9 MB, through
// ts-morph or tsc's API): V8 compiled it anew each time. The generator's own code cache
// (src/compile-cache.ts, what bin/mcp-gen.js turns on) lets each process load it compiled.
import { enableCompileCache } from "../../src/compile-cache.js";

enableCompileCache();
