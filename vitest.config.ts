import { defineConfig } from "vitest/config";
import { SlowestFirst } from "./test/helpers/sequencer.js";

/**
 * Folders whose tests run in-process only (no servers, no environment changes that outlive a
 * test): their files share worker processes (isolate: false), so TypeScript, ts-morph, prettier
 * and the generator are loaded once per worker instead of once per file.
 */
const SHARED_WORKERS = ["api", "diff", "emit", "fuzz", "migrate", "model", "parse", "spec", "transpile", "write"].map((dir) => `test/${dir}/**/*.test.ts`);

export default defineConfig({
  test: {
    // No include here: a project that extends this config would add its own to it (arrays merge).
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Two test files at a time: vitest's default on 2 cores is one (cores − 1), which leaves a
    // core idle whenever a file waits on a child process (npm, node, the bin script).
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    projects: [
      { extends: true, test: { name: "in-process", include: SHARED_WORKERS, isolate: false, sequence: { groupOrder: 0 } } },
      // Then the files that start servers, clients and CLIs: most of their time is spent waiting
      // on those processes, so three at a time keep both cores busy.
      { extends: true, test: { name: "isolated", include: ["test/**/*.test.ts"], exclude: [...SHARED_WORKERS, "**/node_modules/**"], maxWorkers: 3, sequence: { groupOrder: 1 }, setupFiles: ["test/helpers/after-setup.ts"] } },
    ],
  },
});
