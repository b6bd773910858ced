import { defineConfig } from "vitest/config";
import { SlowestFirst } from "./test/helpers/sequencer.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Two test files at a time: vitest's default on 2 cores is one (cores − 1), which leaves a
    // core idle whenever a file waits on a child process (npm, node, the bin script).
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
  },
});
